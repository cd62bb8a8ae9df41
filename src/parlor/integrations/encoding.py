"""What the OpenSpiel and PettingZoo adapters share: one table of a game (`Table`), its
parameters <-> table options, its action table, and the encodings of a seat's view.

Everything a seat is given is computed from `Rules.view(state, seat)` and nothing else:

- the information-state string is the view as canonical JSON (sorted keys, no spaces): the
  deal's whole public history, the seat's own cards, the match scores and whatever public facts
  the game adds (bids, trump, chapter results...). It is exact: two states give the same string
  exactly when they look the same to the seat;
- the observation string is the view as a person reads it (`render`): header, table lines,
  hand, trick, legal moves;
- the tensor (`Layout.encode`; OpenSpiel's information-state and observation tensors alike, and
  PettingZoo's observation) is a fixed-size float32 summary of the same view, described by
  `Layout.pieces` (name, shape) and `Layout.vocab`, and built from the view's declared kinds
  alone (core/view.py: the game's `view_schema`):

    seat, dealer        one-hot over seats
    to_act              one-hot over seats + 1 (the last: nobody)
    deal                the deal number
    scores, hand_sizes  one value a seat (raw points, card counts)
    hand                one bit a card of the deck
    trick               a row a seat: its card in the trick in progress (last column: face down)
    legal               one bit an action id (all zero when the seat is not to act)
    <key>.cards         for every other key whose kind holds cards (a card, cards, an action
                        string): a row a seat, the cards that seat is the owner of in the key's
                        value, and a last row for the rest. The owner of a value is the seat a
                        [seat, ...] item (`Tuple(Seat(), ...)`) begins with, or the seat an item
                        of a `PerSeat` list stands for
    <key>.order         for a key whose kind lists cards in an order of its own (a list of
                        tricks, plays or actions; a pile): the same rows, each card's place among
                        the cards the key lists (1 the first; a card listed twice, its last
                        place). With the rows this keeps who played each card of a trick, and so
                        who showed out: a trick's cards are consecutive places, in play order
    <key>.tokens        the same rows, counting the key's words: each `Word` one of its declared
                        choices, each word of an action string that is no card (the vocabulary:
                        every word of the action table, "<other>" for any other)
    <key>.numbers       the key's numbers where their places are fixed (an int, a bool, a seat, a
                        per-seat or fixed-length list of them, the fields of an object); None is
                        -1. Numbers inside a list of any length (a trick's leader) are left out

  Besides the order of the cards in a key (`.order`), the order of events is not in the tensor
  (the string has it); nor is free text (`Text`, a deal result's detail).

Action ids are the game's own fixed space (Rules.num_actions); `action_table` lists, for every
id, the action string it stands for (or its pattern when the string depends on the position,
with <card> and <n> for the varying parts).
"""

import functools
import json
from collections import defaultdict

import numpy as np

from parlor.core.errors import BadTable
from parlor.core.match import Match
from parlor.core.options import is_int
from parlor.core.registry import game_class, make_rules, text_of
from parlor.core.rng import Rng
from parlor.core.rules import DealContext, Rules
from parlor.core.view import (Action, Bool, Card, Cards, Int, Kind, ListOf, Obj, Optional, PerSeat,
                              Seat, Tuple, View, Word)
from parlor.core.words import seats_of

OTHER = "<other>"
PROBE_SEEDS = (0, 1)  # the matches whose positions name the actions' strings
PROBE_STEPS = 4000  # actions per probe match at most


# --- parameters <-> table options

def _plain_word(text: str) -> bool:
    """Can this string stand as itself in an OpenSpiel game string ("name(k=v,...)")? Not when
    OpenSpiel would read it as a number, a bool or a nested game, nor split it."""
    return (text != "" and text not in ("True", "true", "False", "false")
            and text.strip("+-0123456789.") != "" and not any(ch in text for ch in ",()=;\"'"))


def param_kind(option) -> str:
    """How an option travels as a game parameter: "int", "bool", "str" (a word), or "text": a
    string holding the value as JSON, or as a bare word for a string ("" = the default)."""
    values = list(option.choices) or [option.default]
    if is_int(option.default) and all(is_int(v) for v in values):
        return "int"
    if isinstance(option.default, bool) and all(isinstance(v, bool) for v in values):
        return "bool"
    if all(isinstance(v, str) and _plain_word(v) for v in values + [option.default]):
        return "str"
    return "text"


