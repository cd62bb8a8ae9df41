"""Malformed Joker records (rules §12, §13.1, §5.1): refused whole with a clear reason."""

import copy
import json
from pathlib import Path

import pytest

from parlor import records
from parlor.core.errors import BadRecord, IllegalAction, InvalidAction
from parlor.games.joker.cards import CODES

EXAMPLE = json.loads((Path(__file__).parent / "golden" / "worked_example.json").read_text())["record"]


def _record(**changes):
    rec = copy.deepcopy(EXAMPLE)
    rec.update(changes)
    return rec


@pytest.mark.parametrize("options,words", [
    ({"length": "classic12", "schedule": [["1"]]}, "length"),   # checked though irrelevant
    ({"length": 24}, "length"),
    ({"schedule": []}, "schedule"),
    ({"schedule": [["1"], []]}, "schedule"),
    ({"schedule": [["10"]]}, "schedule"),
    ({"schedule": [[1]]}, "schedule"),
    ({"schedule": [["9", "Dark"]]}, "schedule"),
    ({"schedule": ["1"]}, "schedule"),
    ({"schedule": "1"}, "schedule"),
    ({"schedule": None}, "schedule"),
    ({"shtanga": -200.0}, "shtanga"),
    ({"shtanga": "-200"}, "shtanga"),
    ({"shtanga": -300}, "shtanga"),
    ({"shtanga": True}, "shtanga"),
    ({"shtanga": "per card"}, "shtanga"),
    ({"premium": "triple"}, "premium"),
    ({"premium": None}, "premium"),
    ({"first_dealer": 1.0}, "first_dealer"),
    ({"first_dealer": "1"}, "first_dealer"),
    ({"first_dealer": 4}, "first_dealer"),
    ({"first_dealer": -1}, "first_dealer"),
    ({"first_dealer": True}, "first_dealer"),
    ({"first_dealer": "Random"}, "first_dealer"),
    ({"target": 7}, "target"),
])
def test_bad_options(options, words):
    with pytest.raises(BadRecord, match=words):
        records.replay({"game": "joker", "options": options, "actions": []})


@pytest.mark.parametrize("options", [
    {"length": "short12"}, {"length": "full40", "shtanga": -100, "premium": "cross_out"},
    {"shtanga": "per_card", "first_dealer": 3}, {"first_dealer": "random"},
    {"schedule": [["1", "2", "3", "4", "5", "6", "7", "8", "9"], ["nt", "dark", "gold", "misere"]]},
])
def test_good_options(options):
    match = records.replay({"game": "joker", "options": options, "actions": []})
    assert match.record()["options"] == {**{"length": "classic24", "shtanga": -200,
                                           "premium": "double", "first_dealer": 0}, **options}


def test_seats_and_names():
    with pytest.raises(BadRecord, match="4 seats"):
        records.replay(_record(seats=3))
    with pytest.raises(BadRecord, match="names"):
        records.replay(_record(names=["a", "b", "c"]))
    with pytest.raises(BadRecord, match="names"):
        records.replay(_record(names=["a", "b", "c", 4]))
    assert records.replay(_record(seats=4, names=["a", "b", "c", "d"])).report()["scores"] == [150, -190, 150, 100]


def _with_deal(i, **changes):
    rec = _record()
    rec["deals"][i].update(changes)
    return rec


def test_dealer_must_follow_the_rotation():
    with pytest.raises(BadRecord, match=r"deals\[1\].dealer must be seat 1"):
        records.replay(_with_deal(1, dealer=0))
    with pytest.raises(BadRecord, match=r"deals\[0\].dealer must be seat 2"):
        records.replay(_record(options={"first_dealer": 2}))


def test_hand_and_pile_sizes():
    rec = _record()
    rec["deals"][0]["hands"][0].append(rec["deals"][0]["pile"].pop())
    with pytest.raises(BadRecord, match=r"hands\[0\] must hold 1 cards"):
        records.replay(rec)
    rec = _record()
    rec["deals"][1]["pile"].pop()
    with pytest.raises(BadRecord, match=r"deals\[1\].pile must hold 28 cards"):
        records.replay(rec)


