"""The browser's practice positions: the JSON API behind /puzzle/<game> (stateless; the table is
the seat's own view), and a position answered in Chromium from the lobby's link, its verdicts
shown and its progress kept in the browser."""

import json
import os
from pathlib import Path

import pytest

from parlor.session.puzzles import PuzzleRun, puzzle, puzzles

from .test_browser import CHROMIUM, PHONE, browser, new_page  # noqa: F401 (a fixture)


def post(client, game, number, body):
    return client.post(f"/api/puzzle/{game}/{number}", content=json.dumps(body))


@pytest.mark.parametrize("game", ["yokir"])
def test_a_position_shows_only_the_seats_view_and_its_verdicts(app_client, game):
    listed = app_client.get(f"/api/puzzle/{game}").json()
    assert len(listed["puzzles"]) == len(puzzles(game))
    for p in puzzles(game)[:3]:
        run = PuzzleRun(p)
        view = run.view()
        data = post(app_client, game, p.number, {}).json()
        assert data["table"]["hand"] == view["hand"] and data["table"]["legal"] == view["legal"]
        assert data["table"]["lines"] == run.session.words.table_lines(view)
        assert data["log"] == [[run.names[s], m] for s, m in run.seen()] and data["answer"] is None
        answered = post(app_client, game, p.number, {"move": p.obvious}).json()["answer"]
        assert answered["taken"] and answered["text"].startswith("Not the best:")
        assert [v["move"] for v in answered["verdicts"] if v["chosen"]] == [p.obvious]
        assert "record" not in json.dumps(answered) and "seed" not in data


@pytest.mark.parametrize(("path", "status", "said"), [
    ("/api/puzzle/chess/1", 404, "unknown game"),
    ("/api/puzzle/yokir/99", 404, "no position 99"),
    ("/api/puzzle/yokir/two", 404, "a position is named by its number"),
])
def test_a_bad_position_request_gets_one_line(app_client, path, status, said):
    r = app_client.post(path, content="{}")
    assert r.status_code == status and said in r.json()["error"]
    refused = post(app_client, "yokir", 1, {"move": "no such move"}).json()["answer"]
    assert not refused["taken"] and refused["text"].startswith("That is not allowed")


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium")
def test_a_position_is_answered_in_the_browser_from_the_lobby(browser, live_server):  # noqa: F811
    p = puzzle("yokir", 1)
    page = new_page(browser, {"width": 1280, "height": 800})
    page.goto(live_server.url + "/")
    page.click("#puzzle-yokir")
    page.wait_for_url("**/puzzle/yokir")
    page.wait_for_selector("#moves")
    assert page.locator("#puzzle h2").inner_text() == f"Position 1 of {len(puzzles('yokir'))}"
    page.click(f"#moves [data-move='{p.obvious}']")  # the obvious move: not the best
    page.wait_for_selector("#verdicts")
    assert page.locator("#verdict").inner_text().startswith("Not the best:")
    assert page.locator("#verdicts tbody tr").count() == len(p.candidates)
    assert page.locator("#puzzle-list li.missed").count() == 1
    page.click("#again")
    page.wait_for_selector("#moves")
    page.click(f"#moves [data-move='{p.best}']")
    page.wait_for_selector("#verdicts")
    assert page.locator("#verdict").inner_text().startswith("Right:")
    page.reload()  # what was found right is kept in this browser
    page.wait_for_selector("#puzzle-list li.done")
    assert page.locator("#puzzle h2").inner_text().startswith("Position 2 of")
    page.goto(live_server.url + "/puzzle/yokir#1")
    page.wait_for_selector("#moves")
    page.click(f"#moves [data-move='{p.best}']")
    page.wait_for_selector("#verdicts")
    out = os.environ.get("PARLOR_SHOTS")
    if out:
        for name, size in (("desktop", {"width": 1280, "height": 800}), ("phone", PHONE)):
            page.set_viewport_size(size)
            page.screenshot(path=str(Path(out) / f"puzzle-yokir-{name}.png"), full_page=True)
    page.click("#next-puzzle")
    page.wait_for_function("() => document.querySelector('#puzzle h2')?.textContent.startsWith('Position 2')")
    assert not browser.errors


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium")
def test_the_last_trick_of_a_joker_position_shows_every_card_on_a_phone(browser, live_server, tmp_path):  # noqa: F811
    """The position's trick is a row of cards, each under its player's name: the match table's
    trick (placed towards each seat) once stacked all four cards on one spot."""
    number = next(p.number for p in puzzles("joker") if PuzzleRun(p).session.match.last_trick(
        p.seat, PuzzleRun(p).view()))
    page = new_page(browser, PHONE)
    page.goto(f"{live_server.url}/puzzle/joker#{number}")
    page.wait_for_selector("#trick .slot")
    page.screenshot(path=str(tmp_path / "joker-last-trick-phone.png"), full_page=True)
    boxes = page.eval_on_selector_all("#trick .slot", """slots => slots.map(s => {
      const c = s.querySelector('.card').getBoundingClientRect(), n = s.querySelector('span').getBoundingClientRect();
      return { card: [c.left, c.top, c.right, c.bottom], name: [n.left, n.top, n.right, n.bottom] };
    })""")
    assert len(boxes) == 4
    cards = [b["card"] for b in boxes]
    for k, a in enumerate(cards):  # no two cards on one spot, each on the screen
        assert 0 <= a[0] and a[2] <= PHONE["width"], a
        for b in cards[k + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for b in boxes:  # each name under its own card
        assert b["name"][1] >= b["card"][3] - 1 and b["card"][0] <= (b["name"][0] + b["name"][2]) / 2 <= b["card"][2]
    assert not browser.errors


def test_the_positions_and_lessons_name_the_person_in_the_readers_language(app_client):
    """The records' neutral "You" is said: a Finnish page's trick is not labelled "You"."""
    p = puzzle("joker", 3)
    english = post(app_client, "joker", p.number, {}).json()
    pseudo = app_client.post(f"/api/puzzle/joker/{p.number}?lang=qps", content="{}").json()
    assert english["names"][p.seat] == "You" and pseudo["names"][p.seat] == "⟦You⟧"
    assert pseudo["names"][:p.seat] == english["names"][:p.seat]  # the others' names are names
    lesson = app_client.post("/api/learn/joker/1?lang=qps", content="{}").json()
    assert lesson["names"][lesson["seat"]] == "⟦You⟧"


def test_the_verdicts_come_said_in_the_askers_language(app_client):
    """The page shows each verdict's figure and reason as they come: in Hungarian with its decimals."""
    p = puzzle("yokir", 3)
    hu = app_client.post(f"/api/puzzle/yokir/{p.number}?lang=hu", content=json.dumps({"move": p.obvious})).json()
    best = next(v for v in hu["answer"]["verdicts"] if v["best"])
    assert best["shown"] == f"{best['value']:+.2f}".replace(".", ",")
    assert best["reason"].endswith("kipróbált osztásban nézte") and f"várhatóan {best['shown']} pont" in best["reason"]
    assert hu["answer"]["text"].startswith("Nem a legjobb:")
