"""The terminal table's model: the match, the computer players, and what the screen needs to
know about a seat's view. Nothing here imports Textual; widgets only draw what this gives them.

The game lives in a `Match` (the authority); the person's widgets get `Session.view(seat)`,
which is that seat's view and nothing more.
"""

from dataclasses import dataclass, field

from parlor.bots import bot_names, make_bot, play_safely
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.core.rules import name_seats
from parlor.session import STRONGEST_FIRST, default_level, fresh_seed, seat_names, why_not

DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5)


def strongest_level() -> str | None:
    names = bot_names()
    return next((n for n in STRONGEST_FIRST if n in names), None)


@dataclass
class TableConfig:
    """Everything the start screen decides."""
    game: str
    options: dict = field(default_factory=dict)
    seats: int | None = None
    human: int = 0
    levels: list[str] = field(default_factory=list)  # per seat; the person's entry is unused
    delay: float = 0.6
    seed: int | None = None
    auto_forced: bool = True  # play the person's only legal move for them


class Session:
    """One table: a Match, who sits where, and the computer players with their generators."""

    def __init__(self, config: TableConfig, match: Match | None = None):
        self.config = config
        if match is None:
            rules = make_rules(config.game, config.options, config.seats)
            match = Match(rules, self._seed())
        self.match = match
        self.rules = match.rules
        n = self.rules.seats
        if not 0 <= config.human < n:
            config.human = 0
        self.human = config.human
        config.seats = n
        config.game = self.rules.id
        config.options = dict(self.rules.options)
        lv = list(config.levels) or [default_level()]
        self.levels = [lv[s % len(lv)] for s in range(n)]
        self.bot_errors: list[str] = []
        self.names = match.names = seat_names(n, self.human, match.names)
        self._make_bots()

    def _seed(self) -> int:
        if self.config.seed is not None:
            return self.config.seed
        return fresh_seed()

    def _make_bots(self) -> None:
        rules, seed = self.rules, self.match.seed
        self.bots = {s: make_bot(self.levels[s], rules) for s in range(rules.seats) if s != self.human}
        self.rngs = {s: Rng(seed * 1000 + s + 1) for s in range(rules.seats)}
        self.generation = getattr(self, "generation", 0) + 1  # moves computed before a restart are dropped

    # --- reading
    def view(self, seat: int | None = None) -> dict:
        seat = self.human if seat is None else seat
        return dict(self.match.view(seat), names=self.names)

    def to_act(self) -> int | None:
        return self.match.to_act()

    def human_to_act(self) -> bool:
        return self.match.to_act() == self.human

    def why_not(self, code: str) -> str:
        """Why the person's card `code` makes no legal move now, in the rules' own words where a
        move of that card (play, discard...) names it."""
        reason = why_not(self.rules, self.match.state, self.match.legal(), code)
        return (f"{code} cannot be played now: {name_seats(reason, self.names, self.human)}."
                if reason else f"{code} cannot be played now.")

    def not_your_turn(self) -> str:
        """Why the person cannot move now, naming who is to act (as the web server does)."""
        seat = self.match.to_act()
        return "The match is over." if seat is None else f"It is not your turn: {self.names[seat]} is to act."

    # --- playing
    def choose(self, seat: int, view: dict) -> str:
        """A computer player's move from its own seat's view (safe to call in a thread). A bot
        that fails or names an illegal move is replaced for that move by a random legal one,
        and the failure is kept in `bot_errors` for the screen to report: the game goes on."""
        action, problem = play_safely(self.bots[seat], view, self.rngs[seat])
        if problem:
            self.bot_errors.append(f"{self.names[seat]}'s {self.levels[seat]} player {problem}")
        return action

    def apply(self, action: str) -> None:
        self.match.apply(action)

    def restart(self, seed: int | None = None) -> None:
        """A new match at the same table: scores cleared, new deals."""
        self.config.seed = seed
        self.match = Match(self.rules, self._seed(), names=self.names)
        self._make_bots()

    def hint(self, rng: Rng | None = None) -> tuple[str | None, str]:
        """(the suggested move, why) for the person; (None, reason) when there is none."""
        view = self.match.view(self.human)
        if not view["legal"]:
            return None, self.not_your_turn()
        rng = rng or Rng(len(self.match.actions) + 1)
        try:
            from parlor.bots.hints import hint
        except ImportError:
            hint = None
        if hint is not None:
            try:
                found = hint(self.rules, view, level="strong", rng=rng)
            except Exception as e:  # noqa: BLE001 - no hint is better than no game
                return None, f"No hint: the hint player failed ({type(e).__name__}: {e})."
            if found:
                return found[0]["action"], found[0].get("reason", "")
        level = strongest_level()
        if level is None:
            return None, "Hints are not available: no computer player strong enough to ask."
        return make_bot(level, self.rules).choose(view, rng), f"what the {level} player would do"


