"""Each game's heuristic player lives in parlor.bots.<game id> (yokir.py, joker.py, ...).

A game module may define:
    RulesBot            a HeuristicBot playing like a decent club player, from the view alone
    policy(rules)       a fast playout policy for search: f(state, ids, rng) -> action id, reading
                        only the acting seat's own cards and public facts of an imagined state;
                        `policy(rules, assume)` where it models whom the players play like (Tőr)
    inference(rules, view)
                        f(world) -> weight: how likely the other seats' public actions so far
                        (bids, calls, declarations) are in an imagined world, by the same
                        heuristic; search samples worlds in proportion to it
    tricks_won(state)   tricks per seat in an imagined state during trick play, else None (hints
                        say how often a card wins the trick)
    spread(rules, view) a typical deal's spread of points (scales the match-standing utility)
    refine(rules, view, assume)
                        f(world, rng) -> world: a step that moves an imagined world toward what
                        the others' play suggests (e.g. a Metropolis walk), where weights alone
                        would leave too few worlds; `assume` says whom the others play like
                        ("rules": the heuristic, "search": the search player)
    rebuild(rules, world, observe)
                        replay a refined world's deal from its start through `observe`, so that
                        card-play inference reads the refined world (games with `refine`)
    READS               the first words of the others' actions card-play inference reads
                        (default: "play ")
Games without a module get a random player under the name `rules` and random playouts.
"""

import importlib
import inspect

from parlor.core.rules import Rules

from .base import Bot, RandomBot

_MODULES: dict[str, object] = {}


def game_module(game_id: str):
    """The game's heuristics module, or None when the game has none (yet)."""
    if game_id not in _MODULES:
        try:
            module = importlib.import_module(f"parlor.bots.{game_id}")
        except ModuleNotFoundError as e:
            if e.name != f"parlor.bots.{game_id}":
                raise
            module = None
        _MODULES[game_id] = module
    return _MODULES[game_id]


class _FallbackRulesBot(RandomBot):
    name = "rules"
    heuristic = False


def rules_bot(rules: Rules, **settings) -> Bot:
    module = game_module(rules.id)
    if module is None or not hasattr(module, "RulesBot"):
        return _FallbackRulesBot(rules, **settings)
    return module.RulesBot(rules, **settings)


def playout_policy(rules: Rules, assume: str = "rules"):
    """The game's fast playout policy, or None (random playouts). A policy is a function of the
    state alone, never of its rng: search remembers its moves (a test holds every game to it).
    `assume` (whom the players play like) reaches the games whose policy takes it."""
    module = game_module(rules.id)
    make = getattr(module, "policy", None) if module is not None else None
    if make is None:
        return None
    return make(rules, assume) if "assume" in inspect.signature(make).parameters else make(rules)


def inference(rules: Rules, view: dict):
    module = game_module(rules.id)
    make = getattr(module, "inference", None) if module is not None else None
    return make(rules, view) if make else None


def refiner(rules: Rules, view: dict, assume: str = "rules"):
    module = game_module(rules.id)
    make = getattr(module, "refine", None) if module is not None else None
    return make(rules, view, assume) if make else None
