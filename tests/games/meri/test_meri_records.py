"""Meri records: options, seats, names and explicit deals checked when loaded (4.2, 4.3, 12);
illegal actions at their index; nothing half-applied."""

import copy

import pytest

from parlor import records
from parlor.core.errors import BadRecord, IllegalAction

from meri_helpers import golden_record


def example() -> dict:
    return copy.deepcopy(golden_record("worked_example"))


def bad(rec, *words):
    with pytest.raises(BadRecord) as e:
        records.replay(rec)
    for w in words:
        assert w in e.value.reason, e.value.reason
    return e.value.reason


@pytest.mark.parametrize("value", [2.0, "2", True, 0, 65, -1, None, [2]])
def test_num_deals_must_be_an_integer_from_1_to_64(value):
    rec = example()
    rec["options"] = {"num_deals": value}
    bad(rec, "num_deals", "an integer from 1 to 64")


def test_num_deals_limits_are_allowed():
    for n in (1, 64):
        rec = example()
        rec["options"] = {"num_deals": n}
        assert records.replay(rec).report()["finished"] == (n == 1)


def test_unknown_option():
    rec = example()
    rec["options"] = {"num_deals": 1, "target": 10}
    bad(rec, 'unknown option "target"')


@pytest.mark.parametrize("seats", [7, 4, 9, "8", 8.0])
def test_seats_must_be_8(seats):
    rec = example()
    rec["seats"] = seats
    bad(rec, "seats")


def test_seats_8_and_names():
    rec = example()
    rec["seats"] = 8
    rec["names"] = [f"p{i}" for i in range(8)]
    assert records.replay(rec).finished
    rec["names"] = ["a"] * 7
    bad(rec, "names must be a list of 8 strings")
    rec["names"] = ["a"] * 7 + [3]
    bad(rec, "names must be a list of 8 strings")


def test_deck_errors_name_the_card():
    rec = example()
    rec["deals"][0]["hands"][3][0] = "GSu"  # O1 missing, GSu twice
    reason = bad(rec)
    assert "GSu appears 2 times" in reason
    rec = example()
    rec["deals"][0]["pile"][2] = "K9"  # P2 missing, K9 twice
    assert "K9 appears 2 times" in bad(rec)
    rec = example()
    rec["deals"][0]["hands"][0][0] = "P10"
    bad(rec, "deals[0].hands[0]", '"P10" is not a card code')
    rec = example()
    rec["deals"][0]["hands"][0][0] = "o5"
    bad(rec, '"o5" is not a card code')


def test_deal_shape_errors():
    rec = example()
    rec["deals"][0]["hands"][2].append(rec["deals"][0]["pile"].pop())
    bad(rec, "must hold")
    rec = example()
    rec["deals"][0]["hands"] = rec["deals"][0]["hands"][:7]
    bad(rec, "deals[0].hands must be 8 lists")
    rec = example()
    del rec["deals"][0]["pile"]
    bad(rec, "deals[0].pile")
    rec = example()
    rec["deals"][0]["extra"] = 1
    bad(rec, 'unknown field "extra"')


def test_first_explicit_deal_names_the_first_dealer_and_later_deals_follow_the_rotation():
    rec = example()
    rec["options"] = {"num_deals": 3}
    d = rec["deals"][0]
    rec["deals"] = [d, dict(d, dealer=1), dict(d, dealer=2)]
    rec["actions"] = []
    m = records.replay(rec)
    assert m.state.dealer == 0
    rec["deals"][2]["dealer"] = 5  # never reached by the actions, still checked
    bad(rec, "deals[2].dealer must be seat 2")
    rec["deals"] = [dict(d, dealer=4), dict(d, dealer=5)]
    assert records.replay(rec).state.dealer == 4


def test_a_bad_later_deal_is_malformed_even_if_never_reached():
    rec = example()
    rec["options"] = {"num_deals": 2}
    d = copy.deepcopy(rec["deals"][0])
    d["dealer"] = 1
    d["hands"][5][0] = "G4"  # doubled indicator
    rec["deals"].append(d)
    rec["actions"] = rec["actions"][:3]
    bad(rec, "deals[1]", "G4 appears 2 times")


def test_more_deals_than_num_deals():
    rec = example()
    d = rec["deals"][0]
    rec["deals"] = [d, dict(d, dealer=1)]
    bad(rec, "deals has 2 entries but the match has only 1 deals")


def test_action_after_the_end():
    rec = example()
    rec["actions"].append("pass")
    with pytest.raises(IllegalAction) as e:
        records.replay(rec)
    assert e.value.index == len(rec["actions"]) - 1 and "match is over" in e.value.reason


def test_deals_from_the_seed_without_explicit_deals():
    rec = {"game": "meri", "seed": 42, "actions": []}
    a, b = records.replay(rec), records.replay(rec)
    assert a.deals[0].hands == b.deals[0].hands and a.state.dealer == 0
    assert records.replay({"game": "meri", "seed": 43, "actions": []}).deals[0].hands != a.deals[0].hands
