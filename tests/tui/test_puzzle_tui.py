"""A practice position at the terminal table (tui/puzzle.py): a card that is no move refused with
the rules' reason, a move chosen and every move's verdict shown, then the next position."""

import os

from test_tui import app_for, open_table, run
from tui_driver import screen_text

from parlor.session.puzzles import PuzzleRun, puzzle
from parlor.tui.dialogs import ChoiceDialog
from parlor.tui.puzzle import PuzzleApp, PuzzleScreen


def test_a_position_is_answered_at_the_terminal_table():
    p = puzzle("yokir", 3)  # a lead: every card of the hand is a move
    async def go():
        app = PuzzleApp(PuzzleRun(p))
        async with app.run_test(size=(110, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, PuzzleScreen)
            assert "practice position 3 of" in screen_text(app) and "Your move: " in screen_text(app)
            screen.try_move("9Z")
            await pilot.pause()
            assert screen.answer is None and "That is not allowed" in screen_text(app)
            hand = screen.run.view()["hand"]
            await pilot.press(str(hand.index(p.obvious.split()[-1]) + 1))  # the obvious card, by its key
            await pilot.pause()
            assert screen.answer is not None and "Not the best:" in screen_text(app)
            assert "(obvious, your move)" in screen_text(app) and "(best)" in screen_text(app)
            assert not list(screen.query("#moves Button"))  # answered: no more moves
            if os.environ.get("PARLOR_SHOTS"):
                app.save_screenshot("puzzle-tui.svg", os.environ["PARLOR_SHOTS"])
            await pilot.press("a")
            await pilot.pause()
            screen.try_move(p.best)
            await pilot.pause()
            assert "Right:" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, PuzzleScreen) and app.screen.run.puzzle.number == 4
    run(go())



def test_the_table_opens_the_practice_positions_and_comes_back():
    """The Rules dialog's Learn button (or k) at a match: the game's lessons and positions; q
    comes back to the match."""
    async def go():
        app = app_for("yokir", seed=6, auto_forced=False)
        async with app.run_test(size=(110, 40)) as pilot:
            await open_table(pilot, app)
            table = app.screen
            await pilot.press("r")
            await pilot.pause()
            await pilot.click("#b-learn")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog) and "Practice positions" in screen_text(app)
            assert "Lesson 1:" in screen_text(app)
            app.screen.dismiss("puzzles")
            await pilot.pause()
            assert isinstance(app.screen, PuzzleScreen) and app.screen.run.puzzle.number == 1
            await pilot.press("q")
            await pilot.pause()
            assert app.screen is table
    run(go())
