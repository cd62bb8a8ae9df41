"""Sentences for people, said from message templates with named parameters.

Every sentence a game's words module (games/<id>/text.py) shows a person is a whole template,
never English pieces put together, so that a translation can replace the whole sentence:

    say("{caller} called {suit}, took {tricks}", caller=..., suit=..., tricks=...)
    say_n("{count} card each", "{count} cards each", n)      # the count chooses the form

A list is said item by item, each from its own template, and joined: `listed(items)`. A seat is a
parameter like any other, named by `Seats` as the front end names it ("Ana", "You") or "seat 3"
where it gives no names; nothing rewrites seat numbers in finished text.

The templates are English; `say` says them in the language in use (core/language.py), from the
catalogs Babel extracts from the calls as they are written, so a template is always a plain string
literal as the first argument of `say`, or the first two of `say_n` (Babel keywords `say` and
`say_n:1,2`), never an f-string or a variable (tests/core/test_words.py checks every call).
"""

import re
from collections.abc import Iterable, Sequence

from .language import CONTENT, translate, translate_n
from .view import View

# The name the terminal and the line mode give the person at the table. A sentence about a seat
# so named (or "you") speaks to it, and English verbs agree: "You hold Tőr!", not "You holds Tőr!".
YOU = "You"

# A card in a data file's text (a lesson, a how-to-play page): [[CODE]] with the game's card
# code; a translation keeps each marker as it is.
CARD_MARK = re.compile(r"\[\[([A-Za-z0-9]+)\]\]")
_LETTER = re.compile(r"[^\W\d_]")


def say(template: str, /, **params: object) -> str:
    """The sentence of `template` with its parameters filled in."""
    return translate(template).format(**params)


def N_(template: str, /) -> str:
    """A template kept as data, in a module's or a class's constant: Babel extracts it (keyword
    N_), and whoever shows it says it then with `said`. A constant is made when its module loads,
    before anyone has chosen a language, so it must not hold a said sentence."""
    return template


def said(template: str, /) -> str:
    """A template kept as data (marked with N_), a name or a short phrase, said in the language in
    use."""
    return translate(template)


def say_n(one: str, many: str, count: int, /, **params: object) -> str:
    """The sentence for `count` things: `one`'s template for 1, `many`'s for any other count;
    both get the count as the parameter {count}."""
    return translate_n(one, many, count).format(count=count, **params)


def from_data(text: str) -> str:
    """A sentence written in a data file (a lesson's narration, a how-to-play paragraph) in the
    language in use: its own text is its message id in the CONTENT catalogs, translated whole.
    A text without words ("21", "[[8C]] [[8H]]") is the same in every language and no message."""
    return translate(text, CONTENT) if has_words(text) else text


def has_words(text: str) -> bool:
    """Whether a data file's text has a word to translate, beside its card markers and numbers."""
    return bool(_LETTER.search(CARD_MARK.sub("", text)))


def listed(items: Iterable[str], joiner: str = ", ") -> str:
    """Items each said from its own template, as one list: "Ana 2, Ben 0". A joiner that is a
    word is said too: `listed(names, say(" and "))`."""
    return joiner.join(items)


class Seats:
    """The seats as the sentences said to one table name them: the front end's names (a view's
    "names", a table's), else "seat 3"."""

    def __init__(self, names: Sequence[str] | None = None):
        self.names = list(names) if names else []

    def _name(self, seat: int) -> str | None:
        return self.names[seat] if 0 <= seat < len(self.names) else None

    def __call__(self, seat: int) -> str:
        """The seat's name; YOU is kept neutral in records and said here, in the language in use."""
        name = self._name(seat)
        if name is None:
            return say("seat {seat}", seat=seat)
        # TRANSLATORS: the person at the table, as a seat's name: the {you} of "{you} pass".
        return say("You") if name == YOU else name

    def spoken_to(self, seat: int) -> bool:
        """Whether a sentence about `seat` speaks to it: it is named YOU (or "you"). Such a
        sentence has a template of its own, with the name as its {you}."""
        return self._name(seat) in (YOU, YOU.lower())

    def agree(self, seat: int, you: str, other: str) -> str:
        """Of two sentences about `seat`, the one that speaks to it (`you`, its own template,
        whose verb agrees: "You win") when it does, else `other` ("Ann wins")."""
        return you if self.spoken_to(seat) else other

    def several(self, seats: Sequence[int], joiner: str = ", ") -> str:
        """Some seats in one list: their names, or without names "seat 2" or "seats 2, 3"."""
        if self.names and all(0 <= p < len(self.names) for p in seats):
            return listed((self(p) for p in seats), joiner)
        return say_n("seat {seats}", "seats {seats}", len(seats),
                     seats=listed((str(p) for p in seats), joiner))


def seats_of(view: View) -> Seats:
    """The seats as a view's front end names them (its "names"), or "seat 3"."""
    return Seats(view.get("names"))
