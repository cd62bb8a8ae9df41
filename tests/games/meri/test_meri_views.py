"""What each Meri seat sees (section 14): own hand only, face-down trumps hidden until their trick
is complete, pile[1]/pile[2] unknown until the exchange; resampling that respects everything a
seat knows; the text front-end hooks."""

import json

import pytest

from parlor.core.errors import ActionError
from parlor.core.match import Match
from parlor.core.rng import Rng
from parlor.core.registry import text_of
from parlor.core.rules import Deal
from parlor.core.text import Role
from parlor.games.meri.cards import IS_TRUMP, TRUMP_MASK, suit_of
from parlor.games.meri.view import indicator_of
from parlor.core.spectator import public_view

from meri_helpers import CODES, RULES, card, make_deal, play, start, trick_start, worked_example_after

TEXT = text_of(RULES)


def dumps(v):
    return json.dumps(v, sort_keys=True)


def test_own_hand_only_and_nothing_of_the_partner():
    m = worked_example_after(0)
    deal = m.deals[0]
    for seat in range(8):
        v = m.view(seat)
        assert v.pop("trump_robai") == "GRo"  # names the card, not where it is
        text = dumps(v)
        for other in range(8):
            for c in deal.hands[other]:
                if other != seat:
                    assert f'"{CODES[c]}"' not in text, (seat, CODES[c])
        assert m.view(seat)["hand"] == sorted((CODES[c] for c in deal.hands[seat]), key=card)
        # pile[1] and pile[2] are unknown to everybody until the exchange
        assert '"K6"' not in text and '"P2"' not in text
        assert indicator_of(m.view(seat)) == "G4" and m.view(seat)["trump"] == "G"


def test_face_down_cards_are_hidden_until_the_trick_is_complete():
    m = worked_example_after(trick_start(1) + 2)  # O3 by 6, GUn face down by 7
    for seat in range(8):
        v = m.view(seat)
        assert v["face_down"] == [7]
        if seat == 7:
            assert v["trick"] == [[6, "O3"], [7, "GUn"]]
        else:
            assert v["trick"] == [[6, "O3"], [7, "??"]]
            assert '"GUn"' not in dumps(v)
    m = worked_example_after(trick_start(1) + 7)  # before seat 5's last card
    state = m.state
    assert RULES.public_action(state, card("OSo"), 0) == "play OSo - turned up GUn G2 GSu"
    m.apply("play OSo")
    for seat in range(8):
        assert [c for _, c in m.view(seat)["tricks"][0]["cards"]] == ["O3", "GUn", "O5", "G2", "GSu", "O1", "I7", "OSo"]


def test_public_action_hides_a_face_down_trump_from_the_others_only():
    m = worked_example_after(trick_start(1) + 1)
    a = card("GUn")
    assert RULES.public_action(m.state, a, 7) == "play GUn"
    assert all(RULES.public_action(m.state, a, v) == "play ??" for v in range(8) if v != 7)
    m.apply("play GUn")
    assert m.log[-1][2] == ["play ??"] * 7 + ["play GUn"]
    # A Meri trick is face up; a plain card to a plain lead is face up.
    m = worked_example_after(trick_start(2) + 1)
    assert RULES.public_action(m.state, card("GRe"), 0) == "play GRe"
    m = worked_example_after(trick_start(1) + 2)
    assert RULES.public_action(m.state, card("O5"), 3) == "play O5"


def test_the_last_play_of_trick_eight_shows_trick_nine():
    m = worked_example_after(trick_start(9) - 1)
    assert RULES.public_action(m.state, card("IRe"), 0) == "play IRe - trick 9 I6 O4 K5 P3 O2 I8 P9 O7"


def test_original_trumps_and_sun_exception_are_private():
    m = worked_example_after(trick_start(2))
    assert m.view(6)["original_trumps"] == ["G4", "GRo"]
    assert m.view(2)["original_trumps"] == ["PRo", "G7", "GSo", "GSu"]  # in deck order
    assert m.view(0)["original_trumps"] == []


