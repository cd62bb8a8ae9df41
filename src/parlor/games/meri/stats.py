"""Hachinin Meri's facts for a player's statistics (core/stats.py)."""

from parlor.core.rules import team_letter
from parlor.core.stats import Fact
from parlor.core.words import say


def _team_deal_won(rules, r, seat) -> bool:
    mine = 0 if team_letter(rules, seat) == "A" else 1
    return r.data["team_points"][mine] > r.data["team_points"][1 - mine]


FACTS = (
    Fact("team_deals_won", lambda: say("Deals your team won"), _team_deal_won),
    Fact("declared", lambda: say("Trump Robai declared"),
         lambda rules, r, seat: bool(r.data.get("declared")) and r.data["taker"] == seat),
    Fact("combos", lambda: say("Combos your team took"),
         lambda rules, r, seat: sum(c["team"] == team_letter(rules, seat) for c in r.data["combos"])),
)
