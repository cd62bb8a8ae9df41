"""What the rules core gives every front end: the last finished trick read out of a view (shown
with its winner), from the shared shape of `tricks` and in real play; the score sheet."""

import re

import pytest

from parlor.core.match import Match
from parlor.core.registry import games, make_rules, text_of
from parlor.core.rng import Rng
from parlor.core.rules import name_seats, plural
from parlor.core.view import last_trick


def test_last_trick_is_the_last_of_the_views_tricks():
    cards = [[3, "7D"], [0, "X1"], [1, "8D"], [2, "9D"]]
    v = {"seats": 4, "deal": 2, "tricks": [{"leader": 1, "winner": 1, "cards": [[1, "6S"]], "modes": []},
                                           {"leader": 3, "winner": 0, "cards": cards, "modes": [[0, "take"]]}]}
    assert last_trick(v) == {"deal": 2, "cards": cards, "winner": 0}
    assert last_trick({"seats": 3, "deal": 1, "tricks": []}) is None and last_trick({"seats": 2, "deal": 1}) is None


def tricks_won(rules, view) -> list[int]:
    """Per seat (seat_facts), or per team in a team game (Meri's tricks_won)."""
    return view["tricks_won"] if rules.team_of else [f["won"] for f in view["seat_facts"]]


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_last_trick_is_the_cards_just_played_and_its_winner_took_it(game_id):
    rules = make_rules(game_id)
    tricks_seen = 0
    for seed in range(3):
        m, rng = Match(rules, seed), Rng(seed)
        while not m.finished and m.deal_number <= 3:
            seat = m.to_act()
            before = m.view(seat)
            m.apply(rng.choice(before["legal"]))
            # the deal that action ended is seen as it ended
            view = m.closed_view(seat) if m.log[-1][0] != m.deal_number else m.view(seat)
            last, was = last_trick(view), last_trick(before)
            # what front ends ask: this deal's last trick, or until one is done the deal before's
            now = last_trick(m.view(seat))
            if now is None and m.closed_state is not None:
                now = last_trick(m.closed_view(seat))
                assert now is None or now["deal"] == m.deal_number - 1  # None: Tőr, no tricks
            assert m.last_trick(seat) == now
            if last is None or (was is not None and len(view["tricks"]) == len(before["tricks"])):
                continue
            tricks_seen += 1
            n = len(last["cards"])
            said = m.log[-1][2][seat]
            if " - trick " in said:  # Meri's ninth trick plays itself; the last play names it
                assert [c[1] for c in last["cards"]] == said.split(" - trick ")[1].split()[1:]
            else:  # the cards, seat by seat, are the deal's last plays (the word after "play")
                plays = [(who, seen[seat].split()[1]) for d, who, seen in m.log
                         if d == view["deal"] and seen[seat].split()[0] == "play"][-n:]
                assert [c[0] for c in last["cards"]] == [who for who, _ in plays]
                # a card played face down ("play ??") may be shown once revealed (Meri)
                assert all(code in (c[1], "??") for c, (_, code) in zip(last["cards"], plays))
            won_now, won_before = tricks_won(rules, view), tricks_won(rules, before)
            side = last["winner"] if rules.team_of is None else rules.team_of[last["winner"]]
            assert won_now[side] > won_before[side]
    if "tricks" in Match(rules, 0).view(0):
        assert tricks_seen > 10


@pytest.mark.parametrize("game_id", ["yokir", "tor"])
def test_the_default_score_sheet_shows_each_deal_and_the_running_totals(game_id):
    rules = make_rules(game_id)
    m, rng = Match(rules, 4), Rng(4)
    while len(m.results) < 3:
        m.apply(rng.choice(m.legal()))
    names = [f"P{s}" for s in range(rules.seats)]
    text = text_of(rules)
    rows = text.score_sheet(m.results, names).splitlines()
    assert rows[0].split() == ["deal"] + names
    totals = [0] * rules.seats
    at = 1
    for k, r in enumerate(m.results, 1):
        totals = [t + p for t, p in zip(totals, r.points)]
        words = rows[at].split()
        assert words[0] == str(k)
        assert words[1:] == [x for p, t in zip(r.points, totals) for x in (f"{p:+d}", f"={t}")]
        sentence = []  # the deal in words, on the lines under its row
        for at in range(at + 1, len(rows)):
            if not rows[at].startswith("      "):
                break
            sentence.append(rows[at].strip())
        assert " ".join(sentence) == text.deal_result(r, names)
    assert rows[at].split() == ["total"] + [str(t) for t in totals]


