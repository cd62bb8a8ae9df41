"""The line mode asks once before a likely slip and keeps an unfinished match as it goes."""

from parlor.cli.plain import PlainTable
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.session.keep import kept

from test_line_mode import typed

TOR_SEED = 79  # seat 0 first; after `draw stock` it holds 5D 5S 6S 7S 9H KH: 5S 6S 7S is a run


def tor(*lines, **kw) -> tuple[PlainTable, list[str]]:
    out: list[str] = []
    table = PlainTable(Match(make_rules("tor"), TOR_SEED), 0, ["random"], read=typed(*lines), write=out.append, **kw)
    table.run()
    return table, out


def test_the_line_mode_names_the_move_wanted():
    table, out = tor("draw stock")
    assert "Your turn: draw (stock or discard pile) or drop (virít)." in out
    assert "Your turn: discard a card or meld (terít)." in out


def test_a_discard_that_breaks_a_meld_is_asked_once_and_typed_again_is_made():
    table, out = tor("draw stock", "discard 6S", "discard 6S")
    assert ("Discard 6S? It breaks up 5S 6S 7S, a meld in your hand. "
            "Type it again to make it, or make another move.") in out
    assert table.match.actions[:2] == ["draw stock", "discard 6S"]


def test_another_move_after_the_question_is_made_and_no_ask_makes_the_slip_at_once():
    table, out = tor("draw stock", "discard 6S", "discard 9H")
    assert table.match.actions[:2] == ["draw stock", "discard 9H"]
    table, out = tor("draw stock", "discard 6S", ask_first=False)
    assert table.match.actions[:2] == ["draw stock", "discard 6S"] and not any("breaks up" in x for x in out)


def test_the_line_mode_keeps_the_match_as_it_goes_and_says_so_on_leaving(tmp_path):
    table, out = tor("draw stock", "discard 9H", keep_in=tmp_path)
    again = kept(tmp_path, "tor")
    assert again is not None and again.actions == table.match.actions and len(again.actions) > 2
    assert any("it is kept: parlor play tor --plain goes on with it" in x for x in out)
    assert out[-1] == "The match was left unfinished; it is kept."


def test_a_folder_that_cannot_be_written_is_said_once_and_the_match_goes_on(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    table, out = tor("draw stock", "discard 9H", keep_in=blocked)
    said = [x for x in out if x.startswith("The match cannot be kept to continue later: ")]
    assert len(said) == 1 and str(blocked) in said[0]
    assert table.match.actions[:2] == ["draw stock", "discard 9H"] and table.session.keep_in is None
    assert out[-1] == "The match was left unfinished and not saved."
