// The practice positions' page (/puzzle/<game>): a position from real play as its seat saw it;
// the person picks a move and reads the search's verdict on every legal move. The server keeps
// no state. Progress (positions found right, positions missed) is kept in this browser. The
// verdicts' figures and reasons come written in the reader's language ("+1,50"): shown as they are.
import { api, el, cardEl, meldEls, gameCatalogue, t, tn, languageMenu } from "/static/common.js";

const GAME = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const KEY = "parlor-puzzle";
const S = { faces: {}, puzzles: [], number: 0, res: null, title: "" };

// --- progress in this browser: {game: {right: [numbers], missed: [numbers]}}
function progress() {
  try {
    const mine = JSON.parse(localStorage.getItem(KEY) || "{}")[GAME] || {};
    return { right: mine.right || [], missed: mine.missed || [] };
  } catch (e) {
    return { right: [], missed: [] };
  }
}

function keep(number, right) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(KEY) || "{}"); } catch (e) { /* start afresh */ }
  const mine = progress();
  mine.right = mine.right.filter(n => n !== number);
  mine.missed = mine.missed.filter(n => n !== number);
  (right ? mine.right : mine.missed).push(number);
  all[GAME] = mine;
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (e) { /* private mode: not kept */ }
}

function puzzleList() {
  const p = progress();
  document.getElementById("puzzle-list").replaceChildren(...S.puzzles.map(z =>
    el("li", { class: p.right.includes(z.number) ? "done" : p.missed.includes(z.number) ? "missed" : null },
      el("a", { href: `#${z.number}`, "aria-current": z.number === S.number ? "page" : null, "data-puzzle": z.number },
        t("Position {number}", { number: z.number })))));
  document.getElementById("progress").textContent =
    tn("{right} of {count} position found right in this browser.",
      "{right} of {count} positions found right in this browser.", S.puzzles.length, { right: p.right.length });
}

async function openPuzzle(number) {
  S.number = number;
  puzzleList();
  S.res = await api(`/api/puzzle/${encodeURIComponent(GAME)}/${number}`, {});
  render();
}

async function choose(move) {
  let res;
  try {
    res = await api(`/api/puzzle/${encodeURIComponent(GAME)}/${S.number}`, { move });
  } catch (e) {
    document.getElementById("reply").textContent = e.message;
    return;
  }
  if (!res.answer.taken) {
    document.getElementById("reply").textContent = res.answer.text;
    return;
  }
  S.res = res;
  keep(S.number, res.answer.verdicts.some(v => v.chosen && v.best));
  puzzleList();
  render();
}

function tableEl(res, answered) {
  const tb = res.table;
  const last = !tb.trick.length && tb.last_trick;
  const cards = last ? tb.last_trick.cards : tb.trick;
  const trick = cards.map(([seat, code]) =>
    el("div", { class: "slot" + (last && seat === tb.last_trick.winner ? " winner" : "") },
      cardEl(code, S.faces, { small: true }), el("span", {}, res.names[seat])));
  const hand = tb.hand.map(code => answered ? cardEl(code, S.faces) : cardEl(code, S.faces, { button: true, cls: "pick" }));
  const moves = answered ? [] : tb.legal.map((m, i) =>
    el("button", { class: "btn", type: "button", "data-move": m }, tb.legal_words[i]));
  const melds = meldEls(tb, S.faces, null, res.names);
  const log = res.log_words.join(" · ");
  return el("div", { class: "felt" },
    el("ul", { class: "lines" }, tb.lines.map(line => el("li", {}, line))),
    melds.length ? el("h3", {}, t("Melds on the table")) : null,
    melds.length ? el("div", { class: "melds" }, melds) : null,
    trick.length ? el("h3", {}, last ? t("The last trick, won by {name}", { name: res.names[tb.last_trick.winner] }) : t("The trick")) : null,
    trick.length ? el("div", { class: "row trick", id: "trick" }, trick) : null,
    el("h3", {}, t("Your hand")),
    el("div", { class: "row hand", id: "hand" }, hand),
    moves.length ? el("div", { class: "moves", id: "moves", "aria-label": t("Your moves") }, moves) : null,
    log ? el("p", { class: "log", id: "log" }, t("This deal so far: {moves}", { moves: log })) : null);
}

