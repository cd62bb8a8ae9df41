"""Joker play rules: legal lists (§13), reasons for illegal actions (§13.1), bidding and the hook
(§7), following and trick winners (§8) and the edge-case table (§15)."""

import json

import pytest

from parlor import records
from parlor.core.errors import ActionError, IllegalAction, InvalidAction
from parlor.core.registry import text_of
from parlor.games.joker.cards import CODES
from parlor.games.joker.view import turned_of


def table(hands, turned=None, token=None, actions=(), dealer=0, **options):
    """A one-deal match (schedule [[token]]) with explicit hands, after `actions`. Deals of fewer
    than 9 cards turn `turned` (pile[0]); the rest of the pack fills the pile."""
    n = len(hands[0])
    token = token or str(n)
    used = {c for h in hands for c in h} | ({turned} if turned else set())
    rest = [c for c in CODES if c not in used]
    pile = [turned] + rest if n < 9 else []
    rec = {"game": "joker", "options": {"schedule": [[token]], "first_dealer": dealer, **options},
           "deals": [{"dealer": dealer, "hands": hands, "pile": pile}], "actions": list(actions)}
    return records.replay(rec)


def snapshot(match):
    return json.dumps([match.report(), [match.view(s) for s in range(4)]], sort_keys=True)


def refused(match, action, reason=None, starts=None, cause=ActionError):
    """The action is refused (as `cause`) with the reason, and nothing changes."""
    before = snapshot(match)
    with pytest.raises(cause) as e:
        match.apply(action)
    if reason is not None:
        assert e.value.reason == reason
    if starts is not None:
        assert e.value.reason.startswith(starts), e.value.reason
    assert snapshot(match) == before
    return e.value.reason


BIDS0 = ["bid 0"] * 4


def winner_of_first_trick(match):
    return match.view(0)["tricks"][0]["winner"]


# --- §13 legal examples

def nine(token="9", actions=(), dealer=0, **options):
    cards = list(CODES)
    return table([cards[s * 9:(s + 1) * 9] for s in range(4)], token=token, actions=actions,
                 dealer=dealer, **options)


def test_trump_step_legal():
    assert nine().legal() == ["trump C", "trump D", "trump H", "trump S", "trump none"]


def test_leading_joker_legal():
    m = table([["7S", "8S"], ["7D", "X1"], ["9S", "TS"], ["JS", "QS"]], "6H", actions=BIDS0)
    assert m.legal() == ["play 7D", "play X1 high C", "play X1 high D", "play X1 high H",
                         "play X1 high S", "play X1 low C", "play X1 low D", "play X1 low H",
                         "play X1 low S"]


def test_following_joker_legal():
    m = table([["7S", "8S"], ["KS", "7D"], ["9S", "X2"], ["JS", "QS"]], "6H",
              actions=BIDS0 + ["play KS"])
    assert m.legal() == ["play 9S", "play X2 discard", "play X2 take"]


# --- §7 bidding and the hook

@pytest.mark.parametrize("others,legal", [
    (["bid 0", "bid 0", "bid 0"], ["bid 0"]),
    (["bid 1", "bid 0", "bid 0"], ["bid 1"]),
    (["bid 1", "bid 1", "bid 0"], ["bid 0", "bid 1"]),
    (["bid 1", "bid 1", "bid 1"], ["bid 0", "bid 1"]),
])
def test_hook_in_a_one_card_deal(others, legal):
    m = table([["7S"], ["8S"], ["9S"], ["TS"]], "6H", actions=others)
    assert m.to_act() == 0 and m.legal() == legal


def test_hook_reason_and_range():
    m = table([["7S"], ["8S"], ["9S"], ["TS"]], "6H", actions=["bid 0"] * 3)
    refused(m, "bid 1", "dealer may not bid 1: the bids would total 1")
    m = table([["7S", "8S"], ["9S", "TS"], ["JS", "QS"], ["KS", "AS"]], "6H")
    refused(m, "bid 3", "bid 3 is out of range 0..2")
    refused(m, "bid 10", "bid 10 is out of range 0..2")
    assert m.legal() == ["bid 0", "bid 1", "bid 2"]


