// The Learn page (/learn/<game>): the game's lessons, one played step by step. The server keeps
// no lesson state: each request sends what the learner did so far ("taken") and gets the lesson
// as it then stands, from the learner's own view. Progress (lessons done, the place reached in
// each) is kept in this browser's localStorage.
import { api, el, cardEl, meldEls, gameCatalogue, t, tn, languageMenu } from "/static/common.js";

const GAME = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const KEY = "parlor-learn";
const LOG_SHOWN = 8;
const S = { faces: {}, lessons: [], number: 0, res: null, answered: {} };

// --- progress in this browser: {game: {done: [numbers], at: {number: taken}}}
function progress() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || "{}");
    const mine = all[GAME] || {};
    return { all, mine: { done: mine.done || [], at: mine.at || {} } };
  } catch (e) {
    return { all: {}, mine: { done: [], at: {} } };
  }
}

function keep(change) {
  const { all, mine } = progress();
  change(mine);
  all[GAME] = mine;
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (e) { /* private mode: not kept */ }
}

// A lesson's sentence with its card markers ([[1L]]) drawn as small cards.
function rich(tag, attrs, text) {
  const parts = text.split(/\[\[([A-Za-z0-9]+)\]\]/);
  return el(tag, attrs, parts.map((p, i) => i % 2 ? cardEl(p, S.faces, { small: true }) : p));
}

function lessonList() {
  const done = progress().mine.done;
  document.getElementById("lesson-list").replaceChildren(...S.lessons.map(l =>
    el("li", { class: done.includes(l.number) ? "done" : null },
      el("a", { href: `#${l.number}`, "aria-current": l.number === S.number ? "page" : null,
        "data-lesson": l.number }, l.title))));
  const n = S.lessons.filter(l => done.includes(l.number)).length;
  document.getElementById("progress").textContent = tn("{done} of {count} lesson done in this browser.",
    "{done} of {count} lessons done in this browser.", S.lessons.length, { done: n });
}

async function send(body) {
  let res;
  try {
    res = await api(`/api/learn/${encodeURIComponent(GAME)}/${S.number}`, { taken: S.res.taken, ...body });
  } catch (e) {
    document.getElementById("reply").textContent = e.message;
    return;
  }
  S.res = res;
  keep(p => { p.at[S.number] = res.taken; });
  render();
}

async function openLesson(number, taken) {
  S.number = number;
  S.res = null;
  S.answered = {};
  lessonList();
  try {
    S.res = await api(`/api/learn/${encodeURIComponent(GAME)}/${number}`, { taken });
  } catch (e) {  // a place kept from an older lesson file: start it again
    S.res = await api(`/api/learn/${encodeURIComponent(GAME)}/${number}`, { taken: [] });
  }
  render();
}

function tableEl(res) {
  const tb = res.table;
  // the trick in play, or else the one just won: a lesson's next sentence often speaks of it
  const last = !tb.trick.length && tb.last_trick;
  const cards = last ? tb.last_trick.cards : tb.trick;
  const trick = cards.map(([seat, code]) =>
    el("div", { class: "slot" + (last && seat === tb.last_trick.winner ? " winner" : "") },
      cardEl(code, S.faces, { small: true }), el("span", {}, res.names[seat])));
  const asks = res.step && res.step.asks_move;
  const hand = tb.hand.map(code => asks
    ? cardEl(code, S.faces, { button: true, cls: "pick" })
    : cardEl(code, S.faces));
  const moves = tb.legal.map((m, i) => el("button", { class: "btn", type: "button", "data-move": m }, tb.legal_words[i]));
  const melds = meldEls(tb, S.faces, null, res.names);
  const log = res.log_words.slice(-LOG_SHOWN).join(" · ");
  return el("div", { class: "felt" },
    el("ul", { class: "lines" }, tb.lines.map(line => el("li", {}, line))),
    melds.length ? el("h3", {}, t("Melds on the table")) : null,
    melds.length ? el("div", { class: "melds", id: "melds" }, melds) : null,
    trick.length ? el("h3", {}, last ? t("The last trick, won by {name}", { name: res.names[tb.last_trick.winner] }) : t("The trick")) : null,
    trick.length ? el("div", { class: "row trick", id: "trick" }, trick) : null,
    el("h3", {}, t("Your hand")),
    el("div", { class: "row hand", id: "hand" }, hand),
    moves.length ? el("div", { class: "moves", id: "moves", "aria-label": t("Your moves") }, moves) : null,
    log ? el("p", { class: "log", id: "log" }, t("Moves so far: {moves}", { moves: log })) : null);
}

