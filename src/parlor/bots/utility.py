"""What a deal's outcome is worth to each seat, for search: deal points blended with match standing.

Early in a match a seat wants points relative to the table (its points minus the mean). Near the
end it wants to place: the last deal is judged by the match's winners alone, and the deals before
it by a soft standing (the margin over the best opponent, measured in deals' spreads still to
come). Partners share one value (their points and totals are equal). The value is a function of
the deal's points and the context the view shows (scores, deal number), so it is the same in every
imagined world.
"""

import math
from typing import cast

from parlor.core.rules import DealResult, Rules


class Utility:
    """u = utility(points) -> tuple of per-seat values, roughly in [-1, 1]; cached per outcome."""

    def __init__(self, rules: Rules, view: dict, match_aware: bool = True):
        self.rules = rules
        self.n = n = rules.seats
        self.scores = list(view.get("scores") or [0] * n)
        self.number = view.get("deal", 1)
        team = rules.team_of
        self.team = list(team) if team else list(range(n))
        lo, hi = rules.deal_points_bounds()
        # A typical spread of one deal's points: measured from the match so far when the view
        # shows finished deals, else a quarter of the bounds' width.
        self.spread = max(1e-9, (hi - lo) / 4)
        self.match_aware = match_aware
        self._cache: dict = {}

    def set_spread(self, spread: float) -> None:
        if spread > 0:
            self.spread = spread
            self._cache.clear()

    def remaining_after(self, new_scores: list[int]) -> int:
        """Deals still to come after this one: exact for fixed-length matches; for matches to a
        target, 0 when this outcome ends the match, else the fewest deals that could end it."""
        rules = self.rules
        md = rules.max_deals()
        if md is not None:
            return max(0, md - self.number)
        # The results of deals not played yet are unknown: a game that ends its match by target
        # decides from the scores (one that needs the results is assumed far from its end).
        unknown = cast(list[DealResult], [None] * self.number)
        try:
            if rules.match_over(unknown, new_scores):
                return 0
        except Exception:  # a game whose match_over needs real results: assume far from the end
            return 99
        target = rules.options.get("target")
        lo, hi = rules.deal_points_bounds()
        if target and hi > 0:
            return max(1, math.ceil((target - max(new_scores)) / hi))
        return 99

    def __call__(self, points) -> tuple:
        key = tuple(points)
        u = self._cache.get(key)
        if u is None:
            u = self._cache[key] = self._compute(key)
        return u

    def _compute(self, points) -> tuple:
        n, team = self.n, self.team
        mean = sum(points) / n
        scale = 2 * self.spread
        deal = [(p - mean) / scale for p in points]
        if not self.match_aware:
            return tuple(deal)
        new = [s + p for s, p in zip(self.scores, points)]
        remaining = self.remaining_after(new)
        if remaining == 0:
            winners = set(self.rules.winners(new))
            if winners:
                share = 1.0
                win = [share if s in winners else 0.0 for s in range(n)]
                m = sum(win) / n
                match = [w - m for w in win]
            else:
                match = [0.0] * n
            weight = 1.0
        else:
            width = self.spread * math.sqrt(remaining)
            match = []
            for s in range(n):
                best_other = max((new[o] for o in range(n) if team[o] != team[s]), default=new[s])
                match.append(math.tanh((new[s] - best_other) / (2 * width)))
            m = sum(match) / n
            match = [x - m for x in match]
            weight = 1.0 / (1 + remaining)
        return tuple((1 - weight) * d + weight * x for d, x in zip(deal, match))
