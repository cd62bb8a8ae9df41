"""The view contract (core/view.py): every game declares its keys, the shared ones in their one
shape, and a view that breaks the declaration is told where."""

import copy

import pytest

from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.spectator import public_view
from parlor.core.view import (COMMON, HISTORY, SHARED, Cards, Int, ListOf, Obj, Optional, Seat,
                              Word, face_up, problems, schema_problems, seat_facts, tricks)
from parlor.games.yokir.rules import YokirRules
from parlor.testing import check_game


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_game_declares_its_keys_and_the_shared_ones_in_their_shape(game_id):
    rules = make_rules(game_id)
    assert rules.view_schema and schema_problems(rules.view_schema) == []
    view = Match(rules, 1).view(0)
    assert set(view) == set(COMMON) | set(rules.view_schema)
    assert problems(rules, view) == []
    assert set(rules.view_schema) & set(SHARED), "a card game shares some of the shared keys"


def test_a_view_is_told_where_it_breaks_the_contract():
    rules = make_rules("yokir")
    view = Match(rules, 1).view(0)
    bad = copy.deepcopy(view)
    bad["note"] = "hello"
    del bad["caller"]
    bad["trick"] = [[0, "ZZ"]]
    bad["hand_sizes"] = [5, 5]
    bad["face_up"][0]["state"] = "lost"
    bad["seat_facts"][1]["won"] = "1"
    bad["game"] = "tor"
    found = problems(rules, bad)
    for expected in ("undeclared key 'note'", "no key 'caller'", "trick[0][1]: 'ZZ' is not a card code",
                     "hand_sizes: [5, 5] is not a list of one item a seat", "face_up[0].state: 'lost'",
                     "seat_facts[1].won: '1' is not an integer", "game: 'tor' is not 'yokir'"):
        assert any(p.startswith(expected) for p in found), (expected, found)
    assert len(found) == 7


def test_the_spectators_view_has_none_of_the_private_keys():
    rules = make_rules("yokir")
    match = Match(rules, 1)
    views = [match.view(s) for s in range(3)]
    spectator = public_view(rules, views)
    assert problems(rules, spectator, spectator=True) == []
    assert problems(rules, views[0], spectator=True) == [
        "seat: 0 in the spectators' view, which has None",
        f"hand: {views[0]['hand']!r} in the spectators' view, which has []"]


def test_a_schema_with_a_shared_key_of_another_shape_is_refused():
    assert schema_problems({"tricks": tricks(meri=Int()), "history": HISTORY,
                            "face_up": face_up(("pile",)), "seat_facts": seat_facts(bid=Optional(Int()))}) == []
    wrong = {"tricks": ListOf(Obj(leader=Seat(), cards=Cards())),  # no winner, bare cards
             "history": ListOf(Word(("pass",))),
             "face_up": ListOf(Obj(label=Word(("pile",)), cards=Cards())),  # no state
             "seat_facts": seat_facts(hand=Cards()),  # a fact is an int or a word
             "seat": Seat()}  # a common key
    found = schema_problems(wrong)
    assert len(found) == 5 and "'seat' is a common key: games do not declare it" in found


def test_the_conformance_suite_refuses_a_view_with_an_undeclared_key(monkeypatch):
    honest = YokirRules.view
    monkeypatch.setattr(YokirRules, "view", lambda self, s, seat: dict(honest(self, s, seat), extra=1))
    with pytest.raises(AssertionError, match="undeclared key 'extra'"):
        check_game("yokir", seeds=range(1), deep_every=50)
