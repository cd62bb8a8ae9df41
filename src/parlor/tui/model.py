"""The terminal table's model: the table session the start screen sets up, and what the screen
needs to know about a seat's view. Nothing here imports Textual; widgets only draw what this gives
them.

The game lives in a `Match` (the authority); the person's widgets get `Session.view(seat)`,
which is that seat's view and nothing more.
"""

from dataclasses import dataclass, field
from pathlib import Path

from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.text import GameText
from parlor.core.view import View
from parlor.core.words import N_, Seats, said, say
from parlor.session import TableSession, against_computers, default_level, fresh_seed, seat_names

DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5)


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
    ask_first: bool = True  # ask once before a move that is almost surely a slip
    keep_in: Path | None = None  # the folder that keeps an unfinished match as it goes (autosave)


class Session(TableSession):
    """The terminal's table session: one person (`human`) against the computer players, as the
    start screen set it up. The computers think in a thread; a failing one's message waits in
    `bot_errors` for the screen, and `generation` tells a move thought out before a restart."""

    def __init__(self, config: TableConfig, match: Match | None = None):
        self.config = config
        if match is None:
            rules = make_rules(config.game, config.options, config.seats)
            match = Match(rules, self._seed())
        rules = match.rules
        n = rules.seats
        if not 0 <= config.human < n:
            config.human = 0
        self.human = config.human
        config.seats = n
        config.game = rules.id
        config.options = dict(rules.options)
        levels = list(config.levels) or [default_level()]
        super().__init__(match, against_computers(n, self.human, levels),
                         seat_names(n, self.human, match.names))
        self.ask_first = config.ask_first
        self.keep_in = config.keep_in
        self.bot_errors: list[str] = []
        self.generation = 1  # moves computed before a restart are dropped

    def _seed(self) -> int:
        return self.config.seed if self.config.seed is not None else fresh_seed()

    # --- reading
    def view(self, seat: int | None = None) -> View:
        return super().view(self.human if seat is None else seat)

    def said_names(self) -> list[str]:
        """Every seat's name as a score sheet heads its column: the person's "You" said."""
        return [Seats(self.names)(s) for s in range(len(self.names))]

    def human_to_act(self) -> bool:
        return self.match.to_act() == self.human

    def why_not(self, code: str) -> str:
        """Why the person's card `code` makes no legal move now, in the rules' own words where a
        move of that card (play, discard...) names it."""
        reason, card = self.why_refused(self.human, code), self.words.card_words(code)
        return (say("{card} cannot be played now: {reason}.", card=card, reason=reason) if reason else
                say("{card} cannot be played now.", card=card))

    def not_your_turn(self) -> str:
        """Why the person cannot move now, naming who is to act (as the web server does)."""
        refusal = self.turn_refusal()
        return refusal[0].upper() + refusal[1:] + "."

    # --- playing
    def choose(self, seat: int, view: View) -> str:
        """A computer player's move from its own seat's view (safe to call in a thread). A bot
        that fails or names an illegal move is replaced for that move by a random legal one,
        and the failure is kept in `bot_errors` for the screen to report: the game goes on."""
        action, problem = self.computer_move(seat, view, len(self.match.actions))
        if problem:
            self.bot_errors.append(self.problem_words(seat, problem))
        return action

    def restart(self, seed: int | None = None) -> None:
        """A new match at the same table: scores cleared, new deals."""
        self.config.seed = seed
        self.match = Match(self.rules, self._seed(), names=self.names)
        self.generation += 1
        self.keep()  # the match left is no longer kept

    def hint(self) -> tuple[str | None, str]:
        """(the suggested move, why) for the person; (None, reason) when there is none."""
        view = self.match.view(self.human)
        if not view["legal"]:
            return None, self.not_your_turn()
        try:
            found = self.hints(self.human, view, len(self.match.actions))
        except Exception as e:  # noqa: BLE001 - no hint is better than no game
            return None, say("No hint: the hint player failed ({reason}).", reason=type(e).__name__ + ": " + str(e))
        return found[0]["action"], found[0].get("reason", "")


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


# --- reading the shared keys of views (core/view.py)

# The words of a seat's number facts (`seat_facts`), by the fact's name.
def fact_count(name: str, value: int) -> str:
    """A counted fact (a bid, the tricks taken) in words; a fact the terminal has no words for
    as its name and value."""
    if name == "bid":
        return say("bid {count}", count=value)
    if name == "won":
        return say("took {count}", count=value)
    return f"{name} {value}"


def seat_facts(words: GameText, view: View, seat: int, short: bool = False) -> list[str]:
    """A seat's public facts (its `seat_facts`) in the game's words: a bid, a declaration, the
    tricks taken (once the play has begun, as the browser shows them); `short`, in as few words
    as the game has for them (`GameText.fact_short`)."""
    facts = view["seat_facts"][seat] if "seat_facts" in view else {}
    playing = bool(view.get("tricks") or view.get("trick"))
    out = []
    for name, value in facts.items():
        if value is None or (name == "won" and not playing):
            continue
        if isinstance(value, int):
            out.append(fact_count(name, value))
        else:
            out.append(words.fact_short(name, value) if short else words.fact_words(name, value))
    return out


# The terminal's words for face-up cards: a card's state where it has one, else its label.
FACE_UP_WORDS = {"face_up": N_("up"), "picked": N_("picked"), "turned_down": N_("down"),
                 "turned": N_("turned"), "indicator": N_("trump"), "discard_pile": N_("pile")}


def shown_cards(view: View) -> list[tuple[str, str]]:
    """The face-up cards beside the trick (the up card, the turned card, the trump indicator,
    a discard pile's top) as (label, code)."""
    out = []
    for entry in view.get("face_up") or ():
        if entry["cards"]:
            word = entry["state"] or entry["label"]
            out.append((said(FACE_UP_WORDS[word]) if word in FACE_UP_WORDS else word.replace("_", " "),
                        entry["cards"][-1]))
    return out