def test_bidding_order_and_the_hook_in_nine_card_deals():
    m = nine(actions=["trump H"], dealer=2)
    assert m.to_act() == 3
    for seat in (3, 0, 1):
        assert m.to_act() == seat
        m.apply("bid 3")
    assert m.to_act() == 2 and "bid 0" not in m.legal() and len(m.legal()) == 9
    m = nine(actions=["trump H", "bid 2", "bid 2", "bid 2"], dealer=2)
    refused(m, "bid 3", "dealer may not bid 3: the bids would total 9")


# --- §13.1 reasons

def test_does_not_hold():
    m = table([["7S", "8D"], ["KS", "7D"], ["AS", "7H"], ["JS", "QS"]], "6H", dealer=1,
              actions=BIDS0)
    assert m.to_act() == 2
    refused(m, "play 8S", "seat 2 does not hold 8S")
    refused(m, "play X1 high S", "seat 2 does not hold X1")


def test_must_follow_suit():
    m = table([["7S", "8D"], ["KS", "7D"], ["9S", "7H"], ["JS", "QS"]], "6H",
              actions=BIDS0 + ["play KS"])
    refused(m, "play 7H", "seat 2 holds a spade and must follow suit")
    assert m.legal() == ["play 9S"]


def test_must_play_the_highest_after_a_high_lead():
    m = table([["7D", "8D"], ["KH", "TD"], ["X1", "9H"], ["AS", "7S"]], "6H", dealer=1,
              actions=BIDS0 + ["play X1 high S"])
    refused(m, "play 7S", "after a high joker lead seat 3 must play its highest spade, AS")
    assert m.legal() == ["play AS"]


def test_must_trump():
    m = table([["7C", "8S"], ["KS", "TD"], ["9D", "JD"], ["9H", "7S"]], "TC", dealer=2,
              actions=BIDS0 + ["play 9H"])
    assert m.to_act() == 0
    refused(m, "play 8S", "seat 0 holds no heart but holds a trump and must trump")
    assert m.legal() == ["play 7C"]


def test_joker_modes_by_position():
    m = table([["X1", "8S"], ["KS", "TD"], ["9D", "JD"], ["9H", "7S"]], "TC", dealer=3,
              actions=BIDS0)
    assert m.to_act() == 0
    refused(m, "play X1 take", "a leading joker must say high or low and a suit")
    refused(m, "play X1 discard", "a leading joker must say high or low and a suit")
    refused(m, "play X1", "a leading joker must say high or low and a suit")
    refused(m, "play X1 high", starts="a joker led high must name")
    m.apply("play 8S")
    m.apply("play KS")
    m.apply("play 9D")
    m.apply("play 7S")
    assert m.to_act() == 1 and [f["won"] for f in m.view(0)["seat_facts"]] == [0, 1, 0, 0]
    m = table([["X1", "8S"], ["KS", "TD"], ["9D", "JD"], ["9H", "7S"]], "TC", dealer=2,
              actions=BIDS0 + ["play 9H"])
    refused(m, "play X1 high S", "a following joker must say take or discard")
    refused(m, "play X1 low H", "a following joker must say take or discard")
    refused(m, "play X1", "a following joker must say take or discard")


def test_trump_step_reasons():
    m = table([["7S"], ["8S"], ["9S"], ["TS"]], "6H")
    refused(m, "trump S", starts="it is not the trump step")
    m = nine(token="nt")
    refused(m, "trump none", starts="it is not the trump step")
    m = nine(actions=["trump S"])
    refused(m, "trump H", starts="it is not the trump step")
    m = nine(token="dark")
    refused(m, "trump H", starts="it is not the trump step")
    m = nine()
    refused(m, "bid 1", starts="it is not the bidding step")
    refused(m, "play AS", starts="play has not started")
    m = nine(token="gold", actions=["trump S"])
    refused(m, "bid 0", "there is no bidding in a golden or misère deal")


