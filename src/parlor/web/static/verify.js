// The verify page: a record pasted, picked or fetched (?table=ID) is checked by the server with
// `parlor verify`'s code (POST /api/verify); the verdict says "verified" or each difference.
import { api, el, t, tn, languageMenu } from "/static/common.js";

const $ = id => document.getElementById(id);

function showVerdict(v) {
  const box = $("verdict");
  if (v.verified) {
    box.replaceChildren(el("p", { class: "verified" },
      tn("Verified: the server seed matches its commitment, and the {count} deal is the one the seeds deal.",
        "Verified: the server seed matches its commitment, and all {count} deals are the ones the seeds deal.", v.deals)));
    return;
  }
  box.replaceChildren(el("p", { class: "error" }, t("Not verified: the record differs from what its seeds deal.")),
    el("ul", { class: "list", id: "differences" }, v.differences.map(d => el("li", {}, d))));
}

async function verify(ev) {
  if (ev) ev.preventDefault();
  const box = $("verdict");
  let record;
  try {
    record = JSON.parse($("record").value);
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, t("That is not a record: the text is not valid JSON.")));
    return;
  }
  box.replaceChildren(el("p", { class: "muted" }, t("Checking every deal…")));
  try {
    showVerdict(await api("/api/verify", record));
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, t("The record cannot be verified: {reason}", { reason: e.message })));
  }
}

async function main() {
  document.querySelector(".topbar").append(languageMenu());
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
      $("verdict").replaceChildren(el("p", { class: "error" }, t("The table's record could not be fetched: {reason}", { reason: e.message })));
    }
  }
}

main();
