"""Game id -> Rules class, and each game's words. Every package under parlor.games that defines
RULES is a game; the TEXT it defines beside it (games/<id>/text.py) holds the game's words."""

import importlib
import pkgutil
from functools import cache

from .errors import BadTable, shown
from .language import current, using
from .rules import Rules
from .text import Face, GameText

_GAMES: dict[str, type[Rules]] | None = None
_TEXTS: dict[str, type[GameText]] = {}


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
                _TEXTS[rules.id] = getattr(module, "TEXT", GameText)
        _GAMES = found
    return _GAMES


def game_class(game_id: object) -> type[Rules]:  # checked: a record or a request names it
    table = games()
    if not isinstance(game_id, str) or game_id not in table:
        raise BadTable(f"unknown game {shown(game_id)} (games: {', '.join(table)})")
    return table[game_id]


def text_class(game_id: str) -> type[GameText]:
    """A game's words class (its TEXT, or the core's defaults), for what needs no table."""
    game_class(game_id)
    return _TEXTS.get(game_id, GameText)


def make_rules(game_id: object, options: dict | None = None, seats: int | None = None) -> Rules:
    return game_class(game_id)(options, seats)


def text_of(rules: Rules) -> GameText:
    """The words of `rules`' game for its table: the game's TEXT, or the core's defaults for a
    game without one (core/text.py)."""
    games()
    return _TEXTS.get(rules.id, GameText)(rules)


def faces_of(game_id: str) -> dict[str, Face]:
    """How each card of a game is drawn, the same at every table of it, its titles in the
    language in use (worked out once a language: the terminal asks for every card it draws)."""
    return _faces_in(game_id, current())


@cache
def _faces_in(game_id: str, lang: str) -> dict[str, Face]:
    with using(lang):
        deck = game_class(game_id).deck  # first: it finds the games and their words
        return _TEXTS[game_id].card_faces(deck)
