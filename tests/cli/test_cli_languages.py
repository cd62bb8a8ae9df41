"""Issue 34 at the command line: --lang before the command as well as after it, and the help and
argparse's own words said in the language chosen (the pseudo-language qps marks every
translated template ⟦…⟧: a word left outside the marks was never translated)."""

import io
import re

import pytest

from parlor.cli.main import COMMANDS, main
from parlor.core.registry import games


def help_of(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as done:
        main(list(argv))
    assert done.value.code == 0
    return capsys.readouterr().out


def unmarked(text: str) -> list[str]:
    """The words outside the marks, less what the help names and no language translates: the
    options, their values' names (LANG, FILE), the commands, the games, the program."""
    before = None
    while text != before:
        before, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    text = re.sub(r"--?[\w-]+|\{[^}]*\}|\b[A-Z][A-Z0-9_=]*(\.png)?", " ", text)  # FILE.png too
    names = {"parlor", *games(), *(c.__name__.rsplit(".", 1)[-1].replace("rules_cmd", "rules") for c in COMMANDS)}
    return [w for w in re.findall(r"[^\W\d_]{2,}", text) if w not in names]


@pytest.mark.parametrize("argv", [["--lang", "qps", "--help"], ["--lang", "qps", "play", "--help"],
                                  ["play", "--help", "--lang", "qps"], ["--lang", "qps", "arena", "--help"]])
def test_the_help_is_said_in_the_language_chosen(capsys, argv):
    out = help_of(capsys, *argv)
    assert "⟦usage: ⟧" in out and "⟦show this help message and exit⟧" in out
    assert unmarked(out) == [], out


def test_an_argparse_error_is_said_in_the_language_chosen(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "qps", "play", "tor", "--seat", "x"])
    err = capsys.readouterr().err
    assert "⟦invalid %(type)s value" not in err and "⟦" in err and "invalid int value" in err


def test_lang_before_the_command_speaks_hungarian(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nquit\n"))
    assert main(["--lang", "hu", "play", "joker", "--plain", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Gépi játékosok" in out and "You" not in out


def test_lang_after_the_command_wins_over_one_before(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nquit\n"))
    assert main(["--lang", "hu", "play", "joker", "--plain", "--seed", "3", "--lang", "en"]) == 0
    assert "Computer players" in capsys.readouterr().out


def test_an_unknown_language_is_one_line(capsys):
    assert main(["--lang", "xx", "play", "tor"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
