"""Joker scoring (rules §9 and §10), table-tested on its own."""

from .structure import GOLD, MISERE


def bid_points(n: int, bid: int, took: int, shtanga) -> int:
    """One seat's points in a deal with bidding (§9.1)."""
    if took == bid:
        if bid == n:
            return 100 * n
        if bid == 0:
            return 50
        return 50 + 50 * bid
    if took == 0:  # bid >= 1 here
        return -100 * n if shtanga == "per_card" else shtanga
    return 10 * took


def deal_points(kind: int, n: int, bids, tricks, shtanga) -> list[int]:
    """Every seat's points for one deal, before any premium."""
    if kind == GOLD:
        return [100 * t for t in tricks]
    if kind == MISERE:
        return [900 if t == 9 else -100 * t for t in tricks]
    return [bid_points(n, b, t, shtanga) for b, t in zip(bids, tricks)]


def premium(chapter: list[tuple[list[int], list[int], list[int]]], variant: str) -> list[int]:
    """The premium adjustments of a finished chapter (§10). `chapter` holds, for every deal of
    the chapter, (bids, tricks, points before premium)."""
    seats = len(chapter[0][0])
    made = [all(bids[s] == tricks[s] for bids, tricks, _ in chapter) for s in range(seats)]
    best = [max(points[s] for _, _, points in chapter) for s in range(seats)]
    if variant == "double":
        return [best[s] if made[s] else 0 for s in range(seats)]
    if not any(made):
        return [0] * seats
    return [0 if made[s] else -max(0, best[s]) for s in range(seats)]
