"""Every registered parlor game as an OpenSpiel game: importing this module registers
`parlor_<id>` (parlor_yokir, parlor_tor, parlor_joker, parlor_meri, ...) with pyspiel.

    import pyspiel
    import parlor.integrations.openspiel
    game = pyspiel.load_game("parlor_joker", {"schedule": '[["1","2"]]'})

The game (pyspiel.GameType / GameInfo):
- sequential, imperfect information, explicit chance; reward model REWARDS: `rewards()` are the
  points scored since the previous decision (a deal's points arrive when it ends) and
  `returns()` are the match scores so far; partners in team games share their team's points.
  Utility: zero-sum where every deal's points sum to zero (Rules.zero_sum), constant-sum where
  every deal's points have the same sum and the match has a fixed number of deals (Meri), else
  general-sum. Utility bounds: deals x Rules.deal_points_bounds().
- Actions: the game's own fixed ids 0..Rules.num_actions-1; `action_names(game)` lists the
  action string of every id (see encoding.action_table).
- Chance: the first dealer, where the rules draw one (a chance node over the seats), then every
  deal card by card: each card of the deck, uniformly from those left, to its place in turn:
  one card to each seat from the dealer's left, round after round, then the undealt pile top
  first. Every game's own shuffle is uniform, so these deals have the rules' distribution.
  Chance outcomes are card numbers (deck order, as in the game's rules file) or seats.
- Parameters: every table option (integers and words as themselves; an option whose values
  mix types or are lists, like Joker's `shtanga`, `first_dealer` and `schedule`, as a string:
  a bare word, a quoted number, or JSON, with ';' allowed for ',' so that it fits in a game
  string: shtanga=per_card, shtanga="-100", schedule=[["1";"2"];["9"]]; "" for the default.
  See encoding.param_text); `players` where the seat count may vary
  (Tőr); `single_deal` (0 = the whole match, the default; k >= 1 = deal k alone, from zero
  scores: a one-deal game, returns = that deal's points); and, for matches without a fixed
  length (Yokir plays to a target), `max_deals` (default 100): the match stops after that many
  deals with the scores it has.
- max_game_length = deals x Rules.max_actions_per_deal, which bounds random play but is NOT a
  true bound in Tőr: its rules let a deal go on for ever (a seat may take the top discard and
  discard it again a turn later without touching the stock; games/tor/rules.py), so a Tőr
  game can run past max_game_length and max_history_length. pyspiel has no way to declare a
  game unbounded (GameInfo.max_game_length is a number), so code that needs a bound (buffers
  sized by max_history_length, rollouts or training episodes) must cap Tőr's episodes itself.
- Information state: the seat's view (encoding.view_string), exact and perfect-recall within
  the deal: the view keeps the deal's whole public history and all the seat has seen of its own
  cards (Joker's trump chooser keeps `first_three`, the cards he chose from). Earlier
  deals reach it only through what the view keeps of them (scores, and the facts the rules
  carry over, like Joker's chapter results): a seat does not recall its own cards of an
  earlier deal. That is no loss for play (every deal is dealt afresh) but the information
  state is not perfect-recall across deals.
- Observation: the view as text (encoding.render). Tensors (both): encoding.Layout.
- resample_from_infostate(player, sampler): a state that looks the same to `player`: the world
  Rules.sample_world(view, rng) draws (rng seeded from the sampler), dealt to the match: the
  hidden cards go wherever the seat cannot rule them out, never where it can. It is NOT exactly
  uniform over the states consistent with the information state, as OpenSpiel asks: uniform
  while the seat's knowledge constrains nothing, but when it does (a seat shown out of a suit)
  core/sampling.place_cards makes 20 uniform tries (exact when one fits) and then falls back to
  a randomized greedy placement that is biased (about 5% of Joker resamples in random play);
  Meri's and Tőr's resamplers have quick placements of their own, consistent but not exactly
  uniform either. The sampled state carries the match's public context (returns() are the match
  scores so far; rewards() are zero until points are next scored) but its history() is EMPTY
  (the true history would tell what the seat cannot know): code that replays or keys on
  history() must not use it; strings, tensors, legal actions and playing on all work.
"""

import functools
import json

import pyspiel

from parlor.core.errors import ActionError, BadTable
from parlor.core.match import Match
from parlor.core.registry import game_class, games
from parlor.core.rng import Rng
from parlor.core.rules import Deal, DealResult, Rules

