"""Yokir rules from shared/rules/yokir.md: the worked example, Oracle and Sage, scoring, match end."""

import copy
import json
from pathlib import Path

import pytest

from parlor import records
from parlor.core.errors import BadRecord, IllegalAction, InvalidAction, UnknownAction
from parlor.core.match import Match
from parlor.core.registry import make_rules, text_of
from parlor.core.rules import DealContext
from parlor.core.text import Role
from parlor.games.yokir.scoring import hand_points, match_winner
from parlor.games.yokir.view import upcard_of
from parlor.testing import check_golden

GOLDEN = Path(__file__).parent / "golden"
EXAMPLE = json.loads((GOLDEN / "worked_example.json").read_text())["record"]


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden(path):
    check_golden(path)


def play_until(record, n):
    match = records.new_match(record)
    for a in record["actions"][:n]:
        match.apply(a)
    return match


def test_worked_example_legal_lists():
    # Before Ben's discard (spec 15).
    m = play_until(EXAMPLE, 1)
    assert m.legal() == ["discard 1L", "discard 2M", "discard 4A", "discard 5T", "discard 6L"]
    # Trick 1: trump led, Cai's Sage follows trump.
    m = play_until(EXAMPLE, 3)
    assert m.to_act() == 2 and m.legal() == ["play 1A", "play 2L"]
    # Trick 2: Cai's only trump is the Sage.
    m = play_until(EXAMPLE, 6)
    assert m.legal() == ["play 1A"]


def deal(hands, pile, dealer=0):
    rules = make_rules("yokir")
    d = rules.parse_deal({"dealer": dealer, "hands": hands, "pile": pile}, 1, "deal")
    return rules, rules.start(d, DealContext(1, dealer, (0, 0, 0)))


def run(rules, state, actions):
    for a in actions:
        state = rules.apply(state, a)
    return state


# Thought led with Art & Music trump: 1T is the Sage (a trump), not a Thought card.
SAGE_HANDS = [["1T", "4T", "2A", "3A", "4A"], ["5T", "6T", "5A", "6A", "2L"], ["1M", "6M", "3L", "4L", "5L"]]
SAGE_PILE = ["6L", "1A", "1L", "2M", "3M", "4M", "5M", "2T", "3T"]
# Seat 0's only printed Thought card is the Sage 1T.
LONE_SAGE_HANDS = [["1T", "2A", "3A", "4A", "5A"], ["5T", "6T", "6A", "2L", "3L"], ["1M", "6M", "4L", "5L", "6L"]]
LONE_SAGE_PILE = ["1L", "1A", "2M", "3M", "4M", "5M", "2T", "3T", "4T"]


def test_sage_is_not_its_printed_suit_and_the_reason_says_so():
    rules, s = deal(SAGE_HANDS, SAGE_PILE)
    # Round one: all pass; round two: seat 1 names M (trump Art & Music, Sage 1T).
    s = run(rules, s, ["pass", "pass", "pass", "call M"])
    assert s.trump == 2
    # Seat 1 leads 5T; seat 2 has no Thought; seat 0 holds 4T and the Sage 1T.
    s = run(rules, s, ["play 5T", "play 3L"])
    assert rules.legal(s) == ["play 4T"]
    reason = rules.why_illegal(s, "play 1T")
    assert reason == "a Thought card was led and seat 0 holds 4T (1T is the Sage, a trump)"


def test_the_reason_names_a_led_suit_with_its_article():
    rules, s = deal(SAGE_HANDS, SAGE_PILE)
    s = run(rules, s, ["pass", "pass", "pass", "call M", "play 5A", "play 3L"])
    assert rules.why_illegal(s, "play 4T") == "an Architecture card was led and seat 0 holds 2A 3A 4A"


def test_sage_alone_of_its_printed_suit_may_not_follow_it_but_may_trump():
    rules, s = deal(LONE_SAGE_HANDS, LONE_SAGE_PILE)
    s = run(rules, s, ["pass", "pass", "pass", "call M", "play 5T", "play 4L"])
    # Seat 0's only printed Thought card is the Sage: it holds no Thought, anything goes.
    assert rules.legal(s) == ["play 1T", "play 2A", "play 3A", "play 4A", "play 5A"]
    s = run(rules, s, ["play 1T"])
    assert s.won == [1, 0, 0]  # the Sage trumps the trick


def test_sage_lead_is_a_trump_lead():
    rules, s = deal(LONE_SAGE_HANDS, LONE_SAGE_PILE, dealer=2)  # seat 0 leads
    s = run(rules, s, ["pass", "pass", "pass", "call M", "play 1T"])
    # Seat 1 holds plain Thought only, no trump: free choice.
    assert len(rules.legal(s)) == 5
    s = run(rules, s, ["play 6T"])
    # Seat 2 holds the Oracle 1M and 6M: must follow trump.
    assert rules.legal(s) == ["play 1M", "play 6M"]
    s = run(rules, s, ["play 1M"])
    assert s.won == [0, 0, 1]  # Oracle beats Sage


