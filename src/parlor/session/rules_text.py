"""The rules of each game, as Markdown: shown by `parlor rules`, the terminal and the browser.

Two texts per game: the how-to-play page for people (`games/<id>/howto.md`) and the full
specification (`rules/<id>.md`), the engine's authority.

A card in the how-to-play text is written as a marker, `[[CODE]]` with the game's card code
(e.g. `[[TH]]`, `[[1L]]`, `[[PRo]]`). Front ends draw it: the browser as a small card, the
terminal and `parlor rules` as the card's short name (`cards_named`).
"""

import re
from importlib.resources import files

from parlor.core.registry import faces_of, game_class

CARD_MARK = re.compile(r"\[\[([A-Za-z0-9]+)\]\]")


def rules_text(game_id: str) -> str:
    """The full specification."""
    game_class(game_id)  # unknown game: a clear error
    return files("parlor").joinpath("rules", f"{game_id}.md").read_text(encoding="utf-8")


def howto_text(game_id: str) -> str:
    """The how-to-play page, with its card markers."""
    game_class(game_id)
    return files("parlor").joinpath("games", game_id, "howto.md").read_text(encoding="utf-8")


def card_marks(text: str) -> list[str]:
    """The card codes the markers of a text name, in order."""
    return CARD_MARK.findall(text)


def cards_named(game_id: str, text: str) -> str:
    """The text with each card marker replaced by the card's short name, e.g. "10♥"."""
    faces = faces_of(game_id)
    return CARD_MARK.sub(lambda m: faces[m[1]].rank + faces[m[1]].sign, text)