def test_deck_errors_name_the_card():
    rec = _record()
    rec["deals"][0]["pile"][-1] = "AC"  # X2 replaced by a second AC
    with pytest.raises(BadRecord, match="AC appears 2 times"):
        records.replay(rec)
    rec = _record()
    rec["deals"][0]["pile"][3] = "6S"
    with pytest.raises(BadRecord, match='"6S" is not a card code'):
        records.replay(rec)
    rec = _record()
    rec["deals"][1]["hands"][0][0] = "ad"
    with pytest.raises(BadRecord, match='"ad" is not a card code'):
        records.replay(rec)


def test_every_explicit_deal_is_checked_even_unreached():
    rec = _record(actions=["bid 1"])
    rec["deals"][1]["pile"][0] = "KD"  # doubles KD, never reached by the actions
    with pytest.raises(BadRecord, match="KD appears 2 times"):
        records.replay(rec)


def _nine_deal(dealer=0):
    cards = list(CODES)
    return {"dealer": dealer, "hands": [cards[s * 9:(s + 1) * 9] for s in range(4)], "pile": []}


def test_nine_card_deals_have_an_empty_pile():
    good = {"game": "joker", "options": {"schedule": [["9"]]}, "deals": [_nine_deal()], "actions": []}
    assert records.replay(good).report()["legal"][0] == "trump C"
    bad = copy.deepcopy(good)
    bad["deals"][0]["pile"] = [bad["deals"][0]["hands"][0].pop()]
    with pytest.raises(BadRecord, match="must hold 9 cards"):
        records.replay(bad)
    bad = copy.deepcopy(good)
    del bad["deals"][0]["pile"]
    with pytest.raises(BadRecord, match="pile"):
        records.replay(bad)


def test_more_deals_than_the_match():
    rec = {"game": "joker", "options": {"schedule": [["9"]]},
           "deals": [_nine_deal(0), _nine_deal(1)], "actions": []}
    with pytest.raises(BadRecord, match="the match has 1 deal"):
        records.replay(rec)


def test_random_first_dealer_checks_explicit_deals_against_the_draw():
    # Whichever seat the generator draws, exactly one dealer for deal 1 is accepted.
    for seed in range(4):
        accepted = []
        for dealer in range(4):
            rec = {"game": "joker", "options": {"first_dealer": "random", "schedule": [["9"]]},
                   "seed": seed, "deals": [_nine_deal(dealer)], "actions": []}
            try:
                records.replay(rec)
                accepted.append(dealer)
            except BadRecord:
                pass
        assert len(accepted) == 1
        bare = records.replay({"game": "joker", "options": {"first_dealer": "random"},
                               "seed": seed, "actions": []})
        assert bare.first_dealer == accepted[0]
        assert bare.report()["to_act"] == (accepted[0] + 1) % 4


def test_random_first_dealer_varies_with_the_seed():
    dealers = {records.replay({"game": "joker", "options": {"first_dealer": "random"},
                               "seed": seed, "actions": []}).first_dealer for seed in range(24)}
    assert len(dealers) > 1 and dealers <= {0, 1, 2, 3}


def test_an_unparsable_action_is_an_illegal_action_at_its_index():
    rec = _record(actions=EXAMPLE["actions"][:4] + ["play th"])
    with pytest.raises(InvalidAction) as e:
        records.replay(rec)
    assert str(e.value).startswith('action 4 "play th" by seat 1 is illegal')


def test_the_match_is_over():
    rec = json.loads((Path(__file__).parent / "golden" / "draw.json").read_text())["record"]
    rec["actions"].append("bid 0")
    with pytest.raises(IllegalAction, match="the match is over"):
        records.replay(rec)
