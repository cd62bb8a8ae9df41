"""The message templates the games' words are said from (core/words.py): named parameters, a
plural form chosen by the count, lists, seats named as the front end names them; and every
template in the package written so that Babel can extract it."""

import ast
import string
from pathlib import Path

import pytest

import parlor
from parlor.core.words import YOU, Seats, listed, say, say_n, seats_of
from parlor.testing import _check_said

SRC = Path(parlor.__file__).parent


def test_a_template_is_said_with_its_named_parameters():
    assert say("{caller} called {suit}, took {tricks}", caller="Ana", suit="L", tricks=2) == "Ana called L, took 2"
    assert say("{points:+d} for {seat}", points=5, seat="Ben") == "+5 for Ben"
    with pytest.raises(KeyError):
        say("{caller} called {suit}", caller="Ana")


def test_the_count_chooses_the_plural_form_and_is_a_parameter():
    said = [say_n("{count} trick for {seat}", "{count} tricks for {seat}", n, seat="Cai") for n in (0, 1, 2)]
    assert said == ["0 tricks for Cai", "1 trick for Cai", "2 tricks for Cai"]


def test_a_list_is_its_items_joined():
    assert listed(say("{seat} {bid}", seat=s, bid=b) for s, b in [("Ana", 1), ("Ben", 0)]) == "Ana 1, Ben 0"
    assert listed(["Ana", "Ben", "Cai"], say(" and ")) == "Ana and Ben and Cai"
    assert listed([]) == ""


def test_seats_are_named_as_the_front_end_names_them_else_by_number():
    named, plain = Seats(["Ana", "Ben", YOU]), Seats()
    assert [named(s) for s in range(3)] == ["Ana", "Ben", "You"]
    assert named(5) == "seat 5" and plain(1) == "seat 1"
    assert named.several([0, 2]) == "Ana, You" and named.several([0, 1], " and ") == "Ana and Ben"
    assert plain.several([2]) == "seat 2" and plain.several([2, 3]) == "seats 2, 3"
    assert plain.several([1, 2], " and ") == "seats 1 and 2"
    assert named.several([1, 7]) == "seats 1, 7"  # a seat without a name: the numbers, as they were
    assert seats_of({"names": ["Ana", "Ben"]})(1) == "Ben" and seats_of({})(1) == "seat 1"


def test_a_seat_named_you_is_spoken_to():
    seats = Seats([YOU, "Ben", "you"])
    assert [seats.spoken_to(s) for s in range(3)] == [True, False, True]
    assert not Seats().spoken_to(0)


def test_words_said_to_a_named_table_name_no_seat_by_its_number():
    _check_said("drop by P1 (12) burned by P2; every seat has 3", "a line")
    for text in ("drop by seat 1 (12)", "void: seats 2 and 3 hold Tőr", "Seat 0 went out", ""):
        with pytest.raises(AssertionError):
            _check_said(text, "a line")


def _calls():
    """Every call of say and say_n in the package: (where, call)."""
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("say", "say_n"):
                yield f"{path.relative_to(SRC)}:{node.lineno}", node


def test_every_template_is_a_plain_string_literal_babel_can_extract():
    """Babel (keywords say, say_n:1,2) extracts only literal strings: no f-string, variable or
    sum of strings as a template. Each template's parameters are the call's keywords."""
    calls = list(_calls())
    assert len(calls) > 100  # every game's words go through them
    for where, call in calls:
        templates = call.args[:2 if call.func.id == "say_n" else 1]
        assert len(templates) == len(call.args) - (call.func.id == "say_n"), f"{where}: templates, then the count"
        for t in templates:
            assert isinstance(t, ast.Constant) and isinstance(t.value, str), f"{where}: a template that is no literal"
        if any(k.arg is None for k in call.keywords):  # **params: what it holds is not written here
            continue
        given = {k.arg for k in call.keywords} | ({"count"} if call.func.id == "say_n" else set())
        for t in templates:
            fields = {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(t.value)
                      if name is not None}
            assert fields <= given, f"{where}: {t.value!r} has parameters that are not given: {fields - given}"
            assert given - {"count"} <= fields, f"{where}: {t.value!r} does not use {given - fields}"


def test_numbers_are_written_as_the_readers_language_writes_them():
    from parlor.core.language import using
    from parlor.core.words import number, percent
    with using("en"):
        assert (number(1.25, 1), number(0.5, 2, signed=True), number(-1, 1, signed=True)) == ("1.2", "+0.50", "-1.0")
        assert percent(2, 5) == "40%"
    with using("hu"):
        assert number(1.5) == "1,5" and number(0.25, 2, signed=True) == "+0,25"
    with using("fi"):
        assert percent(1, 4) == "25\xa0%"
    assert percent(0, 0) == percent(0, 1)
