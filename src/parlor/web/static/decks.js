// The deck page: every card of every game's deck, as the table draws it (full size and small),
// and the back.
import { el, cardEl, backEl, gameCatalogue } from "/static/common.js";

async function main() {
  const root = document.getElementById("decks");
  try {
    const { games } = await gameCatalogue();
    root.replaceChildren(...games.map(g => {
      // grouped by suit, in the deck's order within a suit
      const suits = [...new Set(Object.values(g.faces).map(f => f.e))];
      const codes = Object.keys(g.faces).sort((a, b) => suits.indexOf(g.faces[a].e) - suits.indexOf(g.faces[b].e));
      return el("section", { class: "panel deck", "data-game": g.id },
        el("h2", {}, g.title),
        el("div", { class: "deckrow" }, codes.map(c => cardEl(c, g.faces)), backEl(false)),
        el("div", { class: "deckrow small" }, codes.map(c => cardEl(c, g.faces, { small: true })), backEl(true)));
    }));
  } catch (e) {
    root.replaceChildren(el("p", { class: "error" }, e.message));
  }
}

main();