def test_plural_counts_in_words():
    assert [plural(n, "trick") for n in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == "3 matches"


def test_name_seats_puts_the_tables_names_for_seat_numbers():
    names = ["Ann", "Ben", "Cai", "Dee"]
    assert name_seats("drop by seat 0 (39) burned by seats 2, 3", names) == "drop by Ann (39) burned by Cai, Dee"
    assert name_seats("Seat 1 holds KD; seats 1 and 2 tie", names) == "Ben holds KD; Ben and Cai tie"
    assert name_seats("premium seat 1 +50, seat 3 +100", names) == "premium Ben +50, Dee +100"
    # a number that names no seat of this table, text without seats, no names: unchanged
    assert name_seats("seat 7 passes; seats 1, 9 tie", names) == "seat 7 passes; seats 1, 9 tie"
    assert name_seats("12 seats at 3 tables", names) == "12 seats at 3 tables"
    assert name_seats("seat 1 wins", None) == "seat 1 wins"


def test_team_letters_name_two_teams_a_and_b_and_nothing_without_teams():
    from parlor.core.rules import team_letter
    meri = make_rules("meri")
    assert [team_letter(meri, s) for s in range(8)] == [
        "AB"[meri.team_of[s]] for s in range(8)] and {team_letter(meri, s) for s in range(8)} == {"A", "B"}
    assert team_letter(make_rules("yokir"), 0) == ""


def test_name_seats_addresses_the_seat_told_as_you_with_verbs_that_agree():
    names = ["You", "Ben", "Cai", "Dee"]
    assert name_seats("seat 0 holds a Hearts and must follow suit", names, 0) == \
        "you hold a Hearts and must follow suit"
    assert name_seats("after a high joker lead seat 2 must play its highest Clubs, AC", names, 2) == \
        "after a high joker lead you must play your highest Clubs, AC"
    assert name_seats("seat 1 has already drawn; seat 0 is the taker", None, 1) == \
        "you have already drawn; seat 0 is the taker"
    assert name_seats("seat 3 does not hold 7D", names, 3) == "you do not hold 7D"
    assert name_seats("seat 1 holds no heart but holds a trump and must trump", names, 1) == \
        "you hold no heart but hold a trump and must trump"
    # the terminal's own name for the person agrees too, in any text it shows
    assert name_seats("seat 0 holds Tőr!", names) == "You hold Tőr!"
    assert name_seats("drop by seat 1 (39) burned by seats 0, 2", names, 0) == "drop by Ben (39) burned by you, Cai"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_refusal_told_to_the_seat_that_tried_reads_in_the_second_person(game_id):
    """Every rules text that refuses a move, told to the seat that tried it, names it "you" and
    never in the third person ("you holds", "seat 0")."""
    rules = make_rules(game_id)
    told = 0
    for seed in range(4):
        m, rng = Match(rules, seed), Rng(seed)
        for _ in range(150):
            seat = m.to_act()
            if seat is None:
                break
            names = [f"P{k}" for k in range(rules.seats)]
            for _ in range(20):
                reason = rules.why_illegal_id(m.state, rng.below(rules.num_actions))
                if reason and f"seat {seat}" in reason:
                    said = name_seats(reason, names, seat)
                    assert f"seat {seat}" not in said and "you" in said.lower(), said
                    assert not re.search(r"\byou (?:[^;:(]* )?(holds|does|has|is)\b|\bits\b", said, re.I), said
                    told += 1
            m.apply(rng.choice(m.legal()))
    assert told > 20


@pytest.mark.parametrize("game_id,seats", [("yokir", None), ("tor", 2), ("tor", 8), ("joker", None), ("meri", None)])
def test_every_score_sheet_fits_the_terminals_dialog_at_80_columns(game_id, seats):
    """The sheet's dialog shows SHEET_WIDTH columns at 80 (the Joker sheet was cut at 80 and 100),
    with names as long as a lobby allows."""
    from parlor.core.text import SHEET_WIDTH
    rules = make_rules(game_id, seats=seats)
    m, rng = Match(rules, 7), Rng(7)
    while not m.finished and len(m.results) < 10:
        m.apply(rng.choice(m.legal()))
    names = [f"Bartholomew {s}" for s in range(rules.seats)]
    sheet = text_of(rules).score_sheet(m.results, names)
    assert max(len(line) for line in sheet.splitlines()) <= SHEET_WIDTH
    last = [line for line in sheet.splitlines() if line.split()[0] == str(len(m.results))]
    assert last, "the last deal's row is on the sheet"