function verdictsEl(answer) {
  const rows = answer.verdicts.map(v => {
    const marks = [v.best ? t("best") : null, v.obvious ? t("obvious") : null, v.chosen ? t("your move") : null].filter(Boolean);
    return el("tr", { class: [v.best ? "best" : "", v.chosen ? "chosen" : ""].join(" ").trim() || null, "data-verdict": v.move },
      el("td", {}, v.words), el("td", {}, v.shown),
      el("td", { class: "reason" }, v.reason), el("td", {}, marks.join(", ")));
  });
  return el("table", { class: "verdicts", id: "verdicts" },
    el("thead", {}, el("tr", {}, el("th", {}, t("Move")), el("th", {}, t("Expected points")), el("th", {}, t("Why")), el("th", {}, ""))),
    el("tbody", {}, rows));
}

function render() {
  const res = S.res;
  const root = document.getElementById("puzzle");
  const answer = res.answer && res.answer.taken ? res.answer : null;
  const right = answer && answer.verdicts.some(v => v.chosen && v.best);
  const next = S.puzzles.find(z => z.number > S.number);
  root.replaceChildren(...[
    el("h2", {}, t("Position {number} of {count}", { number: res.number, count: res.count })),
    el("p", { class: "say", id: "say" },
      t("Your move: {wanted}. Find the best one: the search weighed every move in {budget} imagined deals.",
        { wanted: res.table.wanted, budget: res.budget })),
    el("p", { class: "reply", id: "reply", role: "alert" }),
    tableEl(res, Boolean(answer)),
    answer ? el("p", { class: "verdict " + (right ? "right" : "wrong"), id: "verdict" }, answer.text) : null,
    answer ? verdictsEl(answer) : null,
    answer ? el("p", {},
      el("button", { class: "btn", type: "button", id: "again" }, t("Try it again")), " ",
      next ? el("a", { class: "btn primary", href: `#${next.number}`, id: "next-puzzle" }, t("Next: position {number}", { number: next.number }))
        : el("a", { href: "/" }, t("That was the last position: play a match"))) : null].filter(Boolean));
  root.querySelectorAll("#hand .pick").forEach(b => b.addEventListener("click", () => choose(b.dataset.code)));
  root.querySelectorAll("#moves [data-move]").forEach(b => b.addEventListener("click", () => choose(b.dataset.move)));
  const again = document.getElementById("again");
  if (again) again.addEventListener("click", () => openPuzzle(S.number));
}

function fromHash() {
  const n = parseInt(location.hash.slice(1), 10);
  if (S.puzzles.some(z => z.number === n)) return n;
  const p = progress();
  const first = S.puzzles.find(z => !p.right.includes(z.number)) || S.puzzles[0];
  return first.number;
}

async function main() {
  document.querySelector(".topbar").append(languageMenu());
  const root = document.getElementById("puzzle");
  try {
    const [catalogue, list] = await Promise.all([gameCatalogue(), api(`/api/puzzle/${encodeURIComponent(GAME)}`)]);
    const game = catalogue.games.find(g => g.id === GAME);
    S.faces = game ? game.faces : {};
    S.puzzles = list.puzzles;
    document.getElementById("puzzle-title").textContent = t("Practise {game}", { game: list.title });
    document.title = t("parlor — practise {game}", { game: list.title });
    if (!S.puzzles.length) {
      root.replaceChildren(el("p", {}, t("{game} has no practice positions yet.", { game: list.title })));
      return;
    }
    const go = () => openPuzzle(fromHash()).catch(e => root.replaceChildren(el("p", { class: "error" }, e.message)));
    window.addEventListener("hashchange", go);
    go();
  } catch (e) {
    root.replaceChildren(el("p", { class: "error" }, e.message));
  }
}

main();
