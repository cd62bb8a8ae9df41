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
  `Layout.pieces` (name, shape) and `Layout.vocab`:

    seat, dealer        one-hot over seats
    to_act              one-hot over seats + 1 (the last: nobody)
    deal                the deal number
    scores, hand_sizes  one value a seat (raw points, card counts)
    hand                one bit a card of the deck
    trick               a row a seat: its card in the trick in progress (last column: face down)
    legal               one bit an action id (all zero when the seat is not to act)
    <key>.cards         for every other view key that holds cards: a row a seat (cards named in
                        an item [seat, ...] of that key) and a last row for the rest
    <key>.order         for a key that lists cards in an order of its own (tricks, histories,
                        logs): the same rows, each card's place among the cards the key lists
                        (1 the first; a card listed twice, its last place). With the rows this
                        keeps who played each card of a trick, and so who showed out: a trick's
                        cards are consecutive places, in play order from the leader
    <key>.tokens        the same rows, counting the key's other words ("pass", "bid1", "S"...)
    <key>.numbers       a number, or a list of numbers (None is -1), held by that key

  Which keys hold cards, words or numbers, and the words' vocabulary, come from views of two
  seeded random matches of the same table, so a table always has the same layout; the words of
  every action string are always in the vocabulary, and a word seen in neither counts in the
  column "<other>". Besides the order of the cards in a key (`.order`), the order of events is
  not in the tensor (the string has it). A key whose items are objects (Meri's tricks) keeps its
  cards in the last row: there the leaders follow from the rules (the winner of a trick leads the
  next), not from the tensor's rows.

Action ids are the game's own fixed space (Rules.num_actions); `action_table` lists, for every
id, the action string it stands for (or its pattern when the string depends on the position,
with <card> and <n> for the varying parts).
"""

import functools
import json
from collections import Counter, defaultdict

import numpy as np

from parlor.core.errors import BadTable
from parlor.core.match import Match
from parlor.core.options import is_int
from parlor.core.registry import game_class, make_rules
from parlor.core.rng import Rng
from parlor.core.rules import DealContext, Rules, seat_name

COMMON_KEYS = frozenset(("game", "seat", "seats", "deal", "dealer", "to_act", "scores", "hand",
                         "hand_sizes", "trick", "legal", "names"))
OTHER = "<other>"
MAX_VOCAB = 256  # words per key; rarer ones count as <other>
PROBE_SEEDS = (0, 1)
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


def parameter_defaults(cls: type[Rules]) -> dict:
    """The game parameters of a game and their defaults: its options (see param_kind), `players`
    where the seat count may vary, `single_deal` and, for matches without a fixed length,
    `max_deals`."""
    params = {}
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
    def _probe(self) -> "_Probe":
        return _Probe(self.rules)

    @functools.cached_property
    def layout(self) -> "Layout":
        return Layout(self.rules, self._probe)

    @functools.cached_property
    def action_table(self) -> list[str]:
        return self._probe.action_table()

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

def view_string(view: dict) -> str:
    """The information-state string: the view as canonical JSON."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def render(rules: Rules, view: dict) -> str:
    """The view as a person reads it: what the line mode shows for a seat."""
    seat = view["seat"]
    lines = [f"{rules.title}, deal {view['deal']}: {seat_name(view, seat)}'s view, "
             f"dealer {seat_name(view, view['dealer'])}"]
    lines.append("Scores: " + "  ".join(f"{seat_name(view, s)} {v}" for s, v in enumerate(view["scores"])))
    lines += rules.table_lines(view)
    if view["trick"]:
        lines.append("Trick: " + ", ".join(f"{seat_name(view, s)} {c}" for s, c in view["trick"]))
    hand = []
    for code in view["hand"]:
        role = rules.card_role(view, code)
        hand.append(f"{code} ({role})" if role else code)
    lines.append("Hand: " + (" ".join(hand) or "(empty)"))
    to_act = view["to_act"]
    if to_act is None:
        lines.append("The deal is over.")
    elif view["legal"]:
        lines.append("To act: " + seat_name(view, to_act) + ". Legal: " + ", ".join(view["legal"]))
    else:
        lines.append("To act: " + seat_name(view, to_act))
    return "\n".join(lines)


# --- probing the game's views

def _numeric(value) -> bool:
    return value is None or isinstance(value, (int, float))  # bool is an int


def _flat_numbers(value) -> list | None:
    """The numbers of a scalar or a flat list of numbers (None -> -1), else None."""
    if isinstance(value, list):
        if value and all(_numeric(v) for v in value) and any(v is not None for v in value):
            return [-1.0 if v is None else float(v) for v in value]
        return None
    if value is None or not _numeric(value):
        return None
    return [float(value)]


def _walk(value, owner: int, seats: int, index: dict, cards: list, words: list) -> None:
    """Collect (owner, card) and (owner, word) pairs from a view value. A list [seat, ...] makes
    `seat` the owner of what follows it; numbers elsewhere are skipped."""
    if isinstance(value, str):
        for word in value.split():
            c = index.get(word)
            if c is None:
                words.append((owner, word))
            else:
                cards.append((owner, c))
    elif isinstance(value, list):
        if len(value) >= 2 and is_int(value[0]) and 0 <= value[0] < seats:
            owner, value = value[0], value[1:]
        for v in value:
            _walk(v, owner, seats, index, cards, words)
    elif isinstance(value, dict):
        for v in value.values():
            _walk(v, owner, seats, index, cards, words)


class _Probe:
    """Views and legal actions of two seeded random matches of one table."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.has_cards: set[str] = set()
        self.ordered: set[str] = set()  # keys seen listing cards out of deck order
        self.words: dict[str, Counter] = defaultdict(Counter)
        self.numbers: dict[str, int] = {}
        self.strings: dict[int, set[str]] = defaultdict(set)
        self.first_state = None
        self.action_words: set[str] = set()  # every word of an action string (not a card)
        index, seats = rules.deck.index, rules.seats
        for seed in PROBE_SEEDS:
            match = Match(rules, seed)
            if self.first_state is None:
                self.first_state = rules.copy(match.state)
            rng = Rng(seed + 7777)
            step = 0
            while True:
                views = ([match.view(s) for s in range(seats)] if match.finished
                         else [match.view(step % seats)])
                for view in views:
                    self._note(view, index, seats)
                if match.finished or step >= PROBE_STEPS:
                    break
                state = match.state
                ids = rules.legal_ids(state)
                for a in ids:
                    self.strings[a].add(rules.action_str(state, a))
                match.apply(rules.action_str(state, rng.choice(ids)))
                step += 1
        for text in self.action_table():
            self.action_words.update(w for w in text.split()
                                     if w not in index and w not in ("<card>", "<n>", "|"))

    def _note(self, view: dict, index: dict, seats: int) -> None:
        for key, value in view.items():
            if key in COMMON_KEYS:
                continue
            nums = _flat_numbers(value)
            if nums is not None:
                self.numbers[key] = max(self.numbers.get(key, 0), len(nums))
                continue
            cards, words = [], []
            _walk(value, seats, seats, index, cards, words)
            if cards:
                self.has_cards.add(key)
                if any(a > b for (_, a), (_, b) in zip(cards, cards[1:])):
                    self.ordered.add(key)
            if words:
                self.words[key].update(w for _, w in words)

    @functools.cache
    def action_table(self) -> list[str]:
        rules, index = self.rules, self.rules.deck.index
        out = []
        for a in range(rules.num_actions):
            seen = self.strings.get(a)
            if not seen:
                try:
                    seen = {rules.action_str(self.first_state, a)}
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


# --- the tensor

class Layout:
    """The fixed tensor layout of one table (see the module docstring)."""

    def __init__(self, rules: Rules, probe: _Probe):
        n, d = rules.seats, rules.deck.size
        self.seats, self.deck_size, self.index = n, d, rules.deck.index
        pieces = [("seat", (n,)), ("dealer", (n,)), ("to_act", (n + 1,)), ("deal", (1,)),
                  ("scores", (n,)), ("hand", (d,)), ("hand_sizes", (n,)), ("trick", (n, d + 1)),
                  ("legal", (rules.num_actions,))]
        self.vocab: dict[str, dict[str, int]] = {}
        self.extra: list[tuple[str, bool, bool, bool, int]] = []  # key, cards?, order?, words?, numbers
        keys = sorted(set(probe.has_cards) | set(probe.words) | set(probe.numbers))
        for key in keys:
            cards = key in probe.has_cards
            ordered = key in probe.ordered
            words = key in probe.words
            numbers = probe.numbers.get(key, 0)
            if cards:
                pieces.append((f"{key}.cards", (n + 1, d)))
            if ordered:
                pieces.append((f"{key}.order", (n + 1, d)))
            if words:
                common = sorted(probe.words[key].items(), key=lambda kv: (-kv[1], kv[0]))
                seen = {w for w, _ in common[:MAX_VOCAB]}
                vocab = sorted(seen | probe.action_words) + [OTHER]
                self.vocab[key] = {w: i for i, w in enumerate(vocab)}
                pieces.append((f"{key}.tokens", (n + 1, len(vocab))))
            if numbers:
                pieces.append((f"{key}.numbers", (numbers,)))
            self.extra.append((key, cards, ordered, words, numbers))
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

    def encode(self, view: dict, legal_ids=(), out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of a view; `legal_ids` are the ids of view["legal"] (the caller holds the
        state that names them). Keys a view lacks leave their piece zero."""
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
        for key, has_cards, ordered, has_words, numbers in self.extra:
            value = view.get(key)
            if value is None and not numbers:
                continue
            nums = _flat_numbers(value)
            if nums is not None:
                if numbers:
                    at = off[f"{key}.numbers"]
                    for i, v in enumerate(nums[:numbers]):
                        t[at + i] = v
                continue
            if value is None:
                if numbers:
                    t[off[f"{key}.numbers"]] = -1.0
                continue
            cards, words = [], []
            _walk(value, n, n, index, cards, words)
            if has_cards and cards:
                at = off[f"{key}.cards"]
                for owner, c in cards:
                    t[at + owner * d + c] = 1.0
                if ordered:
                    at = off[f"{key}.order"]
                    for place, (owner, c) in enumerate(cards, 1):
                        t[at + owner * d + c] = place
            if has_words and words:
                vocab = self.vocab[key]
                width = len(vocab)
                at = off[f"{key}.tokens"]
                other = vocab[OTHER]
                for owner, w in words:
                    t[at + owner * width + vocab.get(w, other)] += 1.0
        return t
