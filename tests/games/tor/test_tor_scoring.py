"""Tőr payments (§6, §8), table-driven from the spec's own examples and cases."""

import pytest

from parlor.games.tor.cards import DECK
from parlor.games.tor.scoring import count_points, drop_points, everyone_pays, instant, is_tor, points_bounds


def hand(codes: str) -> int:
    return sum(1 << DECK.index[c] for c in codes.split())


# (totals, dropper, stake, points): seats in order; the spec's examples name d, A, B, C.
DROPS = [
    ([29, 9, 16, 4], 3, 1, [-1, -1, -1, 3]),            # §16: strictly lowest, success
    ([29, 9, 16, 4], 3, 5, [-5, -5, -5, 15]),
    ([10, 10, 6, 28], 0, 1, [-4, 2, 3, -1]),            # §8.2 example 1: d 10, A 10, B 6, C 28
    ([10, 7, 7, 29], 0, 1, [-4, 3, 3, -2]),             # §8.2 example 2
    ([20, 18], 0, 3, [-6, 6]),                          # 2 seats: d pays 2 stakes
    ([20, 20], 1, 1, [2, -2]),                          # a tie burns the drop
    ([12, 12, 12], 0, 1, [-4, 2, 2]),                   # everyone ties: both burners, both lowest
    ([15, 3, 14, 30, 40], 0, 1, [-4, 4, 2, -1, -1]),    # burner 14 is not lowest: only its double stake
    ([5, 6, 7, 8], 0, 2, [6, -2, -2, -2]),
]


@pytest.mark.parametrize("totals,d,stake,points", DROPS)
def test_drop(totals, d, stake, points):
    assert drop_points(totals, d, stake) == points
    assert sum(points) == 0


@pytest.mark.parametrize("totals,stake,points", [
    ([16, 33, 16, 40, 33, 16, 34, 45], 1, [5, -3, 5, -3, -3, 5, -3, -3]),  # 3 lowest: each loser pays 3
    ([20, 20], 1, [0, 0]),                                # everyone ties: nobody pays
    ([10, 11, 12], 4, [8, -4, -4]),
    ([10, 10, 12], 1, [1, 1, -2]),
])
def test_count(totals, stake, points):
    assert count_points(totals, stake) == points


def test_everyone_pays():
    assert everyone_pays(4, 2, 2) == [-2, -2, 6, -2]     # Tőr: double stake from each
    assert everyone_pays(2, 0, 1) == [1, -1]


@pytest.mark.parametrize("hands,result", [
    (["JC QD KH JS QS", "9C 9D 8C TC 3S"], ("tor", [0])),
    (["JC QD KH JS QS", "JD QC KS JH KC", "9C 9D 8C TC 3S"], ("tor_void", [0, 1])),
    (["9C 9D 8C TC 3S", "AC 2C 3D 4H 5C"], ("low", [1])),           # exactly 15
    (["9C 9D 8C TC 3S", "AC 2C 3D 4H 6C"], None),                    # 16 is not low
    (["AD 2D 3C 4D 4C", "AC 2C 3D 4H 5C", "9C 9D 8C TC 3S"], ("low_void", [0, 1])),
    (["JC QD KH JS QS", "AC 2C 3D 4H 5C"], ("tor", [0])),           # Tőr beats a low hand
    (["TC JD QH KS TD", "9C 9D 8C 2C 3S"], None),                    # T J Q K T: not Tőr
])
def test_instant(hands, result):
    assert instant([hand(h) for h in hands]) == result


def test_is_tor():
    assert is_tor(hand("JC QD KH JS QS")) and not is_tor(hand("TC JD QH KS KD"))


@pytest.mark.parametrize("n,stake", [(2, 1), (4, 1), (8, 1), (3, 1000)])
def test_bounds_are_reached_and_hold(n, stake):
    lo, hi = points_bounds(n, stake)
    assert max(everyone_pays(n, 0, 2 * stake)) == hi                  # a single Tőr
    assert min(drop_points([10] * n, 0, stake)) == lo                  # burned by every seat
    for totals in ([1] + [2] * (n - 1), [3] * n, list(range(n)), list(range(n, 0, -1))):
        for d in range(n):
            assert lo <= min(drop_points(totals, d, stake)) and max(drop_points(totals, d, stake)) <= hi
        assert lo <= min(count_points(totals, stake)) and max(count_points(totals, stake)) <= hi


def test_start_agrees_with_instant():
    """rules.start inlines the §6 check for speed: it must agree with scoring.instant."""
    from parlor.core.registry import make_rules
    from parlor.core.rng import Rng
    from parlor.core.rules import Deal, DealContext
    for n in (2, 4, 8):
        rules = make_rules("tor", None, n)
        rng = Rng(n)
        kinds = set()
        for i in range(3000):
            if i % 5:
                deal = rules.shuffle_deal(1, i % n, rng)
            else:  # 5 or 10 court cards first: one or two Tőr hands, maybe beside a low hand
                courts = rng.shuffled(range(40, 52))
                k = 5 * (1 + i % 2)
                cards = courts[:k] + rng.shuffled(courts[k:] + list(range(40)))
                deal = Deal(0, [cards[5 * p:5 * p + 5] for p in range(n)], cards[5 * n:])
            state = rules.start(deal, DealContext(1, deal.dealer, (0,) * n))
            want = instant([sum(1 << c for c in h) for h in deal.hands])
            got = None if state.end is None else (state.end[0], list(state.end[1]))
            assert got == want
            kinds.add(got and got[0])
        assert {None, "low", "tor", "tor_void"} <= kinds
