// The verify page: a record pasted, picked or fetched (?table=ID) is checked by the server with
// `parlor verify`'s code (POST /api/verify); the verdict says "verified" or each difference.
import { api, el } from "/static/common.js";

const $ = id => document.getElementById(id);

function showVerdict(v) {
  const box = $("verdict");
  if (v.verified) {
    box.replaceChildren(el("p", { class: "verified" },
      v.deals === 1 ? "Verified: the server seed matches its commitment, and the 1 deal is the one the seeds deal."
        : `Verified: the server seed matches its commitment, and all ${v.deals} deals are the ones the seeds deal.`));
    return;
  }
  box.replaceChildren(el("p", { class: "error" }, "Not verified: the record differs from what its seeds deal."),
    el("ul", { class: "list", id: "differences" }, v.differences.map(d => el("li", {}, d))));
}

async function verify(ev) {
  if (ev) ev.preventDefault();
  const box = $("verdict");
  let record;
  try {
    record = JSON.parse($("record").value);
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, "That is not a record: the text is not valid JSON."));
    return;
  }
  box.replaceChildren(el("p", { class: "muted" }, "Checking every deal…"));
  try {
    showVerdict(await api("/api/verify", record));
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, `The record cannot be verified: ${e.message}`));
  }
}

async function main() {
  $("verify-form").addEventListener("submit", verify);
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (!file) return;
    $("record").value = await file.text();
    verify();
  });
  const table = new URLSearchParams(location.search).get("table");
  if (table) {
    try {
      const res = await fetch(`/api/tables/${encodeURIComponent(table)}/record`);
      if (!res.ok) throw new Error((await res.json()).error);
      $("record").value = await res.text();
      verify();
    } catch (e) {
      $("verdict").replaceChildren(el("p", { class: "error" }, `The table's record could not be fetched: ${e.message}`));
    }
  }
}

main();
