"""The Rules contract every game implements, and the types it speaks in.

A game is a subclass of `Rules`, instantiated for one table: its seat count and checked options.
Inside, states are whatever is fastest (ints, lists, bitmasks); action ids are small integers;
strings are only the notation at the edges. Everything a front end, a bot, a record or a test
does goes through these methods. `Rules` is generic over the game's state class
(`class YokirRules(Rules[YokirState])`), which has at least what `GameState` says.

Hot path (search bots, benchmarks): `copy`, `to_act`, `legal_ids`, `apply_id` (in place, the
action must be legal). Edges: `legal`, `why_illegal`, `apply` (pure: the old state stays valid),
`view`, `resample` (a game supplies `sample_world`; the core replays the World it gives).

A view is a JSON-ready dict with exactly what one seat may know, of the shape core/view.py
declares: the keys every game has (game, seat, seats, deal, dealer, to_act, scores, hand,
hand_sizes, trick, legal), the shared keys a game has the thing for (tricks, history, face_up,
seat_facts...), each with one shape, and the game's own keys, declared in `view_schema`.

`Rules` is the engine alone: the game's words for people (table lines, card roles, deal results
in sentences, score sheets, card faces) are its text module's (core/text.py).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .cards import Deck
from .errors import ActionError, BadRecord, BadTable, IllegalAction, InvalidAction, shown
from .options import Option, check_options, is_int
from .rng import Rng
from .view import Kind, View
from .words import N_, Reason


@dataclass
class Deal:
    """One deal's cards: hands[s] in the order dealt, pile top first (the game says what it is)."""
    dealer: int
    hands: list[list[int]]
    pile: list[int]


@dataclass
class DealResult:
    dealer: int
    points: list[int]
    detail: str  # the engine's notation of the deal ("seat 2 called L, took 2 tricks"): records'
    # replay reports print it (docs/records.md); people read the game's words said from `data`
    data: dict[str, Any] = field(default_factory=dict)  # the deal's facts (bids, tricks, who called)


@dataclass(frozen=True)
class DealContext:
    """Where a deal stands in its match: what every seat knows before the first action."""
    number: int  # 1-based
    dealer: int
    scores: tuple[int, ...]  # totals before this deal
    results: tuple[DealResult, ...] = ()  # the match's earlier deals


@dataclass(frozen=True)
class World:
    """One deal as it may have been: its cards, where it stands in the match, and its actions
    so far (ids, in order). Replaying it (Rules.replay_world) gives the deal's state now."""
    deal: Deal
    ctx: DealContext
    actions: list[int]


_SEATS = re.compile(r"\b[Ss]eats? (\d+(?:(?:, | and )\d+)*)\b")
# A rules text speaks of seats in the third person; said to the seat itself ("You" is also the
# terminal's name for the person) its verbs agree: "you hold", not "you holds".
_YOU_AGREE = re.compile(r"\b([Yy]ou(?: hold no \w+ but)?) (holds|does|has|is|must play its)\b")
_SECOND_PERSON = {"holds": "hold", "does": "do", "has": "have", "is": "are",
                  "must play its": "must play your"}


def name_seats(text: str, names: list[str] | None, you: int | None = None) -> str:
    """A rules text ("drop by seat 0 (39) burned by seats 2, 3") with the table's names for the
    seat numbers ("drop by Ann (39) burned by Cai, Dee"), for people; unchanged without names.
    Seat `you` is addressed as "you" (a refusal told to the seat that tried the move). For the
    texts that are not words yet: refusal reasons, and the deal results of a game without a text
    module; a game's words name their seats as parameters (core/words.py)."""
    if not names and you is None:
        return text

    def named(m):
        seats = [int(n) for n in re.findall(r"\d+", m.group(1))]
        if you not in seats and (not names or max(seats) >= len(names)):
            return m.group()

        def one(n):
            k = int(n.group())
            return "you" if k == you else names[k] if names and k < len(names) else f"seat {k}"
        return re.sub(r"\d+", one, m.group(1))
    text, said = _SEATS.sub(named, text), None
    while said != text:  # again for a second verb: "you hold no heart but holds a trump"
        said, text = text, _YOU_AGREE.sub(lambda m: f"{m.group(1)} {_SECOND_PERSON[m.group(2)]}", text)
    return text


