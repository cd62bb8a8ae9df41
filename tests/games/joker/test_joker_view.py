"""What each seat sees (rules §14): own hands hidden at the trump step and in dark bidding, the
turned card public, pile[1:] never; resampling from a view; the text front-end hooks."""

import json
from pathlib import Path

import pytest

from parlor import records
from parlor.core.match import Match
from parlor.core.registry import make_rules, text_of
from parlor.core.rng import Rng
from parlor.core.rules import Deal
from parlor.core.text import Role
from parlor.games.joker.cards import CODES
from parlor.games.joker.view import turned_of
from parlor.testing import random_match


_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _as(mode: str) -> str:
    """What a joker was played as, as a trick's list says it after the seat."""
    how = mode.split()
    if how[0] in ("high", "low"):
        return f"the joker as the {how[0]}est {_SUITS[how[1]]}"
    return "the joker to take" if how[0] == "take" else "the joker thrown away"

GOLDEN = Path(__file__).parent / "golden"

# A 9-card deal whose first three cards are not each hand's lowest.
NINE = [["QH", "7S", "X1", "6H", "7H", "8H", "9H", "TH", "JH"],
        ["AH", "6D", "9S", "8S", "KH", "7D", "8D", "9D", "TD"],
        ["AD", "7C", "TS", "JS", "JD", "QD", "KD", "8C", "9C"],
        ["X2", "AC", "QS", "KS", "AS", "TC", "JC", "QC", "KC"]]


def nine(token, actions=(), dealer=3):
    rec = {"game": "joker", "options": {"schedule": [[token]], "first_dealer": dealer},
           "deals": [{"dealer": dealer, "hands": NINE, "pile": []}], "actions": list(actions)}
    return records.replay(rec)


def sorted_codes(codes):
    return sorted(codes, key=CODES.index)


@pytest.mark.parametrize("token", ["9", "gold", "misere"])
def test_trump_step_chooser_sees_his_first_three_only(token):
    m = nine(token)  # dealer 3: seat 0 chooses
    views = [m.view(s) for s in range(4)]
    assert views[0]["hand"] == sorted_codes(["QH", "7S", "X1"]) and views[0]["hand_hidden"] == 6
    for s in (1, 2, 3):
        assert views[s]["hand"] == [] and views[s]["hand_hidden"] == 9
    assert all(v["hand_sizes"] == [9, 9, 9, 9] for v in views)
    m.apply("trump H")
    for s in range(4):
        assert m.view(s)["hand"] == sorted_codes(NINE[s]) and m.view(s)["hand_hidden"] == 0
    # The chooser recalls which three he saw when he chose, to the end of the deal; nobody else.
    first = sorted_codes(["QH", "7S", "X1"])
    assert [m.view(s)["first_three"] for s in range(4)] == [first, None, None, None]


def test_dark_nobody_sees_a_card_while_bidding():
    m = nine("dark")
    for a in ["bid 1", "bid 0", "bid 2", "bid 1"]:
        assert all(m.view(s)["hand"] == [] and m.view(s)["first_three"] is None for s in range(4))
        m.apply(a)
    assert m.view(0)["hand"] == m.view(0)["first_three"] == sorted_codes(["QH", "7S", "X1"])
    assert all(m.view(s)["hand"] == [] for s in (1, 2, 3))
    m.apply("trump S")
    assert all(m.view(s)["hand"] == sorted_codes(NINE[s]) for s in range(4))
    assert m.view(0)["first_three"] == sorted_codes(["QH", "7S", "X1"])


def _tokens(view) -> set[str]:
    return {t for t in json.dumps(view).replace('"', " ").replace(",", " ").replace("]", " ").split()}


def test_turned_card_public_and_the_pile_never_seen():
    for seed in range(6):
        match = Match(make_rules("joker", {"schedule": [["1", "4", "8"]]}), seed)
        rng = Rng(seed)
        while not match.finished:
            deal = match.deals[-1]
            for s in range(4):
                v = match.view(s)
                assert turned_of(v) == CODES[deal.pile[0]]
                seen = _tokens(v)
                assert not seen & {CODES[c] for c in deal.pile[1:]}
                unplayed = set()
                for o in range(4):
                    if o != s:
                        unplayed |= {CODES[c] for c in deal.hands[o]}
                played = {p.split()[1] for _, p in v["history"] if p.startswith("play")}
                assert not seen & (unplayed - played - {turned_of(v)})
            match.apply(rng.choice(match.legal()))


