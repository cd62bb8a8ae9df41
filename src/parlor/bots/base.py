"""The bot contract and the table of bots by name.

A bot is built for one table (`Bot(rules)`) and answers `choose(view, rng) -> action string` for
the seat whose view it is given. The view is exactly what that seat may know (Rules.view) and lists
its legal actions; the rng is the bot's only source of chance. A bot never receives the true state.

Names in the table: `random`, `rules` (each game's heuristic player), `search` (one information-set
search for every game) and the levels a person picks: `beginner`, `casual`, `strong`, `expert`.
A name may carry settings for experiments: `search:iterations=400:mode=flat`. An unknown bot, a
setting it does not have or a value the setting does not allow raises BadSettings when the bot is
made; any other error from a bot's code (a TypeError too) is the bot's bug and propagates.
"""

from collections.abc import Callable
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Any

from parlor.core.errors import BadSettings, UsageError
from parlor.core.rng import Rng
from parlor.core.rules import Rules


class Stopped(Exception):
    """The program is stopping: the processes a search ran in were ended under it, and its move
    is wanted by nobody (not a bot's bug: play_safely lets it through)."""


class Bot:
    """Chooses an action string for the seat whose view it is given, from view["legal"]."""

    name = "bot"
    level: str | None = None  # the level a person picked (bots/levels.py), if the bot is one

    def __init__(self, rules: Rules, **settings: Any):
        if settings:  # a bot with settings of its own takes them before calling this
            raise BadSettings(f"unknown setting {min(settings)!r}")
        self.rules = rules

    def choose(self, view: dict, rng: Rng) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class BotProblem:
    """What went wrong with a computer's move: the move it named that is not legal (`chose`), or
    the error it raised (`error`). Its str is the English for logs; people read it said whole
    (Session.problem_words)."""
    chose: str | None = None
    error: str | None = None

    def __str__(self) -> str:
        return f"chose {self.chose!r}, not a legal move" if self.error is None else f"failed: {self.error}"


def play_safely(bot: Bot, view: dict, rng: Rng, log=None) -> tuple[str, BotProblem | None]:
    """A computer player's move at a table where a person plays, and what went wrong (None when
    nothing did): a bot that fails or names an illegal move is replaced for that move by a random
    legal one, because a bot's bug must not end the person's game. `log` (a logger) gets the
    failure's traceback."""
    try:
        action = bot.choose(view, rng)
        if action in view["legal"]:
            return action, None
        problem = BotProblem(chose=str(action))
    except Stopped:
        raise
    except Exception as e:  # noqa: BLE001 - any bug in a bot
        if log is not None:
            log.exception("the %s player failed", bot.name)
        problem = BotProblem(error=f"{type(e).__name__}: {e}")
    return rng.choice(view["legal"]), problem


class HeuristicBot(Bot):
    """A game's heuristic player (the `rules` bot): a forced move at once, else decide()."""

    name = "rules"

    def choose(self, view: dict, rng: Rng) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, rng)

    def decide(self, view: dict, rng: Rng) -> str:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random among the legal actions: for tests, benchmarks and a baseline."""

    name = "random"

    def choose(self, view: dict, rng: Rng) -> str:
        return rng.choice(view["legal"])


# Factories are imported where a bot is made: `import parlor.bots` loads no search, no game's
# heuristics and no optional library.
def _rules_bot(rules: Rules, **settings: Any) -> Bot:
    from .kit import kit
    return kit(rules).heuristic_player(rules, **settings)


def _search_bot(rules: Rules, **settings: Any) -> Bot:
    from .search import SearchBot
    return SearchBot(rules, **settings)


def _level(name: str) -> Callable[..., Bot]:
    def make(rules: Rules, **settings: Any) -> Bot:
        from .levels import level_bot
        return level_bot(name, rules, **settings)
    return make


def _openspiel_ismcts(rules: Rules, **settings: Any) -> Bot:
    from parlor.integrations.openspiel_bot import OpenSpielISMCTSBot
    return OpenSpielISMCTSBot(rules, **settings)


# name -> factory(rules, **settings)
_BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "rules": _rules_bot,
    "search": _search_bot,
    "beginner": _level("beginner"),
    "casual": _level("casual"),
    "strong": _level("strong"),
    "expert": _level("expert"),
}
# Bots of optional extras, listed only where their library is installed (found, not imported):
# `openspiel-ismcts` (parlor[openspiel]: OpenSpiel's ISMCTS through parlor.integrations).
if find_spec("pyspiel") is not None:
    _BOTS["openspiel-ismcts"] = _openspiel_ismcts


def bot_names() -> list[str]:
    return list(_BOTS)


def parse_bot_spec(spec: str) -> tuple[str, dict]:
    """`search:iterations=400:mode=flat` -> ("search", {"iterations": 400, "mode": "flat"})."""
    name, *parts = spec.strip().split(":")
    settings: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise BadSettings(f"bot setting must be NAME=VALUE, not {part!r} (in {spec!r})")
        for conv in (int, float):
            try:
                settings[key] = conv(value)
                break
            except ValueError:
                continue
        else:
            settings[key] = {"true": True, "false": False, "none": None}.get(value.lower(), value)
    return name, settings


def make_bot(name: str, rules: Rules, **settings) -> Bot:
    """The bot called `name` for this table; `name` may carry settings (`search:iterations=400`)."""
    base, extra = parse_bot_spec(name)
    factory = _BOTS.get(base)
    if factory is None:
        raise BadSettings(f"unknown bot {base!r} (bots: {', '.join(_BOTS)})")
    try:
        bot = factory(rules, **{**extra, **settings})
    except BadSettings as e:  # said by the bot's settings check; name the bot
        raise BadSettings(f"bad settings for bot {base!r}: {e.reason}") from None
    if extra or settings:
        bot.name = name
    return bot


def bots_by_seat(names: list[str], rules: Rules) -> list[str]:
    """The bot of every seat: the names repeated around the table, each checked (an unknown bot or
    setting is one line). A list longer than the table is refused: its last names would never play."""
    if not names:
        raise UsageError("--bots needs at least one bot")
    if len(names) > rules.seats:
        raise UsageError(f"--bots names {len(names)} players for {rules.seats} seats: "
                        f"{', '.join(names[rules.seats:])} would never play")
    for name in dict.fromkeys(names):
        make_bot(name, rules)
    return [names[s % len(names)] for s in range(rules.seats)]
