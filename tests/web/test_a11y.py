"""Accessibility in the browser: axe-core finds no serious or critical violation on the lobby,
each game's table mid-deal, the how-to dialog, /decks and the replay page; every move can be
made from the keyboard alone (Tab, arrows, Enter or Space) with a visible focus ring; a dialog
keeps the focus inside while open and gives it back when closed; moves and "Your turn" are
announced in a polite live region."""

import pytest

from .test_browser import browser, new_page, person_table, step  # noqa: F401 - browser is a fixture
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
