"""Meri rules, table-driven from shared/rules/meri.md: deck, rankings, dealing, declaration,
exchange, the follow rules of 8.2 with their reasons, trick 9."""

import pytest

from parlor.core.errors import ActionError, IllegalAction, InvalidAction, UnknownAction
from parlor.core.match import Match
from parlor.core.rng import Rng
from parlor.games.meri.cards import (EFFECTIVE, IS_TRUMP, TRUMP, plain_order, trump_order)

from meri_helpers import CODES, RULES, card, make_deal, play, start, trick_start, worked_example_after

SUITS = "PIKOG"


def test_the_deck_in_canonical_order():
    # Section 2, the full deck table, row by row.
    ranks = "1 2 3 4 5 6 7 8 9 Ka Re Ro So Un Su".split()
    assert list(CODES) == [s + r for s in SUITS for r in ranks]
    assert len(CODES) == 75 == len(set(CODES))


# Section 7.1, column by column.
TRUMP_ORDER = {
    "P": "PSu PUn PSo PRo PRe PKa P9 P8 P7 P6 P5 P4 P3 P2 P1",
    "I": "ISu IUn ISo PRo IRo IRe IKa I9 I8 I7 I6 I5 I4 I3 I2 I1",
    "K": "KSu KUn KSo PRo KRo KRe KKa K1 K2 K3 K4 K5 K6 K7 K8 K9",
    "O": "OSu OUn OSo PRo ORo ORe OKa O1 O2 O3 O4 O5 O6 O7 O8 O9",
    "G": "GSu GUn GSo PRo GRo GRe GKa G1 G2 G3 G4 G5 G6 G7 G8 G9",
}
# Section 7.2.
PLAIN_ORDER = {
    "P": "PSu PUn PRe PKa PSo P9 P8 P7 P6 P5 P4 P3 P2 P1",
    "I": "ISu IUn IRe IKa ISo I9 I8 I7 I6 I5 I4 I3 I2 IRo I1",
    "K": "KSu KUn KRe KKa KSo KRo K1 K2 K3 K4 K5 K6 K7 K8 K9",
    "O": "OSu OUn ORe OKa OSo ORo O1 O2 O3 O4 O5 O6 O7 O8 O9",
    "G": "GSu GUn GRe GKa GSo GRo G1 G2 G3 G4 G5 G6 G7 G8 G9",
}


@pytest.mark.parametrize("t", SUITS)
def test_trump_order(t):
    assert [CODES[c] for c in trump_order(SUITS.index(t))] == TRUMP_ORDER[t].split()


@pytest.mark.parametrize("t", SUITS)
def test_trumps_and_plain_cards(t):
    ti = SUITS.index(t)
    trumps = {CODES[c] for c in range(75) if IS_TRUMP[ti][c]}
    assert trumps == set(TRUMP_ORDER[t].split())
    assert len(trumps) == (15 if t == "P" else 16)  # 5: Tenka once when Pao is trump
    assert EFFECTIVE[ti][card("PRo")] == TRUMP
    for c in range(75):
        if not IS_TRUMP[ti][c]:
            assert EFFECTIVE[ti][c] == SUITS.index(CODES[c][0])


@pytest.mark.parametrize("s", SUITS)
def test_plain_order(s):
    assert [CODES[c] for c in plain_order(SUITS.index(s))] == PLAIN_ORDER[s].split()


