"""Accessibility in the browser: axe-core finds no serious or critical violation on the lobby,
each game's table mid-deal, the how-to dialog, /decks and the replay page; every move can be
made from the keyboard alone (Tab, arrows, Enter or Space) with a visible focus ring; a dialog
keeps the focus inside while open and gives it back when closed; moves and "Your turn" are
announced in a polite live region."""

import json

import pytest
from websockets.sync.client import connect

from .test_browser import PHONE, browser, new_page, person_table, step  # noqa: F401 - browser is a fixture
from .test_fixes import stored_table

SEATS = {"tor": 4, "yokir": 3, "joker": 4, "meri": 8}


def serious(page, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page).response["violations"]
    return [f"{where}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes']][:3]}: {v['help']}"
            for v in found if v["impact"] in ("serious", "critical")]


def my_turn(page, moves: int = 0) -> None:
    """Wait until seat 0 may move, after making `moves` moves (cards reach the felt)."""
    for _ in range(moves + 1):
        page.wait_for_selector("#hand .card.playable, #actions [data-action]:not([disabled])")
        if moves:
            step(page)
            moves -= 1


@pytest.mark.slow
def test_axe_finds_no_serious_violation(browser, live_server, make_server, tmp_path):
    problems = []
    page = new_page(browser)
    page.emulate_media(reduced_motion="reduce")  # contrast of the settled table, not of a card fading in
    page.goto(live_server.url + "/")
    page.wait_for_selector("#games .game-card")
    page.evaluate("document.querySelectorAll('#custom, #rules-box').forEach(d => { d.open = true; })")
    problems += serious(page, "lobby")
    for game, n in SEATS.items():
        _, link = person_table(live_server, game, kinds=("person",) + ("computer",) * (n - 1))
        page.goto(link)
        my_turn(page, 1)
        page.wait_for_selector("#hand .card.playable, #actions [data-action]:not([disabled])")
        problems += serious(page, f"{game} table")
    page.click("#b-rules")
    page.wait_for_selector("#dlg .howto")
    problems += serious(page, "how-to dialog")
    page.goto(live_server.url + "/decks")
    page.wait_for_selector(".card")
    problems += serious(page, "decks")
    db = f"sqlite:///{tmp_path / 'a11y.sqlite'}"
    table_id, _, _ = stored_table(db, "tor", 5, {"deals": 2}, 2, None)
    page.goto(f"{make_server(db).url}/replay/{table_id}")
    page.wait_for_function("() => document.querySelector('#pos').innerText.startsWith('move 0 of')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#pos').innerText.startsWith('move 1 of')")
    problems += serious(page, "replay")
    assert not problems, "\n".join(problems)
    assert not browser.errors


@pytest.mark.slow
def test_axe_finds_no_serious_violation_on_a_phone_nor_at_the_end(browser, live_server, make_server, tmp_path):
    problems = []
    page = new_page(browser, PHONE)
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/")
    page.wait_for_selector("#games .game-card")
    problems += serious(page, "phone lobby")
    for game, n in SEATS.items():
        _, link = person_table(live_server, game, kinds=("person",) + ("computer",) * (n - 1))
        page.goto(link)
        my_turn(page, 1)
        page.wait_for_selector("#hand .card.playable, #actions [data-action]:not([disabled])")
        problems += serious(page, f"phone {game} table")
    db = f"sqlite:///{tmp_path / 'ended.sqlite'}"  # a finished match, seen from its seat 0
    table_id, token, _ = stored_table(db, "yokir", 5, {"target": 1}, 3, None)
    ended = make_server(db)
    for size, where in ((None, "end of the match"), (PHONE, "phone end of the match")):
        page = new_page(browser, size) if size else new_page(browser)
        page.emulate_media(reduced_motion="reduce")
        page.goto(f"{ended.url}/table/{table_id}#seat={token}")
        page.wait_for_selector("#play-again")
        problems += serious(page, where)
    assert not problems, "\n".join(problems)
    assert not browser.errors


# Every line added to the live region, in order, from the page's start.
HEAR = """
window.said = [];
document.addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("announce");
  if (region) new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => window.said.push(n.textContent))))
    .observe(region, { childList: true });
});
"""

# The focused move (a playable card's code, a button's or a chooser's action), or null.
FOCUS = ("() => { const a = document.activeElement; return a && a.matches("
         "'#hand .card.playable, #actions [data-action], #dlg [data-action]') "
         "? (a.dataset.code || a.dataset.action) : null; }")


def focus_ring(page) -> bool:
    return page.evaluate("() => { const s = getComputedStyle(document.activeElement); "
                         "return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2; }")


@pytest.mark.slow
def test_a_deal_is_played_by_keyboard_alone_and_announced(browser, live_server):
    _, link = person_table(live_server, "yokir", {"target": 1})
    page = new_page(browser)
    page.add_init_script(HEAR)
    page.goto(link)
    page.wait_for_selector("#hand [data-code]")
    keys, turns = ["Enter", " "], 0
    for _ in range(200):
        if "Deal 1 over" in page.locator("#log").inner_text():
            break
        try:  # a turn starts with the focus on a move (or a chooser's first choice)
            page.wait_for_function(f"() => ({FOCUS})() !== null", timeout=3000)
        except Exception:  # noqa: BLE001 - the computers are playing
            continue
        assert focus_ring(page), "the focused move has no visible ring"
        if page.locator("#hand .card.playable").count() > 1 and not page.locator("#dlg[open]").count():
            before = page.evaluate(FOCUS)
            page.keyboard.press("ArrowRight")  # along the hand
            assert page.evaluate(FOCUS) not in (None, before)
        page.keyboard.press(keys[turns % 2])
        turns += 1
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the deal did not end by keyboard")
    assert turns >= 3
    said = page.evaluate("window.said")
    moves = [t for t in page.locator("#log li:not(.deal)").all_inner_texts()]
    told = ("Your turn", "The match is over.")
    assert [s for s in said if s not in told and not s.startswith("Deal ")] == moves
    assert said.count("Your turn") >= 2
    assert any(s.startswith("Deal 1 over: ") for s in said)
    assert not browser.errors


@pytest.mark.slow
def test_a_dialog_keeps_the_focus_and_gives_it_back(browser, live_server):
    table, link = person_table(live_server, "joker", {"length": "short12"}, kinds=("person",) + ("computer",) * 3)
    page = new_page(browser)
    page.goto(link)
    page.wait_for_function(f"() => ({FOCUS})() !== null")
    opener = page.evaluate(FOCUS)
    for key in ("s", "r", "?"):  # the score sheet, the rules, the keys
        page.evaluate("() => { window.focusedBefore = document.activeElement; }")
        page.keyboard.press(key)
        page.wait_for_selector("#dlg[open]")
        for tab in ["Tab"] * 6 + ["Shift+Tab"] * 6:
            page.keyboard.press(tab)
            assert page.evaluate("() => document.getElementById('dlg').contains(document.activeElement)")
        if key == "s":  # the seat opened in a second tab: the table is redrawn under the dialog
            with connect(f"ws://127.0.0.1:{live_server.port}/ws") as ws:
                ws.send(json.dumps({"type": "hello", "table": table["id"], "token": table["seats"][0]["token"]}))
                page.wait_for_function("() => !window.focusedBefore.isConnected")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dlg[open]", state="detached")
        assert page.evaluate(FOCUS) == opener, key
    assert not browser.errors
