// The lobby: one click to play each game against the computer, my tables, a custom table
// (game, table rules, seats), invite links, open tables, finished games.
import { api, createTable, el, gameCatalogue, heldSeats, rememberSeat, t, tn, languageMenu } from "/static/common.js";

const $ = id => document.getElementById(id);
let catalogue = null;

function currentGame() {
  return catalogue.games.find(g => g.id === $("game").value);
}

function levelWords(id) {
  return catalogue.levels.find(l => l.id === id).words;
}

// --- one click to play: a card per game, you in seat 0 and computers at the chosen level
function gameCard(g) {
  const players = g.min_seats === g.max_seats ? tn("{count} player", "{count} players", g.min_seats)
    : tn("{count} player ({low} to {high} at a custom table)", "{count} players ({low} to {high} at a custom table)",
      g.default_seats, { low: g.min_seats, high: g.max_seats });
  const level = el("select", { id: `lvl-${g.id}`, "aria-label": t("Computer level for {game}", { game: g.title }) },
    catalogue.levels.map(l => el("option", { value: l.id, selected: l.id === catalogue.standin }, l.name)));
  const words = el("p", { class: "small muted lvl-words", id: `lvlw-${g.id}` }, levelWords(level.value));
  const error = el("p", { class: "error", role: "alert" });
  level.addEventListener("change", () => { words.textContent = levelWords(level.value); error.textContent = ""; });
  const play = el("button", { class: "btn primary", type: "button", id: `play-${g.id}` }, t("Play"));
  play.addEventListener("click", async () => {
    play.disabled = true;
    error.textContent = "";
    const computers = Array.from({ length: g.default_seats - 1 }, () => ({ kind: "computer", level: level.value }));
    try {
      const res = await createTable({ game: g.id, players: [{ kind: "person" }, ...computers] });
      openSeat(res.id, res.seats[0].token);
    } catch (e) {
      error.textContent = e.message;
      play.disabled = false;
    }
  });
  return el("article", { class: "game-card", "data-game": g.id },
    el("h3", {}, g.title), el("p", { class: "small muted" }, players), el("p", {}, g.about),
    el("p", { class: "small" }, el("a", { href: `/learn/${g.id}`, id: `learn-${g.id}` }, t("Learn to play {game}", { game: g.title })),
      " · ", el("a", { href: `/puzzle/${g.id}`, id: `puzzle-${g.id}` }, t("Practise {game} positions", { game: g.title }))),
    el("div", { class: "form-row" }, level, play), words, error);
}

// --- table rules: each option with its label and its choices in words
function optionInput(opt) {
  const id = "opt-" + opt.name;
  let input;
  if (opt.type === "choice") {
    input = el("select", { id, "data-opt": opt.name, "data-kind": "choice" },
      opt.choices.map(c => el("option", { value: JSON.stringify(c.value), selected: JSON.stringify(c.value) === JSON.stringify(opt.default) }, c.words)));
  } else if (opt.type === "bool") {
    input = el("input", { id, type: "checkbox", "data-opt": opt.name, "data-kind": "bool", checked: opt.default });
  } else if (opt.type === "int") {
    input = el("input", { id, type: "number", value: opt.default, "data-opt": opt.name, "data-kind": "int" });
  } else if (opt.type === "str") {
    input = el("input", { id, type: "text", value: opt.default, "data-opt": opt.name, "data-kind": "str" });
  } else if (opt.parts) {
    return chaptersInput(opt);
  } else {
    return null;  // a JSON option the lobby has no controls for is not offered
  }
  return el("div", { class: "form-row" }, el("label", { for: id }, opt.label), input,
    opt.type === "int" ? el("span", { class: "help" }, opt.allowed) : null);
}