def test_turned_down_suit_cannot_be_named_and_picked_card_cannot_be_discarded():
    rules, s = deal(SAGE_HANDS, SAGE_PILE)
    s2 = run(rules, s, ["pass", "pass", "pass"])
    assert rules.legal(s2) == ["call A", "call M", "call T", "pass"]
    assert rules.why_illegal(s2, "call L") == "the turned-down suit L may not be named"
    s3 = run(rules, s, ["pick"])
    assert rules.why_illegal(s3, "discard 6L") == "the picked-up card 6L may not be discarded"
    assert rules.why_illegal(s3, "play 5T") == "seat 1 must discard first"


def test_dealer_picks_and_discards_like_anyone():
    rules, s = deal(SAGE_HANDS, SAGE_PILE)
    s = run(rules, s, ["pass", "pass", "pick"])
    assert s.caller == 0 and s.trump == 1 and rules.to_act(s) == 0
    # Any of the five cards held before picking, never the picked-up one.
    assert rules.legal(s) == ["discard 1T", "discard 2A", "discard 3A", "discard 4A", "discard 4T"]
    s = run(rules, s, ["discard 1T"])
    assert rules.to_act(s) == 1  # seat dealer+1 leads


@pytest.mark.parametrize("text,reason_part", [
    ("play 7A", "not a Yokir card"), ("Play 1A", "not a Yokir action"), ("call X", "not a suit"),
    ("play  1A", "not a Yokir card"), ("pick ", "not a Yokir action"),
])
def test_unparsable_actions_are_illegal_with_a_reason(text, reason_part):
    rules, s = deal(SAGE_HANDS, SAGE_PILE)
    with pytest.raises(InvalidAction) as e:
        rules.apply(s, text)
    assert reason_part in e.value.reason
    assert isinstance(e.value, UnknownAction) == (reason_part == "not a Yokir action")  # no form of one


def test_dead_hand_is_a_deal_and_the_dealer_rotates():
    rec = copy.deepcopy(EXAMPLE)
    rec["actions"] = ["pass"] * 6
    rec["options"] = {"target": 1}
    m = records.replay(rec)
    assert m.report()["deal_results"][0]["points"] == [0, 0, 0]
    assert m.deal_number == 2 and m.view(0)["dealer"] == 1 and not m.finished


@pytest.mark.parametrize("tricks,points", [
    (0, [0, 1, 1]), (2, [0, 1, 1]), (3, [1, 0, 0]), (4, [1, 0, 0]), (5, [2, 0, 0]),
])
def test_hand_points(tricks, points):
    assert hand_points(0, tricks) == points


@pytest.mark.parametrize("scores,winner", [
    ([7, 6, 0], 0), ([7, 7, 0], None), ([8, 8, 9], 2), ([6, 5, 5], None), ([2, 7, 7], None),
])
def test_match_winner_needs_the_target_alone_at_the_top(scores, winner):
    assert match_winner(scores, 7) == winner


def test_tied_at_target_plays_on():
    # The caller (seat 1) is euchred: both opponents reach target 1 together; play goes on.
    rec = copy.deepcopy(EXAMPLE)
    rec["deals"][0] = {"dealer": 0, "hands": LONE_SAGE_HANDS, "pile": LONE_SAGE_PILE}
    m = records.new_match(rec)
    for a in ["pass", "pass", "pass", "call A"]:
        m.apply(a)
    while not m.results:
        m.apply(m.legal()[0])
    if m.results[0].points == [1, 0, 1]:
        assert not m.finished and m.deal_number == 2
    else:
        pytest.fail(f"expected the caller to be euchred, got {m.results[0].points}")


def test_view_hides_other_discard_and_shows_own():
    m = play_until(EXAMPLE, 2)
    assert m.view(1)["discard"] == "2M"
    assert m.view(0)["discard"] is None and "2M" not in json.dumps(m.view(0))
    assert m.log[1][2] == ["discard ??", "discard 2M", "discard ??"]


def test_card_roles():
    m = play_until(EXAMPLE, 2)
    v = m.view(2)
    text = text_of(m.rules)
    assert text.card_role(v, "1L") == Role("oracle", "Oracle")
    assert text.card_role(v, "1A") == Role("sage", "Sage")
    assert text.card_role(v, "2L") == Role("trump", "trump")
    assert text.card_role(v, "1T") is None


