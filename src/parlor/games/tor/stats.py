"""Tőr's facts for a player's statistics (core/stats.py)."""

from parlor.core.stats import Fact
from parlor.core.words import say


def _ended(r, how: str, seat: int) -> bool:
    """The deal ended `how` ("tor", "out", "drop") by `seat`."""
    return r.data.get("end") == how and r.data["seats"][0] == seat


def _dropped(r, seat) -> bool:
    return _ended(r, "drop", seat)


def _burned(r, dropper) -> list[int]:
    totals = r.data["totals"]
    return [p for p in range(len(totals)) if p != dropper and totals[p] <= totals[dropper]]


FACTS = (
    Fact("stakes_won", lambda: say("Stakes won"), lambda rules, r, seat: max(0, r.points[seat])),
    Fact("deals_won", lambda: say("Deals won"), lambda rules, r, seat: r.points[seat] > 0),
    Fact("tors", lambda: say("Tőr! held"), lambda rules, r, seat: _ended(r, "tor", seat)),
    Fact("outs", lambda: say("Went out"), lambda rules, r, seat: _ended(r, "out", seat)),
    Fact("drops", lambda: say("Drops"), lambda rules, r, seat: _dropped(r, seat)),
    Fact("drops_won", lambda: say("Drops that held"), lambda rules, r, seat: _dropped(r, seat) and r.points[seat] > 0),
    Fact("burns", lambda: say("Drops burned (someone else's)"),
         lambda rules, r, seat: r.data.get("end") == "drop" and seat in _burned(r, r.data["seats"][0])),
)
