"""The browser's lessons: the JSON API behind /learn/<game> (stateless: the page sends the moves
made so far), which shows the learner only their own seat, and a lesson played in Chromium from
the lobby's link to its closing questions, its progress kept in the browser."""

import json
import os
from pathlib import Path

import pytest

from parlor.core.registry import games
from parlor.session.lessons import LessonRun, lesson, lesson_files

from .test_browser import CHROMIUM, PHONE, browser, new_page  # noqa: F401 (a fixture)


def post(client, game, number, body):
    return client.post(f"/api/learn/{game}/{number}", content=json.dumps(body))


def test_the_lessons_are_listed_and_a_lesson_is_played_through_the_api(app_client):
    data = app_client.get("/api/learn/yokir").json()
    assert data["title"] == "Yokir" and [one["number"] for one in data["lessons"]][:3] == [1, 2, 3]
    first = post(app_client, "yokir", 2, {"taken": []}).json()
    assert first["index"] == 0 and first["step"]["asks_move"] is False and first["reply"] is None
    assert first["log"] == [["Ben", "pick"], ["Ben", "discard ??"], ["Ben", "play 6A"], ["Cai", "play 3A"]]
    read = post(app_client, "yokir", 2, {"taken": [], "next": True}).json()
    assert read["index"] == 1 and read["taken"] == [""] and read["table"]["legal"] == ["play 2A", "play 5A"]
    wrong = post(app_client, "yokir", 2, {"taken": [""], "move": "5A"}).json()
    assert wrong["reply"] == {"taken": False, "text": "Not the move here: Ben's [[6A]] wins this trick anyway. "
                              "Keep [[5A]], which may win a trick later, and give the [[2A]]."}
    assert wrong["index"] == 1 and wrong["taken"] == [""]  # nothing changed
    illegal = post(app_client, "yokir", 2, {"taken": [""], "move": "6T"}).json()
    assert illegal["reply"]["text"] == ("That is not allowed: Architecture was led and you must follow: you hold the "
                                        "Student of Architecture, the Scribe of Architecture.")
    right = post(app_client, "yokir", 2, {"taken": [""], "move": "2A"}).json()
    assert right["reply"]["taken"] and right["taken"] == ["", "play 2A"] and right["index"] == 2
    assert right["log"][-3:] == [["You", "play 2A"], ["Ben", "play 1M"], ["Cai", "play 2M"]]
    end = post(app_client, "yokir", 2, {"taken": ["", "play 2A", "play 3T", ""]}).json()
    assert end["step"] is None and [q["answer"] for q in end["questions"]] == [0, 1]


def test_the_lessons_and_the_howto_are_said_in_the_requests_language(app_client):
    one = lesson("tor", 1)
    turn = app_client.post("/api/learn/tor/1?lang=qps", content="{}").json()
    assert turn["step"]["say"] == f"⟦{one.steps[0].say}⟧"  # its card markers kept for the page
    listed = app_client.get("/api/learn/tor", headers={"Accept-Language": "qps"})  # not a language offered
    assert listed.json()["lessons"][0]["title"] == one.title
    menu = {"Cookie": "parlor-lang=qps"}  # the language menu's choice
    assert app_client.get("/api/learn/tor", headers=menu).json()["lessons"][0]["title"] == f"⟦{one.title}⟧"
    page = app_client.get("/api/games/tor/howto", headers=menu).text
    assert page.startswith("# ⟦How to play Tőr⟧\n") and "[[JC]]" in page
    assert app_client.get("/api/games/tor/howto").text.startswith("# How to play Tőr\n")


@pytest.mark.parametrize(("path", "body", "status", "said"), [
    ("/api/learn/chess/1", {}, 404, "unknown game"),
    ("/api/learn/yokir/99", {}, 400, "yokir has no lesson 99"),
    ("/api/learn/yokir/two", {}, 404, "a lesson is named by its number"),
    ("/api/learn/yokir/2", {"taken": ["", "play 5A"]}, 400, "move 2 of the lesson is not one it accepts"),
    ("/api/learn/yokir/2", {"taken": "all"}, 400, "taken must be a list"),
])
def test_a_bad_lesson_request_gets_one_line(app_client, path, body, status, said):
    r = app_client.post(path, content=json.dumps(body))
    assert r.status_code == status and said in r.json()["error"]
    assert app_client.get("/api/learn/chess").status_code == 404