# --- the person's legal moves, grouped for the screen

@dataclass
class Moves:
    by_card: dict[str, list[str]]  # a card in hand -> the legal moves that name it alone
    buttons: list[str]  # moves that name no card: pass, bid 2, draw stock, trump S...
    groups: dict[str, list[str]]  # a verb whose moves name several cards -> all its moves
    legal: list[str]


def card_tokens(action: str, deck) -> list[str]:
    return [w for w in action.split(" ") if deck.card(w) is not None]


def group_moves(legal: list[str], hand: list[str], deck) -> Moves:
    """Sort legal action strings for a generic table: a move naming one card of the hand goes on
    that card; a move naming several cards goes in its verb's list; any other is a button."""
    held = set(hand)
    by_card: dict[str, list[str]] = {}
    buttons: list[str] = []
    groups: dict[str, list[str]] = {}
    multi_verbs = {a.split(" ")[0] for a in legal if len(card_tokens(a, deck)) > 1}
    for a in legal:
        cards = card_tokens(a, deck)
        verb = a.split(" ")[0]
        if verb in multi_verbs:
            groups.setdefault(verb, []).append(a)
        if len(cards) == 1 and cards[0] in held:
            by_card.setdefault(cards[0], []).append(a)
        elif not cards:
            buttons.append(a)
        elif verb not in multi_verbs:
            buttons.append(a)
    return Moves(by_card, buttons, groups, list(legal))


# --- reading common shapes out of views

def seat_facts(view: dict, seat: int) -> list[str]:
    """Short public facts about a seat: its bid, tricks won (games that have them)."""
    facts = []
    n = view["seats"]
    bids = view.get("bids")
    if isinstance(bids, list) and len(bids) == n and all(b is None or isinstance(b, int) for b in bids):
        if bids[seat] is not None:
            facts.append(f"bid {bids[seat]}")
    elif isinstance(bids, list):
        said = [b[1] for b in bids if isinstance(b, list) and len(b) == 2 and b[0] == seat]
        if said:
            facts.append(str(said[-1]))
    for key in ("declarations",):
        said = [b[1] for b in view.get(key) or [] if isinstance(b, list) and len(b) == 2 and b[0] == seat]
        if said:
            facts.append(str(said[-1]))
    won = view.get("tricks_won")
    if isinstance(won, list) and len(won) == n and all(isinstance(w, int) for w in won):
        facts.append(f"won {won[seat]}")
    return facts


SHOWN_CARDS = (("upcard", "up"), ("turned", "turned"), ("indicator", "trump"),
               ("discard_pile", "pile"))


def shown_cards(view: dict, deck) -> list[tuple[str, str]]:
    """Face-up cards beside the trick: the up card, the turned card, the trump indicator, the
    top of a discard pile, as (label, code)."""
    out = []
    for key, label in SHOWN_CARDS:
        v = view.get(key)
        if isinstance(v, list):
            v = v[-1] if v else None
        if isinstance(v, str) and deck.card(v) is not None:
            state = view.get(f"{key}_state")  # Yokir's up card: face up, picked, turned down
            out.append((state.split()[-1] if isinstance(state, str) and state else label, v))
    return out
