"""The terminal table's r: how to play the game, its cards named, with a button to the full rules."""

from test_tui import app_for, open_table, run
from tui_driver import screen_text

from parlor.core.language import PSEUDO, using
from parlor.tui.dialogs import TextDialog


def test_r_shows_how_to_play_and_a_button_to_the_full_rules():
    async def go():
        app = app_for("tor", seed=6, auto_forced=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(pilot, app)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, TextDialog)
            text = screen_text(app)
            assert "Rules of Tőr" in text and "How to play Tőr" in text and "Full rules" in text
            body = app.screen.body
            assert "[[" not in body and "J♣" in body  # the markers are the cards' short names
            await pilot.click("#b-full")
            await pilot.pause()
            assert isinstance(app.screen, TextDialog) and app.screen.title_text == "Full rules of Tőr"
            assert "rules specification" in app.screen.body
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, TextDialog)
    run(go())


def test_r_shows_how_to_play_in_the_language_in_use():
    async def go():
        app = app_for("tor", seed=6, auto_forced=False)
        with using(PSEUDO):  # as --lang sets it for the whole command
            async with app.run_test(size=(80, 24)) as pilot:
                await open_table(pilot, app)
                await pilot.press("r")
                await pilot.pause()
                body = app.screen.body
                assert "# ⟦How to play Tőr⟧" in body and "## ⟦Drop and burn⟧" in body
                assert "[[" not in body and "J♣" in body
    run(go())