@pytest.mark.parametrize("text", [
    "", "pass", "Play 7S", "play  7S", "play 7S ", "play 6S", "play 6C", "play th", "play 7s",
    "play X3", "play X1 high s", "play X1 hi S", "play X1 low", "play 7S take", "bid 01", "bid -1",
    "bid", "bid one", "trump N", "trump", "trump NONE", "bid 0 ", "trump s",
])
def test_unparsable_actions_are_illegal(text):
    m = table([["7S", "8D"], ["KS", "7D"], ["9S", "7H"], ["JS", "QS"]], "6H")
    assert refused(m, text, cause=InvalidAction)


def test_unparsable_actions_say_why():
    m = table([["7S", "8D"], ["KS", "7D"], ["9S", "7H"], ["JS", "QS"]], "6H", actions=BIDS0)
    assert "jokers replace the black sixes" in refused(m, "play 6S")
    assert '"th" is not a card code' in refused(m, "play th")
    assert "leading zeros" in refused(nine(actions=["trump S"]), "bid 01")


# --- §8.5 trick winners and the §15 edge-case table

HIGH_C = [["AH", "X2", "9S"], ["X1", "7C", "8C"], ["7H", "KH", "9D"], ["7S", "8D", "TD"]]


def test_high_lead_naming_a_suit_nobody_holds():
    # Seat 2 has no club but trumps: must trump (any trump); seat 3 neither: anything.
    m = table(HIGH_C, "6H", actions=BIDS0 + ["play X1 high C"])
    assert m.legal() == ["play 7H", "play KH"]
    m.apply("play 7H")
    assert m.legal() == ["play 7S", "play 8D", "play TD"]
    m.apply("play 7S")
    assert m.legal() == ["play AH", "play X2 discard", "play X2 take"]
    m.apply("play AH")  # a trump does not beat the high joker
    assert winner_of_first_trick(m) == 1 and m.to_act() == 1
    m = table(HIGH_C, "6H", actions=BIDS0 + ["play X1 high C", "play 7H", "play 7S", "play X2 take"])
    assert winner_of_first_trick(m) == 0 and m.to_act() == 0
    m = table(HIGH_C, "6H", actions=BIDS0 + ["play X1 high C", "play 7H", "play 7S", "play X2 discard"])
    assert winner_of_first_trick(m) == 1


def test_high_lead_naming_trump():
    m = table([["AH", "9H", "9S"], ["X1", "7C", "8C"], ["7H", "KH", "8S"], ["7S", "8D", "9D"]], "6H",
              actions=BIDS0 + ["play X1 high H"])
    assert m.legal() == ["play KH"]
    m.apply("play KH")
    assert m.legal() == ["play 7S", "play 8D", "play 9D"]
    m.apply("play 9D")
    assert m.legal() == ["play AH"]
    m.apply("play AH")
    assert winner_of_first_trick(m) == 1


LOW = [["7D", "TD", "JD"], ["X1", "7C", "8C"], ["7S", "8S", "9S"], ["X2", "8D", "9D"]]


def test_low_lead_nobody_follows_or_trumps():
    m = table(LOW, "6H", actions=BIDS0 + ["play X1 low C", "play 7S", "play 8D", "play 7D"])
    assert winner_of_first_trick(m) == 1
    m = table(LOW, "6H", actions=BIDS0 + ["play X1 low C", "play 7S", "play X2 discard", "play 7D"])
    assert winner_of_first_trick(m) == 1
    m = table(LOW, "6H", actions=BIDS0 + ["play X1 low C", "play 7S", "play X2 take", "play 7D"])
    assert winner_of_first_trick(m) == 3