def test_shuffled_deal_in_batches_of_three():
    # 4.1: deck[i] (i < 72) to seat (dealer + 1 + (i mod 24) div 3) mod 8; the last 3 the pile.
    for dealer in (0, 3, 7):
        deck = list(range(75))
        Rng(99).shuffle(deck)
        want = [[] for _ in range(8)]
        for i in range(72):
            want[(dealer + 1 + (i % 24) // 3) % 8].append(deck[i])
        deal = RULES.shuffle_deal(1, dealer, Rng(99))
        assert deal.hands == want and deal.pile == deck[72:] and deal.dealer == dealer


def test_first_dealer_and_rotation():
    m = Match(RULES, seed=5)
    assert m.state.dealer == 0  # 4.3: seat 0 without an explicit first deal
    deal = RULES.shuffle_deal(1, 5, Rng(1))
    m = Match(RULES, seed=5, deals=[deal])
    assert m.state.dealer == 5
    assert [RULES.dealer_of(5, n) for n in range(1, 10)] == [5, 6, 7, 0, 1, 2, 3, 4, 5]


# ---- declaration (6.1)

def test_declaration_in_the_worked_example():
    m = worked_example_after(0)
    assert m.to_act() == 1 and m.legal() == ["pass"]
    m = worked_example_after(5)
    assert m.to_act() == 6 and m.legal() == ["declare", "pass"]
    m = worked_example_after(6)  # seat 6 declared: seats 7 and 0 do not act
    assert m.to_act() == 6 and len(m.view(6)["hand"]) == 10 and "G4" in m.view(6)["hand"]
    assert m.legal() == ["discard I5", "discard I8", "discard IUn", "discard K7", "discard K9",
                         "discard O3", "discard OKa", "discard P7"]
    v = m.view(0)
    assert v["taker"] == 6 and v["declared"] and v["robai"] == "declared"


def test_only_the_robai_holder_may_declare():
    m = worked_example_after(0)
    with pytest.raises(IllegalAction) as e:
        m.apply("declare")
    assert str(e.value) == ('action 0 "declare" by seat 1 is illegal: only the holder of the '
                            'trump Robai GRo may declare, and seat 1 does not hold it')
    assert m.actions == [] and m.to_act() == 1


def test_all_pass_dealer_takes_and_the_robai_is_hidden():
    deal = make_deal(2, ["G4", "K6", "P2"], {5: ["GRo"]})
    s = play(start(deal), *["pass"] * 8)
    assert RULES.to_act(s) == 2 and s.taker == 2 and not s.declared and s.hidden
    assert len(s.hands[2]) == 10 and card("G4") in s.hands[2]


def test_dealer_holding_the_robai_may_declare_or_pass_and_takes_either_way():
    deal = make_deal(2, ["G4", "K6", "P2"], {2: ["GRo"]})
    s = play(start(deal), *["pass"] * 7)
    assert RULES.legal(s) == ["declare", "pass"]
    declared = play(s, "declare")
    passed = play(s, "pass")
    assert declared.taker == passed.taker == 2
    assert declared.declared and not declared.hidden
    assert not passed.declared and passed.hidden  # 6.1: passing makes the Robai hidden


@pytest.mark.parametrize("pile", [["ORo", "K6", "P2"], ["PRo", "K6", "I2"], ["G4", "GRo", "P2"],
                                  ["G4", "P2", "GRo"]])
def test_nobody_can_declare(pile):
    # 15: the indicator is the trump Robai (also PRo making Pao trump), or it lies in the pile.
    s = start(make_deal(0, pile, {}))
    for i in range(8):
        assert RULES.legal(s) == ["pass"]
        reason = RULES.why_illegal(s, "declare")
        assert reason and "trump Robai" in reason
        s = play(s, "pass")
    assert s.taker == 0 and not s.hidden
    s = play(s, RULES.legal(s)[0])
    assert RULES.view(s, 3)["robai"] == ("indicator" if pile[0][1:] == "Ro" else "out of play")


# ---- exchange (6.2)

def test_discard_must_be_plain():
    m = worked_example_after(6)
    for text, reason in [("discard G4", "G4 is a trump; the taker must discard a plain card "
                                        "(seat 6 holds I5 I8 IUn K7 K9 O3 OKa P7)"),
                         ("discard GRo", "GRo is a trump; the taker must discard a plain card "
                                         "(seat 6 holds I5 I8 IUn K7 K9 O3 OKa P7)"),
                         ("discard K1", "seat 6 does not hold K1"),
                         ("play K9", "seat 6 is the taker and must discard first"),
                         ("pass", "the declaration is over")]:
        assert RULES.why_illegal(m.state, text) == reason


def test_ten_trumps_may_discard_a_trump():
    trumps = ["GSu", "GUn", "GSo", "PRo", "GRo", "GRe", "GKa", "G1", "G2"]
    s = start(make_deal(0, ["G4", "K6", "P2"], {3: trumps}))
    s = play(s, "pass", "pass", "declare")
    assert len(RULES.legal(s)) == 10
    s = play(s, "discard GSu")
    # 15: only trumps left: trick 1 must be led with a trump, and it is a Meri.
    assert all(a.startswith("play G") or a == "play PRo" for a in RULES.legal(s))
    s = play(s, "play G1")
    assert RULES.view(s, 0)["meri"] and RULES.view(s, 0)["meri_trick"]


def test_side_cards_shown_after_the_discard():
    m = worked_example_after(7)
    for seat in range(8):
        assert m.view(seat)["side_cards"] == ["K9", "K6", "P2"]
    m = worked_example_after(6)
    assert all(m.view(seat)["side_cards"] is None for seat in range(8))


# ---- play (8.2)

def test_trick_one_may_not_be_led_with_a_trump():
    m = worked_example_after(7)
    assert m.legal() == ["play I5", "play I8", "play IUn", "play K7", "play O3", "play OKa", "play P7"]
    assert RULES.why_illegal(m.state, "play GRo") == (
        "GRo is a trump and trick 1 may not be led with a trump while seat 6 holds plain cards")


def test_no_duty_to_follow_before_a_meri():
    m = worked_example_after(trick_start(1) + 1)  # seat 7 to play to O3
    assert len(m.legal()) == 9  # every card: row 6


def test_meri_follow_and_its_reason():
    m = worked_example_after(trick_start(2) + 1)  # G7 led; seat 3 to play
    assert m.to_act() == 3
    assert m.legal() == ["play G6", "play GRe"]
    with pytest.raises(IllegalAction) as e:
        m.apply("play K5")
    assert str(e.value) == ('action 16 "play K5" by seat 3 is illegal: a trump was led (Meri) '
                            'and seat 3 holds trumps')
    m = worked_example_after(trick_start(2) + 2)  # seat 4 holds no trump: any card (row 3)
    assert len(m.legal()) == 8


def test_monchi():
    m = worked_example_after(trick_start(3) + 1)  # I5 led after a Meri; seat 7 to play
    assert m.legal() == ["play GKa", "play IRo"]  # row 7: Isu or a trump
    assert RULES.why_illegal(m.state, "play P8") == (
        "a Meri has been played, so Monchi applies: seat 7 holds Isu and must follow Isu "
        "or play a trump")
    m = worked_example_after(trick_start(3) + 4)  # seat 2: no Isu, trumps: row 8
    assert m.to_act() == 2 and m.legal() == ["play GSo", "play PRo"]
    assert RULES.why_illegal(m.state, "play PSu") == (
        "a Meri has been played, so Monchi applies: seat 2 has no Isu and must play a trump")
    m = worked_example_after(trick_start(3) + 6)  # seat 4: neither Isu nor trump: any card
    assert m.to_act() == 4 and len(m.legal()) == 7


def test_not_holding_the_card():
    m = worked_example_after(trick_start(1))
    assert RULES.why_illegal(m.state, "play GSu") == "seat 6 does not hold GSu"


def test_worked_example_points_after_three_tricks():
    m = worked_example_after(trick_start(4))
    v = m.view(0)
    assert v["tricks_won"] == [3, 0] and v["combo_points"] == [2, -2] and v["points"] == [5, -2]
    assert [t["winner"] for t in v["tricks"]] == [2, 6, 2]
    assert [t["meri"] for t in v["tricks"]] == [False, True, False]
    assert v["tricks"][0]["combo"] == {"name": "Sun-Un", "won": "GSu", "beaten": "GUn",
                                       "value": 2, "team": "A"}
    assert v["tricks"][1]["combo"] is None  # GRo over GRe, but a Meri trick


def _plain(s) -> str:
    """A legal play of a plain card (G is trump in these tests), else the first legal play."""
    legal = RULES.legal(s)
    return next((a for a in legal if a[5] != "G" and a != "play PRo"), legal[0])


def _follow_until(s, seat):
    while RULES.to_act(s) != seat:
        s = play(s, _plain(s))
    return s


def test_sun_exception():
    # Seat 3's only trump is GSu: on a Meri it may keep it (row 4). Seat 5 has GUn and G9.
    deal = make_deal(0, ["G4", "K6", "P2"], {
        1: ["GRo", "G1", "K1", "K2", "K3", "K4", "K5", "K7", "K8"],
        2: ["O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8", "O9"],
        3: ["GSu", "I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8"],
        4: ["P1", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "PKa"],
        5: ["GUn", "G9", "IKa", "IRe", "IRo", "ISo", "IUn", "ISu", "I9"],
        6: ["PRe", "PSo", "PUn", "PSu", "G2", "G3", "G5", "G6", "G7"],
        7: ["OKa", "ORe", "ORo", "OSo", "OUn", "OSu", "K9", "KKa", "KRe"],
    })
    s = play(start(deal), "declare", "discard K8")
    assert RULES.view(s, 3)["sun_exception"] and RULES.view(s, 3)["original_trumps"] == ["GSu"]
    assert not RULES.view(s, 5)["sun_exception"]
    s = play(s, "play K1", "play O1", "play I1", "play P1", "play G9")  # G9 face down
    s = _follow_until(s, 5)
    assert s.history[0][2] == 5  # G9, the only trump, won trick 1
    s = play(s, "play GUn")  # a Meri
    s = _follow_until(s, 3)
    assert len(RULES.legal(s)) == 8  # row 4: keep the Sun (any card) or play it
    s = play(s, "play I2")
    assert card("GSu") in s.hands[3]


def test_sun_exception_only_for_a_lone_original_sun():
    # 15: seat 3 had GSu and G5; once G5 is gone it must play the Sun to a Meri.
    deal = make_deal(0, ["G4", "K6", "P2"], {
        1: ["GRo", "K1", "K2", "K3", "K4", "K5", "K7", "K8", "K9"],
        2: ["O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8", "O9"],
        3: ["GSu", "G5", "I2", "I3", "I4", "I5", "I6", "I7", "I8"],
        4: ["G1", "G2", "P1", "P3", "P4", "P5", "P6", "P7", "P8"],
    })
    s = play(start(deal), "declare", "discard K9")
    assert not RULES.view(s, 3)["sun_exception"]
    s = play(s, "play K1", "play O1", "play G5", "play G1")  # both face down; G1 beats G5
    s = _follow_until(s, 4)
    assert s.history[0][2] == 4
    s = play(s, "play G2")  # a Meri
    s = _follow_until(s, 3)
    assert RULES.legal(s) == ["play GSu"]
    assert RULES.why_illegal(s, "play I2") == "a trump was led (Meri) and seat 3 holds trumps"


def test_indicator_sun_gives_the_taker_the_exception():
    # 15: the indicator is GSu and the taker (dealer, nobody declares) holds no other trump.
    deal = make_deal(0, ["GSu", "GRo", "P2"], {0: ["O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8", "O9"]})
    s = play(start(deal), *["pass"] * 8, "discard O9")
    v = RULES.view(s, 0)
    assert v["original_trumps"] == ["GSu"] and v["sun_exception"]


def test_pao_led_with_tenka_the_only_pao_printed_card():
    # 15: T = G; seat 2's only Pao-printed card is PRo: it is void in Pao.
    deal = make_deal(0, ["G4", "K6", "P2"], {
        1: ["GRo", "P1", "P3", "G1", "K1", "K2", "K3", "K4", "K5"],
        2: ["PRo", "O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8"],
    })
    s = play(start(deal), "declare", "discard K5", "play P1")
    assert len(RULES.legal(s)) == 9  # before any Meri: anything


def test_trick_nine_needs_no_action_and_the_next_deal_starts():
    m = worked_example_after(trick_start(9))
    assert m.finished and m.results[0].points == [9, 0] * 4
    v = m.view(3)
    assert len(v["tricks"]) == 9 and v["tricks"][8]["winner"] == 5
    assert [c for _, c in v["tricks"][8]["cards"]] == ["I6", "O4", "K5", "P3", "O2", "I8", "P9", "O7"]


def test_record_ending_right_after_trick_eight_deals_the_next_deal():
    from parlor import records
    from meri_helpers import golden_record
    rec = dict(golden_record("worked_example"), options={"num_deals": 2})
    m = records.replay(rec)
    assert not m.finished and m.deal_number == 2 and m.to_act() == 2  # dealer 1, seat 2 acts
    assert m.report()["deal_results"][0]["points"] == [9, 0] * 4
    assert m.legal() in (["pass"], ["declare", "pass"])


def test_match_totals_and_winners():
    assert RULES.winners([5, 3] * 4) == [0, 2, 4, 6]
    assert RULES.winners([3, 5] * 4) == [1, 3, 5, 7]
    assert RULES.winners([4, 4] * 4) == []


@pytest.mark.parametrize("text,why", [
    ("play P10", '"P10" is not a Meri card code'),
    ("play pro", '"pro" is not a Meri card code'),
    ("Pass", '"Pass" is not a Meri action'),
    ("pass ", '"pass " is not a Meri action'),
    ("declare GRo", '"declare GRo" is not a Meri action'),
    ("discard", '"" is not a Meri card code'),
    ("lead G5", '"lead G5" is not a Meri action'),
])
def test_actions_that_do_not_parse(text, why):
    m = worked_example_after(3)
    with pytest.raises(InvalidAction) as e:
        m.apply(text)
    assert e.value.index == 3 and why in e.value.reason
    assert isinstance(e.value, UnknownAction) == why.endswith("is not a Meri action")  # no form of one
    assert str(e.value).startswith(f'action 3 "{text}" by seat 4 is illegal: ')
    assert len(m.actions) == 3


def test_nothing_changes_on_an_illegal_action():
    m = worked_example_after(trick_start(2) + 1)
    before = (m.report(), [m.view(s) for s in range(8)], list(m.actions))
    for text in ("play K5", "play GSu", "pass", "discard G6", "play G"):
        with pytest.raises(ActionError):
            m.apply(text)
    assert (m.report(), [m.view(s) for s in range(8)], list(m.actions)) == before


def test_score_sheet_shows_the_two_teams():
    from parlor import records
    from parlor.core.registry import text_of
    from meri_helpers import GOLDEN
    import json
    m = records.replay(json.loads((GOLDEN / "draw.json").read_text())["record"])
    names = ["Ana", "Ben", "Cai", "Dan", "Eva", "Fil", "Gus", "Hal"]
    sheet = text_of(RULES).score_sheet(m.results, names).splitlines()
    assert sheet[0] == "Totals: team A 9, team B 9"  # the teams' totals first
    assert sheet[1] == "Team A: Ana, Cai, Eva, Gus" and sheet[2] == "Team B: Ben, Dan, Fil, Hal"
    rows = [line for line in sheet[4:] if not line.startswith("      ")]  # the deals' sentences apart
    assert rows[0].split() == ["1", "+9", "=9", "+0", "=0"]
    assert rows[1].split() == ["2", "+0", "=9", "+9", "=9"]  # each deal's points, running totals
    assert rows[2].split() == ["total", "9", "9"]