from . import encoding

FIRST, DEALING, PLAY, OVER = range(4)
_INFO_OBS = dict(perfect_recall=True, public_info=True,
                 private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)


# --- the first dealer

class _Unscripted(Exception):
    pass


class _Scripted(Rng):
    """An Rng whose below(n) answers a chosen value: it shows how the rules draw the dealer."""

    __slots__ = ("pick", "asked")

    def __init__(self, pick: int):
        super().__init__(0)
        self.pick = pick
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        if self.pick >= n or len(self.asked) > 1:
            raise _Unscripted
        return self.pick

    def next_u64(self) -> int:
        raise _Unscripted


def first_dealers(rules: Rules) -> tuple[int, list[int]]:
    """(fixed dealer, []) when the rules fix the first dealer; (-1, dealer by outcome) when
    they draw it with one rng.below(n): a chance node with n equally likely outcomes."""
    probe = _Scripted(0)
    try:
        dealer = rules.first_dealer(None, probe)
    except _Unscripted:
        dealer = None
    if dealer is None:
        raise ValueError(f"{rules.id}: the first dealer is drawn in a way the adapter cannot follow")
    if not probe.asked:
        return dealer, []
    return -1, [rules.first_dealer(None, _Scripted(k)) for k in range(probe.asked[0])]


# --- one game's fixed setup (shared by its states)

class _Setup:
    def __init__(self, game_id: str, params: dict):
        cls = game_class(game_id)
        full = {**encoding.parameter_defaults(cls), **params}
        try:
            options, seats = encoding.options_from_params(cls, full)
            self.table = encoding.table(game_id, options, seats)
        except BadTable as e:
            raise ValueError(str(e)) from None
        rules = self.rules = self.table.rules
        self.game_id, self.params, self.seats = game_id, dict(full), rules.seats
        self.single_deal = full["single_deal"]
        limit = rules.max_deals()
        if limit is None:
            self.cap = full["max_deals"]
            if not encoding.is_int(self.cap) or self.cap < 1:
                raise ValueError(f"max_deals must be at least 1, not {self.cap!r}")
        else:
            self.cap = limit
        if not encoding.is_int(self.single_deal) or not 0 <= self.single_deal <= self.cap:
            raise ValueError(f"single_deal must be 0 (the whole match) or a deal from 1 to {self.cap}")
        self.deals = 1 if self.single_deal else self.cap
        self.fixed_dealer, self.dealer_by_outcome = first_dealers(rules)
        lo, hi = rules.deal_points_bounds()
        self.min_utility, self.max_utility = self.deals * lo, self.deals * hi
        total = self.table.deal_points_sum
        fixed_length = self.single_deal or (limit is not None and type(rules).match_over is Rules.match_over)
        self.utility_sum: float | None
        if total == 0:
            self.utility, self.utility_sum = pyspiel.GameType.Utility.ZERO_SUM, 0.0
        elif total is not None and fixed_length:
            self.utility, self.utility_sum = pyspiel.GameType.Utility.CONSTANT_SUM, float(total * self.deals)
        else:
            self.utility, self.utility_sum = pyspiel.GameType.Utility.GENERAL_SUM, None
        # Bounds random play; no true bound where a deal can go on for ever (Tőr): pyspiel
        # cannot say "unbounded", so the docstring tells researchers to cap episodes.
        self.max_game_length = self.deals * rules.max_actions_per_deal
        self.last_deal = self.single_deal or self.cap  # the match plays to it at most
        self._slots: dict[tuple[int, int], tuple] = {}

    def slots(self, number: int, dealer: int) -> tuple:
        """The places of deal `number`, in dealing order: (seat, index) a card, seat -1 the pile."""
        key = (number, dealer)
        if key not in self._slots:
            sizes, pile = self.rules.deal_shape(number)
            n = self.seats
            order = [((dealer + 1 + j) % n, i) for i in range(max(sizes)) for j in range(n)
                     if i < sizes[(dealer + 1 + j) % n]]
            order += [(-1, i) for i in range(pile)]
            self._slots[key] = (tuple(order), tuple(sizes), pile)
        return self._slots[key]

    def max_chance_nodes(self) -> int:
        most = max(len(self.slots(k, 0)[0]) for k in range(1, min(self.cap, 64) + 1))
        return bool(self.dealer_by_outcome) + self.deals * most

