"""The search's utility: deal points early, the match's winners at the end (but stakes to the end
in Tőr), partners alike."""

from parlor.bots.search import Search
from parlor.bots.utility import Utility
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng


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


def test_tor_is_played_for_stakes_to_the_last_deal():
    # Tőr's balances are the players' winnings: a seat that cannot catch the leader in the last
    # deal still wants its stakes (in Yokir, above, only the match's winners count then).
    rules = make_rules("tor")
    match = Match(rules, 1)
    view = dict(match.view(match.to_act()), deal=12, scores=[-20, 0, 0, 20])
    u = Search(rules, view, Rng(1), iterations=1).utility
    assert u([3, -1, -1, -1])[0] > u([-1, -1, 3, -1])[0] > u([-2, -2, -2, 6])[0]
    assert abs(sum(u([3, -1, -1, -1]))) < 1e-9
    placing = Search(rules, view, Rng(1), iterations=1, match_aware=True).utility  # the way to ask
    assert placing([3, -1, -1, -1])[0] == placing([-1, -1, 3, -1])[0]  # seat 3 wins the match either way
