"""Scoring (rules §9, §10) and match structure (§4.2), table-driven from the spec."""

import pytest

from parlor.core.registry import make_rules
from parlor.games.joker.scoring import bid_points, deal_points, premium
from parlor.games.joker.structure import GOLD, MISERE, NT


@pytest.mark.parametrize("n,bid,took,shtanga,points", [
    (9, 9, 9, -200, 900),   # bid all, took all: 100 x n
    (2, 2, 2, -200, 200),
    (1, 1, 1, -200, 100),   # "all tricks" and "exact" agree
    (5, 0, 0, -200, 50),    # kept pass
    (5, 1, 1, -200, 100),   # exact: 50 + 50 b
    (5, 2, 2, -200, 150),
    (9, 3, 3, -200, 200),
    (9, 8, 8, -100, 450),
    (5, 2, 0, -200, -200),  # shtanga, every setting
    (5, 2, 0, -100, -100),
    (5, 2, 0, "per_card", -500),
    (9, 9, 0, "per_card", -900),
    (1, 1, 0, "per_card", -100),
    (5, 2, 3, -200, 30),    # missed: 10 a trick
    (5, 3, 1, -200, 10),
    (5, 0, 2, -200, 20),    # bid 0 took 2: no shtanga, 10 a trick
    (9, 9, 8, -200, 80),
])
def test_bid_points(n, bid, took, shtanga, points):
    assert bid_points(n, bid, took, shtanga) == points


def test_golden_and_misere_deals():
    assert deal_points(GOLD, 9, None, [3, 2, 4, 0], -200) == [300, 200, 400, 0]
    assert deal_points(MISERE, 9, None, [3, 2, 4, 0], -200) == [-300, -200, -400, 0]
    assert deal_points(MISERE, 9, None, [0, 9, 0, 0], -200) == [0, 900, 0, 0]
    assert deal_points(NT, 9, [1, 0, 3, 4], [1, 2, 0, 6], "per_card") == [100, 20, -900, 60]


def _chapter(points_by_seat, made_by_seat):
    """Deals of a chapter from each seat's scores; bids kept where `made_by_seat` says so."""
    deals = []
    for k in range(len(points_by_seat[0])):
        bids = [1] * 4
        tricks = [1 if made_by_seat[s][k] else 0 for s in range(4)]
        deals.append((bids, tricks, [points_by_seat[s][k] for s in range(4)]))
    return deals


# The §17 premium example, literally.
SPEC_POINTS = [[100, 50, 150, 50], [10, 100, -200, 50], [-200, 10, -200, 20], [50, 50, 50, -200]]
SPEC_MADE = [[True] * 4, [False, True, False, True], [False] * 4, [True, True, True, False]]


def test_premium_example_double():
    assert premium(_chapter(SPEC_POINTS, SPEC_MADE), "double") == [150, 0, 0, 0]


def test_premium_example_cross_out():
    assert premium(_chapter(SPEC_POINTS, SPEC_MADE), "cross_out") == [0, -100, -20, -50]


def test_premium_several_seats_and_nobody():
    pts = [[100, 200], [50, 50], [150, 10], [-200, 20]]
    made = [[True, True], [True, True], [True, False], [False, False]]
    assert premium(_chapter(pts, made), "double") == [200, 50, 0, 0]
    assert premium(_chapter(pts, made), "cross_out") == [0, 0, -150, -20]
    nobody = [[False, False]] * 4
    assert premium(_chapter(pts, nobody), "double") == [0, 0, 0, 0]
    assert premium(_chapter(pts, nobody), "cross_out") == [0, 0, 0, 0]


def test_cross_out_leaves_an_all_negative_seat_alone():
    pts = [[100, 50], [-200, -100], [10, 20], [-200, -200]]
    made = [[True, True], [False, False], [False, False], [False, False]]
    assert premium(_chapter(pts, made), "cross_out") == [0, 0, -20, 0]


def test_premium_of_a_one_deal_chapter():
    assert premium([([2, 0, 1, 0], [2, 0, 0, 1], [150, 50, -200, 10])], "double") == [150, 50, 0, 0]


# §4.2: deal -> (n, chapter, token) for full40; classic24 and short12 are its first 24 and 12.
FULL40 = ([(n, 1, str(n)) for n in range(1, 9)] + [(9, 2, "9")] * 4
          + [(n, 3, str(n)) for n in range(8, 0, -1)] + [(9, 4, "9")] * 4
          + [(9, 5, "gold")] * 4 + [(9, 6, "nt")] * 4 + [(9, 7, "dark")] * 4 + [(9, 8, "misere")] * 4)


@pytest.mark.parametrize("length,deals", [("full40", 40), ("classic24", 24), ("short12", 12)])
def test_match_structure(length, deals):
    rules = make_rules("joker", {"length": length})
    assert rules.max_deals() == deals
    got = [(p.n, p.chapter + 1, p.token) for p in rules.plans]
    assert got == FULL40[:deals]
    for number, (n, _, _) in enumerate(FULL40[:deals], 1):
        assert rules.deal_shape(number) == ([n] * 4, 36 - 4 * n if n < 9 else 0)


def test_chapter_premium_flags():
    rules = make_rules("joker", {"length": "full40"})
    by_chapter = {p.chapter + 1: p.premium for p in rules.plans}
    assert by_chapter == {1: True, 2: True, 3: True, 4: True, 5: False, 6: True, 7: True, 8: False}
    mixed = make_rules("joker", {"schedule": [["1", "gold"], ["misere"], ["dark", "nt"]]})
    assert [p.premium for p in mixed.plans] == [False, False, False, True, True]
    assert [(p.first, p.last) for p in mixed.plans] == [(1, 2), (1, 2), (3, 3), (4, 5), (4, 5)]


def test_schedule_replaces_length():
    rules = make_rules("joker", {"length": "full40", "schedule": [["misere"]]})
    assert rules.max_deals() == 1 and rules.plans[0].token == "misere"
