"""Game id -> Rules class. Every package under parlor.games that defines RULES is a game."""

import importlib
import pkgutil

from .errors import BadTable
from .rules import Rules

_GAMES: dict[str, type[Rules]] | None = None


def games() -> dict[str, type[Rules]]:
    global _GAMES
    if _GAMES is None:
        import parlor.games as pkg
        found = {}
        for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
            module = importlib.import_module(f"parlor.games.{info.name}")
            rules = getattr(module, "RULES", None)
            if rules is not None:
                found[rules.id] = rules
        _GAMES = found
    return _GAMES


def game_class(game_id) -> type[Rules]:
    table = games()
    if not isinstance(game_id, str) or game_id not in table:
        raise BadTable(f"unknown game {game_id!r} (games: {', '.join(table)})")
    return table[game_id]


def make_rules(game_id: str, options: dict | None = None, seats: int | None = None) -> Rules:
    return game_class(game_id)(options, seats)
