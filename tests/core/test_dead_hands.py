"""F2: a Yokir match of dead hands (every seat passes, deal after deal) costs linear time: no deal
is given a copy of every earlier deal's result, which only Joker reads."""

from parlor.core.match import Match
from parlor.core.registry import make_rules


def all_pass(deals: int) -> Match:
    match = Match(make_rules("yokir"), 1)
    while match.deal_number <= deals:
        match.apply("pass")
    return match


def test_a_dead_hand_deal_carries_no_copy_of_the_earlier_deals():
    match = all_pass(300)
    assert len(match.results) == 300 and match.scores == [0, 0, 0]
    assert match.state.ctx.results == ()  # before: a tuple of all 300 results, in every deal


def test_joker_still_sees_its_earlier_deals():
    from parlor.core.rng import Rng
    match = Match(make_rules("joker", {"length": "short12"}), 3)
    rng = Rng(5)
    while match.deal_number < 3:
        match.apply(rng.choice(match.legal()))
    assert len(match.state.ctx.results) == 2
