"""Issue 34: the terminal table in the pseudo-language qps, where every translated template comes
out marked ⟦…⟧: any word left on the screen outside the marks was never translated. Allowed
unmarked, as the browser's test allows them: the players' names, the game's title, numbers and
the cards (their codes, signs and the role a card plays under trump, CARD_WORDS)."""

import asyncio
import re

import pytest

from parlor import records
from parlor.core.language import using
from parlor.core.registry import games, make_rules
from parlor.session.seats import NAMES
from parlor.tui.app import ParlorApp
from parlor.tui.cards import ROLE_SHORT
from parlor.tui.model import TableConfig
from parlor.tui.setup import StartScreen
from parlor.tui.table import TableScreen

from test_snapshots import position
from tui_driver import ready, screen_text

# What the table shows that is no sentence: a card's role in four letters (tui/cards.py), the
# footer's keys; and, as the browser's test leaves them (tests/web/test_languages.py), a seat
# fact's word and a pile's label, both the view's own names.
SIZE = (220, 50)  # wide enough that no marked sentence is cut or wrapped


def unmarked_words(text: str, allowed: list[str]) -> list[str]:
    """The words of `text` outside ⟦…⟧ marks (innermost first), less those allowed."""
    before = None
    while text != before:
        # across lines too: the log column wraps a marked move
        before, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    text = re.sub(r"⟦\S*", " ", text)  # a mark its column cut short (a pile's label above its card)
    words = re.findall(r"[^\W\d_]{2,}", text)
    return [w for w in words if w not in allowed]


def fact_words(view: dict) -> list[str]:
    """A seat fact's words ("bid", "won", "pass"): the view's own names, as the browser leaves them."""
    facts = view.get("seat_facts") or []
    return [w for seat in facts for name, value in seat.items()
            for w in re.findall(r"[^\W\d_]{2,}", f"{name} {value if isinstance(value, str) else ''}")]


async def pseudo_table(game: str) -> tuple[str, list[str]]:
    match = records.replay(position(game))
    app = ParlorApp(TableConfig(game, delay=0, levels=["random"], auto_forced=False), match)
    async with app.run_test(size=SIZE) as pilot:
        top = await ready(pilot, app)
        assert isinstance(top, TableScreen) and top.session.human_to_act()
        for _ in range(5):
            await pilot.pause()
        return screen_text(app), fact_words(top.session.view())


@pytest.mark.parametrize("game", sorted(games()))
def test_the_table_in_the_pseudo_language_is_all_translated(game):
    with using("qps"):
        text, facts = asyncio.run(pseudo_table(game))
    rules = make_rules(game)
    allowed = [*NAMES, *re.findall(r"\w+", rules.title), *ROLE_SHORT.values(), *rules.deck.codes, *facts]
    assert "⟦" in text
    assert unmarked_words(text, allowed) == [], text


async def pseudo_start(game: str) -> tuple[str, list[str]]:
    """The start screen of `game`: its whole text, and each table option's label and doc."""
    app = ParlorApp(TableConfig(game, delay=0))
    async with app.run_test(size=(120, 60)) as pilot:
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        parts = []
        for opt in games()[game].option_schema:
            row = screen.query_one(f"#opt-{opt.name}").parent
            label, _, doc = row.children  # the value shown in the box: the screen's text
            parts += [str(label.render()), str(doc.render())]
        return screen_text(app), parts


@pytest.mark.parametrize("game", sorted(games()))
def test_the_start_screen_says_each_option_in_the_games_words(game):
    with using("qps"):
        text, parts = asyncio.run(pseudo_start(game))
    rules = make_rules(game)
    assert parts and all(part.startswith("⟦") for part in parts), parts
    allowed = [*NAMES, "esc", *(w for g in games().values() for w in re.findall(r"\w+", g.title))]  # keys, the menu
    assert unmarked_words(text, allowed) == [], text
    for opt in rules.option_schema:  # no option's engine name, even marked
        assert opt.name not in re.sub(r"⟦[^⟧]*⟧", "", text)


@pytest.mark.parametrize("lang", ["en", "hu", "fi", "id", "ka"])
def test_the_tables_footer_fits_80_columns_in_every_language(lang):
    """Cut at 80 columns in Hungarian ("r szabá"), Finnish and Georgian, the rules key was lost."""
    from parlor.core.words import said
    shown = [b for b in TableScreen.BINDINGS if getattr(b, "show", False) and b.description]
    with using(lang):
        line = " ".join(f"{b.key} {said(b.description)}" for b in shown)
    assert "r " in line and len(line) <= 80, (len(line), line)