def _own_hidden_permutations(rules, match, seat, rng, tries=6):
    """States with the cards `seat` cannot see, its own hidden ones included, permuted among the
    places it cannot see; the deal's actions replayed. Yields (state, own hand changed)."""
    deal = match.deals[-1]
    v = rules.view(match.state, seat)
    visible = {rules.deck.index[c] for c in v["hand"]}
    places = []
    for p in range(4):
        for i, c in enumerate(deal.hands[p]):
            if not (p == seat and c in visible):
                places.append((p, i))
    for _ in range(tries):
        cards = [deal.hands[p][i] for p, i in places]
        new = rng.shuffled(cards)
        hands = [list(h) for h in deal.hands]
        for (p, i), c in zip(places, new):
            hands[p][i] = c
        state = rules.start(Deal(deal.dealer, hands, list(deal.pile)), match.state.ctx)
        for _, a in v["history"]:
            rules.apply_id(state, rules.check_action(state, a))
        yield state, sorted(hands[seat]) != sorted(deal.hands[seat])


@pytest.mark.parametrize("schedule", [[["9", "gold"]], [["dark", "misere"]]])
def test_no_leak_of_a_seats_own_hidden_cards(schedule):
    """The generic leak test keeps a seat's own hand fixed; here its hidden own cards move too."""
    rules = make_rules("joker", {"schedule": schedule})
    checked = changed = 0
    for seed in range(4):
        match = Match(rules, seed)
        rng = Rng(100 + seed)
        while not match.finished:
            for seat in range(4):
                v = rules.view(match.state, seat)
                if not v["hand_hidden"]:
                    continue
                text = json.dumps(v, sort_keys=True)
                base = json.dumps([rules.view(rules.resample(v, Rng(7)), s) for s in range(4)])
                for state, moved in _own_hidden_permutations(rules, match, seat, rng):
                    other = rules.view(state, seat)
                    assert json.dumps(other, sort_keys=True) == text
                    again = rules.resample(other, Rng(7))
                    assert json.dumps([rules.view(again, s) for s in range(4)]) == base
                    checked += 1
                    changed += moved
            match.apply(rng.choice(match.legal()))
    assert checked > 50 and changed > checked // 2


def test_resample_keeps_or_draws_the_choosers_first_three():
    """The chooser's worlds deal him the three he saw; another seat's worlds deal the chooser
    any three of his cards, not always the first three he played."""
    m = nine("9", ["trump H", "bid 1", "bid 1", "bid 1", "bid 1"])
    rng = Rng(3)
    for _ in range(12):  # three tricks: the chooser (seat 0) has played three cards
        m.apply(rng.choice(m.legal()))
    rules = m.rules
    v = m.view(0)
    for k in range(10):
        assert rules.view(rules.resample(v, Rng(k)), 0) == v
    seen = {tuple(rules.view(rules.resample(m.view(2), Rng(k)), 0)["first_three"]) for k in range(30)}
    assert len(seen) > 5


def test_resample_respects_what_plays_revealed():
    # nt deal, dealer 3, seat 0 leads. Trick 1: X1 high S; seat 1 must give its highest spade 9S,
    # seat 2 JS, seat 3 AS. Trick 2: seat 0 leads 6H; seats 2 and 3 show out of hearts.
    hands = [["X1", "7S", "6H", "7H", "8H", "9H", "TH", "JH", "QH"],
             ["8S", "9S", "KH", "AH", "6D", "7D", "8D", "9D", "TD"],
             ["TS", "JS", "JD", "QD", "KD", "AD", "7C", "8C", "9C"],
             ["QS", "KS", "AS", "X2", "TC", "JC", "QC", "KC", "AC"]]
    rec = {"game": "joker", "options": {"schedule": [["nt"]], "first_dealer": 3},
           "deals": [{"dealer": 3, "hands": hands, "pile": []}],
           "actions": ["bid 0"] * 4 + ["play X1 high S", "play 9S", "play JS", "play AS",
                                       "play 6H", "play KH", "play 7C", "play TC"]}
    m = records.replay(rec)
    rules = m.rules
    v = m.view(0)
    ts_places = set()
    for k in range(40):
        s = rules.resample(v, Rng(k))
        assert rules.view(s, 0) == v
        held = [{CODES[c] for c in range(36) if s.hands[p] >> c & 1} for p in range(4)]
        assert {"QS", "KS"} <= held[3]  # no higher spade than 9S in seat 1, than JS in seat 2
        assert not any(c.endswith("H") for c in held[2] | held[3])  # shown out of hearts
        ts_places |= {p for p in (1, 2, 3) if "TS" in held[p]}
    assert ts_places == {2, 3}  # TS: seat 1 cannot hold it (its highest was 9S), the others can


