// The lobby: create a table (game, options, seats), invite links, open tables, finished games.
import { api, el, gameCatalogue } from "/static/common.js";

const $ = id => document.getElementById(id);
let catalogue = null;

function currentGame() {
  return catalogue.games.find(g => g.id === $("game").value);
}

function optionInput(opt) {
  const id = "opt-" + opt.name;
  let input;
  if (opt.choices.length) {
    input = el("select", { id, "data-opt": opt.name, "data-kind": "choice" },
      opt.choices.map(v => el("option", { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(opt.default) }, String(v))));
  } else if (opt.type === "bool") {
    input = el("input", { id, type: "checkbox", "data-opt": opt.name, "data-kind": "bool", checked: opt.default });
  } else if (opt.type === "int") {
    input = el("input", { id, type: "number", value: opt.default, "data-opt": opt.name, "data-kind": "int" });
  } else if (opt.type === "str") {
    input = el("input", { id, type: "text", value: opt.default, "data-opt": opt.name, "data-kind": "str" });
  } else {
    input = el("input", { id, type: "text", value: "", placeholder: "default", "data-opt": opt.name, "data-kind": "json" });
  }
  return el("div", { class: "form-row" }, el("label", { for: id }, opt.name), input,
    el("span", { class: "help" }, (opt.doc ? opt.doc + " — " : "") + opt.allowed));
}

function seatRow(s, g) {
  const levels = catalogue.levels;
  const kind = el("select", { id: `kind-${s}`, "aria-label": `seat ${s} player` },
    el("option", { value: "person", selected: s === 0 }, "Person"),
    el("option", { value: "computer", selected: s !== 0 }, "Computer"));
  const name = el("input", { id: `name-${s}`, type: "text", maxlength: 24, placeholder: s === 0 ? "your name" : "name",
    "aria-label": `seat ${s} name` });
  const level = el("select", { id: `level-${s}`, class: "lvl", "aria-label": `seat ${s} computer level` },
    levels.map(l => el("option", { value: l, selected: l === catalogue.standin }, l)));
  const sync = () => { level.disabled = kind.value !== "computer"; };
  kind.addEventListener("change", sync);
  sync();
  const team = g.teams ? ` · team ${g.teams[s]}` : "";
  return el("div", { class: "seat-row" }, el("span", {}, `Seat ${s}${team}`), kind, name, level);
}

function renderForm() {
  const g = currentGame();
  $("game-info").textContent = g.min_seats === g.max_seats ? `${g.min_seats} players` : `${g.min_seats}–${g.max_seats} players`;
  const nseats = $("nseats");
  if (g.min_seats === g.max_seats) {
    $("seats-row").classList.add("hidden");
    nseats.replaceChildren(el("option", { value: g.min_seats }, g.min_seats));
  } else {
    $("seats-row").classList.remove("hidden");
    const seats = [];
    for (let n = g.min_seats; n <= g.max_seats; n++) seats.push(el("option", { value: n, selected: n === g.default_seats }, n));
    nseats.replaceChildren(...seats);
  }
  $("options").replaceChildren(...(g.options.length ? g.options.map(optionInput) : [el("p", { class: "muted" }, "This game has no table options.")]));
  renderSeats();
}

function renderSeats() {
  const g = currentGame();
  const n = Number($("nseats").value);
  const rows = [];
  for (let s = 0; s < n; s++) rows.push(seatRow(s, g));
  $("players").replaceChildren(...rows);
}

// An empty number field is left out (undefined), so the server's default applies: Number("") is 0.
function numberIn(input) {
  return input.value.trim() === "" ? undefined : Number(input.value);
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-opt]")) {
    const name = input.dataset.opt, kind = input.dataset.kind;
    if (kind === "choice") options[name] = JSON.parse(input.value);
    else if (kind === "bool") options[name] = input.checked;
    else if (kind === "int") options[name] = numberIn(input);
    else if (kind === "str") options[name] = input.value;
    else if (input.value.trim()) {
      try { options[name] = JSON.parse(input.value); } catch (e) { throw new Error(`option ${name}: not valid JSON`); }
    }
  }
  return options;
}

