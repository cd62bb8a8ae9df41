"""Yokir's facts for a player's statistics (core/stats.py)."""

from parlor.core.stats import Fact
from parlor.core.words import say


def _called(r, seat) -> bool:
    return r.data.get("caller") == seat


FACTS = (
    Fact("calls", lambda: say("Trump calls"), lambda rules, r, seat: _called(r, seat)),
    Fact("calls_made", lambda: say("Calls made (3 tricks or more)"),
         lambda rules, r, seat: _called(r, seat) and r.data["tricks"][seat] >= 3),
    Fact("marches", lambda: say("Marches (all 5 tricks)"),
         lambda rules, r, seat: _called(r, seat) and r.data["tricks"][seat] == 5),
    Fact("defences", lambda: say("Callers stopped as a defender"),
         lambda rules, r, seat: r.data.get("caller") not in (None, seat) and r.data["tricks"][r.data["caller"]] <= 2),
)