def test_low_lead_goes_to_the_strongest_reply():
    m = table(LOW, "6H", actions=BIDS0 + ["play X1 low D", "play 7S", "play 8D"])
    assert m.legal() == ["play 7D", "play JD", "play TD"]  # any diamond, not the highest
    m.apply("play JD")
    assert winner_of_first_trick(m) == 0
    # The lowest card of the named suit still beats the low joker.
    m = table(LOW, "6H", actions=BIDS0 + ["play X1 low S", "play 7S", "play 8D", "play 7D"])
    assert winner_of_first_trick(m) == 2
    # A trump beats it too.
    m = table([["7D", "TD", "JD"], ["X1", "7C", "8C"], ["7S", "8S", "9S"], ["6H", "8D", "9D"]], "7H",
              actions=BIDS0 + ["play X1 low C", "play 7S", "play 6H", "play 7D"])
    assert winner_of_first_trick(m) == 3


def test_high_lead_then_the_other_joker_takes():
    m = table([["7D", "TD", "JD"], ["X1", "7C", "8C"], ["AS", "8S", "9S"], ["X2", "8D", "9D"]], "6H",
              actions=BIDS0 + ["play X1 high S", "play AS", "play X2 take", "play 7D"])
    assert winner_of_first_trick(m) == 3


PLAIN = [["8S", "7H", "JD"], ["7S", "7C", "8C"], ["X1", "9S", "TS"], ["X2", "8D", "9D"]]


@pytest.mark.parametrize("modes,winner", [
    (("take", "take"), 3),        # the later take wins
    (("take", "discard"), 2),     # a discard leaves it to the earlier take
    (("discard", "take"), 3),
    (("discard", "discard"), 0),  # decided by the cards: seat 0's 8S
])
def test_two_jokers_after_a_plain_lead(modes, winner):
    m = table(PLAIN, "6H", actions=BIDS0 + ["play 7S", f"play X1 {modes[0]}", f"play X2 {modes[1]}"])
    assert m.legal() == ["play 8S"]
    m.apply("play 8S")
    assert winner_of_first_trick(m) == winner


def test_both_jokers_discarded_and_a_trump():
    m = table([["7H", "AD", "JD"], ["7S", "7C", "8C"], ["X1", "9S", "TS"], ["X2", "8D", "9D"]], "6H",
              actions=BIDS0 + ["play 7S", "play X1 discard", "play X2 discard"])
    assert m.legal() == ["play 7H"]  # no spade, a trump: must trump
    m.apply("play 7H")
    assert winner_of_first_trick(m) == 0


def test_a_joker_may_replace_following_or_trumping():
    m = table(PLAIN, "6H", actions=BIDS0 + ["play 7S"])
    assert m.legal() == ["play 9S", "play TS", "play X1 discard", "play X1 take"]


def test_a_hand_of_jokers_only():
    m = table([["7S", "8S"], ["X1", "X2"], ["9S", "TS"], ["JS", "QS"]], "6H", actions=BIDS0)
    legal = m.legal()
    assert len(legal) == 16 and all(a.split()[2] in ("high", "low") for a in legal)
    m = table([["7S", "8S"], ["9S", "TS"], ["X1", "X2"], ["JS", "QS"]], "6H", actions=BIDS0 + ["play 9S"])
    assert m.legal() == ["play X1 discard", "play X1 take", "play X2 discard", "play X2 take"]


def test_a_turned_joker_means_no_trump():
    m = table([["AH", "KD"], ["7S", "8S"], ["9H", "9D"], ["TS", "JS"]], "X2", actions=BIDS0)
    assert m.view(0)["trump"] == "none" and turned_of(m.view(0)) == "X2"
    m.apply("play 7S")
    assert m.legal() == ["play 9D", "play 9H"]  # nothing forces a trump
    m.apply("play 9H")
    m.apply("play TS")
    m.apply("play AH")
    assert winner_of_first_trick(m) == 3


