// Review of a finished match: one seat's choices weighed by the search (/api/tables/ID/review).
import { api, el, t, tn, languageMenu } from "/static/common.js";

const $ = id => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const base = `/api/tables/${encodeURIComponent(tableId)}`;
const SVG = "http://www.w3.org/2000/svg";
let timer = null, shown = null;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  // a style attribute would break the CSP (common.js el)
  for (const [k, v] of Object.entries(attrs)) if (k === "style") node.style.cssText = v; else node.setAttribute(k, v);
  for (const c of children) if (c !== null) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const colour = s => `var(--c${s % 6})`;
const signed = x => (x > 0 ? "+" : "") + x.toFixed(1);

function seatParam() {
  const s = new URLSearchParams(location.search).get("seat");
  return s === null ? "" : `?seat=${encodeURIComponent(s)}`;
}

async function load() {
  clearTimeout(timer);
  let d;
  try {
    d = await api(`${base}/review${seatParam()}`);
  } catch (e) {
    $("status").textContent = e.message;
    $("progress").classList.add("hidden");
    return;
  }
  if (d.status === "failed") {
    $("status").textContent = d.error;
    $("progress").classList.add("hidden");
  } else if (d.status === "running") {
    if (d.names) drawSeats(d.names, d.seat, d.title);
    const bar = $("progress");
    bar.classList.remove("hidden");
    if (d.total === null) {
      bar.removeAttribute("value");
      $("status").textContent = t("Replaying the match…");
    } else {
      bar.max = Math.max(1, d.total); bar.value = d.done;
      $("status").textContent = t("Weighing the choices: {done} of {total} done. A long match takes a minute or a few.",
        { done: d.done, total: d.total });
    }
    timer = setTimeout(load, 1000);
  } else {
    $("progress").classList.add("hidden");
    draw(d.review);
  }
}

// The page's title and the seat chooser, as soon as the record has been replayed.
function drawSeats(names, seat, title) {
  document.title = t("parlor — review of {name}", { name: names[seat] });
  $("title").textContent = t("Review: {game}", { game: title });
  $("heading").textContent = t("Review of {name}", { name: names[seat] });
  const sel = $("seat");
  if (!sel.options.length) {
    names.forEach((n, s) => sel.append(el("option", { value: s }, n)));
    sel.onchange = () => { history.replaceState(null, "", `?seat=${sel.value}`); clearAll(); load(); };
  }
  sel.value = String(seat);
}

function draw(r) {
  shown = r;
  const names = r.names, who = names[r.seat];
  drawSeats(names, r.seat, r.title);
  const n = r.choices.length, f = r.forced;
  $("status").textContent = [
    tn("{count} choice was weighed.", "{count} choices were weighed.", n),
    f === 0 ? null : tn("{count} forced move was not weighed.", "{count} forced moves were not weighed.", f),
    t("Expected points lost in all: {lost}.", { lost: r.lost.toFixed(1) })].filter(s => s !== null).join(" ");
  $("method").textContent = t("Every choice is weighed by the computer's search from what {name} could see when moving: " +
    "each legal move is tried in the same {budget} imagined deals, played out to the end of the deal, " +
    "and its expected points are compared with those of the move played.", { name: who, budget: r.budget });
  drawChart(r, names);
  const costly = r.costliest.map(c => el("li", {},
    el("div", {}, t("Deal {deal}, move {number}: {played} (expected {value}); better {best} (expected {best_value}): " +
      "{lost} points lost.", { deal: c.deal, number: c.index + 1, played: c.played, value: signed(c.value), best: c.best,
      best_value: signed(c.best_value), lost: c.lost.toFixed(1) })),
    el("div", { class: "why" }, t("The better move: {reason}.", { reason: c.best_reason })),
    el("div", { class: "why" }, t("The move played: {reason}.", { reason: c.reason }))));
  $("costly").replaceChildren(...costly);
  $("costly-none").classList.toggle("hidden", costly.length > 0);
  $("costly-panel").classList.remove("hidden");
  $("deals").replaceChildren(
    el("tr", {}, el("th", {}, t("deal")), el("th", {}, t("points")), el("th", {}, t("score")), el("th", {}, t("points lost"))),
    ...r.deals.map(d => el("tr", {}, el("td", {}, d.deal),
      el("td", {}, d.points === null ? "—" : d.points[r.seat]), el("td", {}, d.scores === null ? "—" : d.scores[r.seat]),
      el("td", {}, d.lost.toFixed(1)))));
  $("deals-panel").classList.remove("hidden");
}

