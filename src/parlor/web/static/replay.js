// Replay of a finished match: every hand face up, one move at a time (← → Home End).
import { api, el, cardEl, meldEls, shownEls, gameCatalogue, t, languageMenu } from "/static/common.js";

const $ = id => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let step = 0, total = 0, faces = {}, busy = false;

async function go(n) {
  if (busy) return;
  busy = true;
  try {
    const d = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${n}`);
    step = d.step; total = d.total;
    if (!Object.keys(faces).length) {
      const g = (await gameCatalogue()).games.find(x => x.id === d.game.id);
      faces = g ? g.faces : {};
    }
    draw(d);
  } catch (e) {
    $("status").textContent = e.message;
  } finally { busy = false; }
}

function draw(d) {
  const v0 = d.views[0];
  $("title").textContent = t("Replay: {game}", { game: d.game.title });
  $("pos").textContent = t("move {step} of {total} · deal {deal}", { step: d.step, total: d.total, deal: v0.deal });
  const last = d.log.length ? d.log[d.log.length - 1] : null;
  $("status").textContent = d.step === 0 ? t("The start of the match.")
    : d.step === d.total ? t("{move} — the end of the match.", { move: last.text }) : last.text;
  $("trick").replaceChildren(...(v0.trick || []).map(([s, c]) => el("div", { class: "slot" }, cardEl(c, faces, { role: d.roles[c] }), el("span", { class: "who" }, d.names[s]))));
  $("extra").replaceChildren(...shownEls(d.shown, faces, d.roles));
  $("melds").replaceChildren(...meldEls(v0, faces, d.roles, d.names));
  $("lines").replaceChildren(...d.lines[0].map(line => el("li", {}, line)));
  $("hands").replaceChildren(...d.views.map((v, s) => el("div", { class: "seatbox" + (v.to_act === s ? " toact" : ""), style: "max-width:none" },
    el("div", { class: "nm" }, d.names[s], el("span", { class: "small" }, t("score {score}", { score: d.scores[s] }))),
    el("div", { class: "hand", style: "min-height:0;padding-top:4px" }, v.hand.map(c => cardEl(c, faces, { role: d.roles[c], small: true }))),
    d.seat_shown[s].length ? el("div", { class: "trick extra" }, shownEls(d.seat_shown[s], faces, d.roles)) : null)));
  $("log").replaceChildren(...d.log.map(e => el("li", {}, t("{number}. {move}", { number: e.i + 1, move: e.text }))));
  $("sheet").textContent = d.sheet;
}

document.addEventListener("keydown", ev => {
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total };
  if (ev.key in moves) { ev.preventDefault(); go(Math.max(0, Math.min(total, moves[ev.key]))); }
});
$("b-first").onclick = () => go(0);
$("b-prev").onclick = () => go(Math.max(0, step - 1));
$("b-next").onclick = () => go(Math.min(total, step + 1));
$("b-last").onclick = () => go(total);
document.querySelector(".tbar").append(languageMenu());
$("b-record").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
go(0);