def test_chapter_facts_are_in_the_view_and_rebuilt():
    rec = json.loads((GOLDEN / "premium_double.json").read_text())["record"]
    rec["actions"] = rec["actions"][:-4]  # stop before the last trick of the chapter
    m = records.replay(rec)
    v = m.view(2)
    assert [r["deal"] for r in v["chapter_results"]] == [1, 2, 3]
    assert v["chapter_results"][0]["bids"] == [2, 2, 1, 0]
    s = m.rules.resample(v, Rng(1))
    for a in ["play 7H", "play AH", "play 8H", "play 9H"]:
        m.rules.apply_id(s, m.rules.parse_action(s, a))
    assert m.rules.deal_result(s).points == [200, 100, -200, 50]  # the premium, from the view alone


def test_text_hooks():
    m = records.replay(json.loads((GOLDEN / "worked_example.json").read_text())["record"])
    text = text_of(m.rules)
    v = m.view(3)
    lines = "\n".join(text.table_lines(v))
    assert f"Turned up: {text.card_words(turned_of(v))}; trump: " in lines and "Deal 3 of 24" in lines
    assert text.card_role(v, "X1") == Role("joker", "joker")
    trump = v["trump"]
    assert text.card_role(v, "A" + trump) == Role("trump", "trump")
    assert text.card_role(v, "AS" if trump != "S" else "AH") is None
    m = records.replay(json.loads((GOLDEN / "worked_example.json").read_text())["record"]
                       | {"actions": ["bid 0", "bid 0", "bid 0"]})
    assert "Dealer may not bid 1" in "\n".join(text.table_lines(m.view(0)))
    assert text.card_role(nine("9").view(0), "AS") is None  # no trump named yet


def test_score_sheet():
    m = records.replay(json.loads((GOLDEN / "premium_double.json").read_text())["record"]
                       | {"names": ["Nino", "Giorgi", "Tamar", "Levan"]})
    sheet = text_of(m.rules).score_sheet(m.results, m.names)
    lines = sheet.splitlines()
    assert "Nino" in lines[0] and "Levan" in lines[0]
    assert any(line.startswith("Chapter 1: 3 2 2 1") for line in lines)
    premium = [line for line in lines if "* premium" in line]
    assert len(premium) == 1 and "+150*" in premium[0]
    chapter = [line for line in lines if line.strip().startswith("chapter 1")][0]
    assert [c.strip() for c in chapter.split("|")[1:]] == ["500", "-40", "-370", "-50"]
    total = [line for line in lines if line.startswith("TOTAL")][0]
    assert [c.strip() for c in total.split("|")[1:]] == ["500", "-40", "-370", "-50"]
    m = random_match(make_rules("joker", {"schedule": [["gold"], ["2", "1"]]}), 3)
    sheet = text_of(m.rules).score_sheet(m.results, ["a", "b", "c", "d"])
    assert "(no premium)" in sheet and "Chapter 2: 2 1" in sheet


def test_the_table_lines_give_the_last_trick_with_its_winner_and_a_jokers_mode_once():
    rules = make_rules("joker")
    m, rng = Match(rules, 4), Rng(4)
    names = ["Ann", "Ben", "Cai", "Dee"]
    seen_last = seen_joker = 0
    while not m.finished and len(m.results) < 6:
        v = dict(m.view(0), names=names)
        lines = text_of(rules).table_lines(v)
        last = [x for x in lines if x.startswith("Last trick: ")]
        if v["tricks"]:
            trick = v["tricks"][-1]
            leader, winner, jokers = trick["leader"], trick["winner"], dict(trick["modes"])
            plays = [_as(jokers[p]) if p in jokers else text_of(rules).card_words(c) for p, c in trick["cards"]]
            assert last == [f"Last trick: {names[leader]}: {plays[0]}, {names[(leader + 1) % 4]}: {plays[1]}, "
                            f"{names[(leader + 2) % 4]}: {plays[2]}, {names[(leader + 3) % 4]}: {plays[3]}; "
                            f"won by {names[winner]}"]
            seen_last += 1
        else:
            assert last == []
        modes = [f"{names[p]}: {_as(mode)}" for p, mode in v["trick_modes"]]
        joker = [x for x in lines if x.startswith("Joker in this trick: ")]
        # only the jokers' modes: the trick's plain cards are shown by every front end already
        assert joker == ([f"Joker in this trick: {', '.join(modes)}"] if modes else [])
        seen_joker += bool(modes)
        m.apply(rng.choice(m.legal()))
    assert seen_last > 20 and seen_joker > 2
