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
import string
from collections.abc import Iterable, Mapping, Sequence

from babel.numbers import format_decimal, format_percent

from .language import CONTENT, ENGLISH, PSEUDO, current, translate, translate_n
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
    return fill(translate(template), **params)


# --- names in a sentence's grammatical case
#
# A translation may ask for a card's or a suit's name in a case its sentence needs, with the case
# as the placeholder's format spec: Georgian "{seat} იგებს ხელს {card:ins}" (wins the trick with
# the card), "{won} სჯობს {beaten:dat}". A name that knows its case forms is a `Word`; any other
# value, and a case a Word does not know, reads in the nominative, as it is.
CASES = ("dat", "gen", "ins")  # dative, genitive, instrumental: those the translations use


class Word(str):
    """A name in the nominative ("გულის მეფე") that also knows its forms in CASES in the language
    in use ({"dat": "გულის მეფეს", ...}); a language without case forms gives none."""

    forms: dict[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None) -> "Word":
        made = super().__new__(cls, text)
        made.forms = dict(forms or {})
        return made

    def case(self, case: str) -> str:
        return self.forms.get(case, str(self))

    def __format__(self, spec: str) -> str:
        return self.case(spec) if spec in CASES else format(str(self), spec)

    def __reduce__(self):
        return Word, (str(self), self.forms)


class _Filler(string.Formatter):
    """str.format, but a case spec ({card:dat}) takes a Word's form and leaves any other value as
    it is; `case` is the case of a phrase being inflected (`phrase`), taken by its parts that ask
    for none."""

    def __init__(self, case: str | None = None):
        self.case = case

    def format_field(self, value: object, spec: str) -> str:
        case = spec if spec in CASES else None if spec else self.case
        if case:
            return value.case(case) if isinstance(value, Word) else str(value)
        return format(value, spec)


_FILL = _Filler()


def fill(text: str, /, **params: object) -> str:
    """A template already said in the language (`translate`d), its parameters filled in: what
    `say` does after translating."""
    return _FILL.vformat(text, (), params)


def phrase(text: str, /, **params: object) -> Word:
    """A name made of parts, from a translated template: "the {rank} of {suit}" is Georgian
    "{suit:gen} {rank}". In each case the parts that ask for no case of their own take it (the
    rank: "გულის მეფეს"), so the whole name is a Word again."""
    forms = {case: _Filler(case).vformat(text, (), params) for case in CASES}
    return Word(fill(text, **params), forms if any(isinstance(v, Word) and v.forms for v in params.values()) else {})


# Georgian writes a case ending after a hyphen on a word in Latin letters or on a number ("Robai-ს",
# "7-ით", docs/glossary/ka.md): by its last letter, a vowel's ending or a consonant's.
_KA_HYPHEN = {"vowel": {"dat": "-ს", "gen": "-ს", "ins": "-თი"}, "other": {"dat": "-ს", "gen": "-ის", "ins": "-ით"}}
_GEORGIAN = re.compile(r"[\u10d0-\u10ff]")


def word(template: str, forms: Mapping[str, Mapping[str, Sequence[str]]] | None = None) -> Word:
    """A name (a template, N_) said in the language in use, as a Word with its case forms: those
    `forms` lists for the language ({"ka": {"king": ("მეფეს", "მეფის", "მეფით")}}: the forms in
    the order of CASES), else, in Georgian, a name in Latin letters or a number with the hyphened
    ending."""
    text = translate(template)
    lang = current()
    listed_forms = (forms or {}).get(lang, {}).get(template)
    if listed_forms:
        return Word(text, dict(zip(CASES, listed_forms)))
    if lang == "ka" and text and not _GEORGIAN.search(text):
        ends = _KA_HYPHEN["vowel" if text[-1].lower() in "aeiou" else "other"]
        return Word(text, {case: text + ending for case, ending in ends.items()})
    return Word(text)


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
    return fill(translate_n(one, many, count), count=count, **params)


def from_data(text: str) -> str:
    """A sentence written in a data file (a lesson's narration, a how-to-play paragraph) in the
    language in use: its own text is its message id in the CONTENT catalogs, translated whole.
    A text without words ("21", "[[8C]] [[8H]]") is the same in every language and no message."""
    return translate(text, CONTENT) if has_words(text) else text