@functools.lru_cache(maxsize=64)
def _setup(game_id: str, params_json: str) -> _Setup:
    return _Setup(game_id, json.loads(params_json))


def setup_of(game_id: str, params: dict) -> _Setup:
    return _setup(game_id, json.dumps(params, sort_keys=True))


# --- the state's content

class _Core:
    """Everything a state holds (one attribute of the pyspiel state, copied fast on clone): the
    parlor match, dealt from outside, and the chance nodes before each deal: the first dealer
    (`match` is None until it is drawn) and the cards dealt one by one (`dealt`, `left`)."""

    __slots__ = ("setup", "match", "dealt", "left", "pending")

    def __init__(self, setup: _Setup, match: Match | None):
        self.setup, self.match = setup, match
        self.dealt: list[int] = []
        self.left: list[int] = []
        self.pending = [0] * setup.seats  # points scored since the last decision
        if match is not None and match.state is None:
            self.left = list(range(setup.rules.deck.size))

    @classmethod
    def initial(cls, setup: _Setup) -> "_Core":
        if not setup.dealer_by_outcome:
            return cls(setup, cls._match(setup, setup.fixed_dealer))
        return cls(setup, None)

    @staticmethod
    def _match(setup: _Setup, first_dealer: int, number: int | None = None,
               scores: list[int] | None = None, results: list[DealResult] | None = None) -> Match:
        """The match from deal `number` (by default the game's first) on, waiting for its deal."""
        return Match.dealt_outside(setup.rules, first_dealer, number or setup.single_deal or 1,
                                   setup.last_deal, scores, results)

    def __deepcopy__(self, memo) -> "_Core":
        c = _Core.__new__(_Core)
        c.setup, c.match = self.setup, None if self.match is None else self.match.copy()
        c.dealt, c.left, c.pending = self.dealt[:], self.left[:], self.pending[:]
        return c

    def __getstate__(self):
        return {"setup": (self.setup.game_id, self.setup.params), "match": self.match,
                "dealt": self.dealt, "left": self.left, "pending": self.pending}

    def __setstate__(self, data):
        self.setup = setup_of(*data["setup"])
        self.match, self.dealt, self.left, self.pending = data["match"], data["dealt"], data["left"], data["pending"]
        if self.match is not None:
            self.match.rules = self.setup.rules  # one rules object per game

    # --- where the match stands
    @property
    def live(self) -> Match:
        """The match, once its first dealer is drawn."""
        assert self.match is not None, "the first dealer is not drawn yet"
        return self.match

    @property
    def phase(self) -> int:
        m = self.match
        if m is None:
            return FIRST
        if m.finished:
            return OVER
        return DEALING if m.state is None else PLAY

    @property
    def state(self):
        """The parlor state of the deal in play (or the last one); None while dealing."""
        return None if self.match is None else self.match.state

    @property
    def number(self) -> int:
        """The deal in play or being dealt (0 before the first dealer is drawn)."""
        m = self.match
        if m is None:
            return 0
        return m.deal_number + (m.state is None and not m.finished)

    @property
    def dealer(self) -> int:
        return -1 if self.match is None else self.setup.rules.dealer_of(self.match.first_dealer, self.number)

    @property
    def deal(self) -> Deal | None:
        """The cards of the deal in play, when known."""
        m = self.match
        return None if m is None or m.state is None else m.current_deal

    @property
    def actions(self) -> list[int]:
        """The action ids of the deal in play since it was dealt."""
        return self.live.deal_actions if self.deal is not None else []

    @property
    def scores(self) -> list[int]:
        return [0] * self.setup.seats if self.match is None else self.match.scores

    # --- playing
    def _dealt_card(self, card: int) -> None:
        self.left.remove(card)
        self.dealt.append(card)
        order, sizes, pile_size = self.setup.slots(self.number, self.dealer)
        if len(self.dealt) < len(order):
            return
        hands = [[0] * size for size in sizes]
        pile = [0] * pile_size
        for (seat, i), c in zip(order, self.dealt):
            if seat < 0:
                pile[i] = c
            else:
                hands[seat][i] = c
        ended = len(self.live.results)
        self.live.deal(Deal(self.dealer, hands, pile))
        self._settled(ended)

    def _settled(self, ended: int) -> None:
        """After a step of the match: the points of a deal it ended (results from `ended` on) are
        pending rewards, and the next deal, if any, is dealt card by card."""
        m = self.live
        for result in m.results[ended:]:
            self.pending = [a + b for a, b in zip(self.pending, result.points)]
        if m.state is None and not m.finished:
            self.dealt, self.left = [], list(range(self.setup.rules.deck.size))
        else:
            self.dealt, self.left = [], []

    def apply(self, action: int) -> None:
        rules = self.setup.rules
        phase = self.phase
        if phase == FIRST:
            outcomes = self.setup.dealer_by_outcome
            if not (encoding.is_int(action) and 0 <= action < len(outcomes)):
                raise ValueError(f"{action} is not a first-dealer outcome (0 to {len(outcomes) - 1})")
            self.match = self._match(self.setup, outcomes[action])
            self.left = list(range(rules.deck.size))
        elif phase == DEALING:
            if action not in self.left:
                raise ValueError(f"card {action} is not left to deal")
            self._dealt_card(action)
        elif phase == PLAY:
            if not (encoding.is_int(action) and 0 <= action < rules.num_actions):
                raise ValueError(f"action {action} is illegal: not an action id of this game")
            ended = len(self.live.results)
            try:
                self.live.apply_id(action)
            except ActionError as e:
                raise ValueError(f"action {action} is illegal: {e.reason}") from None
            self.pending = [0] * self.setup.seats
            self._settled(ended)
        else:
            raise ValueError("the game is over")

    # --- what a seat sees
    def view(self, seat: int) -> dict:
        if self.phase in (PLAY, OVER):
            return self.setup.rules.view(self.state, seat)
        n = self.setup.seats
        sizes = [0] * n
        if self.phase == DEALING:
            order = self.setup.slots(self.number, self.dealer)[0]
            for s, _ in order[:len(self.dealt)]:
                if s >= 0:
                    sizes[s] += 1
        return {"game": self.setup.game_id, "seat": seat, "seats": n, "deal": self.number,
                "dealer": None if self.phase == FIRST else self.dealer, "to_act": None,
                "scores": list(self.scores), "hand": [], "hand_sizes": sizes, "trick": [],
                "legal": [], "dealing": len(self.dealt)}

    def legal_ids(self, seat: int) -> list[int]:
        if self.phase == PLAY and self.setup.rules.to_act(self.state) == seat:
            return self.setup.rules.legal_ids(self.state)
        return []

    def text(self, seat: int) -> str:
        if self.phase in (PLAY, OVER):
            return encoding.render(self.setup.rules, self.view(seat))
        title = self.setup.rules.title
        if self.phase == FIRST:
            return f"{title}: drawing the first dealer. Seat {seat}'s view."
        return (f"{title}, deal {self.number}: seat {self.dealer} deals, {len(self.dealt)} cards out. "
                f"Seat {seat}'s view. Scores: {' '.join(map(str, self.scores))}")

    def describe(self) -> str:
        """The whole state, hidden cards included (str(state), for debugging and tests)."""
        s = self.setup
        codes = s.rules.deck.codes
        m = self.match
        first_dealer = -1 if m is None else m.first_dealer
        results = [] if m is None else m.results
        head = (f"parlor_{s.game_id} deal {self.number} of at most {s.deals}; first dealer "
                f"{first_dealer}, dealer {self.dealer}; scores {self.scores}; "
                f"deal points {[r.points for r in results]}")
        lines = [head]
        phase = self.phase
        if phase == FIRST:
            lines.append("drawing the first dealer")
        elif phase == DEALING:
            lines.append("dealt: " + " ".join(codes[c] for c in self.dealt))
        elif self.deal is not None:
            hands = " | ".join(" ".join(codes[c] for c in h) for h in self.deal.hands)
            lines.append(f"hands: {hands}; pile: {' '.join(codes[c] for c in self.deal.pile)}")
            lines.append("actions: " + " ".join(map(str, self.actions)))
        else:  # a deal state given from outside (state_from_parlor): its deal is not known
            lines += [encoding.view_string(s.rules.view(self.state, p)) for p in range(s.seats)]
        if phase == OVER:
            lines.append("the match is over")
        return "\n".join(lines)

    def resampled(self, player: int, rng: Rng) -> "_Core":
        """A core that looks the same to `player`, the rest drawn from what it may know."""
        phase = self.phase
        if phase == FIRST:
            return _Core(self.setup, None)
        if phase == OVER:
            raise ValueError("the game is over: there is nothing to resample")
        m = self.live
        c = _Core(self.setup, self._match(self.setup, m.first_dealer, self.number, m.scores, m.results))
        if phase == DEALING:
            cards = rng.shuffled(range(self.setup.rules.deck.size))
            c.dealt = cards[:len(self.dealt)]
            c.left = sorted(cards[len(self.dealt):])
            return c
        c.live.deal(self.setup.rules.sample_world(self.setup.rules.view(self.state, player), rng))
        return c