@pytest.mark.parametrize("change,message", [
    ({"options": {"target": 0}}, 'option "target" must be an integer from 1 to 100, not 0'),
    ({"options": {"target": 101}}, "not 101"),
    ({"options": {"target": 7.0}}, "not 7.0"),
    ({"options": {"target": "7"}}, 'not "7"'),
    ({"options": {"target": True}}, "not true"),
    ({"options": {"goal": 7}}, 'unknown option "goal"'),
    ({"seats": 4}, "yokir is played by 3 seats"),
    ({"names": ["a", "b"]}, "names must be a list of 3 strings"),
    ({"game": "chess"}, 'unknown game "chess"'),
    ({"seed": "x"}, "seed must be an integer"),
])
def test_malformed_records(change, message):
    rec = dict(copy.deepcopy(EXAMPLE), **change)
    with pytest.raises(BadRecord) as e:
        records.replay(rec)
    assert message in str(e.value)


def test_wrong_deck_names_the_card():
    rec = copy.deepcopy(EXAMPLE)
    rec["deals"][0]["pile"][-1] = "2A"  # 2A twice, 5A missing
    with pytest.raises(BadRecord, match="card 2A appears 2 times"):
        records.replay(rec)
    rec["deals"][0]["pile"][-1] = "9A"
    with pytest.raises(BadRecord, match='"9A" is not a card code'):
        records.replay(rec)


def test_every_explicit_deal_is_checked_even_if_never_reached():
    rec = copy.deepcopy(EXAMPLE)
    second = copy.deepcopy(rec["deals"][0])
    second["dealer"] = 0  # rotation wants seat 1
    rec["deals"].append(second)
    with pytest.raises(BadRecord, match=r"deals\[1\]\.dealer must be seat 1"):
        records.replay(rec)
    second["dealer"] = 1
    second["hands"][0] = second["hands"][0][:4]
    with pytest.raises(BadRecord, match=r"deals\[1\]\.hands\[0\] must hold 5 cards"):
        records.replay(rec)


def test_illegal_action_message_names_index_action_seat_and_reason():
    rec = copy.deepcopy(EXAMPLE)
    rec["actions"][3] = "play 5M"  # Cai holds no 5M
    with pytest.raises(IllegalAction) as e:
        records.replay(rec)
    assert str(e.value) == 'action 3 "play 5M" by seat 2 is illegal: seat 2 does not hold 5M'


def test_action_after_the_match_is_over():
    rec = copy.deepcopy(EXAMPLE)
    rec["actions"].append("pass")
    with pytest.raises(IllegalAction) as e:
        records.replay(rec)
    assert str(e.value) == 'action 17 "pass" is illegal: the match is over'


def test_shuffled_deal_follows_the_dealing_order():
    rules = make_rules("yokir")
    from parlor.core.rng import Rng
    d = rules.shuffle_deal(1, 2, Rng(9))
    cards = Rng(9).shuffled(range(24))
    # card k goes to seat (dealer + 1 + k) mod 3; pile = cards 15..23, cards[15] face up
    assert d.hands[0] == cards[0:15:3] and d.hands[1] == cards[1:15:3] and d.hands[2] == cards[2:15:3]
    assert d.pile == cards[15:]


def test_resampled_hands_keep_the_voids_play_has_shown():
    """A seat that did not follow the led suit (the Oracle and Sage counting as trumps) holds
    none of it in any world resampled for another seat."""
    from parlor.core.rng import Rng
    from parlor.games.yokir.cards import DECK, EFFECTIVE
    rules = make_rules("yokir")
    checked = 0
    for seed in range(40):
        match, rng = Match(rules, seed), Rng(seed)
        voids = set()  # (seat, effective suit)
        while not match.finished and match.deal_number == 1:
            seat = match.to_act()
            view = match.view(seat)
            action = rng.choice(view["legal"])
            if view["phase"] == "play" and view["trick"]:
                eff = EFFECTIVE["ALMT".index(view["trump"])]
                led = eff[DECK.index[view["trick"][0][1]]]
                if eff[DECK.index[action.split()[1]]] != led:
                    voids.add((seat, led))
            match.apply(action)
            if match.deal_number != 1 or not voids:
                continue
            for me in range(3):
                world = rules.resample(match.view(me), Rng(seed * 7 + me))
                eff = EFFECTIVE[world.trump]
                for p, suit in voids:
                    if p != me:
                        assert all(eff[c] != suit for c in world.hands[p]), (seed, p, suit)
                        checked += 1
    assert checked > 100


def test_the_table_lines_say_who_picked_up_the_face_up_card():
    """12: the face-up card is seen by all, and so is the picker taking it."""
    rules = make_rules("yokir")
    match = Match(rules, 5)
    up, picker = upcard_of(match.view(0))[0], match.to_act()
    match.apply("pick")
    for seat in range(3):
        view = dict(match.view(seat), names=["Ann", "Bob", "Cid"])
        assert f"{view['names'][picker]} picked up {text_of(rules).card_words(up)}." in text_of(rules).table_lines(view)[0]