@pytest.mark.parametrize(("game", "number"), [(g, n) for g in sorted(games()) for n, _ in lesson_files(g)])
def test_the_lesson_api_shows_only_what_the_learners_view_holds(app_client, game, number):
    """At every step the table sent is drawn from the learner's own view (the engines' views are
    leak-tested by the conformance suite) and the moves as that seat saw them made."""
    one = lesson(game, number)
    run = LessonRun(one)
    while True:
        data = post(app_client, game, number, {"taken": run.taken}).json()
        view = run.view()
        assert data["table"]["hand"] == view["hand"] and data["table"]["trick"] == view["trick"]
        assert data["table"]["lines"] == run.session.words.table_lines(view)
        assert set(data["table"]["legal"]) <= set(view["legal"])
        assert data["table"]["last_trick"] == run.match.last_trick(one.seat)
        assert data["table"]["melds"] == view.get("melds", [])
        assert data["log"] == [[run.names[s], move] for s, move in run.seen()]
        if run.done:
            break
        step = run.step
        assert step is not None
        run.move(step.moves[0]) if step.moves else run.next()


pytestmark_browser = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium")


@pytestmark_browser
def test_a_lesson_is_played_in_the_browser_from_the_lobby(browser, live_server):  # noqa: F811
    page = new_page(browser, {"width": 1280, "height": 800})
    page.goto(live_server.url + "/")
    page.click("#learn-yokir")
    page.wait_for_url("**/learn/yokir")
    page.wait_for_selector("#step-count")
    assert page.locator("#lesson h2").inner_text() == "Lesson 1: The deck, the goal and choosing trump"
    assert page.locator("#lesson-list li").count() >= 3
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#step-count')?.textContent === 'Step 2 of 4'")
    assert page.locator("#say .card").count() >= 3  # the sentence's cards drawn
    page.click("#moves [data-move='pass']")  # a legal move the lesson does not want
    page.wait_for_function("() => document.querySelector('#reply')?.textContent.startsWith('Not the move here')")
    assert page.locator("#step-count").inner_text() == "Step 2 of 4"
    page.click("#moves [data-move='pick']")
    page.wait_for_function("() => document.querySelector('#step-count')?.textContent === 'Step 3 of 4'")
    page.click("#hand [data-code='5L']")  # the picked card may not go: the rules say why
    page.wait_for_function("() => document.querySelector('#reply')?.textContent.startsWith('That is not allowed')")
    page.reload()  # the place reached is kept in the browser
    page.wait_for_function("() => document.querySelector('#step-count')?.textContent === 'Step 3 of 4'")
    page.click("#hand [data-code='2T']")
    page.wait_for_function("() => document.querySelector('#step-count')?.textContent === 'Step 4 of 4'")
    page.click("#next")
    page.wait_for_selector("#questions")
    page.click("[data-question='0'] [data-choice='0']")  # wrong: the answer is said
    assert page.locator("[data-question='0'] .answer").inner_text().startswith("Not quite.")
    page.click("[data-question='1'] [data-choice='0']")
    page.wait_for_selector("#next-lesson")
    assert page.locator("#lesson-list li.done").count() == 1
    out = os.environ.get("PARLOR_SHOTS")
    if out:
        for name, size in (("desktop", {"width": 1280, "height": 800}), ("phone", PHONE)):
            page.set_viewport_size(size)
            page.screenshot(path=str(Path(out) / f"learn-yokir-{name}.png"), full_page=True)
    page.click("#next-lesson")
    page.wait_for_function("() => document.querySelector('#lesson h2')?.textContent.startsWith('Lesson 2')")
    assert not browser.errors


def test_on_a_phone_each_step_is_read_from_its_first_line(browser, live_server):  # noqa: F811
    page = new_page(browser, PHONE)
    page.goto(live_server.url + "/learn/meri#1")
    page.wait_for_selector("#next")
    top = "() => { const r = document.querySelector('#say').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }"
    assert page.evaluate(top)  # the focused Next button, lower down, did not scroll the page past it
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#step-count')?.textContent === 'Step 2 of 4'")
    assert page.evaluate(top)  # the next step's first line is in view, not the hand's
    page.click("#moves [data-move='pass']")
    page.wait_for_function("() => document.querySelector('#reply')?.textContent.startsWith('Not the move here')")
    assert page.evaluate("() => { const r = document.querySelector('#reply').getBoundingClientRect(); "
                         "return r.top >= 0 && r.bottom <= innerHeight; }")
    assert not browser.errors
