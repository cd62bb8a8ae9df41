"""F2: a Yokir match of dead hands (every seat passes, deal after deal) costs linear time: no deal
is given a copy of every earlier deal's result, which only Joker reads."""

import pytest

from parlor.core.errors import ActionError
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


def test_a_replay_pauses_the_collector_only_while_it_runs():
    import gc

    from parlor import records
    record = all_pass(3).record()
    assert gc.isenabled()
    records.replay(record)
    assert gc.isenabled()  # given back, also after a bad record:
    with pytest.raises(ActionError):
        records.replay({**record, "actions": record["actions"] + ["bid 9"]})
    assert gc.isenabled()
    gc.disable()
    try:
        records.replay(record)
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()