def has_words(text: str) -> bool:
    """Whether a data file's text has a word to translate, beside its card markers and numbers."""
    return bool(_LETTER.search(CARD_MARK.sub("", text)))


def _locale() -> str:
    lang = current()
    return ENGLISH if lang == PSEUDO else lang


def number(value: float, digits: int = 1, signed: bool = False) -> str:
    """A number for a sentence, written as the reader's language writes it (Babel): "1.5" in
    English, "1,5" in Hungarian; `digits` places after the point; `signed` shows "+" on gains."""
    pattern = ("+" if signed else "") + "#,##0" + ("." + "0" * digits if digits else "")
    if signed:
        pattern += ";-" + pattern[1:]
    return format_decimal(value, format=pattern, locale=_locale())


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage in the reader's language ("40%", "40 %")."""
    return format_percent(part / whole if whole else 0, locale=_locale())


def listed(items: Iterable[str], joiner: str = ", ") -> str:
    """Items each said from its own template, as one list: "Ana 2, Ben 0". A joiner that is a
    word is said too: `listed(names, say(" and "))`. A list of Words (cards) is a Word, each
    item in the case asked of the list."""
    items = list(items)
    text = joiner.join(items)
    words = [item for item in items if isinstance(item, Word)]
    if words and len(words) == len(items) and any(item.forms for item in words):
        return Word(text, {case: joiner.join(item.case(case) for item in words) for case in CASES})
    return text


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


# --- a refusal: the rules' reason a move cannot be made, in the engine's English and in words

class Card(str):
    """A card named in a refusal: its code in the engine's English ("6L"), its name when said to
    a person ("the Master of Leadership")."""


class Cards(str):
    """Several cards named in a refusal: their codes ("5H 6H"), or their names in a list."""

    codes: tuple[str, ...]

    def __new__(cls, codes: Iterable[str]) -> "Cards":
        codes = tuple(codes)
        made = super().__new__(cls, " ".join(codes))
        made.codes = codes
        return made

    def __reduce__(self):
        return Cards, (self.codes,)


class SuitOf(str):
    """A suit named in a refusal: as the engine's English writes it (its letter, "heart"), its
    name when said to a person."""

    letter: str

    def __new__(cls, letter: str, english: str | None = None) -> "SuitOf":
        made = super().__new__(cls, english or letter)
        made.letter = letter
        return made

    def __reduce__(self):
        return SuitOf, (self.letter, str(self))


class Seat(str):
    """A seat named in a refusal: "seat 3" in the engine's English, the front end's name for it
    when said to a person."""

    number: int

    def __new__(cls, number: int) -> "Seat":
        made = super().__new__(cls, f"seat {number}")
        made.number = number
        return made

    def __reduce__(self):
        return Seat, (self.number,)


class Reason(str):
    """Why the rules refuse a move: a `str`, the engine's English sentence ("seat 0 does not hold
    6L") that records, logs and tests read, which also keeps its template (N_) and parameters so
    that a person reads it in their language with the cards in words (GameText.refusal_words).
    `you` is the template said to the seat of the parameter {seat} when it is the person told
    ("you do not hold {card}"). Parameters: Card, Cards, SuitOf, Seat, a Reason, or a value
    said as it is (a number, a quoted text)."""

    template: str
    you: str | None
    params: dict[str, object]

    def __new__(cls, template: str, /, you: str | None = None, **params: object) -> "Reason":
        made = super().__new__(cls, template.format(**params))
        made.template, made.you, made.params = template, you, params
        return made

    def __reduce__(self):
        return _reason, (self.template, self.you, self.params)


def _reason(template: str, you: str | None, params: dict) -> Reason:
    return Reason(template, you, **params)


def not_held(seat: int, codes: Sequence[str]) -> Reason:
    """The refusal every game gives a move with cards its seat does not hold."""
    if len(codes) == 1:
        return Reason(N_("{seat} does not hold {card}"), N_("you do not hold {card}"), seat=Seat(seat),
                       card=Card(codes[0]))
    return Reason(N_("{seat} does not hold {cards}"), N_("you do not hold {cards}"), seat=Seat(seat),
                   cards=Cards(codes))
