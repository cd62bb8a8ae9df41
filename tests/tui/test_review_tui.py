"""The review in the terminal table: at the match's end its Review button (and the key e) shows
the person's choices weighed, after a progress bar."""

import asyncio

from parlor.tui.app import ParlorApp
from parlor.tui.dialogs import TextDialog
from parlor.tui.model import TableConfig
from parlor.tui.review import ReviewScreen

from tui_driver import play_match, ready, screen_text


def test_the_review_at_the_end_of_a_match():
    async def go():
        app = ParlorApp(TableConfig("joker", {"schedule": [["1", "2"]]}, delay=0, seed=7, levels=["random"]))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+s")
            await play_match(pilot, app, seed=5)
            final = app.screen
            assert isinstance(final, TextDialog) and final.title_text == "The match is over"
            await pilot.click("#b-review")
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            for _ in range(600):  # a guard against a hang; the search takes a second or two
                if screen.data is not None:
                    break
                await asyncio.sleep(0.05)
            assert screen.data is not None and screen.data["seat"] == app.table.session.human
            text = screen_text(app)
            assert "Review of You in Joker (Georgian)" in text and "The costliest choices" in text
            await pilot.press("escape")
            top = await ready(pilot, app)
            assert not isinstance(top, ReviewScreen)
            await pilot.press("e")  # the key does the same at the table
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            await pilot.press("escape")  # closed while it searches: the search stops
            await pilot.pause()
            assert not isinstance(app.screen, ReviewScreen)
    asyncio.run(go())