def test_a_spectator_cannot_tell_whether_some_seat_has_the_sun_exception():
    """Two deals with the same public history: in one, seat 3's only trump is GSu (the Sun
    exception); in the other it also holds G9. Every seat's own flag agrees (false) only in the
    second, yet the spectators' view must be the same."""
    hands = {1: ["GRo", "G1", "K1", "K2", "K3", "K4", "K5", "K7", "K8"],
             3: ["GSu", "I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8"],
             5: ["GUn", "G9", "IKa", "IRe", "IRo", "ISo", "IUn", "ISu", "I9"]}
    other = {**hands, 3: ["GSu", "G9"] + hands[3][2:], 5: ["GUn", "I1"] + hands[5][2:]}
    states = [play(start(make_deal(0, ["G4", "K6", "P2"], h)), "declare", "discard K8")
              for h in (hands, other)]
    assert [RULES.view(s, 3)["sun_exception"] for s in states] == [True, False]
    seen = [public_view(RULES, [RULES.view(s, p) for p in range(8)]) for s in states]
    assert seen[0] == seen[1] and seen[0]["sun_exception"] is None
    assert seen[0]["original_trumps"] is None and seen[0]["team"] is None


def _hidden_places(match, seat, deal_actions):
    """(hand, index) places of cards the seat cannot see, and their cards; like the generic
    leak test but only cards of the same kind (trump / plain) are swapped, so face-down plays
    stay face down and far more permutations keep every action legal."""
    deal = match.deals[-1]
    state = RULES.start(deal, match.state.ctx)
    shown = set()
    for text in deal_actions:
        a = RULES.parse_action(state, text)
        shown |= {RULES.deck.index[t] for t in RULES.public_action(state, a, seat).split()
                  if t in RULES.deck.index}
        RULES.apply_id(state, a)
    fixed = shown | set(deal.hands[seat]) | set(deal.pile)
    return [(h, i) for h in range(8) if h != seat for i in range(9) if deal.hands[h][i] not in fixed]


def _replay_swapped(match, seat, deal_actions, rng):
    deal = match.deals[-1]
    places = _hidden_places(match, seat, deal_actions)
    t = suit_of(deal.pile[0])
    perm = {}
    for kind in (True, False):
        group = [p for p in places if IS_TRUMP[t][deal.hands[p[0]][p[1]]] == kind]
        cards = [deal.hands[h][i] for h, i in group]
        perm.update(zip(cards, rng.shuffled(cards)))
    hands = [[perm.get(c, c) for c in h] for h in deal.hands]
    s = RULES.start(Deal(deal.dealer, hands, list(deal.pile)), match.state.ctx)
    base = RULES.start(deal, match.state.ctx)
    for text in deal_actions:
        mapped = " ".join(CODES[perm.get(RULES.deck.index[w], RULES.deck.index[w])]
                          if w in RULES.deck.index else w for w in text.split(" "))
        try:
            a = RULES.check_action(s, mapped)
        except ActionError:
            return None
        b = RULES.parse_action(base, text)
        if RULES.public_action(s, a, seat) != RULES.public_action(base, b, seat):
            return None
        RULES.apply_id(s, a)
        RULES.apply_id(base, b)
    return s


@pytest.mark.parametrize("seed", range(3))
def test_no_leak_when_hidden_cards_of_the_same_kind_are_swapped(seed):
    match = Match(RULES, seed)
    choose, rng = Rng(seed + 100), Rng(seed + 200)
    deal_no, deal_actions, tested = 0, [], 0
    while match.deal_number <= 2 and not match.finished:
        if match.deal_number != deal_no:
            deal_no, deal_actions = match.deal_number, []
        if len(deal_actions) % 5 == 3:
            for seat in range(8):
                s = _replay_swapped(match, seat, deal_actions, rng)
                if s is not None:
                    tested += 1
                    assert dumps(RULES.view(s, seat)) == dumps(match.view(seat))
        state = match.state
        text = RULES.action_str(state, choose.choice(RULES.legal_ids(state)))
        match.apply(text)
        deal_actions.append(text)
    assert tested > 100


def _actions_of(s):
    """The deal's actions so far, read from a state."""
    acts = []
    for i in range(s.nacted):
        p = (s.dealer + 1 + i) % 8
        acts.append("declare" if s.declared and p == s.taker else "pass")
    if s.discard >= 0:
        acts.append("discard " + CODES[s.discard])
    for entry in s.history[:8]:
        acts += ["play " + CODES[c] for c in entry[1]]
    acts += ["play " + CODES[c] for c in s.trick]
    return acts