function questionEl(q, i) {
  const answer = el("p", { class: "answer", "aria-live": "polite" });
  const pick = k => {
    S.answered[i] = k;
    const right = k === q.answer;
    answer.className = "answer " + (right ? "right" : "wrong");
    answer.replaceChildren(rich("span", {}, right ? t("Right. {explain}", { explain: q.explain }) : t("Not quite. {explain}", { explain: q.explain })));
    if (Object.keys(S.answered).length === S.res.questions.length) finished();
  };
  return el("div", { class: "question", "data-question": i },
    rich("p", {}, t("Question {number}: {ask}", { number: i + 1, ask: q.ask })),
    el("div", { class: "choices" }, q.choices.map((c, k) =>
      rich("button", { class: "btn choice", type: "button", "data-choice": k, onclick: () => pick(k) }, c))),
    answer);
}

function finished() {
  keep(p => { if (!p.done.includes(S.number)) p.done.push(S.number); });
  lessonList();
  const next = S.lessons.find(l => l.number > S.number);
  document.getElementById("end").replaceChildren(
    el("p", { class: "banner" }, t("Lesson {number} is done.", { number: S.number })),
    next ? el("p", {}, el("a", { class: "btn primary", href: `#${next.number}`, id: "next-lesson" },
      t("Next: {title}", { title: next.title }))) : el("p", {}, t("That was the last lesson."), " ", el("a", { href: "/" }, t("Play a match"))));
}

function render() {
  const res = S.res;
  const root = document.getElementById("lesson");
  const reply = res.reply && !res.reply.taken ? res.reply.text : "";
  const head = res.step ? t("Step {number} of {count}", { number: res.index + 1, count: res.steps }) : t("Check what you learned");
  const restart = el("button", { class: "btn", type: "button", id: "restart" }, t("Start again"));
  restart.addEventListener("click", () => { keep(p => { delete p.at[S.number]; }); openLesson(S.number, []); });
  root.replaceChildren(...[
    el("h2", {}, t("Lesson {number}: {title}", { number: res.number, title: res.title })),
    el("p", { class: "step-count", id: "step-count" }, head),
    res.step ? rich("p", { class: "say", id: "say" }, res.step.say) : null,
    rich("p", { class: "reply", id: "reply", role: "alert" }, reply),
    tableEl(res),
    res.step && !res.step.asks_move
      ? el("p", {}, el("button", { class: "btn primary", type: "button", id: "next" }, t("Next"))) : null,
    res.step ? null : el("div", { id: "questions" }, res.questions.map(questionEl)),
    el("div", { id: "end" }),
    el("p", {}, restart)].filter(Boolean));
  const next = document.getElementById("next");
  // focus Next without scrolling to it (on a phone that hid the step's first lines), and bring
  // what was just said into view: the reply to a move, else the step's narration
  if (next) { next.addEventListener("click", () => send({ next: true })); next.focus({ preventScroll: true }); }
  const said = document.getElementById(reply ? "reply" : "say");
  if (said) said.scrollIntoView({ block: "nearest" });
  root.querySelectorAll("#hand .pick").forEach(b => b.addEventListener("click", () => send({ move: b.dataset.code })));
  root.querySelectorAll("#moves [data-move]").forEach(b => b.addEventListener("click", () => send({ move: b.dataset.move })));
  if (!res.step && !res.questions.length) finished();
}

function fromHash() {
  const n = parseInt(location.hash.slice(1), 10);
  if (S.lessons.some(l => l.number === n)) return n;
  const done = progress().mine.done;
  const first = S.lessons.find(l => !done.includes(l.number)) || S.lessons[0];
  return first.number;
}

async function main() {
  document.querySelector(".topbar").append(languageMenu());
  const root = document.getElementById("lesson");
  try {
    const [catalogue, list] = await Promise.all([gameCatalogue(), api(`/api/learn/${encodeURIComponent(GAME)}`)]);
    const game = catalogue.games.find(g => g.id === GAME);
    S.faces = game ? game.faces : {};
    S.lessons = list.lessons;
    document.getElementById("learn-title").textContent = t("Learn to play {game}", { game: list.title });
    document.title = t("parlor — learn {game}", { game: list.title });
    if (!S.lessons.length) {
      root.replaceChildren(el("p", {}, t("{game} has no lessons yet.", { game: list.title })));
      return;
    }
    const go = () => {
      const n = fromHash();
      openLesson(n, progress().mine.at[n] || []).catch(e => root.replaceChildren(el("p", { class: "error" }, e.message)));
    };
    window.addEventListener("hashchange", go);
    go();
  } catch (e) {
    root.replaceChildren(el("p", { class: "error" }, e.message));
  }
}

main();
