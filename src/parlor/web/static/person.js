// A person's statistics page (/people/NAME): per game, matches, wins, average score, rating and
// the game's own facts, as GET /api/people/NAME counts them from the stored records.

import { api, el, t, tn } from "/static/common.js";

const $ = id => document.getElementById(id);
const name = decodeURIComponent(location.pathname.replace(/^\/people\//, ""));

function row(label, value) {
  return el("tr", {}, el("th", { scope: "row" }, label), el("td", {}, String(value)));
}

function gameTable(g) {
  return el("section", { class: "stats", "data-game": g.game },
    el("h3", {}, g.title),
    el("table", { class: "ranking" }, el("tbody", {},
      row(t("Matches finished"), g.matches),
      row(t("Matches won"), g.wins),
      row(t("Average final score"), g.average_score),
      row(t("Rating"), g.rating === null ? t("not rated yet")
        : tn("{rating} ({count} rated match)", "{rating} ({count} rated matches)", g.rated_matches, { rating: g.rating })),
      ...g.facts.map(f => row(f.label, f.count)))));
}

try {
  const data = await api(`/api/people/${encodeURIComponent(name)}`);
  $("person-h").textContent = t("Statistics of {name}", { name: data.name });
  $("person-games").replaceChildren(...data.games.map(gameTable));
  $("person-empty").textContent = data.games.length ? "" : t("{name} has not finished a match yet.", { name: data.name });
} catch (e) {
  $("person-h").textContent = t("Statistics");
  $("person-empty").textContent = e.message;
}
