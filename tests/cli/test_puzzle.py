"""parlor puzzle GAME [N] in the line mode, through standard input: one position answered right,
one wrong (the verdict on every legal move written), a refused move, a missing position in one line."""

import io

from parlor.cli.main import main
from parlor.session.puzzles import puzzle, puzzles


def _play(monkeypatch, capsys, typed: list[str], number: int = 1) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert main(["puzzle", "yokir", str(number), "--plain"]) == 0
    return capsys.readouterr().out


def test_the_best_move_is_right_and_every_verdict_shown(monkeypatch, capsys):
    p = puzzle("yokir", 3)
    out = _play(monkeypatch, capsys, ["no such move", p.best], 3)
    assert out.startswith(f"Position 3 of {len(puzzles('yokir'))}: find the best move")
    assert "That is not allowed:" in out
    assert "> Right: " in out
    assert out.count("expected +") + out.count("expected -") >= len(p.candidates)
    assert "(best, your move)" in out and "(obvious)" in out


def test_the_obvious_move_is_not_the_best(monkeypatch, capsys):
    p = puzzle("yokir", 3)
    out = _play(monkeypatch, capsys, [p.obvious], 3)
    assert "> Not the best: " in out and "(obvious, your move)" in out and "(best)" in out


def test_a_missing_position_is_one_line(capsys):
    assert main(["puzzle", "yokir", "99"]) == 2
    assert capsys.readouterr().err == f"parlor: no position 99: yokir has positions 1 to {len(puzzles('yokir'))}\n"