def param_text(value) -> str:
    """A "text" parameter's value, written so that it survives OpenSpiel's game strings: a
    plain word as itself, a number quoted ("-200"), a list or object as JSON with ';' between
    items ([["1";"2"];["9"]])."""
    if isinstance(value, str) and _plain_word(value):
        return value
    if is_int(value):
        return json.dumps(str(value))
    return json.dumps(value, separators=(";", ":"))


def parse_param_text(option, text: str):
    """The option value of a "text" parameter (JSON with ',' or ';', or a bare word)."""
    value = text
    for attempt in (text, text.replace(";", ",")):
        try:
            value = json.loads(attempt)
            break
        except json.JSONDecodeError:
            continue
    if isinstance(value, str) and value not in option.choices:
        try:
            number = int(value)
        except ValueError:
            return value
        if any(is_int(c) and c == number for c in option.choices):
            return number
    return value


def unbounded(cls: type[Rules]) -> bool:
    """True when the match has no fixed number of deals (it runs to a target)."""
    return cls().max_deals() is None


DEFAULT_MAX_DEALS = 100


def parameter_defaults(cls: type[Rules]) -> dict[str, object]:
    """The game parameters of a game and their defaults: its options (see param_kind), `players`
    where the seat count may vary, `single_deal` and, for matches without a fixed length,
    `max_deals`."""
    params: dict[str, object] = {}
    for opt in cls.option_schema:
        if param_kind(opt) == "text":
            params[opt.name] = "" if opt.default is None else param_text(opt.default)
        else:
            params[opt.name] = opt.default
    reserved = {"players", "single_deal", "max_deals"} & set(params)
    if reserved:
        raise ValueError(f"{cls.id}: option names {sorted(reserved)} clash with adapter parameters")
    if cls.min_seats != cls.max_seats:
        params["players"] = cls.default_seats
    params["single_deal"] = 0
    if unbounded(cls):
        params["max_deals"] = DEFAULT_MAX_DEALS
    return params


def options_from_params(cls: type[Rules], params: dict) -> tuple[dict, int | None]:
    """(table options, seat count) from game parameters (unknown names are an error)."""
    known = set(parameter_defaults(cls))
    unknown = set(params) - known
    if unknown:
        raise BadTable(f"unknown parameter {sorted(unknown)[0]!r} for parlor_{cls.id} "
                        f"(parameters: {', '.join(sorted(known))})")
    options = {}
    for opt in cls.option_schema:
        if opt.name not in params:
            continue
        value = params[opt.name]
        if param_kind(opt) == "text":
            if not isinstance(value, str):
                raise BadTable(f"parameter {opt.name!r} is a string (JSON or a word), not {value!r}")
            if value == "":
                continue
            value = parse_param_text(opt, value)
        options[opt.name] = value
    return options, params.get("players")


def canonical_params(cls: type[Rules], params: dict) -> dict:
    """The parameters with every "text" value rewritten by param_text (round-trips through
    OpenSpiel's game strings)."""
    out = dict(params)
    for opt in cls.option_schema:
        if param_kind(opt) == "text" and out.get(opt.name):
            out[opt.name] = param_text(parse_param_text(opt, out[opt.name]))
    return out


# --- one table

class Table:
    """One table of a game: rules for its options and seat count, and what the adapters derive
    from them once (layout, action table, point sums). Get one with `table()`."""

    def __init__(self, game_id: str, options: dict | None, seats: int | None):
        self.rules = make_rules(game_id, options, seats)
        self.game_id = game_id
        self.seats = self.rules.seats
        self.deck = self.rules.deck
        self.num_actions = self.rules.num_actions

    @functools.cached_property
    def action_table(self) -> list[str]:
        return _action_table(self.rules)

    @functools.cached_property
    def layout(self) -> "Layout":
        return Layout(self.rules, self.action_table)

    @functools.cached_property
    def deal_points_sum(self) -> int | None:
        """The sum of every deal's points when it is the same for every deal (0 in zero-sum
        games), else None. Read from the rules where they say so (zero_sum), else from 32 random
        deals: a game whose deals sum differently shows it at once."""
        if self.rules.zero_sum:
            return 0
        sums = {sum(r.points) for r in random_deal_results(self.rules, 32, 20240901)}
        return sums.pop() if len(sums) == 1 else None


