"""Every stored practice position (games/<id>/puzzles.json): at least 20 a game, each replays to
its seat's turn, its candidates are exactly the seat's legal moves, the stored best move is legal
and the best by its verdicts, beating the obvious (casual) move by the game's stated margin."""

import json
from importlib.resources import files

import pytest

from parlor.bots.hints import said_reason
from parlor.core.language import using
from parlor.session.puzzles import PuzzleRun, puzzle, puzzles, verdict_lines

GAMES = ["yokir", "tor", "joker", "meri"]
AT_LEAST = 20  # the issue asks at least 20 a game


@pytest.mark.parametrize("game", GAMES)
def test_every_position_replays_with_the_seat_to_move(game):
    data = json.loads(files("parlor.games").joinpath(game, "puzzles.json").read_text(encoding="utf-8"))
    found = puzzles(game)
    assert len(found) >= AT_LEAST
    for p in found:
        run = PuzzleRun(p)
        match = run.session.match
        assert match.to_act() == p.seat, p.number
        legal = match.legal()
        assert p.best in legal and p.obvious in legal
        assert sorted(c.move for c in p.candidates) == sorted(legal), p.number
        values = {c.move: c.value for c in p.candidates}
        assert values[p.best] == max(values.values())
        assert p.best != p.obvious
        assert values[p.best] - values[p.obvious] >= data["margin"] - 1e-9
        assert all(said_reason(c.why) for c in p.candidates)


@pytest.mark.parametrize("game", GAMES)
def test_the_stored_reasons_are_data_not_english_sentences(game):
    """A position's file holds each reason's kind and figures, said when shown: no sentence."""
    text = files("parlor.games").joinpath(game, "puzzles.json").read_text(encoding="utf-8")
    data = json.loads(text)
    for p in data["puzzles"]:
        for c in p["candidates"]:
            assert set(c) == {"move", "value", "why"}
            assert all(isinstance(v, int | float) for k, v in c["why"].items() if k != "kind")
    assert "sampled deals" not in text and "expected +" not in text and "expected -" not in text


def test_the_verdict_names_the_best_move_and_refuses_no_move():
    p = puzzle("yokir", 1)
    run = PuzzleRun(p)
    assert not run.answer("no such move").taken
    right, wrong = run.answer(p.best), run.answer(p.obvious)
    assert right.taken and right.text.startswith("Right:")
    assert wrong.taken and wrong.text.startswith("Not the best:")
    assert [v.move for v in wrong.verdicts if v.chosen] == [p.obvious]
    assert len(wrong.verdicts) == len(p.candidates)


def test_a_card_when_a_bid_is_asked_cannot_be_played_now():
    p = next(p for p in puzzles("joker") if all(m.startswith("bid") for m in PuzzleRun(p).view()["legal"]))
    run = PuzzleRun(p)
    card = run.view()["hand"][0]
    answer = run.answer(card)
    assert not answer.taken and answer.text == f"{run.session.words.card_words(card)} cannot be played now."


def test_a_positions_reasons_and_figures_are_said_in_hungarian():
    """Shown in Hungarian, a reason is the Hungarian sentence with Hungarian decimals ("+1,33"),
    and the verdict's margin too; the same position in English keeps the English point."""
    p = puzzle("yokir", 3)
    best = next(c for c in p.candidates if c.move == p.best)
    assert best.why["kind"] == "trick"
    with using("hu"):
        answer = PuzzleRun(p).answer(p.obvious)
        lines = verdict_lines(answer)
    mine = next(v for v in answer.verdicts if v.best)
    hungarian = f"{best.value:+.2f}".replace(".", ",")
    assert mine.shown == hungarian
    assert mine.reason == (f"a kipróbált osztások {best.why['share']}% részében viszi az ütést; várhatóan "
                           f"{hungarian} pont; {best.why['count']} kipróbált osztásban nézte")
    assert any(mine.reason in line for line in lines)
    lost = f"{best.value - next(c for c in p.candidates if c.move == p.obvious).value:.2f}"
    assert lost.replace(".", ",") in lines[0] and lost not in lines[0]  # "0,30 ponttal"
    english = PuzzleRun(p).answer(p.obvious)
    assert next(v for v in english.verdicts if v.best).reason.startswith(f"wins the trick in {best.why['share']}% ")
    assert f"expected {best.value:+.2f} points" in next(v for v in english.verdicts if v.best).reason
