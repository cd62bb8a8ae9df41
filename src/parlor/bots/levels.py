"""The levels a person picks: each is a bot and a budget.

| level | player | budget |
|---|---|---|
| beginner | flat Monte Carlo, two heuristic playouts per move, no inference | instant |
| casual | the game's heuristic player (`rules`) | instant |
| strong | information-set MCTS with heuristic playouts and bid inference | about one second on the reference machine |
| expert | strong's search at four times its budget in two processes, worlds weighed by card play too | a few seconds |

The beginner misjudges close calls (a move that did well in two imagined deals) but never
plays an absurd move. The expert's budget is 16 times Meri's strong and 128 times Joker's and
Yokir's; in Tőr its worlds are weighed by the others' draws, drops and discards, the others
imagined as search players (in the cards they keep, also when it weighs a drop, and in dropping
at once with a low dealt hand).

Budgets are counted in iterations and simulated steps, never in wall time, so a level plays the
same under the same seed on any machine (tests and tournaments depend on it). `seconds=` may be
given to cap the thinking time for people.

A game may space its levels differently (its kit's `budgets`, bots/<game>.py): strong thinks a
quarter as long in Meri and a thirty-second as long in Joker and Yokir, so that the expert is
measurably stronger than it while strong still beats the heuristic by far (docs/strength.md;
tried in Tőr too, not shown there).
"""

from typing import Any

from parlor.core.errors import BadSettings
from parlor.core.rules import Rules

from parlor.core.words import say

from .base import Bot
from .kit import kit

LEVELS: dict[str, dict[str, Any]] = {
    "beginner": {"kind": "search", "mode": "flat", "per_move": 2, "infer": False,
                 "match_aware": False, "anchor": 0},
    "casual": {"kind": "rules"},
    "strong": {"kind": "search", "mode": "ismcts", "iterations": 6000, "steps": 80_000},
    "expert": {"kind": "search", "mode": "ismcts", "iterations": 24000, "steps": 320_000,
               "lanes": 2, "processes": 2, "deviation": 0.3, "pool": 400, "assume": "search"},
}

# Each level as people are offered it: its name, and what it is in a line. Said when asked
# (not once at import), so each is said in the language in use.
def level_words(level: str) -> tuple[str, str]:
    words = {
        "beginner": (say("Beginner"), say("Beginner: a learner who plays instantly and misjudges close calls")),
        "casual": (say("Casual"), say("Casual: plays by simple rules, instantly")),
        "strong": (say("Strong"), say("Strong: thinks about a second, a solid club player")),
        "expert": (say("Expert"), say("Expert: thinks a few seconds a move, the strongest here")),
        # the other bots, which a table made through the API may seat: said too, never their ids
        "random": (say("Random"), say("Random: plays any legal move, for tests")),
        "rules": (say("Rules of thumb"), say("Rules of thumb: the casual player's simple rules")),
        "search": (say("Search"), say("Search: plays out many possible deals before each move")),
        "openspiel-ismcts": (say("OpenSpiel player"), say("OpenSpiel player: the OpenSpiel library's search")),
    }
    return words.get(level) or (say("Computer"), say("Computer"))


def computer_words(level: str) -> str:
    """The computer player of a level, named whole ("Casual computer"): a language's adjective
    may agree with its noun, so no level is glued to "computer"."""
    words = {"beginner": say("Beginner computer"), "casual": say("Casual computer"),
             "strong": say("Strong computer"), "expert": say("Expert computer")}
    return words.get(level) or say("Computer ({level})", level=level_words(level)[0])


OFFERED = ("beginner", "casual", "strong", "expert")  # the levels the lobby offers, in order


def level_settings(name: str) -> dict[str, Any]:
    """A level's own settings, with its `kind` (rules or search); BadSettings for no level."""
    if name not in LEVELS:
        raise BadSettings(f"unknown level {name!r} (levels: {', '.join(LEVELS)})")
    return dict(LEVELS[name])


def level_bot(name: str, rules: Rules, **settings: Any) -> Bot:
    game = kit(rules)
    conf = {**level_settings(name), **game.budgets.get(name, {}), **settings}
    kind = conf.pop("kind")
    if kind == "rules":
        bot = game.heuristic_player(rules, **conf)  # the heuristic's own settings; others are refused
    else:
        from .search import SearchBot
        bot = SearchBot(rules, **conf)
    bot.name = name
    bot.level = name
    return bot
