"""The search's utility: deal points early, the match's winners at the end, partners alike."""

from parlor.bots.utility import Utility
from parlor.core.registry import make_rules


def test_the_deal_that_ends_the_match_counts_only_the_winner():
    rules = make_rules("yokir")  # target 7
    u = Utility(rules, {"scores": [6, 6, 0], "deal": 9})
    caller_wins = u([1, 0, 0])  # seat 0 reaches 7 alone: the match is over
    defence = u([0, 1, 1])  # seats 1 and 2 gain; seat 1 reaches 7 alone
    assert caller_wins[0] > 0.5 > caller_wins[1]
    assert defence[1] > 0.5 > defence[0] and defence[1] > defence[2]


def test_early_in_a_match_points_count_like_points():
    rules = make_rules("yokir")
    u = Utility(rules, {"scores": [0, 0, 0], "deal": 1})
    assert u([2, 0, 0])[0] > u([1, 0, 0])[0] > u([0, 0, 0])[0]
    assert abs(sum(u([0, 1, 1]))) < 1e-9  # relative to the table


def test_partners_share_one_value():
    rules = make_rules("meri")
    u = Utility(rules, {"scores": [3, 6] * 4, "deal": 8})  # the last deal of 8
    value = u([5, 4] * 4)
    assert len(set(value[0::2])) == 1 and len(set(value[1::2])) == 1
    assert value[1] > value[0]  # team B stays ahead and wins the match