def _sampler_seed(sampler) -> int:
    return (int(sampler() * (1 << 32)) << 32) | int(sampler() * (1 << 32))


# --- pyspiel classes

class ParlorState(pyspiel.State):
    """A parlor match (or one deal) as an OpenSpiel state."""

    def __init__(self, game, core: _Core | None = None):
        super().__init__(game)
        self._core = core if core is not None else _Core.initial(game.setup)

    def current_player(self) -> int:
        c = self._core
        if c.phase == PLAY:
            return c.setup.rules.to_act(c.state)
        if c.phase == OVER:
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._core.legal_ids(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        c = self._core
        if c.phase == FIRST:
            n = len(c.setup.dealer_by_outcome)
            return [(k, 1.0 / n) for k in range(n)]
        p = 1.0 / len(c.left)
        return [(card, p) for card in c.left]

    def _apply_action(self, action: int) -> None:
        self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        c = self._core
        if player == pyspiel.PlayerId.CHANCE:
            if c.phase == FIRST:
                return f"first dealer seat {c.setup.dealer_by_outcome[action]}"
            return f"deal {c.setup.rules.deck.codes[action]}"
        if c.state is None:
            return f"action {action}"
        return c.setup.rules.action_str(c.state, action)

    def is_terminal(self) -> bool:
        return self._core.phase == OVER

    def returns(self) -> list[float]:
        return [float(s) for s in self._core.scores]

    def rewards(self) -> list[float]:
        return [float(s) for s in self._core.pending]

    def __str__(self) -> str:
        return self._core.describe()

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "ParlorState":
        """A state that looks exactly the same to `player_id`, drawn by the game's resampler
        (Rules.sample_world) from that seat's view alone; `probability_sampler()` gives floats in
        [0, 1) and seeds the draw. Not exactly uniform over the consistent states when the
        seat's knowledge constrains the hidden cards, and its history() is empty (see the
        module docstring)."""
        core = self._core.resampled(player_id, Rng(_sampler_seed(probability_sampler)))
        return ParlorState(self.get_game(), core)

    # --- for users of the adapter
    def view(self, seat: int) -> dict:
        """Seat `seat`'s parlor view (the source of its strings and tensors)."""
        return self._core.view(seat)

    def deal_number(self) -> int:
        return self._core.number


class _Observer:
    """OpenSpiel's PyObserver protocol over encoding.Layout and the view strings."""

    def __init__(self, setup: _Setup, perfect_recall: bool):
        self.layout = setup.table.layout
        self.perfect_recall = perfect_recall
        self.tensor = self.layout.new()
        self.dict = self.layout.views(self.tensor)

    def set_from(self, state: ParlorState, player: int) -> None:
        core = state._core
        self.layout.encode(core.view(player), core.legal_ids(player), out=self.tensor)

    def string_from(self, state: ParlorState, player: int) -> str:
        core = state._core
        return encoding.view_string(core.view(player)) if self.perfect_recall else core.text(player)


class ParlorGame(pyspiel.Game):
    """Base of the registered parlor_<id> games; subclasses set `game_id`."""

    game_id = ""

    def __init__(self, params=None):
        params = encoding.canonical_params(game_class(self.game_id), dict(params or {}))
        self.setup = setup_of(self.game_id, params)
        s = self.setup
        info = pyspiel.GameInfo(
            num_distinct_actions=s.rules.num_actions,
            max_chance_outcomes=max(s.rules.deck.size, len(s.dealer_by_outcome)),
            num_players=s.seats,
            min_utility=float(s.min_utility),
            max_utility=float(s.max_utility),
            utility_sum=s.utility_sum,
            max_game_length=s.max_game_length)
        super().__init__(game_type(self.game_id, s.utility), info, params)

    def new_initial_state(self) -> ParlorState:
        return ParlorState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.setup.max_chance_nodes()

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"parlor observers take no parameters, not {params}")
        if iig_obs_type is None:
            return _Observer(self.setup, perfect_recall=False)
        if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("parlor games observe one seat's view (public information and that "
                             "seat's private information) only")
        return _Observer(self.setup, perfect_recall=iig_obs_type.perfect_recall)

    # --- documentation helpers
    def action_names(self) -> list[str]:
        return list(self.setup.table.action_table)

    def tensor_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        return list(self.setup.table.layout.pieces)