def _checked_replay(s):
    """Replays a resampled state's history with every action checked: it must all be legal."""
    st = RULES.start(Deal(s.dealer, s.dealt, list(s.pile)), s.ctx)
    for a in _actions_of(s):
        st = RULES.apply(st, a)
    return st


@pytest.mark.parametrize("seed", range(2))
def test_resampled_histories_are_legal(seed):
    match = Match(RULES, seed)
    choose = Rng(seed + 7)
    step = 0
    while not match.finished and match.deal_number <= 2:
        if step % 3 == 0:
            for seat in range(8):
                v = match.view(seat)
                s = RULES.resample(v, Rng(step * 8 + seat))
                st = _checked_replay(s)
                assert dumps(RULES.view(st, seat)) == dumps(v)
        state = match.state
        match.apply(RULES.action_str(state, choose.choice(RULES.legal_ids(state))))
        step += 1


def test_resample_respects_what_the_seat_knows():
    # After trick 3 of the worked example, seen by seat 1: seat 6 (taker) still holds the
    # indicator G4; seats 0 and 4 played plain cards to the Meri of trick 2 (and 4 a Koppu to
    # the Isu lead of trick 3 under Monchi): no trumps, and seat 4 no Isu.
    m = worked_example_after(trick_start(4))
    v = m.view(1)
    t = 4
    for k in range(25):
        s = RULES.resample(v, Rng(k))
        assert card("G4") in s.hands[6]
        for seat in (0, 4):
            assert not any(IS_TRUMP[t][c] for c in s.hands[seat])
        assert not any(suit_of(c) == 1 for c in s.hands[4])
        assert s.pile == m.state.pile
    # Before GRo is played, every sample gives it to the declarer.
    m = worked_example_after(trick_start(1))
    v = m.view(0)
    for k in range(10):
        s = RULES.resample(v, Rng(k))
        assert card("GRo") in s.hands[6] and card("G4") in s.hands[6]
    # A face-down card of the trick in progress is a trump, in every sample.
    m = worked_example_after(trick_start(1) + 4)  # GUn and G2 face down
    v = m.view(0)
    for k in range(10):
        s = RULES.resample(v, Rng(k))
        assert all(TRUMP_MASK[t] >> c & 1 for c in (s.trick[1], s.trick[3]))


def test_resample_places_hidden_cards_anywhere_they_may_be():
    # Before the exchange, pile[1] and pile[2] are unknown: over many samples every card seat 3
    # cannot see turns up somewhere in the pile, and in every other seat's hand.
    m = worked_example_after(2)
    v = m.view(3)
    seen_in_pile, seen_in = set(), {s: set() for s in range(8)}
    for k in range(300):
        s = RULES.resample(v, Rng(k))
        seen_in_pile.update(s.pile[1:])
        for p in range(8):
            seen_in[p].update(s.hands[p])
    unseen = set(range(75)) - {card(c) for c in v["hand"]} - {card("G4")}
    assert len(seen_in_pile) > 40
    for p in range(8):
        if p != 3:
            assert len(seen_in[p] & unseen) > 50


def test_the_sun_exception_is_imagined_when_possible():
    # Seat 3 played a plain card to a Meri without ever playing a trump: it may hold the Sun
    # (its only original trump) but no other trump. Built from the test in test_meri_rules.
    from test_meri_rules import _follow_until
    from meri_helpers import make_deal, play, start
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
    s = play(s, "play K1", "play O1", "play I1", "play P1", "play G9")
    s = _follow_until(s, 5)
    s = play(s, "play GUn")
    s = _follow_until(s, 3)
    s = play(s, "play I2")  # keeps the Sun
    v = RULES.view(s, 4)
    held_sun = 0
    for k in range(60):
        r = RULES.resample(v, Rng(k))
        trumps3 = [c for c in r.hands[3] if IS_TRUMP[4][c]]
        assert trumps3 in ([], [card("GSu")])
        held_sun += bool(trumps3)
        _checked_replay(r)
    assert 0 < held_sun < 60


