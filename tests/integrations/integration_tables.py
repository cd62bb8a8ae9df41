"""Short tables of every registered game for the adapter tests (a unique module name: the test
directories are not packages)."""

from parlor.core.registry import game_class, games
from parlor.integrations.encoding import param_kind

# Quick matches of the games we know; any other game gets generic_short_options().
KNOWN = {
    "yokir": {"target": 2},
    "tor": {"deals": 2},
    "joker": {"schedule": [["2", "9"]]},
    "meri": {"num_deals": 1},
}


def generic_short_options(game_id: str) -> dict:
    """Small integer options (1, 2 or 3) and, among choices, the one with the fewest deals."""
    cls = game_class(game_id)
    out = {}
    for opt in cls.option_schema:
        if param_kind(opt) == "int" and not opt.choices:
            for v in (1, 2, 3):
                if opt.check(v):
                    out[opt.name] = v
                    break
        elif opt.choices:
            def deals(v):
                return cls({**out, opt.name: v}).max_deals() or 10**9
            out[opt.name] = min(opt.choices, key=lambda v: (deals(v), v != opt.default))
    return out


def short_options(game_id: str) -> dict:
    return KNOWN.get(game_id) or generic_short_options(game_id)


def game_ids() -> list[str]:
    return list(games())


def seat_counts(game_id: str) -> list[int]:
    cls = game_class(game_id)
    return sorted({cls.min_seats, cls.default_seats, cls.max_seats})