// A list of chapters, each a list of deals chosen from the option's parts (Joker's schedule):
// the same JSON the server takes, built with selects.
function chaptersInput(opt) {
  const id = "opt-" + opt.name;
  const parts = Object.keys(opt.parts);
  const chapters = el("div", { class: "chapters" });
  const renumber = () => chapters.querySelectorAll(".chapter").forEach((ch, i) => {
    ch.querySelector("legend").textContent = t("Chapter {n}", { n: i + 1 });
    ch.querySelectorAll("select").forEach((s, k) => s.setAttribute("aria-label", t("Chapter {n}, deal {k}", { n: i + 1, k: k + 1 })));
  });
  const deal = part => {
    const row = el("li", {}, el("select", { class: "deal" }, parts.map(p => el("option", { value: p, selected: p === part }, opt.parts[p]))));
    row.append(el("button", { class: "btn", type: "button", title: t("Remove this deal"), "aria-label": t("Remove this deal"),
      onclick: () => { row.remove(); renumber(); } }, "✕"));
    return row;
  };
  const chapter = () => {
    const deals = el("ol", { class: "deals" }, deal(parts[0]));
    const box = el("fieldset", { class: "chapter" }, el("legend", {}), deals,
      el("button", { class: "btn add-deal", type: "button", onclick: () => {
        const last = deals.querySelector("li:last-child select");
        deals.append(deal(last ? last.value : parts[0]));
        renumber();
      } }, t("Add a deal")),
      el("button", { class: "btn", type: "button", onclick: () => { box.remove(); renumber(); } }, t("Remove this chapter")));
    return box;
  };
  const own = el("input", { id, type: "checkbox", "data-opt": opt.name, "data-kind": "chapters" });
  const builder = el("div", { class: "builder hidden", id: `${id}-builder` }, chapters,
    el("button", { class: "btn add-chapter", type: "button", onclick: () => { chapters.append(chapter()); renumber(); } }, t("Add a chapter")));
  own.addEventListener("change", () => {
    builder.classList.toggle("hidden", !own.checked);
    if (own.checked && !chapters.children.length) { chapters.append(chapter()); renumber(); }
  });
  return el("div", { class: "form-row" }, el("label", { for: id }, opt.label), own,
    el("span", { class: "small" }, t("build the match deal by deal, instead of the deals above")), builder);
}

function seatRow(s, g) {
  const levels = catalogue.levels;
  const kind = el("select", { id: `kind-${s}`, "aria-label": t("seat {seat} player", { seat: s }) },
    el("option", { value: "person", selected: s === 0 }, t("Person")),
    el("option", { value: "computer", selected: s !== 0 }, t("Computer")));
  const name = el("input", { id: `name-${s}`, type: "text", maxlength: 24, placeholder: s === 0 ? t("your name") : t("name"),
    "aria-label": t("seat {seat} name", { seat: s }) });
  const level = el("select", { id: `level-${s}`, class: "lvl", "aria-label": t("seat {seat} computer level", { seat: s }) },
    levels.map(l => el("option", { value: l.id, selected: l.id === catalogue.standin, title: l.words }, l.name)));
  const sync = () => { level.disabled = kind.value !== "computer"; };
  kind.addEventListener("change", sync);
  sync();
  const label = g.teams ? t("Seat {seat} · team {team}", { seat: s, team: g.teams[s] }) : t("Seat {seat}", { seat: s });
  return el("div", { class: "seat-row" }, el("span", {}, label), kind, name, level);
}

function renderForm() {
  const g = currentGame();
  $("game-info").textContent = g.min_seats === g.max_seats ? tn("{count} player", "{count} players", g.min_seats)
    : t("{low}–{high} players", { low: g.min_seats, high: g.max_seats });
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
  const inputs = g.options.map(optionInput).filter(Boolean);
  $("options").replaceChildren(...(inputs.length ? inputs : [el("p", { class: "muted" }, t("This game has no table rules to choose."))]));
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
    else if (kind === "chapters" && input.checked) {
      const chapters = [...$(`${input.id}-builder`).querySelectorAll(".chapter")]
        .map(ch => [...ch.querySelectorAll("select")].map(s => s.value)).filter(ch => ch.length);
      if (!chapters.length) throw new Error(t("Your own deals: add a chapter with at least one deal, or untick it."));
      options[name] = chapters;
    }
  }
  return options;
}