@functools.lru_cache(maxsize=64)
def _table(game_id: str, options_json: str, seats: int | None) -> Table:
    return Table(game_id, json.loads(options_json), seats)


def random_deal_results(rules: Rules, count: int, seed: int) -> list:
    """The DealResults of `count` seeded deals of uniformly random play, deal numbers 1, 2, ...
    round the match, each from zero scores."""
    rng = Rng(seed)
    limit = rules.max_deals() or 1
    out = []
    for i in range(count):
        number, dealer = i % limit + 1, i % rules.seats
        state = rules.start(rules.shuffle_deal(number, dealer, rng.fork()),
                            DealContext(number, dealer, (0,) * rules.seats))
        while rules.to_act(state) >= 0:
            rules.apply_id(state, rng.choice(rules.legal_ids(state)))
        out.append(rules.deal_result(state))
    return out


def table(game_id: str, options: dict | None = None, seats: int | None = None) -> Table:
    """The (cached) Table of a game for these options and seats; BadTable on bad ones."""
    cls = game_class(game_id)
    if seats is None:
        seats = cls.default_seats
    rules = cls(options, seats)  # checks options and seats, and fills in the defaults
    return _table(game_id, json.dumps(rules.options, sort_keys=True), seats)


def action_names(game_id: str, options: dict | None = None, seats: int | None = None) -> list[str]:
    """Action id -> the action string (or its pattern), for ids 0..num_actions-1."""
    return list(table(game_id, options, seats).action_table)


# --- strings