// Two panels sharing the deals as x: every seat's running score, and the seat's points lost per deal.
function drawChart(r, names) {
  const deals = r.deals, n = deals.length;
  if (!n) return;
  $("chart-panel").classList.remove("hidden");  // shown first: its width is the chart's
  // drawn at the page's own width (its words at their size on a phone too); each deal a band
  // of the width, its point and its bar in the middle
  const W = Math.max(300, $("chart").clientWidth || 720), L = 56, R = 12, band = (W - L - R) / n, x = k => L + (k - 0.5) * band;
  const scored = deals.filter(d => d.scores !== null);
  const all = scored.flatMap(d => d.scores).concat([0]);
  const lo = Math.min(...all), hi = Math.max(...all), top = 24, h1 = 170;
  const y = v => top + h1 - (hi === lo ? h1 / 2 : (v - lo) * h1 / (hi - lo));
  const most = Math.max(1, ...deals.map(d => d.lost)), top2 = top + h1 + 44, h2 = 80;
  const parts = [
    svg("text", { x: L, y: 14, class: "ttl" }, t("Running scores")),
    svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }),
    svg("text", { x: L - 6, y: y(hi) + 4, "text-anchor": "end" }, hi),
    svg("text", { x: L - 6, y: y(lo) + 4, "text-anchor": "end" }, lo),
    lo < 0 && hi > 0 ? svg("text", { x: L - 6, y: y(0) + 4, "text-anchor": "end" }, 0) : null,
    svg("text", { x: L, y: top2 - 10, class: "ttl" }, t("Expected points lost by {name}, per deal", { name: names[r.seat] })),
    svg("line", { x1: L, x2: W - R, y1: top2 + h2, y2: top2 + h2, class: "axis" }),
    svg("text", { x: L - 6, y: top2 + 4, "text-anchor": "end" }, most.toFixed(0)),
  ];
  const seats = scored.length ? scored[0].scores.length : 0;
  for (let s = 0; s < seats; s++) {
    const pts = scored.map(d => `${x(d.deal).toFixed(1)},${y(d.scores[s]).toFixed(1)}`).join(" ");
    parts.push(svg("polyline", { points: pts, fill: "none", style: `stroke: ${colour(s)}`,
      "stroke-width": s === r.seat ? 3 : 1.4, "data-seat": s }));
    if (n <= 30) for (const d of scored)
      parts.push(svg("circle", { cx: x(d.deal), cy: y(d.scores[s]), r: s === r.seat ? 3.5 : 2.2, style: `fill: ${colour(s)}` }));
  }
  const bw = Math.max(3, Math.min(28, band * 0.7));
  for (const d of deals) {
    const hgt = d.lost * h2 / most;
    parts.push(svg("rect", { x: x(d.deal) - bw / 2, y: top2 + h2 - hgt, width: bw, height: hgt, fill: "#b5503c",
      class: "lost" }, svg("title", {}, t("deal {deal}: {lost} points lost", { deal: d.deal, lost: d.lost.toFixed(1) }))));
  }
  const step = Math.ceil(n / 12);
  for (const d of deals) if ((d.deal - 1) % step === 0 || d.deal === n)
    parts.push(svg("text", { x: x(d.deal), y: top2 + h2 + 14, "text-anchor": "middle" }, d.deal));
  parts.push(svg("text", { x: W - R, y: top2 + h2 + 28, "text-anchor": "end" }, t("deal")));
  $("chart").replaceChildren(svg("svg", { viewBox: `0 0 ${W} ${top2 + h2 + 32}`, role: "img",
    "aria-label": t("running scores and the expected points {name} lost per deal", { name: names[r.seat] }) }, ...parts));
  $("legend").replaceChildren(...names.map((nm, s) => el("span", {}, el("i", { style: `background: ${colour(s)}` }), nm)));
}

function clearAll() {
  shown = null;
  for (const id of ["chart-panel", "costly-panel", "deals-panel"]) $(id).classList.add("hidden");
  $("status").textContent = t("Loading…");
}

let resized = null;
window.addEventListener("resize", () => {
  clearTimeout(resized);
  resized = setTimeout(() => { if (shown) drawChart(shown, shown.names); }, 150);
});
document.querySelector(".topbar").append(languageMenu());
$("replay-link").href = `/replay/${encodeURIComponent(tableId)}`;
$("record-link").href = `${base}/record`;
load();