function openSeat(id, token) {
  rememberSeat(id, token);
  location.href = tableLink(id, token);
}

function tableLink(id, token) {
  return `${location.origin}/table/${id}` + (token ? `#seat=${token}` : "");
}

function showCreated(res) {
  const persons = res.seats.filter(s => s.kind === "person");
  if (!persons.length) {  // no person seat: watch the computers (they play while someone is there)
    location.href = tableLink(res.id);
    return;
  }
  rememberSeat(res.id, persons[0].token);
  if (persons.length === 1) {
    location.href = tableLink(res.id, persons[0].token);
    return;
  }
  const box = $("created");
  const mine = persons[0];
  const items = persons.slice(1).map(p => {
    const link = tableLink(res.id, p.token);
    return el("li", {}, el("strong", {}, t("Seat {seat} ({name})", { seat: p.seat, name: p.name })),
      el("span", { class: "linkbox", "data-invite": p.seat }, link),
      el("button", { class: "btn", type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, t("Copy")));
  });
  box.replaceChildren(
    el("h3", {}, t("Table created")),
    el("p", {}, t("Send each friend their seat's link (it is their seat's key; anyone with it plays that seat):")),
    el("ul", { class: "list" }, items),
    el("p", {}, el("a", { class: "btn primary", id: "take-seat", href: tableLink(res.id, mine.token) }, t("Take your seat (seat {seat})", { seat: mine.seat }))));
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
      pace_ms: numberIn($("pace")), grace_s: numberIn($("grace")), turn_s: Number($("turn").value),
      hints: $("hints").checked, open: $("open").checked, rated: $("rated").checked,
    };
    $("create-btn").disabled = true;
    showCreated(await createTable(spec));
  } catch (e) {
    $("create-error").textContent = e.message;
  } finally {
    $("create-btn").disabled = false;
  }
}

async function join(id, seat) {
  const name = prompt(t("Your name at the table:"), "");
  if (name === null) return;  // Cancel: no seat taken
  try {
    const res = await api(`/api/tables/${id}/join`, { seat, name: name || undefined });
    openSeat(id, res.token);
  } catch (e) {
    alert(e.message);
    refresh();
  }
}

function titleOf(gid) {
  const g = catalogue.games.find(x => x.id === gid);
  return g ? g.title : gid;
}

// --- my tables: the seats this browser holds (its storage and its seat cookies), with links back
async function refreshMine() {
  const { tables, account } = await api("/api/mine", { tables: heldSeats() });
  const stats = $("my-stats");  // an account's statistics, from every browser's matches
  stats.classList.toggle("hidden", !account);
  if (account) stats.replaceChildren(el("a", { href: `/people/${encodeURIComponent(account)}` }, t("Your statistics")));
  const items = tables.map(tb => {
    const playing = tb.status === "playing";
    return el("li", { "data-table": tb.id },
      el("strong", {}, tb.title), el("span", { class: `state ${playing ? "playing" : "finished"}` }, playing ? t("in play") : t("finished")),
      el("span", { class: "muted small" }, t("seat {seat} · {names}", { seat: tb.seat, names: tb.names.join(", ") })),
      playing ? el("a", { class: "btn", href: tableLink(tb.id, tb.token) }, t("Back to my seat"))
        : el("a", { class: "btn", href: `/replay/${tb.id}` }, t("Replay")),
      !playing && tb.again ? el("a", { class: "btn", href: tableLink(tb.again, tb.token) }, t("The next match")) : null);
  });
  $("my-list").replaceChildren(...(items.length ? items : [el("li", { class: "muted" }, t("No tables yet: the tables you play at in this browser are listed here."))]));
}