def view_string(view: View) -> str:
    """The information-state string: the view as canonical JSON."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def render(rules: Rules, view: View) -> str:
    """The view as a person reads it: what the line mode shows for a seat."""
    who, words = seats_of(view), text_of(rules)
    seat = view["seat"]
    lines = [f"{rules.title}, deal {view['deal']}: {who(seat)}'s view, dealer {who(view['dealer'])}"]
    lines.append("Scores: " + "  ".join(f"{who(s)} {v}" for s, v in enumerate(view["scores"])))
    lines += words.table_lines(view)
    if view["trick"]:
        lines.append("Trick: " + ", ".join(f"{who(s)} {c}" for s, c in view["trick"]))
    hand = []
    for code in view["hand"]:
        role = words.card_role(view, code)
        hand.append(f"{code} ({role.words})" if role else code)
    lines.append("Hand: " + (" ".join(hand) or "(empty)"))
    to_act = view["to_act"]
    if to_act is None:
        lines.append("The deal is over.")
    elif view["legal"]:
        lines.append("To act: " + who(to_act) + ". Legal: " + ", ".join(view["legal"]))
    else:
        lines.append("To act: " + who(to_act))
    return "\n".join(lines)


# --- the action table

def _action_table(rules: Rules) -> list[str]:
    """The action string of every id, from the positions of two seeded random matches: an id
    whose string depends on the position gets its pattern, <card> and <n> for what varies."""
    index = rules.deck.index
    strings: dict[int, set[str]] = defaultdict(set)
    first_state = None
    for seed in PROBE_SEEDS:
        match = Match(rules, seed)
        if first_state is None:
            first_state = rules.copy(match.state)
        rng = Rng(seed + 7777)
        for _ in range(PROBE_STEPS):
            if match.finished:
                break
            state = match.state
            ids = rules.legal_ids(state)
            for a in ids:
                strings[a].add(rules.action_str(state, a))
            match.apply(rules.action_str(state, rng.choice(ids)))
    out = []
    for a in range(rules.num_actions):
        seen = strings.get(a)
        if not seen:
            try:
                seen = {rules.action_str(first_state, a)}
            except Exception:  # an id whose string needs a position never reached
                out.append("(not reached in the probe matches)")
                continue
        if len(seen) == 1:
            out.append(next(iter(seen)))
            continue
        general = sorted({" ".join("<card>" if w in index else "<n>" if w.isdigit() else w
                                   for w in s.split()) for s in seen})
        out.append(" | ".join(general))
    return out


# --- what a view value's kind puts in the tensor

def _number_count(kind: Kind, n: int) -> int:
    """How many numbers at fixed places a value of this kind has (see _numbers)."""
    if isinstance(kind, (Seat, Int, Bool)):
        return 1
    if isinstance(kind, Optional):
        return _number_count(kind.item, n)
    if isinstance(kind, PerSeat):
        return n * _number_count(kind.item, n)
    if isinstance(kind, ListOf):
        return kind.size * _number_count(kind.item, n) if kind.size is not None else 0
    if isinstance(kind, Tuple):
        return sum(_number_count(k, n) for k in kind.items)
    if isinstance(kind, Obj):
        return sum(_number_count(k, n) for _, k in kind.fields)
    return 0


def _numbers(kind: Kind, value, n: int, out: list[float]) -> None:
    """Append the numbers at fixed places of `value` (None: -1 for each)."""
    count = _number_count(kind, n)
    if not count:
        return
    if value is None:
        out += [-1.0] * count
    elif isinstance(kind, Optional):
        _numbers(kind.item, value, n, out)
    elif isinstance(kind, (PerSeat, ListOf)):
        for v in value:
            _numbers(kind.item, v, n, out)
    elif isinstance(kind, Tuple):
        for k, v in zip(kind.items, value):
            _numbers(k, v, n, out)
    elif isinstance(kind, Obj):
        for name, k in kind.fields:
            _numbers(k, value[name], n, out)
    else:
        out.append(float(value))


def _marks(kind: Kind, value, owner: int, index: dict, cards: list, words: list) -> None:
    """Collect (owner, card) and (owner, word) pairs of `value`, in its order."""
    if value is None:
        return
    if isinstance(kind, Card):
        if value in index:
            cards.append((owner, index[value]))
    elif isinstance(kind, Cards):
        cards += [(owner, index[c]) for c in value if c in index]
    elif isinstance(kind, Action):
        for w in value.split():
            if w in index:
                cards.append((owner, index[w]))
            else:
                words.append((owner, w))
    elif isinstance(kind, Word):
        words.append((owner, value))
    elif isinstance(kind, Optional):
        _marks(kind.item, value, owner, index, cards, words)
    elif isinstance(kind, PerSeat):
        for seat, v in enumerate(value):
            _marks(kind.item, v, seat, index, cards, words)
    elif isinstance(kind, ListOf):
        for v in value:
            _marks(kind.item, v, owner, index, cards, words)
    elif isinstance(kind, Tuple):
        items = list(zip(kind.items, value))
        if items and isinstance(items[0][0], Seat):
            owner = value[0]
        for k, v in items:
            _marks(k, v, owner, index, cards, words)
    elif isinstance(kind, Obj):
        for name, k in kind.fields:
            _marks(k, value[name], owner, index, cards, words)


def _parts(kind: Kind) -> list[Kind]:
    """The kinds a kind is made of."""
    if isinstance(kind, (Optional, PerSeat, ListOf)):
        return [kind.item]
    if isinstance(kind, Tuple):
        return list(kind.items)
    if isinstance(kind, Obj):
        return [k for _, k in kind.fields]
    return []


def _has_cards(kind: Kind) -> bool:
    return isinstance(kind, (Card, Cards, Action)) or any(_has_cards(k) for k in _parts(kind))


def _ordered(kind: Kind, listed: bool = False) -> bool:
    """Does this kind list cards in an order of its own (inside a list of any length, or a pile)?"""
    if isinstance(kind, Cards) and kind.ordered:
        return True
    if listed and _has_cards(kind):
        return True
    listed = listed or isinstance(kind, ListOf) and kind.size is None
    return any(_ordered(k, listed) for k in _parts(kind))


def _vocab(kind: Kind, action_words: set[str]) -> set[str]:
    if isinstance(kind, Word):
        return set(kind.choices)
    if isinstance(kind, Action):
        return set(action_words)
    return set().union(*(_vocab(k, action_words) for k in _parts(kind)))


# --- the tensor

class Layout:
    """The fixed tensor layout of one table (see the module docstring)."""

    def __init__(self, rules: Rules, action_table: list[str]):
        n, d = rules.seats, rules.deck.size
        self.seats, self.deck_size, self.index = n, d, rules.deck.index
        pieces = [("seat", (n,)), ("dealer", (n,)), ("to_act", (n + 1,)), ("deal", (1,)),
                  ("scores", (n,)), ("hand", (d,)), ("hand_sizes", (n,)), ("trick", (n, d + 1)),
                  ("legal", (rules.num_actions,))]
        action_words = {w for text in action_table for w in text.split()
                        if w not in self.index and w not in ("<card>", "<n>", "|")}
        self.vocab: dict[str, dict[str, int]] = {}
        self.extra: list[tuple[str, Kind, bool, bool, int]] = []  # key, kind, cards?, order?, numbers
        for key, kind in sorted(rules.view_schema.items()):
            cards, ordered = _has_cards(kind), _ordered(kind)
            words = sorted(_vocab(kind, action_words))
            numbers = _number_count(kind, n)
            if cards:
                pieces.append((f"{key}.cards", (n + 1, d)))
            if ordered:
                pieces.append((f"{key}.order", (n + 1, d)))
            if words:
                self.vocab[key] = {w: i for i, w in enumerate(words + [OTHER])}
                pieces.append((f"{key}.tokens", (n + 1, len(words) + 1)))
            if numbers:
                pieces.append((f"{key}.numbers", (numbers,)))
            self.extra.append((key, kind, cards, ordered, numbers))
        self.pieces = pieces
        self.offsets = {}
        at = 0
        for name, shape in pieces:
            self.offsets[name] = at
            at += int(np.prod(shape))
        self.size = at

    def new(self) -> np.ndarray:
        return np.zeros(self.size, np.float32)

    def views(self, tensor: np.ndarray) -> dict:
        """Name -> a reshaped view into `tensor` (OpenSpiel's observer dict)."""
        return {name: tensor[self.offsets[name]:self.offsets[name] + int(np.prod(shape))].reshape(shape)
                for name, shape in self.pieces}

    def encode(self, view: View, legal_ids=(), out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of a view; `legal_ids` are the ids of view["legal"] (the caller holds the
        state that names them). A key the view lacks reads as None."""
        t = self.new() if out is None else out
        if out is not None:
            t.fill(0.0)
        n, d, off, index = self.seats, self.deck_size, self.offsets, self.index
        seat = view.get("seat")
        if seat is not None:
            t[off["seat"] + seat] = 1.0
        if view.get("dealer") is not None:
            t[off["dealer"] + view["dealer"]] = 1.0
        to_act = view.get("to_act")
        t[off["to_act"] + (n if to_act is None else to_act)] = 1.0
        t[off["deal"]] = view.get("deal", 0) or 0
        for s, v in enumerate(view.get("scores") or ()):
            t[off["scores"] + s] = v
        for code in view.get("hand") or ():
            c = index.get(code)
            if c is not None:
                t[off["hand"] + c] = 1.0
        for s, v in enumerate(view.get("hand_sizes") or ()):
            t[off["hand_sizes"] + s] = v
        for s, code in view.get("trick") or ():
            c = index.get(code, d)
            t[off["trick"] + s * (d + 1) + c] = 1.0
        if view.get("legal"):
            for a in legal_ids:
                t[off["legal"] + a] = 1.0
        for key, kind, has_cards, ordered, numbers in self.extra:
            value = view.get(key)
            if numbers:
                nums: list[float] = []
                _numbers(kind, value, n, nums)
                at = off[f"{key}.numbers"]
                t[at:at + numbers] = nums
            cards: list[tuple[int, int]] = []
            words: list[tuple[int, str]] = []
            _marks(kind, value, n, index, cards, words)
            if has_cards and cards:
                at = off[f"{key}.cards"]
                for owner, c in cards:
                    t[at + owner * d + c] = 1.0
                if ordered:
                    at = off[f"{key}.order"]
                    for place, (owner, c) in enumerate(cards, 1):
                        t[at + owner * d + c] = place
            if words:
                vocab = self.vocab[key]
                width = len(vocab)
                at = off[f"{key}.tokens"]
                other = vocab[OTHER]
                for owner, w in words:
                    t[at + owner * width + vocab.get(w, other)] += 1.0
        return t
