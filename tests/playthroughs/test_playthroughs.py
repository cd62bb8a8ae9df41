"""Every playthrough file (make.py) against the same matches played again now, line by line."""

import pytest
from make import FOLDER, PLAYTHROUGHS, Playthrough, lines


def first_difference(name: str, want: list[str], got: list[str]) -> str | None:
    """Where two playthroughs first differ, with both lines; None when they are the same."""
    for number in range(1, max(len(want), len(got)) + 1):
        old = want[number - 1] if number <= len(want) else "(end of file)"
        new = got[number - 1] if number <= len(got) else "(end of playthrough)"
        if old != new:
            return f"{name} line {number}:\n  file: {old}\n  now:  {new}"
    return None


def test_every_file_is_a_playthrough():
    assert sorted(path.name for path in FOLDER.glob("*.txt")) == sorted(p.path.name for p in PLAYTHROUGHS)


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.name)
def test_playthrough_is_unchanged(playthrough: Playthrough):
    want = playthrough.path.read_text(encoding="utf-8").removesuffix("\n").split("\n")
    got = list(lines(playthrough))
    difference = first_difference(playthrough.path.name, want, got)
    if difference is not None:
        pytest.fail(f"{difference}\n(a change made on purpose: run tests/playthroughs/make.py and "
                    "commit the files on their own)", pytrace=False)


def test_first_difference_names_the_line_and_both_texts():
    assert first_difference("x.txt", ["a", "b"], ["a", "b"]) is None
    assert first_difference("x.txt", ["a", "b"], ["a", "c"]) == "x.txt line 2:\n  file: b\n  now:  c"
    assert first_difference("x.txt", ["a"], ["a", "c"]) == (
        "x.txt line 2:\n  file: (end of file)\n  now:  c")
    assert first_difference("x.txt", ["a", "b"], ["a"]) == (
        "x.txt line 2:\n  file: b\n  now:  (end of playthrough)")
