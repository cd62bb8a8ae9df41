"""parlor learn GAME [N] in the line mode, driven through standard input: the lessons listed,
one played to its end with a refused move on the way, a missing lesson said in one line."""

import io

from parlor.cli.main import main
from parlor.core.words import CARD_MARK
from parlor.session.lessons import lesson


def test_parlor_learn_lists_the_lessons(capsys):
    assert main(["learn", "yokir"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["1. The deck, the goal and choosing trump", "2. A trick: follow suit",
                       "3. The Oracle and the Sage"]
    assert out[-1] == "Play one with: parlor learn yokir 1"


def test_a_lesson_is_played_through_standard_input(monkeypatch, capsys):
    typed = ["", "play 5A", "3T", "1", "", "6T", "4l", "", "3", "2"]  # 3 is the wrong answer
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert main(["learn", "yokir", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Lesson 2: A trick: follow suit\n")
    # the moves in the game's words (issue 32), Ben's discard hidden
    assert ("  Ben picks up the face-up card\n  Ben discards a card\n  Ben plays the Master of Architecture\n"
            "  Cai plays the Prentice of Architecture\n") in out
    assert "Not the move here: Ben's 6A wins this trick anyway." in out  # a legal move, not this one
    assert ("That is not allowed: Architecture was led and you must follow: you hold the Student of Architecture, "
            "the Scribe of Architecture.") in " ".join(out.split())  # the line is wrapped
    assert ("  You play the Student of Architecture\n  Ben plays the Initiate of Art & Music\n"
            "  Cai plays the Student of Art & Music\n") in out  # "1": the first move listed
    assert "Not the move here: The Oracle wins this trick." in out
    assert "  You play the Journeyman of Leadership\n" in out and "Step 4 of 4." in out
    assert "Not quite: the answer is 1." in out and "Right. Without a trump" in out
    assert out.rstrip().endswith("Lesson 2 is done.")
    assert "[[" not in out


def test_the_input_ending_leaves_the_lesson_quietly(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    assert main(["learn", "yokir", "1"]) == 0
    assert "Step 2 of 4." in capsys.readouterr().out


def test_a_missing_lesson_is_one_line(capsys):
    assert main(["learn", "yokir", "99"]) == 2
    assert capsys.readouterr().err == "parlor: yokir has no lesson 99 (its lessons: 1, 2, 3, 4, 5, 6)\n"


def test_a_lesson_is_said_in_the_language_in_use(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    assert main(["learn", "yokir", "1", "--lang", "qps"]) == 0
    out = capsys.readouterr().out
    assert "⟦The deck, the goal and choosing trump⟧" in out  # the title, a text of the lesson file
    first = lesson("yokir", 1).steps[0].say
    assert "⟦" + CARD_MARK.sub(r"\1", first).split()[0] in out  # its first step, marked
