"""Meri combos and deal points, table-driven from shared/rules/meri.md section 10."""

import pytest

from parlor.games.meri.scoring import deal_points, match_winners, seat_points, trick_combo

from meri_helpers import card

SUITS = "PIKOG"


def combo(trump, plays, winner, ninth=False, hidden=False):
    """plays: [(seat, code)]."""
    t = SUITS.index(trump)
    got = trick_combo(t, [card(c) for _, c in plays], [s for s, _ in plays], winner, ninth, hidden)
    return None if got is None else (got[0], got[3])


# (trump, plays, winner seat, ninth, hidden, expected (name, value) or None)
CASES = [
    # 10.2 table, each pair, winner team A (seat 2) against seat 3 (team B).
    ("G", [(1, "O3"), (2, "GSu"), (3, "GUn")], 2, False, False, ("Sun-Un", 2)),
    ("G", [(1, "O3"), (2, "GUn"), (3, "GSo")], 2, False, False, ("Un-Sota", 2)),
    ("G", [(1, "O3"), (2, "GSo"), (3, "GRo")], 2, False, False, ("Sota-Robai", 2)),
    ("G", [(1, "O3"), (2, "GRo"), (3, "GRe")], 2, False, False, ("Robai-Rei", 2)),
    ("G", [(1, "O3"), (2, "G8"), (3, "G9")], 2, False, False, ("low pair", 2)),
    ("K", [(1, "O3"), (2, "K8"), (3, "K9")], 2, False, False, ("low pair", 2)),
    ("O", [(1, "K3"), (2, "O8"), (3, "O9")], 2, False, False, ("low pair", 2)),
    ("P", [(1, "O3"), (2, "P2"), (3, "P1")], 2, False, False, ("low pair", 2)),
    ("I", [(1, "O3"), (2, "I2"), (3, "I1")], 2, False, False, ("low pair", 2)),
    # the round low pair does not exist in a long trump and the reverse
    ("P", [(1, "O3"), (2, "P8"), (3, "P9")], 3, False, False, None),
    ("G", [(1, "O3"), (2, "G1"), (3, "G2")], 2, False, False, None),
    # Pao trump: Tenka is the trump Robai
    ("P", [(1, "O3"), (2, "PSo"), (3, "PRo")], 2, False, False, ("Sota-Robai", 2)),
    ("P", [(1, "O3"), (2, "PRo"), (3, "PRe")], 2, False, False, ("Robai-Rei", 2)),
    # Tenka never stands in for the trump Robai when T is not P
    ("G", [(1, "O3"), (2, "GSo"), (3, "PRo")], 2, False, False, None),
    ("G", [(1, "O3"), (2, "PRo"), (3, "GRe")], 2, False, False, None),
    # O is the strongest opposing trump: seat 3's GUn, not seat 5's GSo -> Sun-Un
    ("G", [(3, "GUn"), (4, "GSu"), (5, "GSo")], 4, False, False, ("Sun-Un", 2)),
    # the pair card is not the strongest opposing trump: no combo
    ("G", [(3, "G9"), (4, "G8"), (5, "G1")], 4, False, False, None),
    # the winner's partner's pair card is ignored
    ("G", [(1, "G6"), (2, "GSu"), (6, "GUn")], 2, False, False, None),
    # only one team played trumps
    ("G", [(0, "GSu"), (2, "GUn"), (1, "O5")], 0, False, False, None),
    # no trump at all
    ("G", [(0, "O1"), (1, "O2")], 0, False, False, None),
    # 10.3 values: trick 9, the hidden Robai, both (no stacking)
    ("G", [(1, "GSu"), (2, "GUn")], 1, True, False, ("Sun-Un", 5)),
    ("G", [(1, "GSo"), (2, "GRo")], 1, False, True, ("Sota-Robai", 5)),
    ("G", [(1, "GRo"), (2, "GRe")], 1, False, True, ("Robai-Rei", 5)),
    ("G", [(1, "GRo"), (2, "GRe")], 1, True, True, ("Robai-Rei", 5)),
    ("G", [(1, "GSu"), (2, "GUn")], 1, False, True, ("Sun-Un", 2)),  # hidden matters only for Robai pairs
    ("P", [(1, "PSo"), (2, "PRo")], 1, False, True, ("Sota-Robai", 5)),
]


@pytest.mark.parametrize("trump,plays,winner,ninth,hidden,want", CASES)
def test_trick_combo(trump, plays, winner, ninth, hidden, want):
    assert combo(trump, plays, winner, ninth, hidden) == want


def test_deal_points():
    assert deal_points([7, 2], [2, -2]) == [9, 0]
    assert deal_points([0, 9], [-5, 5]) == [-5, 14]
    assert seat_points([6, 3]) == [6, 3, 6, 3, 6, 3, 6, 3]


def test_match_winners():
    assert match_winners([10, 8] * 4) == [0, 2, 4, 6]
    assert match_winners([-3, 12] * 4) == [1, 3, 5, 7]
    assert match_winners([9, 9] * 4) == []  # 11: a draw, no extra deal
