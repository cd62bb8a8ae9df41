"""A lesson at the terminal table (tui/lesson.py): the narration above the learner's table, a
wrong card refused with the lesson's reason, the right one taken, the questions as buttons."""

import os

from test_tui import run
from tui_driver import screen_text

from parlor.session.lessons import LessonRun, lesson
from parlor.tui.lesson import LessonApp, LessonScreen


def test_a_lesson_is_played_at_the_terminal_table():
    async def go():
        app = LessonApp(LessonRun(lesson("yokir", 2)))
        async with app.run_test(size=(100, 36)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LessonScreen)
            assert "step 1 of 4" in screen_text(app) and "Ben plays" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert screen.run.index == 1
            await pilot.press("2")  # the hand's second card, 5A: legal, not the lesson's move
            await pilot.pause()
            assert screen.run.index == 1 and "Not the move here" in screen_text(app)
            await pilot.press("4")  # 3T: illegal, the rules say why
            await pilot.pause()
            assert screen.run.index == 1 and "Architecture was led and you must follow" in " ".join(screen_text(app).split())
            await pilot.press("1")  # 2A
            await pilot.pause()
            assert screen.run.index == 2 and screen.run.taken == ["", "play 2A"]
            screen.try_move("4L")
            await pilot.press("n")
            await pilot.pause()
            assert screen.run.done and "Question:" in screen_text(app)
            buttons = list(screen.query("#moves Button"))
            labels = [str(b.label) for b in buttons]
            assert len(labels) == 3 and labels[0].startswith("Only 2A") and labels[1] == "Either card"
            await pilot.click(f"#{buttons[0].id}")
            await pilot.pause()
            assert "Right." in screen_text(app) and screen.question == 1
            assert "[[" not in screen_text(app)
            if os.environ.get("PARLOR_SHOTS"):
                app.save_screenshot("lesson-tui.svg", os.environ["PARLOR_SHOTS"])
    run(go())


def test_at_80x24_the_lessons_whole_reply_shows_and_a_long_narration_scrolls():
    async def go():
        app = LessonApp(LessonRun(lesson("meri", 1)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            box = screen.query_one("#say-box")
            assert box.max_scroll_y > 0  # step 1 is longer than its box: it scrolls to its end
            box.scroll_end(animate=False)
            await pilot.pause()
            assert "horse)" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert box.scroll_y == 0  # the next step is read from its top
            screen.try_move("pass")  # legal, not the lesson's move: its why, two lines and more
            await pilot.pause()
            shown = " ".join(screen_text(app).split())
            assert "Had nobody declared, the dealer would take." in shown  # the status, under the boxes
            await pilot.press("1")  # a card while a declaration is asked: the lesson's why again
            await pilot.pause()
            shown = " ".join(screen_text(app).split())
            assert "is not a Meri action" not in shown and "Had nobody declared" in shown
            assert screen.run.index == 1
    run(go())
