"""Tőr payments (rules §6 and §8). Every function returns each seat's gain in units (a single
stake is `stake` units); the gains of one deal always sum to zero."""

from .cards import COURT_MASK, hand_total

LOW_HAND = 15  # a dealt total of 15 or less wins at once (§6)


def is_tor(hand: int) -> bool:
    """Tőr!: all five dealt cards are J, Q or K (tens are not court cards)."""
    return hand != 0 and hand & ~COURT_MASK == 0


def instant(hands: list[int]) -> tuple[str, list[int]] | None:
    """The §6 check of the dealt hands (bitmasks), in the rules' order: ("tor_void", seats),
    ("tor", [seat]), ("low_void", seats), ("low", [seat]), or None when play begins."""
    tor = [p for p, h in enumerate(hands) if is_tor(h)]
    if len(tor) > 1:
        return "tor_void", tor
    if tor:
        return "tor", tor
    low = [p for p, h in enumerate(hands) if hand_total(h) <= LOW_HAND]
    if len(low) > 1:
        return "low_void", low
    if low:
        return "low", low
    return None


def everyone_pays(n: int, winner: int, amount: int) -> list[int]:
    """Every other seat pays `amount` to `winner` (Tőr, low hand, going out, a good drop)."""
    points = [-amount] * n
    points[winner] = amount * (n - 1)
    return points


def drop_points(totals: list[int], d: int, stake: int) -> list[int]:
    """§8.2. Success when the dropper's total is strictly lowest: every other seat pays 1 stake.
    Burned otherwise: the dropper pays 2 stakes to each burner (every other seat with a total
    equal to or below the dropper's); every seat that is neither the dropper nor a burner pays
    1 stake to each winner (each other seat with the lowest total)."""
    n = len(totals)
    others = [p for p in range(n) if p != d]
    m = min(totals[p] for p in others)
    if totals[d] < m:
        return everyone_pays(n, d, stake)
    points = [0] * n
    burners = [p for p in others if totals[p] <= totals[d]]
    winners = [p for p in others if totals[p] == m]
    for b in burners:
        points[d] -= 2 * stake
        points[b] += 2 * stake
    for p in others:
        if p not in burners:
            for w in winners:
                points[p] -= stake
                points[w] += stake
    return points


def count_points(totals: list[int], stake: int) -> list[int]:
    """§8.3, the stock exhausted: every seat that is not lowest pays 1 stake to each lowest seat
    (when every seat ties, nobody pays)."""
    n = len(totals)
    low = min(totals)
    winners = [p for p in range(n) if totals[p] == low]
    points = [0] * n
    for p in range(n):
        if totals[p] != low:
            for w in winners:
                points[p] -= stake
                points[w] += stake
    return points


def points_bounds(n: int, stake: int) -> tuple[int, int]:
    """Lowest and highest gain of one seat in one deal. The most a seat can win is 2 stakes
    from each of the n-1 others (a single Tőr) - a burner's 2 + (n-2) stakes is never more
    for n >= 2; the most it can lose is 2 stakes to each of the n-1 others (a drop burned by
    every other seat)."""
    return -2 * stake * (n - 1), 2 * stake * (n - 1)
