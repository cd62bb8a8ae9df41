"""Joker's facts for a player's statistics (core/stats.py)."""

from parlor.core.stats import Fact
from parlor.core.words import say


def _bid(result, seat) -> tuple[int, int] | None:
    bids = result.data.get("bids")
    return None if bids is None else (bids[seat], result.data["tricks"][seat])


FACTS = (
    Fact("bids", lambda: say("Deals bid"), lambda rules, r, seat: _bid(r, seat) is not None),
    Fact("bids_made", lambda: say("Bids made exactly"),
         lambda rules, r, seat: (b := _bid(r, seat)) is not None and b[0] == b[1]),
    Fact("shtangas", lambda: say("Shtangas (bid, took nothing)"),
         lambda rules, r, seat: (b := _bid(r, seat)) is not None and b[0] >= 1 and b[1] == 0),
    Fact("premiums", lambda: say("Chapter premiums won"),
         lambda rules, r, seat: r.data.get("premium", [0] * rules.seats)[seat] > 0),
)
