"""The line mode as a player meets it: casual computers by default (and said so), a help whose
examples are this game's own moves, hints from the person's own view, nothing lost on Ctrl+C or
Ctrl+D, and a save that asks before it overwrites and says plainly why it could not write."""

import io
import re

import pytest

from parlor import records
from parlor.cli.main import main
from parlor.cli.plain import PlainTable, keys_of
from parlor.core.language import using
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.session.moves import match_input, short_form


def typed(*lines, then=EOFError):
    """A read() that types `lines`, then raises `then` (the end of input by default)."""
    it = iter(lines)

    def read(prompt=""):
        try:
            return next(it)
        except StopIteration:
            raise then() from None
    return read


def test_the_line_mode_plays_casual_computers_by_default_and_says_so(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nquit\n"))
    assert main(["play", "joker", "--plain", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Computer players: " in out
    said = out.split("Computer players: ", 1)[1].splitlines()[0]
    assert said.count("(casual)") == 3 and "random" not in said


@pytest.mark.parametrize("game", sorted(games()))
def test_the_help_shows_a_move_of_this_game_and_its_short_form(game):
    out = []
    match = Match(make_rules(game), seed=5)
    table = PlainTable(match, match.to_act(), ["random"], read=typed("help"), write=out.append)
    table.run()
    legal = match.legal()
    help_text = next(line for line in out if line.startswith("Type the key"))
    example = help_text.split("the move itself (", 1)[1].split(")", 1)[0]
    short = help_text.split("naming one legal move (", 1)[1].split(")", 1)[0]
    assert example in legal and match_input(short, legal) == example
    if "play 6L" not in legal:
        assert "6L" not in help_text


def test_short_form_is_the_shortest_ending_that_names_the_move_alone():
    legal = ["play 6L", "play 7L", "discard 6L", "pass"]
    assert short_form("play 7L", legal) == "7L"
    assert short_form("play 6L", legal) == "play 6L"  # "6L" names two moves
    assert short_form("pass", legal) == "pass"


def test_hint_gives_legal_moves_with_their_keys_and_reasons():
    out = []
    match = Match(make_rules("yokir"), seed=2)
    seat = match.to_act()
    before = list(match.actions)
    table = PlainTable(match, seat, ["random"], read=typed("hint"), write=out.append)
    table.run()
    hints = [line for line in out if line.startswith("Hint ")]
    assert 1 <= len(hints) <= 3
    keys = keys_of(table.session, seat)
    view = table.session.view(seat)
    for line in hints:
        key, rest = line.split(": ", 1)[1].split(") ", 1)
        words, reason = rest.split(" - ", 1)
        assert table.session.words.action_words(view, keys[key]) == words and reason.strip()
    assert match.actions == before  # a hint plays nothing


@pytest.mark.parametrize("leave", [EOFError, KeyboardInterrupt])
def test_leaving_in_the_middle_offers_to_save_and_the_saved_match_goes_on(tmp_path, leave):
    out = []
    match = Match(make_rules("tor"), seed=8)
    path = tmp_path / "left.json"
    read = typed("1", "1", then=leave)
    state = {"left": False}

    def read_then_save(prompt=""):
        if state["left"]:
            return f"save {path}"
        try:
            return read(prompt)
        except leave:
            state["left"] = True
            raise
    PlainTable(match, 0, ["random"], read=read_then_save, write=out.append).run()
    assert any("The match is not over. Type save FILE" in line for line in out)
    assert records.replay(records.read(path)).actions == match.actions


def test_leaving_without_saving_says_so():
    out = []
    PlainTable(Match(make_rules("tor"), seed=8), 0, ["random"], read=typed(then=KeyboardInterrupt),
               write=out.append).run()
    assert out[-1] == "The match was left unfinished and not saved."


def test_save_asks_before_overwriting(tmp_path):
    path = tmp_path / "kept.json"
    path.write_text("precious")
    out = []
    match = Match(make_rules("yokir"), seed=4)
    seat = match.to_act()
    PlainTable(match, seat, ["random"], read=typed(f"save {path}", "n", "quit", "quit"), write=out.append).run()
    assert path.read_text() == "precious" and "Not saved; the file was left as it was." in out
    PlainTable(match, seat, ["random"], read=typed(f"save {path}", "y", "quit", "quit"), write=out.append).run()
    assert records.read(path)["game"] == "yokir"


def test_saving_to_a_folder_says_so_in_one_plain_line(tmp_path):
    out = []
    match = Match(make_rules("yokir"), seed=4)
    PlainTable(match, match.to_act(), ["random"], read=typed("save /", "quit", "quit"), write=out.append).run()
    line = next(x for x in out if x.startswith("Could not save"))
    assert "it is a folder" in line and "PosixPath" not in line and "\n" not in line


def test_replay_names_the_players_a_record_names(tmp_path, capsys):
    match = Match(make_rules("yokir", {"target": 1}), seed=6, names=["Ann", "Bob", "Cai"])
    while not match.finished:
        match.apply(match.legal()[0])
    path = tmp_path / "named.json"
    records.save(match, path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 0" not in out.replace("(seat 0)", "") and "(dealer " in out
    winner = match.winners()[0]
    assert f"winners: {match.names[winner]} (seat {winner})" in out
    assert "scores: Ann " in out


def test_the_hand_has_one_numbering_and_a_number_picks_its_card():
    """Issue 32: the line mode numbers the hand as the terminal table does; a card's only move
    is listed under the card's number, and typing the number makes it."""
    match = Match(make_rules("yokir"), seed=11)
    while match.to_act() != 0 or not match.legal()[0].startswith("play"):
        match.apply(match.legal()[0])
    hand, legal = match.view(0)["hand"], match.legal()
    playable = [i for i, c in enumerate(hand, 1) if f"play {c}" in legal]
    unplayable = [i for i, c in enumerate(hand, 1) if f"play {c}" not in legal]
    number = playable[-1]
    out = []
    typed_in = [str(unplayable[0])] if unplayable else []
    table = PlainTable(match, 0, ["random"], read=typed(*typed_in, str(number), "quit", "quit"), write=out.append)
    table.run()
    shown = next(line for line in out if line.startswith("Your hand: "))
    assert shown.startswith(f"Your hand: 1) {hand[0]}") and f"{number}) {hand[number - 1]}" in shown
    moves = next(line for line in out if line.startswith("Your moves: "))
    assert f"{number}) " in moves and "play " not in moves  # said in words, keyed by the card
    assert f"play {hand[number - 1]}" in match.actions
    if unplayable:
        assert any(line.startswith(f"{hand[unplayable[0] - 1]} cannot be played now") for line in out)


SHORT = {"yokir": {"target": 1}, "tor": {"deals": 1}, "joker": {"schedule": [["1"]]}, "meri": {"num_deals": 1}}
# a score sheet's row of points, or its head of the players' names: no words to translate; and
# the Joker sheet's trump, its suit's sign
ONLY_NUMBERS = re.compile(r"(\s|\d|[+=|#*-]|You|Ben|Cai|Dan|[♠♥♦♣])*")


@pytest.mark.parametrize("game", sorted(games()))
def test_every_line_of_a_line_mode_game_is_said_in_the_language_in_use(game):
    """Issue 34: a whole game under the pseudo-language qps, where every translated template
    comes out marked ⟦…⟧; a line with no mark is English nobody can translate. Allowed unmarked:
    a score sheet's rows of numbers and names only."""
    out = []
    with using("qps"):
        match = Match(make_rules(game, SHORT[game]), seed=3)
        PlainTable(match, 0, ["random"], read=lambda prompt: (match.legal() or [""])[0], write=out.append).run()
    assert match.finished
    text, before = "\n".join(out), None
    while text != before:  # marked text out, innermost first (a marked line may wrap, and nest)
        before, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    assert [line for line in text.split("\n") if not ONLY_NUMBERS.fullmatch(line)] == []


def _whole_game(game: str, lang: str = "en") -> tuple[Match, list[str]]:
    out: list[str] = []
    with using(lang):
        match = Match(make_rules(game, SHORT[game]), seed=3)
        PlainTable(match, 0, ["random"], read=lambda prompt: (match.legal() or [""])[0], write=out.append).run()
    return match, out


@pytest.mark.parametrize("game", ["joker", "meri", "yokir"])
def test_the_line_mode_says_who_took_each_trick(game):
    """Issue 32: after the card that ends a trick, a line in the game's trick words (the words the
    browser says the last trick with), once a trick and in order, the deal's last trick included."""
    match, out = _whole_game(game)
    table = PlainTable(Match(match.rules, seed=3), 0, ["random"])
    closed = dict(match.closed_view(0), names=table.names)
    wanted = ["  " + table.session.words.trick_words(closed, t) for t in closed["tricks"]]
    last_deal = max(i for i, line in enumerate(out) if line.startswith("--- Deal"))
    said = [line for line in out[last_deal:] if line in wanted]  # the closed view's: the last deal's
    assert wanted and said == wanted


def test_the_person_is_named_in_the_language_in_use():
    """Issue 34: in Hungarian the person is "Te" wherever a name is shown, never the English "You"."""
    _, out = _whole_game("joker", "hu")
    assert out[0].startswith("Joker") and "helyen ülsz" in out[0]  # the seat said, not the name again
    assert not [line for line in out if re.search(r"\bYou\b", line)]
    assert any(line.startswith("Állás: Te 0") or "Állás: Te 0" in line for line in out)
