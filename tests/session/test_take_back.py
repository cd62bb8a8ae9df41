"""Taking a move back against computers: the match is rebuilt without the person's last move and
the computers' after it, so the record is the record of a match where it was never made; redo
plays the same moves again; a table with another person refuses it."""

import pytest

from parlor import records
from parlor.cli.plain import PlainTable
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng
from parlor.session import TableSession, against_computers, seat_names
from parlor.session.seats import PERSON, Player


def session_after(game: str, moves: int, seed: int = 3) -> TableSession:
    rules = make_rules(game)
    match, rng = Match(rules, seed), Rng(seed)
    s = TableSession(match, against_computers(rules.seats, 0, ["random"]), seat_names(rules.seats, 0))
    while len(match.actions) < moves and not match.finished:
        match.apply(rng.choice(match.legal()))
    return s


@pytest.mark.parametrize("game", sorted(games()))
def test_take_back_leaves_the_record_of_a_match_without_the_move_and_redo_restores_it(game):
    s = session_after(game, 60)
    before = s.match.record()
    last = max(i for i, (_, actor, _) in enumerate(s.match.log) if actor == 0)
    s.take_back(0)
    never = records.replay(dict(before, actions=before["actions"][:last]))
    assert s.match.record() == never.record() and s.match.to_act() == 0
    assert s.match.view(0) == never.view(0)
    assert s.redo() and s.match.record() == before
    assert not s.redo()


def test_take_back_is_refused_with_another_person_at_the_table_or_before_any_move():
    rules = make_rules("yokir")
    players = [Player(PERSON, "casual"), Player(PERSON, "casual"), Player("computer", "random")]
    s = TableSession(Match(rules, 1), players, ["Ann", "Bob", "Cai"])
    assert "only in a match against computers" in s.why_no_take_back(0)
    alone = TableSession(Match(rules, 1), against_computers(3, 0, ["random"]), ["You", "Bob", "Cai"])
    assert "no move" in alone.why_no_take_back(0)


def test_undo_in_the_line_mode_then_another_move_keeps_no_trace_of_the_first():
    out = []
    match = Match(make_rules("joker"), seed=9)
    typed = iter([0, "undo", 1, "redo", "quit", "quit"])  # a number: that legal move, typed

    def read(prompt: str) -> str:
        t = next(typed)
        return table.match.legal()[t] if isinstance(t, int) else t
    table = PlainTable(match, 0, ["random"], read=read, write=out.append)
    final = table.run()
    assert "Your last move and the computers' moves after it were taken back." in out
    assert "Nothing to redo." in out  # the second move cleared what was taken back
    mine = [a for a, (_, seat, _) in zip(final.actions, final.log) if seat == 0]
    first_legal = Match(make_rules("joker"), seed=9)
    while first_legal.to_act() != 0:
        first_legal.apply(final.actions[len(first_legal.actions)])
    assert mine[0] == first_legal.legal()[1]  # the move typed after undo, not the one taken back
    assert records.replay(final.record()).record() == final.record()
