"""A game's words (core/text.py): the defaults a game without a text module gets, the card faces
both front ends draw from, and a card role's id, from which the terminal names it."""

import pytest

from parlor.core.cards import Deck
from parlor.core.match import Match
from parlor.core.registry import faces_of, games, make_rules, text_of
from parlor.core.rng import Rng
from parlor.core.rules import DealResult, Rules
from parlor.core.text import GameText, Role
from parlor.tui.cards import ROLE_SHORT, face, role_short
from parlor.web.faces import faces as browser_faces


class Fifth(Rules):
    """A game the registry does not know, with no text module: only its deck matters here."""
    id = "fifth"
    min_seats = max_seats = default_seats = 2
    deck = Deck(["2H", "TH", "AH", "2C", "TC", "AC", "J1"])


def test_a_game_without_a_text_module_gets_the_defaults():
    words = text_of(Fifth())
    assert type(words) is GameText
    assert words.table_lines({"seat": 0}) == [] and words.card_role({}, "AH") is None
    r = DealResult(0, [3, -3], "seat 1 paid seat 0", {})
    assert words.deal_result(r, ["Ana", "Ben"]) == "Ben paid Ana"
    assert words.deal_result(r, None) == "seat 1 paid seat 0"
    rows = words.score_sheet([r, DealResult(1, [-1, 1], "seat 0 paid", {})], ["Ana", "Ben"]).splitlines()
    assert rows[0].split() == ["deal", "Ana", "Ben"]
    assert rows[1].split() == ["1", "+3", "=3", "-3", "=-3"] and rows[2].strip() == "Ben paid Ana"
    assert rows[3].split() == ["2", "-1", "=2", "+1", "=-2"] and rows[5].split() == ["total", "2", "-2"]


def test_faces_are_worked_out_from_the_codes_where_a_game_declares_none():
    faces = GameText.card_faces(Fifth.deck)
    assert faces["TH"].rank == "10" and faces["TH"].title == "TH: 10 of hearts"
    assert (faces["TH"].sign, faces["TH"].ink, faces["TH"].mark, faces["TH"].tone) == ("♥", "red", "♥", 1)
    assert (faces["AC"].sign, faces["AC"].tone) == ("♣", 0)
    joker = faces["J1"]  # a suit of fewer than three cards: a special card
    assert (joker.rank, joker.mark, joker.tone, joker.title) == ("J1", "★", "x", "J1 (special card)")
    odd = GameText.card_faces(Deck([f"{r}{s}" for s in "XYZ" for r in "123"]))  # not French suits
    assert [(odd[c].sign, odd[c].mark, odd[c].tone, odd[c].title) for c in ("1X", "2Z")] == [
        ("", "X", 0, "1X: 1 of X"), ("", "Z", 2, "2Z: 2 of Z")]


def test_each_game_draws_its_cards_in_both_front_ends_from_its_own_faces():
    yokir, meri = faces_of("yokir"), faces_of("meri")
    assert yokir["1A"].title == "1A: Initiate of Architecture" and (yokir["1A"].sign, yokir["1A"].ink) == ("⌂", "black")
    assert browser_faces("yokir")["6L"] == {"r": "6", "s": "L", "c": 1, "t": "6L: Master of Leadership",
                                              "e": "crown", "n": "Master"}
    assert meri["PKa"].title == "PKa: Kaba of Pao" and (meri["G5"].sign, meri["G5"].ink) == ("@", "purple")
    assert browser_faces("meri")["I7"] == {"r": "7", "s": "I", "c": 1, "t": "I7: 7 of Isu", "e": "sword", "n": "7"}
    assert browser_faces("joker")["X2"] == {"r": "X2", "s": "★", "c": "x", "t": "X2 (special card)", "e": "joker",
                                           "n": "X2"}
    assert (face("joker", "X1").sign, face("joker", "X1").ink) == ("★", "magenta")
    assert browser_faces("tor")["TD"] == {"r": "10", "s": "♦", "c": 1, "t": "TD: 10 of diamonds", "e": "diamond",
                                        "n": "10"}
    assert (face("tor", "KS").sign, face("tor", "KS").ink) == ("♠", "black")


def test_the_terminal_names_a_role_by_its_id_not_by_its_words():
    assert role_short(Role("sage", "Sage of A")) == "SAGE" and role_short(Role("robai", "trump Robai")) == "ROBA"
    assert role_short(Role("weak", "plain Isu Robai (between I2 and I1)")) == "WEAK"
    assert role_short(Role("banner", "the Banner")) == "BANN" and role_short(None) == ""


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_role_a_game_gives_has_a_short_name_in_the_terminal(game_id):
    rules = make_rules(game_id)
    words = text_of(rules)
    seen = set()
    for seed in range(3):
        m, rng = Match(rules, seed), Rng(seed)
        for _ in range(60):
            if m.finished:
                break
            view = m.view(m.to_act())
            seen |= {r.id for c in rules.deck.codes if (r := words.card_role(view, c)) is not None}
            m.apply(rng.choice(m.legal()))
    assert seen <= set(ROLE_SHORT), seen - set(ROLE_SHORT)
    assert seen or game_id == "tor"  # Tőr has no trump