def action_names(game) -> list[str]:
    """Action id -> action string (or pattern) of a loaded parlor game."""
    return game.action_names()


def params_of(rules: Rules, **extra) -> dict:
    """The game parameters of a parlor table (its options and seat count), plus `extra`."""
    cls = type(rules)
    params = {}
    for opt in cls.option_schema:
        if opt.name in rules.options:
            value = rules.options[opt.name]
            params[opt.name] = encoding.param_text(value) if encoding.param_kind(opt) == "text" else value
    if cls.min_seats != cls.max_seats:
        params["players"] = rules.seats
    params.update(extra)
    return params


def load(rules: Rules, **extra) -> ParlorGame:
    """The OpenSpiel game of a parlor table (pyspiel.load_game with params_of(rules))."""
    return pyspiel.load_game(short_name(rules.id), params_of(rules, **extra))


def deal_game(rules: Rules, number: int) -> ParlorGame:
    """The one-deal game of deal `number` of this table (single_deal=number)."""
    extra = {"single_deal": number}
    if rules.max_deals() is None:
        extra["max_deals"] = max(number, encoding.DEFAULT_MAX_DEALS)
    return load(rules, **extra)


def state_from_view(game: ParlorGame, view: dict, rng: Rng) -> ParlorState:
    """A state of a one-deal game (deal_game) that looks to view["seat"] exactly like `view`: the
    hidden cards drawn by Rules.sample_world(view, rng). Returns are the deal's points from here."""
    setup = game.setup
    if setup.single_deal != view["deal"]:
        raise ValueError(f"the view is of deal {view['deal']}, the game plays deal {setup.single_deal}")
    if view["to_act"] is None:
        raise ValueError("the deal in this view is over")
    match = _in_play(setup, view, None)  # a one-deal game: from zero scores
    match.deal(setup.rules.sample_world(view, rng))
    return ParlorState(game, _Core(setup, match))


