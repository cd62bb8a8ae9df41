"""What a game supplies to the computer players: one `Kit` per game, declared at the end of
parlor.bots.<game id> (yokir.py, joker.py, ...) as `KIT = Kit(...)`.

`kit(rules)` is the one place that reads a game's bot module. A game without a module gets
`Kit()`: a random player under the name `rules`, random playouts, no
inference, and the levels' common budgets.
"""

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from parlor.core.rules import Rules

from .base import Bot, RandomBot

# A playout policy: f(state, legal ids, rng) -> action id, reading only the acting seat's own
# cards and public facts of an imagined state. A function of the state alone, never of its rng:
# search remembers its moves per world (a test holds every game to it).
Policy = Callable[[Any, list[int], Any], int]
# Inference: f(world) -> weight, how likely the other seats' public actions so far are in it.
Weigh = Callable[[Any], float]
# A refining step: f(world, rng) -> world, moved toward what the others' play suggests.
Refine = Callable[[Any, Any], Any]
# Watches a world being replayed: f(state, action id) before each action.
Observe = Callable[[Any, int], None]


class FallbackRulesBot(RandomBot):
    """The `rules` player of a game without a heuristic: random play."""

    name = "rules"


@dataclass(frozen=True)
class Kit:
    """One field per thing a game may supply; the defaults are a game that supplies nothing."""

    # the game's heuristic player (the `rules` bot): a HeuristicBot class, built (rules, **settings)
    rules_bot: Callable[..., Bot] | None = None
    # policy(rules, assume) -> Policy; `assume` says whom the players play like ("rules": the
    # heuristic, "search": the search player); a game whose players play one way ignores it
    policy: Callable[[Rules, str], Policy] | None = None
    # inference(rules, view) -> Weigh: the weight of a world by the others' bids and calls
    inference: Callable[[Rules, dict], Weigh] | None = None
    # refine(rules, view, assume) -> Refine, where weights alone would leave too few worlds
    refine: Callable[[Rules, dict, str], Refine] | None = None
    # rebuild(rules, world, observe): replay a refined world's deal from its start through
    # `observe`, so that card-play inference reads the refined world (games with `refine`)
    rebuild: Callable[[Rules, Any, Observe], None] | None = None
    # the first words of the others' actions card-play inference reads
    reads: tuple[str, ...] = ("play ",)
    # False in a game played for stakes: only the deal's points count, to the end of the match
    play_for_place: bool = True
    # spread(rules, view) -> a typical deal's spread of points (scales the match-standing utility)
    spread: Callable[[Rules, dict], float] | None = None
    # tricks_won(state) -> tricks per seat during trick play, else None (hints: how often a card
    # wins the trick)
    tricks_won: Callable[[Any], list[int] | None] | None = None
    # level -> settings that replace the level's own in this game (bots/levels.py)
    budgets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def heuristic_player(self, rules: Rules, **settings: Any) -> Bot:
        """The game's `rules` bot (a random one where the game has no heuristic)."""
        make = self.rules_bot if self.rules_bot is not None else FallbackRulesBot
        return make(rules, **settings)

    def playout_policy(self, rules: Rules, assume: str = "rules") -> Policy | None:
        """The game's fast playout policy, or None (random playouts)."""
        return self.policy(rules, assume) if self.policy is not None else None

    def weigh(self, rules: Rules, view: dict) -> Weigh | None:
        return self.inference(rules, view) if self.inference is not None else None

    def refiner(self, rules: Rules, view: dict, assume: str = "rules") -> Refine | None:
        return self.refine(rules, view, assume) if self.refine is not None else None


def kit(rules: Rules) -> Kit:
    """The bot kit of the rules' game."""
    return _kit_of(rules.id)


@cache
def _kit_of(game_id: str) -> Kit:
    try:
        module = importlib.import_module(f"parlor.bots.{game_id}")
    except ModuleNotFoundError as e:
        if e.name != f"parlor.bots.{game_id}":
            raise
        return Kit()
    return module.KIT