function tableLink(id, token) {
  return `${location.origin}/table/${id}` + (token ? `#seat=${token}` : "");
}

function showCreated(res) {
  const persons = res.seats.filter(s => s.kind === "person");
  if (persons.length <= 1) {  // no person seat: watch the computers (they play while someone is there)
    location.href = tableLink(res.id, persons.length ? persons[0].token : null);
    return;
  }
  const box = $("created");
  const mine = persons[0];
  const items = persons.slice(1).map(p => {
    const link = tableLink(res.id, p.token);
    return el("li", {}, el("strong", {}, `Seat ${p.seat} (${p.name})`),
      el("span", { class: "linkbox", "data-invite": p.seat }, link),
      el("button", { class: "btn", type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, "Copy"));
  });
  box.replaceChildren(
    el("h3", {}, "Table created"),
    el("p", {}, "Send each friend their seat's link (it is their seat's key; anyone with it plays that seat):"),
    el("ul", { class: "list" }, items),
    el("p", {}, el("a", { class: "btn primary", id: "take-seat", href: tableLink(res.id, mine.token) }, `Take your seat (seat ${mine.seat})`)));
  box.classList.remove("hidden");
  $("create").classList.add("hidden");
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const g = currentGame();
  const n = Number($("nseats").value);
  try {
    const players = [];
    for (let s = 0; s < n; s++) {
      const kind = $(`kind-${s}`).value;
      const p = { kind };
      const name = $(`name-${s}`).value.trim();
      if (name) p.name = name;
      if (kind === "computer") p.level = $(`level-${s}`).value;
      players.push(p);
    }
    const spec = {
      game: g.id, options: readOptions(), seats: n, players,
      pace_ms: numberIn($("pace")), grace_s: numberIn($("grace")),
      hints: $("hints").checked, open: $("open").checked,
    };
    $("create-btn").disabled = true;
    showCreated(await api("/api/tables", spec));
  } catch (e) {
    $("create-error").textContent = e.message;
  } finally {
    $("create-btn").disabled = false;
  }
}

async function join(id, seat) {
  const name = prompt("Your name at the table:", "");
  if (name === null) return;  // Cancel: no seat taken
  try {
    const res = await api(`/api/tables/${id}/join`, { seat, name: name || undefined });
    location.href = tableLink(id, res.token);
  } catch (e) {
    alert(e.message);
    refresh();
  }
}

function titleOf(gid) {
  const g = catalogue.games.find(x => x.id === gid);
  return g ? g.title : gid;
}

async function refresh() {
  const lobby = await api("/api/lobby");
  const open = [];
  for (const t of lobby.playing) {
    const who = t.players.map(p => p.name + (p.kind === "computer" ? " (computer)" : "")).join(", ");
    open.push(el("li", {}, el("strong", {}, t.title), el("span", { class: "muted small" }, `deal ${t.deal} · ${who}`),
      t.free.map(s => el("button", { class: "btn", type: "button", onclick: () => join(t.id, s) }, `Join as seat ${s}`)),
      el("a", { class: "btn", href: tableLink(t.id) }, "Watch")));
  }
  $("open-list").replaceChildren(...(open.length ? open : [el("li", { class: "muted" }, "No open tables. Create one and tick “List in the lobby”.")]));
  const fin = lobby.finished.map(t => el("li", {}, el("strong", {}, titleOf(t.game)),
    el("span", { class: "muted small" }, t.names.join(", ")),
    el("a", { class: "btn", href: `/replay/${t.id}` }, "Replay"),
    el("a", { class: "btn", href: `/api/tables/${t.id}/record`, download: "" }, "Record")));
  $("finished-list").replaceChildren(...(fin.length ? fin : [el("li", { class: "muted" }, "No finished games yet.")]));
}

async function main() {
  catalogue = await gameCatalogue();
  $("game").replaceChildren(...catalogue.games.map(g => el("option", { value: g.id }, `${g.title}`)));
  $("game").addEventListener("change", renderForm);
  $("nseats").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  renderForm();
  refresh();
  setInterval(refresh, 10000);
}

main().catch(e => { document.body.prepend(el("p", { class: "error" }, "Could not load the lobby: " + e.message)); });
