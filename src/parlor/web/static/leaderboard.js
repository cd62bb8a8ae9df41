// A game's leaderboard: its rated people, and the computer levels among them at their fixed ratings.

import { api, el, gameCatalogue, t, languageMenu } from "/static/common.js";

const $ = id => document.getElementById(id);

async function draw(game) {
  const data = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  const rows = [
    ...data.board.map(p => ({ ...p, computer: false })),
    ...data.levels.map(l => ({ name: l.name, rating: l.rating, matches: null, computer: true })),
  ].sort((a, b) => b.rating - a.rating);
  let rank = 0;
  $("board-rows").replaceChildren(...rows.map(r => el("tr", { class: r.computer ? "computer" : "" },
    el("td", {}, r.computer ? "" : String(++rank)),
    el("td", {}, r.computer ? r.name : el("a", { href: `/people/${encodeURIComponent(r.name)}` }, r.name)),
    el("td", {}, String(r.rating)),
    el("td", {}, r.computer ? "" : String(r.matches)))));
  $("board-empty").textContent = data.board.length ? "" :
    t("Nobody has finished a rated match of {game} yet.", { game: data.title });
}

document.querySelector(".topbar").append(languageMenu());
const { games } = await gameCatalogue();
const wanted = new URLSearchParams(location.search).get("game");
$("board-game").replaceChildren(...games.map(g => el("option", { value: g.id, selected: g.id === wanted }, g.title)));
$("board-game").addEventListener("change", () => {
  history.replaceState(null, "", `?game=${$("board-game").value}`);
  draw($("board-game").value);
});
draw($("board-game").value);