def test_winner_leads_the_next_trick_and_the_deal_scores():
    # Deal 2 of §17 step by step: seat 1's X2 take wins trick 1, seat 0's only trump trick 2.
    m = table([["AD", "7C"], ["KD", "X2"], ["TD", "8S"], ["JS", "9H"]], "9C", dealer=1,
              actions=["bid 0", "bid 0", "bid 1"])
    assert m.legal() == ["bid 0", "bid 2"]
    for a in ["bid 2", "play TD", "play 9H", "play AD", "play X2 take"]:
        m.apply(a)
    assert m.to_act() == 1
    m.apply("play KD")
    assert m.legal() == ["play 8S"]
    m.apply("play 8S")
    m.apply("play JS")
    assert m.legal() == ["play 7C"]
    end = m.rules.copy(m.state)
    m.rules.apply_id(end, m.rules.parse_action(end, "play 7C"))
    m.apply("play 7C")
    # The deal is a chapter of its own here, so its premium (double) is judged at once: seats 0,
    # 2 and 3 kept their bids and score their best twice (§17 gives 100 10 50 50 before premium).
    assert m.finished and m.report()["deal_results"][0]["points"] == [200, 10, 100, 100]
    assert m.rules.deal_points(end) == [200, 10, 100, 100]  # search's shortcut counts it too
    # the result names whose bid and tricks each figure is, in the notation and as people read it
    detail = m.report()["deal_results"][0]["detail"]
    assert "; bids seat 0 1, seat 1 2, seat 2 0, seat 3 0; tricks seat 0 1, seat 1 1, seat 2 0, seat 3 0" in detail
    said = text_of(m.rules).deal_result(m.results[0], ["Ann", "Bob", "Cy", "Dee"])
    assert ("; Ann bid 1, took 1 trick; Bob bid 2, took 1 trick; Cy bid 0, took 0 tricks; Dee bid 0, took 0 tricks"
            in said), said


# --- deal flow per kind

def test_nine_card_deal_flow():
    m = nine(dealer=3)
    assert m.to_act() == 0 and m.view(0)["phase"] == "trump"
    assert m.rules.why_illegal(m.state, "bid 1") == "it is not the bidding step: the trump must be named first"
    m.apply("trump D")
    assert m.view(1)["trump"] == "D" and m.view(1)["phase"] == "bid" and m.to_act() == 0
    for _ in range(4):
        m.apply(m.legal()[0])
    assert m.view(0)["phase"] == "play" and m.to_act() == 0


def test_dark_deal_flow():
    m = nine(token="dark", dealer=1)
    assert m.to_act() == 2 and m.legal()[0] == "bid 0" and m.view(2)["trump"] is None
    for a in ["bid 1", "bid 2", "bid 3", "bid 2"]:
        m.apply(a)
    assert m.to_act() == 2 and m.legal() == ["trump C", "trump D", "trump H", "trump S", "trump none"]
    assert m.rules.why_illegal(m.state, "bid 1") == "bidding is over"  # the trump comes after the bids
    m.apply("trump none")
    assert m.view(0)["phase"] == "play" and m.to_act() == 2 and m.view(0)["trump"] == "none"


@pytest.mark.parametrize("token", ["gold", "misere"])
def test_no_bidding_deals(token):
    m = nine(token=token, dealer=0)
    assert m.to_act() == 1 and m.view(1)["phase"] == "trump"
    m.apply("trump C")
    assert m.view(1)["phase"] == "play" and m.to_act() == 1
    assert all(f["bid"] is None for f in m.view(1)["seat_facts"])


def test_no_trump_deal_flow():
    m = nine(token="nt", dealer=0)
    assert m.view(0)["trump"] == "none" and m.legal()[0] == "bid 0" and m.to_act() == 1


def test_pure_apply_leaves_the_state():
    m = table([["7S", "8D"], ["KS", "7D"], ["9S", "7H"], ["JS", "QS"]], "6H", actions=BIDS0)
    rules, state = m.rules, m.state
    before = json.dumps([rules.view(state, s) for s in range(4)])
    new = rules.apply(state, "play KS")
    assert json.dumps([rules.view(state, s) for s in range(4)]) == before
    assert rules.view(new, 2)["legal"] == ["play 9S"]
    with pytest.raises(IllegalAction):
        rules.apply(new, "play 7H")