def state_from_parlor(game: ParlorGame, parlor_state) -> ParlorState:
    """An OpenSpiel state around a parlor deal state (copied) of the game's table, for tools and
    tests that hold one: the match context is what the deal's view shows (number, dealer,
    scores); the deal itself is not known, so str() lists the seats' views."""
    setup = game.setup
    state = setup.rules.copy(parlor_state)
    view = setup.rules.view(state, 0)
    match = _in_play(setup, view, view["scores"])
    match.take_up(state)
    return ParlorState(game, _Core(setup, match))


def _in_play(setup: _Setup, view: dict, scores: list[int] | None) -> Match:
    """The match waiting for the deal of `view` (its number and dealer)."""
    rules, number = setup.rules, view["deal"]
    first = next(d for d in range(setup.seats) if rules.dealer_of(d, number) == view["dealer"])
    return Match.dealt_outside(rules, first, number, setup.last_deal, scores)


# --- registration

def short_name(game_id: str) -> str:
    return f"parlor_{game_id}"


def game_type(game_id: str, utility) -> pyspiel.GameType:
    cls = game_class(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"parlor {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=cls.max_seats,
        min_num_players=cls.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=encoding.parameter_defaults(cls),
        default_loadable=True,
        provides_factored_observation_string=False)


def register(game_id: str) -> None:
    """Register parlor_<game_id> with pyspiel (once)."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return
    cls = type(f"Parlor_{game_id}_Game", (ParlorGame,), {"game_id": game_id, "__module__": __name__})
    globals()[cls.__name__] = cls  # picklable by name
    utility = setup_of(game_id, {}).utility
    pyspiel.register_game(game_type(game_id, utility), cls)


def registered() -> list[str]:
    """The short names of the parlor games registered with pyspiel."""
    return [short_name(g) for g in games()]


for _game_id in games():
    register(_game_id)
