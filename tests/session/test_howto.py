"""The how-to-play pages: one per game, a page long, every card marker a card of the game, the key
numbers they state those of the rules engine; `parlor rules` shows them (and --full the spec)."""

import re

import pytest

from parlor.cli.main import main
from parlor.core import language
from parlor.core.language import PSEUDO, using
from parlor.core.match import Match
from parlor.core.registry import faces_of, games, make_rules
from parlor.games.joker.structure import plan
from parlor.session import cards_named, howto_text, rules_text
from parlor.session.rules_text import card_marks, howto_source


def stated(page: str, pattern: str) -> int:
    """The number the page states where `pattern` (one group) matches, once."""
    found = re.findall(pattern, page, re.MULTILINE)
    assert len(found) == 1, f"{pattern!r} found {len(found)} times"
    return int(found[0].replace("−", "-"))


def first_hand(game: str) -> int:
    match = Match(make_rules(game), seed=1)
    return len(match.view(match.to_act())["hand"])


@pytest.mark.parametrize("game", sorted(games()))
def test_each_game_has_a_page_of_how_to_play(game):
    page = howto_text(game)
    assert 60 <= len(page.splitlines()) <= 120
    assert page.startswith("# How to play ")
    assert page != rules_text(game)


@pytest.mark.parametrize("game", sorted(games()))
def test_every_card_marker_names_a_card_of_the_game(game):
    page = howto_text(game)
    marks = card_marks(page)
    assert len(marks) >= 5
    assert set(marks) <= set(make_rules(game).deck.codes)
    # nothing that looks like a marker is left unread (a typo such as [[10H]] or [[TH])
    assert page.count("[[") == page.count("]]") == len(marks)
    named = cards_named(game, page)
    assert "[[" not in named
    face = faces_of(game)[marks[0]]
    assert face.rank + face.sign in named


def test_a_card_is_named_by_its_short_name():
    assert cards_named("tor", "[[TH]] and [[AS]]") == "10♥ and A♠"


def test_the_pages_state_the_engines_numbers():
    yokir, tor, joker, meri = (howto_text(g) for g in ("yokir", "tor", "joker", "meri"))
    rules = make_rules("yokir")
    assert stated(yokir, r"^(\d+) cards: four suits") == len(rules.deck) == 24
    assert stated(yokir, r"Each player gets \*\*(\d+) cards\*\*") == first_hand("yokir")
    assert stated(yokir, r"reach \*\*(\d+) points\*\*") == rules.options["target"]

    rules = make_rules("tor")
    assert stated(tor, r"ordinary (\d+)-card deck") == len(rules.deck)
    assert stated(tor, r"Everyone gets \*\*(\d+) cards\*\*") == first_hand("tor")
    assert stated(tor, r"A match is \*\*(\d+) deals\*\*") == rules.options["deals"] == rules.max_deals()
    assert "Two to eight people play, four by default" in " ".join(tor.split())
    assert (rules.min_seats, rules.max_seats, rules.seats) == (2, 8, 4)

    rules = make_rules("joker")
    assert stated(joker, r"^(\d+) cards: the ace") == len(rules.deck)
    assert stated(joker, r"a match of \*\*(\d+) deals\*\*") == rules.max_deals()
    assert stated(joker, r"\*\*shtanga\*\*\) \| (−\d+)") == rules.options["shtanga"]
    chapters = re.findall(r"^\| (\d) \| ([\d, ]+) \|$", joker, re.MULTILINE)
    sizes = [int(n) for _, row in chapters for n in row.split(", ")]
    assert sizes == [d.n for d in plan(rules.options)]
    assert first_hand("joker") == sizes[0]

    rules = make_rules("meri")
    assert stated(meri, r"^(\d+) cards: five suits") == len(rules.deck)
    hand = stated(meri, r"Everyone gets \*\*(\d+) cards\*\*")
    assert hand == first_hand("meri")
    assert stated(meri, r"; (\d+) cards are left over") == len(rules.deck) - rules.seats * hand
    assert stated(meri, r"A match is \*\*(\d+) deals\*\*") == rules.options["num_deals"] == rules.max_deals()


def test_rules_command_shows_how_to_play_or_the_full_rules(capsys):
    assert main(["rules", "tor"]) == 0
    out = capsys.readouterr().out
    assert "How to play Tőr" in out and "10♥" in out and "[[" not in out
    assert "Action strings" not in out  # the spec's engine sections stay behind --full
    assert main(["rules", "tor", "--raw"]) == 0
    raw = capsys.readouterr().out
    assert raw.startswith("# How to play Tőr") and "**Tőr!**" in raw and "[[" not in raw
    assert main(["rules", "tor", "--full"]) == 0
    assert "Action strings" in capsys.readouterr().out
    assert main(["rules", "tor", "--full", "--raw"]) == 0
    assert capsys.readouterr().out.strip() == rules_text("tor").strip()
    assert main(["rules", "tor", "--raw", "--lang", "qps"]) == 0
    assert capsys.readouterr().out.startswith("# ⟦How to play Tőr⟧\n")  # in the language in use


@pytest.mark.parametrize("game", sorted(games()))
def test_howto_in_another_language_keeps_its_markdown_and_card_markers(game):
    english = howto_text(game)
    assert english == howto_source(game)  # English: the page as written
    with using(PSEUDO):
        page = howto_text(game)
    assert card_marks(page) == card_marks(english)
    lines = page.splitlines()
    for lead, heading in re.findall(r"^(#+ )(.*)$", english, re.MULTILINE):
        assert f"{lead}⟦{heading}⟧" in lines
    items = re.findall(r"^(\s*(?:-|\d+\.) )", english, re.MULTILINE)  # each list item, nested or not
    assert len(items) >= 5 and items == [lead for lead in re.findall(r"^(\s*(?:-|\d+\.) )⟦", page, re.MULTILINE)]
    assert [line for line in lines if line.startswith("|-")] == [line for line in english.splitlines()
                                                                 if line.startswith("|-")]


HUNGARIAN = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"

msgid "Drop and burn"
msgstr "Virítás és leégés"

msgid "Throw away high cards early; keep low ones and pairs that may become sets."
msgstr "A magas lapokat dobd el korán."

msgid ""
"Win deals. Each deal's winner is paid by the others, one or two stakes each. "
"A match is **12 deals**; whoever has won the most at the end wins the match."
msgstr "Nyerj leosztásokat: a parti **12 leosztás**."
'''


def test_a_translated_page_says_each_paragraph_in_its_place(tmp_path, monkeypatch):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "hu.po").write_text(HUNGARIAN, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALE", tmp_path)
    language.translations.cache_clear()
    try:
        with using("hu"):
            page = howto_text("tor")
    finally:
        language.translations.cache_clear()
    lines = page.splitlines()
    assert "## Virítás és leégés" in lines and "- A magas lapokat dobd el korán." in lines
    goal = lines.index("## The goal")  # not translated: as written
    assert lines[goal + 1:goal + 4] == ["", "Nyerj leosztásokat: a parti **12 leosztás**.", ""]
