"""The rules of each game, as Markdown: shown by `parlor rules`, the terminal and the browser.

Two texts per game: the how-to-play page for people (`games/<id>/howto.md`) and the full
specification (`rules/<id>.md`), the engine's authority.

A card in the how-to-play text is written as a marker, `[[CODE]]` with the game's card code
(e.g. `[[TH]]`, `[[1L]]`, `[[PRo]]`). Front ends draw it: the browser as a small card, the
terminal and `parlor rules` as the card's short name (`cards_named`).

The how-to-play page is said in the language in use paragraph by paragraph (`paragraphs`): a
block between blank lines is one message of the CONTENT catalogs (core/words.py from_data), and
a heading, a list item or a table row is one of its own; the Markdown around it (the "## ", the
"1. ", the indent) stays as written, so a translation is text only.
"""

import re
from dataclasses import dataclass
from importlib.resources import files

from parlor.core.registry import faces_of, game_class
from parlor.core.words import CARD_MARK, from_data, has_words

_HEADING = re.compile(r"#{1,6}\s+")
_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])\s+")


@dataclass
class Paragraph:
    """One message of a page: its Markdown lead ("## ", "   - "), its text with the lines joined,
    and the lines as written (kept when the text is said as written)."""
    lead: str
    text: str
    lines: list[str]
    open: bool  # later lines without a lead of their own continue it

    def said(self) -> str:
        if not has_words(self.text):
            return "".join(self.lines)
        text = from_data(self.text)
        end = "\n" if self.lines[-1].endswith("\n") else ""
        return "".join(self.lines) if text == self.text else self.lead + text + end


def rules_text(game_id: str) -> str:
    """The full specification."""
    game_class(game_id)  # unknown game: a clear error
    return files("parlor").joinpath("rules", f"{game_id}.md").read_text(encoding="utf-8")


def howto_text(game_id: str) -> str:
    """The how-to-play page in the language in use, with its card markers."""
    return "".join(p.said() for p in paragraphs(howto_source(game_id)))


def howto_source(game_id: str) -> str:
    """The how-to-play page as written (English)."""
    game_class(game_id)
    return files("parlor").joinpath("games", game_id, "howto.md").read_text(encoding="utf-8")


def paragraphs(page: str) -> list[Paragraph]:
    """A Markdown page in its messages, blank lines each a paragraph without words: joined
    again, their lines are the page."""
    found: list[Paragraph] = []
    for line in page.splitlines(keepends=True):
        body = line.strip()
        if not body:
            found.append(Paragraph("", "", [line], open=False))
        elif (lead := _HEADING.match(line)) or body.startswith("|"):
            lead_text = lead[0] if lead else ""  # a table row is its own message, pipes and all
            found.append(Paragraph(lead_text, line[len(lead_text):].strip(), [line], open=False))
        elif lead := _ITEM.match(line):
            found.append(Paragraph(lead[0], line[len(lead[0]):].strip(), [line], open=True))
        elif found and found[-1].open:
            found[-1].text += " " + body
            found[-1].lines.append(line)
        else:
            found.append(Paragraph("", body, [line], open=True))
    return found


def card_marks(text: str) -> list[str]:
    """The card codes the markers of a text name, in order."""
    return CARD_MARK.findall(text)


def cards_named(game_id: str, text: str) -> str:
    """The text with each card marker replaced by the card's short name, e.g. "10♥"."""
    faces = faces_of(game_id)
    return CARD_MARK.sub(lambda m: faces[m[1]].rank + faces[m[1]].sign, text)