// Where each lobby list's page starts (the server answers a page at a time).
const pages = { playing: 0, finished: 0 };

// A list's previous/next controls and where its page stands ("21–40 of 2000").
function pager(name, page) {
  const turn = offset => { pages[name] = Math.max(0, offset); refresh(); };
  const box = $(`${name}-pager`);
  if (page.total <= page.limit && page.offset === 0) { box.replaceChildren(); return; }
  const last = Math.min(page.offset + page.limit, page.total);
  box.replaceChildren(
    el("button", { class: "btn", type: "button", id: `${name}-prev`, disabled: page.offset === 0,
      onclick: () => turn(page.offset - page.limit) }, t("Previous")),
    el("span", { class: "muted small" }, t("{first}–{last} of {total}", { first: Math.min(page.offset + 1, last), last, total: page.total })),
    el("button", { class: "btn", type: "button", id: `${name}-next`, disabled: last >= page.total,
      onclick: () => turn(page.offset + page.limit) }, t("Next")));
}

async function refresh() {
  const lobby = await api(`/api/lobby?playing=${pages.playing}&finished=${pages.finished}`);
  // a page emptied since (tables finished or closed): back to the first
  if (pages.playing && !lobby.playing.length) { pages.playing = 0; return refresh(); }
  if (pages.finished && !lobby.finished.length) { pages.finished = 0; return refresh(); }
  const open = [];
  for (const tb of lobby.playing) {
    const who = tb.players.map(p => (p.kind === "computer" ? t("{name} (computer)", { name: p.name }) : p.name)).join(", ");
    open.push(el("li", {}, el("strong", {}, tb.title), tb.rated ? el("span", { class: "state playing" }, t("rated")) : null,
      el("span", { class: "muted small" }, t("deal {deal} · {who}", { deal: tb.deal, who })),
      tb.free.map(s => el("button", { class: "btn", type: "button", onclick: () => join(tb.id, s) }, t("Join as seat {seat}", { seat: s }))),
      el("a", { class: "btn", href: tableLink(tb.id) }, t("Watch"))));
  }
  $("open-list").replaceChildren(...(open.length ? open : [el("li", { class: "muted" }, t("No open tables. Create one and tick “List in the lobby”."))]));
  const fin = lobby.finished.map(tb => el("li", {}, el("strong", {}, titleOf(tb.game)),
    el("span", { class: "muted small" }, tb.names.join(", ")),
    el("a", { class: "btn", href: `/replay/${tb.id}` }, t("Replay")),
    el("a", { class: "btn", href: `/api/tables/${tb.id}/record`, download: "" }, t("Record"))));
  $("finished-list").replaceChildren(...(fin.length ? fin : [el("li", { class: "muted" }, t("No finished games yet."))]));
  pager("playing", lobby.playing_page);
  pager("finished", lobby.finished_page);
}

async function main() {
  document.querySelector(".topbar").append(languageMenu());
  catalogue = await gameCatalogue();
  $("games").replaceChildren(...catalogue.games.map(gameCard));
  $("level-words").replaceChildren(...catalogue.levels.map(l => el("li", {}, l.words)));
  $("game").replaceChildren(...catalogue.games.map(g => el("option", { value: g.id }, `${g.title}`)));
  $("game").addEventListener("change", renderForm);
  $("nseats").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  // an error is about what was sent: once the form changes (a field, a deal added) it is stale
  const stale = () => { $("create-error").textContent = ""; };
  $("create").addEventListener("input", stale);
  $("create").addEventListener("change", stale);
  $("create").addEventListener("click", ev => { if (ev.target.closest("button:not([type=submit])")) stale(); });
  renderForm();
  refresh();
  refreshMine();
  setInterval(refresh, 10000);
}

main().catch(e => { document.body.prepend(el("p", { class: "error" }, t("Could not load the lobby: {reason}", { reason: e.message }))); });
