"""The view contract: the shape of what a seat sees, declared once and checked.

A view (`Rules.view(state, seat)`) is a JSON object. Its keys are of three sorts:

Common keys, in every game's view:

    game        the game's id
    seat        the viewing seat (None in the spectator's view)
    seats       the number of seats
    deal        the deal's number, from 1
    dealer      the dealer's seat
    to_act      the seat to act, None when the deal is over
    scores      per seat: the match totals before this deal
    hand        the seat's own cards, codes in the game's order
    hand_sizes  per seat: the number of cards in hand
    trick       the trick in progress: [[seat, card], ...] in play order ("??" for a card the
                seat cannot see)
    legal       the seat's legal action strings, sorted; [] when it is not to act

Shared keys, each with one shape; a game that has the thing uses the key (and declares it with
the constructor below, which fixes the shape):

    tricks       completed tricks of the deal, in order:
                 [{"leader": seat, "winner": seat, "cards": [[seat, card], ...], ...}], the
                 cards in play order; a game may add fields of its own (`tricks(**extra)`),
                 such as "modes" (a trick's `trick_modes`)
    trick_modes  what a play of the trick in progress says beyond its card (a joker's mode):
                 [[seat, word], ...]
    history      the deal's actions as this seat saw them made: [[seat, action string], ...]
                 (`Rules.public_action` for this seat: "draw stock" for another's draw)
    face_up      the cards lying face up on the table, beside the trick:
                 [{"label": word, "cards": [card, ...], "state": word or None}], one entry a
                 place (a pile's top card last, no card while the place is empty); the label
                 says what they are ("upcard", "discard_pile"), the state what became of them
                 ("picked"); both are word ids that front ends put in words
    seat_facts   per seat: {fact: value} public facts shown beside the seat (a bid, the tricks
                 won): an int is shown after the fact's name ("bid 3"), a word as itself ("pass");
                 None: nothing to show
    melds        the melds on the table: [{"number": n, "owner": seat, "cards": [card, ...]}]
    hand_hidden  how many of the seat's own cards it cannot see yet (they are not in `hand`)

Game keys: any other key, declared by the game in `Rules.view_schema` with a kind from the
vocabulary below, as options are declared in `option_schema`.

Kinds: `Seat`, `Int`, `Bool`, `Word(choices)` (one of a declared set), `Text` (free text for
people), `Card` (a code of the deck, or "??"), `Cards` (a list of them; `ordered` when their
order means something, a pile), `Action` (an action string as a seat saw it), `ListOf(kind,
size)`, `PerSeat(kind)` (one item a seat), `Tuple(kind, ...)` (a fixed list such as [seat,
card]), `Optional(kind)` (or None), `Obj(field=kind, ...)` (exactly those fields).

The spectator's view (core/spectator.py) has the same keys: its `seat` and every private key
(`Rules.private_view_keys`) are None, its `hand` and `legal` []. Front ends add `names` (the
table's names for the seats) to the views they draw; it is no key of a game's view.

`problems(rules, view)` lists where a view breaks the contract: a key missing, one undeclared, a
value not of its declared kind. The conformance suite runs it on every view of every game.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .options import is_int

View = dict[str, Any]  # one seat's view, JSON-ready; its keys and their kinds are declared above
HIDDEN = "??"  # a card the seat cannot see


class Kind:
    """The declared shape of a view value."""

    def problems(self, value, table: "_Table", where: str) -> list[str]:
        raise NotImplementedError


class _Scalar(Kind):
    """A kind of one plain value, which `ok` tells."""
    what = ""  # what a message calls it

    def ok(self, value, table: "_Table") -> bool:
        raise NotImplementedError

    def problems(self, value, table, where):
        return [] if self.ok(value, table) else [f"{where}: {value!r} is not {self.what}"]


def _each(kind: Kind, values: list, table: "_Table", where: str) -> list[str]:
    return [p for i, v in enumerate(values) for p in kind.problems(v, table, f"{where}[{i}]")]


@dataclass(frozen=True)
class Seat(_Scalar):
    what = "a seat"

    def ok(self, value, table):
        return is_int(value) and 0 <= value < table.seats


@dataclass(frozen=True)
class Int(_Scalar):
    what = "an integer"

    def ok(self, value, table):
        return is_int(value)


@dataclass(frozen=True)
class Bool(_Scalar):
    what = "true or false"

    def ok(self, value, table):
        return isinstance(value, bool)


@dataclass(frozen=True)
class Word(_Scalar):
    choices: tuple[str, ...]

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"one of {self.choices}"

    def ok(self, value, table):
        return value in self.choices


@dataclass(frozen=True)
class Text(_Scalar):
    what = "text"

    def ok(self, value, table):
        return isinstance(value, str)


@dataclass(frozen=True)
class Card(_Scalar):
    what = "a card code"

    def ok(self, value, table):
        return isinstance(value, str) and (value in table.codes or value == HIDDEN)


@dataclass(frozen=True)
class Cards(Kind):
    ordered: bool = False  # the order means something (a pile), beyond the game's card order

    def problems(self, value, table, where):
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list of cards"]
        return _each(Card(), value, table, where)


@dataclass(frozen=True)
class Action(_Scalar):
    what = "an action string"

    def ok(self, value, table):
        return isinstance(value, str) and value != "" and value == " ".join(value.split())


@dataclass(frozen=True)
class ListOf(Kind):
    item: Kind
    size: int | None = None  # a fixed length (one item a team, say)

    def problems(self, value, table, where):
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        if self.size is not None and len(value) != self.size:
            return [f"{where}: {len(value)} items, not {self.size}"]
        return _each(self.item, value, table, where)


@dataclass(frozen=True)
class PerSeat(Kind):
    item: Kind

    def problems(self, value, table, where):
        if not isinstance(value, list) or len(value) != table.seats:
            return [f"{where}: {value!r} is not a list of one item a seat"]
        return _each(self.item, value, table, where)


@dataclass(frozen=True, init=False)
class Tuple(Kind):
    items: tuple[Kind, ...]

    def __init__(self, *items: Kind):
        object.__setattr__(self, "items", items)

    def problems(self, value, table, where):
        if not isinstance(value, list) or len(value) != len(self.items):
            return [f"{where}: {value!r} is not a list of {len(self.items)} items"]
        return [p for i, (k, v) in enumerate(zip(self.items, value))
                for p in k.problems(v, table, f"{where}[{i}]")]


@dataclass(frozen=True)
class Optional(Kind):
    item: Kind

    def problems(self, value, table, where):
        return [] if value is None else self.item.problems(value, table, where)


@dataclass(frozen=True, init=False)
class Obj(Kind):
    fields: tuple[tuple[str, Kind], ...]

    def __init__(self, **fields: Kind):
        object.__setattr__(self, "fields", tuple(fields.items()))

    def problems(self, value, table, where):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        names = [name for name, _ in self.fields]
        out = [f"{where}: undeclared field {k!r}" for k in value if k not in names]
        for name, kind in self.fields:
            if name not in value:
                out.append(f"{where}: no field {name!r}")
            else:
                out += kind.problems(value[name], table, f"{where}.{name}")
        return out


# --- the common keys

SEAT_CARD = Tuple(Seat(), Card())
COMMON: dict[str, Kind] = {
    "game": Text(),  # and it is the game's id
    "seat": Seat(),
    "seats": Int(),
    "deal": Int(),
    "dealer": Seat(),
    "to_act": Optional(Seat()),
    "scores": PerSeat(Int()),
    "hand": Cards(),
    "hand_sizes": PerSeat(Int()),
    "trick": ListOf(SEAT_CARD),
    "legal": ListOf(Action()),
}


# --- the shared keys: a constructor (or the kind itself) for each, and a test of its shape

_TRICK_FIELDS = Obj(leader=Seat(), winner=Seat(), cards=ListOf(SEAT_CARD)).fields


def tricks(**extra: Kind) -> ListOf:
    """`tricks`: leader, winner and each seat's card, plus the game's own fields."""
    return ListOf(Obj(**dict(_TRICK_FIELDS), **extra))


def trick_modes(modes: tuple[str, ...]) -> ListOf:
    """`trick_modes` (and a trick's field "modes"): [[seat, mode], ...]."""
    return ListOf(Tuple(Seat(), Word(modes)))


HISTORY = ListOf(Tuple(Seat(), Action()))


def face_up(labels: tuple[str, ...], states: tuple[str, ...] = ()) -> ListOf:
    """`face_up`: one entry a place on the table, with its label and, where it has one, its state."""
    return ListOf(Obj(label=Word(labels), cards=Cards(ordered=True), state=Optional(Word(states))))


FACT_KINDS = (Int(), Optional(Int()))  # with words: Word(...) and Optional(Word(...))


def seat_facts(**facts: Kind) -> PerSeat:
    """`seat_facts`: per seat, each fact an int or a word, either of them optional."""
    return PerSeat(Obj(**facts))


MELDS = ListOf(Obj(number=Int(), owner=Seat(), cards=Cards()))
HAND_HIDDEN = Int()


def _words_of(kind: Kind) -> bool:
    return isinstance(kind, Word) or isinstance(kind, Optional) and isinstance(kind.item, Word)


def _is_tricks(kind: Kind) -> bool:
    if not (isinstance(kind, ListOf) and kind.size is None and isinstance(kind.item, Obj)):
        return False
    fields = dict(kind.item.fields)
    return (kind.item.fields[:len(_TRICK_FIELDS)] == _TRICK_FIELDS
            and ("modes" not in fields or _is_trick_modes(fields["modes"])))


def _is_trick_modes(kind: Kind) -> bool:
    if not (isinstance(kind, ListOf) and isinstance(kind.item, Tuple) and len(kind.item.items) == 2):
        return False
    mode = kind.item.items[1]
    return isinstance(mode, Word) and kind == trick_modes(mode.choices)


def _is_face_up(kind: Kind) -> bool:
    if not (isinstance(kind, ListOf) and isinstance(kind.item, Obj)):
        return False
    fields = dict(kind.item.fields)
    labels, state = fields.get("label"), fields.get("state")
    return (isinstance(labels, Word) and isinstance(state, Optional) and isinstance(state.item, Word)
            and kind == face_up(labels.choices, state.item.choices))


def _is_seat_facts(kind: Kind) -> bool:
    return (isinstance(kind, PerSeat) and isinstance(kind.item, Obj)
            and all(k in FACT_KINDS or _words_of(k) for _, k in kind.item.fields))


SHARED: dict[str, Callable[[Kind], bool]] = {
    "tricks": _is_tricks,
    "trick_modes": _is_trick_modes,
    "history": HISTORY.__eq__,
    "face_up": _is_face_up,
    "seat_facts": _is_seat_facts,
    "melds": MELDS.__eq__,
    "hand_hidden": HAND_HIDDEN.__eq__,
}


# --- checking

@dataclass(frozen=True)
class _Table:
    """What a value's kind is checked against: the table's seats and the deck's codes."""
    seats: int
    codes: frozenset[str]


def schema_problems(schema: dict[str, Kind]) -> list[str]:
    """Where a game's view schema breaks the contract: a common key declared again, a shared key
    of another shape, a kind that is not one of the vocabulary's."""
    out = [f"{key!r} is a common key: games do not declare it" for key in schema if key in COMMON]
    out += [f"{key!r} is declared with another shape than the shared one"
            for key, kind in schema.items() if key in SHARED and not SHARED[key](kind)]
    out += [f"{key!r}: {kind!r} is not a kind" for key, kind in schema.items()
            if not isinstance(kind, Kind)]
    return out


def problems(rules, view: View, spectator: bool = False) -> list[str]:
    """Where `view` (a seat's, or with `spectator` the spectators') breaks the contract of
    `rules`' game, as lines naming the key; [] when it keeps it."""
    if not isinstance(view, dict):
        return [f"the view is {type(view).__name__}, not an object"]
    kinds = {**COMMON, **rules.view_schema}
    table = _Table(rules.seats, frozenset(rules.deck.codes))
    out = [f"undeclared key {key!r}" for key in view if key not in kinds]
    for key, kind in kinds.items():
        if key not in view:
            out.append(f"no key {key!r}")
        elif spectator and key in rules.private_view_keys:
            empty: list | None = [] if key in ("hand", "legal") else None
            if view[key] != empty:
                out.append(f"{key}: {view[key]!r} in the spectators' view, which has {empty!r}")
        else:
            out += kind.problems(view[key], table, key)
    if view.get("game") != rules.id:
        out.append(f"game: {view.get('game')!r} is not {rules.id!r}")
    return out


# --- reading shared keys

def face_up_entry(view: View, label: str) -> dict | None:
    """The `face_up` entry of that label, or None (a game without it)."""
    return next((e for e in view.get("face_up") or () if e["label"] == label), None)


def face_up_cards(view: View, label: str) -> list[str]:
    """The cards of the `face_up` entry of that label, [] without one."""
    entry = face_up_entry(view, label)
    return entry["cards"] if entry else []


def last_trick(view: View) -> dict | None:
    """The last finished trick of the view's deal as {"deal", "cards": [[seat, code]...],
    "winner": seat}, or None (no trick finished, or a game without tricks): the last of the
    view's `tricks`."""
    tricks = view.get("tricks")
    if not tricks:
        return None
    last = tricks[-1]
    return {"deal": view["deal"], "cards": [list(c) for c in last["cards"]], "winner": last["winner"]}
