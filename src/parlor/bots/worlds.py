"""The worlds a search imagines from a seat's view: full states consistent with everything the
seat knows (`rules.resample`), drawn once per search and weighed by how well they explain the
other seats' public actions (the game's inference of bids, and the others' card play)."""

from typing import Any

from parlor.core.rng import Rng
from parlor.core.rules import Rules

from .kit import Policy, kit


class Worlds:
    """Imagined full states for a view: `pool` samples drawn once, then picked at random in
    proportion to their inference weight (all equal without inference): the game's `inference`
    of bids, and with `deviation` below 1 how well the heuristic explains the others' card play."""

    def __init__(self, rules: Rules, view: dict, rng: Rng, pool: int, infer: bool,
                 deviation: float = 1.0, policy: Policy | None = None, assume: str = "rules"):
        game = kit(rules)
        deviations = None
        refine = game.refiner(rules, view, assume) if infer else None
        # card-play inference reads the others' play against the policy
        reader = policy if infer and deviation < 1.0 else None
        if reader is not None and refine is None:
            self.worlds, deviations = [], []
            for _ in range(pool):
                watch = _PlayWatch(rules, view["seat"], reader, rng)
                self.worlds.append(rules.resample(view, rng.fork(), watch))
                deviations.append(watch.count)
        else:
            self.worlds = [rules.resample(view, rng.fork()) for _ in range(pool)]
        if refine is not None:
            self.worlds = [refine(w, rng) for w in self.worlds]
            rebuild = game.rebuild
            if reader is not None and rebuild is not None:
                # refining moved cards: read the play in the refined worlds, replayed from the deal
                deviations = []
                for w in self.worlds:
                    watch = _PlayWatch(rules, view["seat"], reader, rng)
                    rebuild(rules, w, watch)
                    deviations.append(watch.count)
        self.weights = None
        weigh = game.weigh(rules, view) if infer else None
        if weigh is not None or deviations is not None:
            w = [1.0] * pool if weigh is None else [max(0.0, float(weigh(x))) for x in self.worlds]
            if deviations is not None and max(deviations):
                w = _tempered(w, deviations, deviation, pool / 4)
            total = sum(w)
            if total > 0 and min(w) != max(w):
                acc, cum = 0.0, []
                for x in w:
                    acc += x / total
                    cum.append(acc)
                self.weights = cum
        self.rng = rng
        self.k = 0

    def next(self) -> int:
        """The index of the next world to play."""
        if self.weights is None:
            i = self.k % len(self.worlds)
            self.k += 1
            return i
        r = self.rng.random()
        cum = self.weights
        lo, hi = 0, len(cum) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cum[mid] < r:
                lo = mid + 1
            else:
                hi = mid
        return lo


def _ess(w: list[float]) -> float:
    """The effective sample size of weights w."""
    total = sum(w)
    return total * total / sum(x * x for x in w) if total > 0 else 0.0


def _tempered(w: list[float], deviations: list[int], deviation: float, least: float) -> list[float]:
    """w times deviation ** (beta * deviations) for the largest beta <= 1 that leaves an effective
    sample size of at least `least` worlds: over a long deal (Meri: up to 72 cards) the others'
    plays would otherwise single out a handful of worlds, and the search would plan for those."""
    def weighted(beta: float) -> list[float]:
        return [x * deviation ** (beta * d) for x, d in zip(w, deviations)]
    full = weighted(1.0)
    if _ess(full) >= least:
        return full
    lo, hi = 0.0, 1.0
    for _ in range(12):
        mid = (lo + hi) / 2
        if _ess(weighted(mid)) >= least:
            lo = mid
        else:
            hi = mid
    return weighted(lo)


class _PlayWatch:
    """Watches a world being rebuilt from the view's history and counts the cards other seats
    played that their heuristic would not have played with that world's hands (card-play
    inference; bids are the game's `inference`). The kit's `reads` names the actions read (by
    their first words; default: card play)."""

    def __init__(self, rules: Rules, seat: int, policy: Policy, rng: Rng):
        self.rules, self.seat, self.policy, self.rng = rules, seat, policy, rng
        self.reads = kit(rules).reads
        self.count = 0

    def __call__(self, s: Any, a: int) -> None:
        rules = self.rules
        if rules.to_act(s) == self.seat:
            return
        if rules.action_str(s, a).startswith(self.reads):
            ids = rules.legal_ids(s)
            if len(ids) > 1 and self.policy(s, ids, self.rng) != a:
                self.count += 1