def plural(n: int, one: str, many: str | None = None) -> str:
    """A count for people: "1 trick", "2 tricks", "2 matches" (`many` where "s" is not enough)."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def team_letter(rules: "Rules | type[Rules]", seat: int) -> str:
    """A seat's team as front ends name it: A or B for two teams, else the team's number; "" in
    games without teams."""
    if rules.team_of is None:
        return ""
    return "AB"[rules.team_of[seat] % 2] if max(rules.team_of) < 2 else str(rules.team_of[seat])


class GameState(Protocol):
    """What the core reads of every game's state (the rest is the game's own)."""
    turn: int  # the seat to act, -1 when the deal is over

    @property
    def ctx(self) -> DealContext: ...

    def copy(self) -> Self: ...


S = TypeVar("S", bound=GameState)
Observe = Callable[[Any, int], None]  # (state, action) just before the action is applied


class Rules(Generic[S]):
    # --- metadata, set by each game
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_seats: ClassVar[int] = 0
    max_seats: ClassVar[int] = 0
    default_seats: ClassVar[int] = 0
    option_schema: ClassVar[tuple[Option, ...]] = ()
    deck: ClassVar[Deck]
    num_actions: ClassVar[int] = 0  # actions are ids 0..num_actions-1
    max_actions_per_deal: ClassVar[int] = 0  # no deal of random play may exceed it
    zero_sum: ClassVar[bool] = False  # every deal's points sum to zero
    team_of: ClassVar[tuple[int, ...] | None] = None  # seat -> team for team games
    # Whether a deal reads the match's earlier deals (DealContext.results); a game that does not
    # is given none: copying them into every deal cost a match of n deals n² (issue 35, F2)
    reads_results: ClassVar[bool] = False
    # View keys about the viewing seat alone (its number, its cards and moves, a fact only it
    # knows about its own hand): spectators never see them, even when every seat's value is the
    # same (core/spectator.py). Games add their own.
    private_view_keys: ClassVar[tuple[str, ...]] = ("seat", "hand", "legal")
    # The kinds of the view's keys beyond the common ones (core/view.py), shared keys included.
    view_schema: ClassVar[dict[str, Kind]] = {}

    def __init__(self, options: dict[str, Any] | None = None, seats: int | None = None) -> None:
        if seats is None:
            seats = self.default_seats
        if not is_int(seats) or not self.min_seats <= seats <= self.max_seats:
            allowed = (str(self.min_seats) if self.min_seats == self.max_seats
                       else f"{self.min_seats} to {self.max_seats}")
            raise BadTable(f"{self.id} is played by {allowed} seats, not {shown(seats)}")
        self.seats: int = seats
        self.options: dict[str, Any] = check_options(self.id, self.option_schema, options)

    # --- bounds the conformance suite checks
    def deal_points_bounds(self) -> tuple[int, int]:
        """Lowest and highest points one seat can gain in one deal."""
        raise NotImplementedError

    # --- the match
    def max_deals(self) -> int | None:
        """The most deals the match can have; None when it runs until a target is reached."""
        return None

    def first_dealer(self, explicit: int | None, rng: Rng) -> int:
        """Dealer of deal 1: `explicit` is the first explicit deal's dealer, if any.
        Default: that dealer, else the first value drawn from the match's generator. The value is
        drawn either way, so an explicit first deal leaves the later deals' seeds unchanged."""
        drawn = rng.below(self.seats)
        return explicit if explicit is not None else drawn

    def dealer_of(self, first_dealer: int, number: int) -> int:
        """Dealer of deal `number` (1-based): one seat on each time."""
        return (first_dealer + number - 1) % self.seats

    def deal_shape(self, number: int) -> tuple[list[int], int]:
        """Hand sizes and pile size of deal `number`."""
        raise NotImplementedError

    def shuffle_deal(self, number: int, dealer: int, rng: Rng) -> Deal:
        """Default (equal hands): card k of the shuffled deck to seat dealer+1+k, one at a time,
        dealer last; the rest is the pile, top first."""
        sizes, _ = self.deal_shape(number)
        cards = list(range(self.deck.size))
        rng.shuffle(cards)
        n, size = self.seats, sizes[0]
        hands: list[list[int]] = [[]] * n
        for j in range(n):  # equal hands: seat dealer+1+j gets cards j, j+n, j+2n, ...
            hands[(dealer + 1 + j) % n] = cards[j:n * size:n]
        return Deal(dealer, hands, cards[n * size:])

    def parse_deal(self, raw: object, number: int, where: str) -> Deal:
        """An explicit deal from a record, checked for shape and deck (not for its dealer)."""
        if not isinstance(raw, dict):
            raise BadRecord(f"{where} must be an object with dealer, hands and pile")
        for key in raw:
            if key not in ("dealer", "hands", "pile"):
                raise BadRecord(f"{where}: unknown field {shown(key)}")
        dealer = raw.get("dealer")
        if not is_int(dealer) or not 0 <= dealer < self.seats:
            raise BadRecord(f"{where}.dealer must be a seat from 0 to {self.seats - 1}")
        sizes, pile_size = self.deal_shape(number)
        hands_raw = raw.get("hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != self.seats:
            raise BadRecord(f"{where}.hands must be {self.seats} lists of cards")
        hands = []
        for s, hand in enumerate(hands_raw):
            cards = self.deck.parse_cards(hand, f"{where}.hands[{s}]")
            if len(cards) != sizes[s]:
                raise BadRecord(f"{where}.hands[{s}] must hold {sizes[s]} cards, not {len(cards)}")
            hands.append(cards)
        pile = self.deck.parse_cards(raw.get("pile", None), f"{where}.pile")
        if len(pile) != pile_size:
            raise BadRecord(f"{where}.pile must hold {pile_size} cards, not {len(pile)}")
        self.deck.check_complete([c for h in hands for c in h] + pile, where)
        return Deal(dealer, hands, pile)

    def deal_to_json(self, deal: Deal) -> dict[str, Any]:
        return {"dealer": deal.dealer, "hands": [self.deck.names(h) for h in deal.hands],
                "pile": self.deck.names(deal.pile)}

    def match_over(self, results: list[DealResult], scores: list[int]) -> bool:
        """After a deal: is the match finished? Default: after max_deals() deals."""
        limit = self.max_deals()
        assert limit is not None, "a game without max_deals says itself when its match is over"
        return len(results) >= limit

    def winners(self, scores: list[int]) -> list[int]:
        """Default: every seat with the top total; nobody when all are equal (a draw)."""
        top = max(scores)
        if all(s == top for s in scores):
            return []
        return [s for s, v in enumerate(scores) if v == top]

    # --- one deal: the hot path
    def start(self, deal: Deal, ctx: DealContext) -> S:
        raise NotImplementedError

    def copy(self, state: S) -> S:
        """An independent copy (search plays on copies). Default: the state's own copy()."""
        return state.copy()

    def to_act(self, state: S) -> int:
        """The seat to act, or -1 when the deal is over. Default: the state's `turn`."""
        return state.turn

    def legal_ids(self, state: S) -> list[int]:
        raise NotImplementedError

    def apply_id(self, state: S, action: int) -> None:
        """Apply a legal action in place. Unchecked: callers pass only ids from legal_ids."""
        raise NotImplementedError

    # --- one deal: the edges
    def action_str(self, state: S, action: int) -> str:
        raise NotImplementedError

    def parse_action(self, state: S, text: str) -> int:
        """The id of an action string, or InvalidAction saying why it names no action of the game
        (UnknownAction when it is in none of the forms of the game's actions). Only the exact
        spelling that action_str gives is accepted."""
        raise NotImplementedError

    def why_illegal_id(self, state: S, action: int) -> str | None:
        """None when the action is legal for the seat to act, else the reason in words.
        The one source of legality: legal_ids is checked against it."""
        raise NotImplementedError

    def public_action(self, state: S, action: int, viewer: int) -> str:
        """The action as seat `viewer` sees it being made (before it is applied).
        Default: in full; games hide what a seat may not see ("discard ??")."""
        return self.action_str(state, action)

    def deal_result(self, state: S) -> DealResult:
        raise NotImplementedError

    def deal_points(self, state: S) -> list[int]:
        """The finished deal's points per seat, as deal_result gives them. Search asks for them at
        the end of every imagined deal; games may answer without building the whole result."""
        return self.deal_result(state).points

    def view(self, state: S, seat: int) -> View:
        raise NotImplementedError

    # The game's sampler, set by each game as `sample_world = worlds.sample_world` and called as
    # `rules.sample_world(view, rng)`: a World that looks exactly like `view` to its seat, the
    # hidden cards drawn from what that seat may know (what the public actions reveal). Depends on
    # the view and rng only. A class variable, not a method: a compiled game's class (mypyc) keeps
    # a function assigned in its body only as a class variable.
    sample_world: ClassVar[Callable[[Any, View, Rng], World]]

    def replay_world(self, world: World, observe: Observe | None = None) -> S:
        """The state `world` reaches: its deal started, its actions replayed. `observe(state,
        action)`, when given, sees each action just before it is applied (search weighs worlds
        by how the others played)."""
        s = self.start(world.deal, world.ctx)
        if observe is None:
            for a in world.actions:
                self.apply_id(s, a)
        else:
            for a in world.actions:
                observe(s, a)
                self.apply_id(s, a)
        return s

    def resample(self, view: View, rng: Rng, observe: Observe | None = None) -> S:
        """A full state that looks exactly like `view` to its seat: a sampled world, replayed."""
        return self.replay_world(self.sample_world(view, rng), observe)

    def public_deal_cards(self, deal: Deal) -> set[int]:
        """Cards whose place in the deal every seat knows from the start (a face-up card).
        Default: pile[0]. The leak test leaves them where they are."""
        return {deal.pile[0]} if deal.pile else set()

    # --- derived
    def deal_over(self, state: S) -> bool:
        return self.to_act(state) < 0

    def legal(self, state: S) -> list[str]:
        return sorted(self.action_str(state, a) for a in self.legal_ids(state))

    def check_action(self, state: S, text: str) -> int:
        """The id of a legal action string, or ActionError with the reason: InvalidAction when
        the text names no action, IllegalAction when the action is not legal here."""
        if self.deal_over(state):
            raise IllegalAction(Reason(N_("the deal is over")))
        if not isinstance(text, str):
            raise InvalidAction(Reason(N_("{text} is not an action string"), text=shown(text)))  # null, not None
        action = self.parse_action(state, text)
        reason = self.why_illegal_id(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    def why_illegal(self, state: S, text: str) -> str | None:
        try:
            self.check_action(state, text)
        except ActionError as e:
            return e.reason
        return None

    def apply(self, state: S, text: str) -> S:
        """A new state with the action applied; the old one is untouched. ActionError if illegal."""
        action = self.check_action(state, text)
        new = self.copy(state)
        self.apply_id(new, action)
        return new