def test_card_role():
    v = worked_example_after(0).view(0)
    tenka = TEXT.card_role(v, "PRo")
    assert tenka.id == "tenka" and "Tenka" in tenka.words
    assert TEXT.card_role(v, "GRo") == Role("robai", "trump Robai")
    assert TEXT.card_role(v, "GSu") == Role("sun", "trump Sun")
    assert TEXT.card_role(v, "G5") == Role("trump", "trump")
    assert TEXT.card_role(v, "K5") is None
    weak = TEXT.card_role(v, "IRo")
    assert weak.id == "weak" and "between the 2 and the 1 of Isu" in weak.words
    assert TEXT.card_role(v, "X9") is None
    v = dict(v, trump="P")
    assert TEXT.card_role(v, "PRo") == Role("tenka", "Tenka, the trump Robai")
    assert TEXT.card_role(v, "P5") == Role("trump", "trump")


def test_table_lines():
    m = worked_example_after(trick_start(1) + 4)
    lines = "\n".join(TEXT.table_lines(m.view(0)))
    assert "Trump: Guru;" in lines and "the indicator: the 4 of Guru" in lines
    assert "the trump Robai, the Robai of Guru: declared" in lines
    assert "Taker: seat 6 (declared), took the indicator, the 4 of Guru" in lines
    assert "Side cards (out of play): the discard, the 9 of Koppu; the 6 of Koppu; the 2 of Pao" in lines
    assert "Face down (trumps): seat 7, seat 1" in lines and "no Meri yet" in lines
    m = worked_example_after(trick_start(2))
    lines = "\n".join(TEXT.table_lines(m.view(0)))
    assert "Tricks: team A 1, team B 0; combos: team A +2, team B -2" in lines
    assert "— Sun over Un moves 2 points to team A" in lines
    m = worked_example_after(3)
    lines = TEXT.table_lines(m.view(0))
    assert any(line.startswith("Declaration: ") for line in lines)


def test_a_taker_with_ten_trumps_discarding_the_indicator():
    # 6.2: all ten trumps, so any card may go, the indicator too; then trick 1 is led with a trump.
    from meri_helpers import make_deal, play, start
    trumps = ["GSu", "GUn", "GSo", "PRo", "GRo", "GRe", "GKa", "G1", "G2"]
    s = play(start(make_deal(0, ["G4", "K6", "P2"], {3: trumps})), "pass", "pass", "declare",
             "discard G4", "play G1")
    assert RULES.view(s, 3)["original_trumps"] == ["PRo", "G1", "G2", "GKa", "GRe", "GRo", "GSo",
                                                   "GUn", "GSu"]
    for seat in range(8):
        v = RULES.view(s, seat)
        for k in range(3):
            r = RULES.resample(v, Rng(k))
            assert dumps(RULES.view(_checked_replay(r), seat)) == dumps(v)
            assert all(IS_TRUMP[4][c] for c in r.hands[3])  # a trump discard: only trumps left


def test_a_trump_robai_discarded_by_the_dealer_shows_out_of_play():
    # The dealer holds the Robai among ten trumps, passes, and discards it: it lies face up.
    from meri_helpers import make_deal, play, start
    trumps = ["GRo", "GSu", "GUn", "GSo", "PRo", "GRe", "GKa", "G1", "G2"]
    s = play(start(make_deal(0, ["G4", "K6", "P2"], {0: trumps})), *["pass"] * 8)
    assert RULES.view(s, 3)["robai"] == "unknown"  # until the side cards are shown
    s = play(s, "discard GRo")
    for seat in range(8):
        v = RULES.view(s, seat)
        assert v["robai"] == "out of play" and "GRo" in v["side_cards"]
        assert "the Robai of Guru: out of play" in "\n".join(TEXT.table_lines(v))



def test_the_table_lines_name_your_partners_and_the_sheet_names_the_taker():
    from parlor.core.match import Match
    from parlor.core.rng import Rng
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gil", "Hal"]
    match, rng = Match(RULES, 3), Rng(3)
    while match.to_act() is not None and match.view(0)["team"] is None:
        match.apply(rng.choice(match.legal()))
    for seat in (0, 5):
        view = dict(match.view(seat), names=names)
        partners = ", ".join(names[p] for p in range(seat % 2, 8, 2) if p != seat)
        assert any(f"(you are team {view['team']} with {partners})" in line for line in TEXT.table_lines(view))
    while not match.results:
        match.apply(rng.choice(match.legal()))
    sheet = TEXT.score_sheet(match.results, names)
    assert f"taker {names[match.results[0].data['taker']]} (" in sheet and "taker seat" not in sheet
