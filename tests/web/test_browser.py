"""End to end in a real headless Chromium (Debian's, driven by playwright): a person plays a whole
deal against the computer by clicking and by keyboard, two people sit at one table from two
browsers, and a reload resumes the seat. Screenshots (desktop and phone) go to PARLOR_SHOTS if set."""

import os
import shutil
from pathlib import Path

import pytest

from parlor.core.registry import games

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="needs Debian's chromium (.ci/run installs it)")


@pytest.fixture
def browser():
    """Chromium on a fresh temporary profile (playwright makes a new user-data dir per launch)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        b.errors = []
        yield b
        b.close()


def new_page(browser, viewport=DESKTOP):
    """A page in its own context: no cookies or storage shared with other pages."""
    page = browser.new_context(viewport=viewport).new_page()
    page.on("pageerror", lambda e: browser.errors.append(str(e)))
    return page


def shot(page, tmp_path, name):
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    out = os.environ.get("PARLOR_SHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(out) / path.name)


def log_text(page) -> str:
    return page.locator("#log").inner_text()


def step(page) -> bool:
    """Make one move if this page's seat may move; True if it clicked something."""
    from playwright.sync_api import Error
    chooser = page.locator("#dlg[open] [data-action]")
    target = chooser if chooser.count() else page.locator(
        "#hand .card.playable, #actions [data-action]:not([disabled])")
    if not target.count():
        return False
    try:
        target.first.click(timeout=2000)
    except Error:  # the table was redrawn under the pointer: look again
        return False
    return True


def play_until(pages, done, limit=600):
    for _ in range(limit):
        if done():
            return
        moved = [step(p) for p in pages]
        pages[0].wait_for_timeout(20 if any(moved) else 60)
    raise AssertionError("the deal did not finish by clicking")


def hand(page) -> list[str]:
    return page.locator("#hand [data-code]").evaluate_all("ns => ns.map(n => n.dataset.code)")


def create_from_lobby(page, url, game, kinds, options=None):
    page.goto(url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", game)
    for name, value in (options or {}).items():
        page.select_option(f"#opt-{name}", value)
    for s, kind in enumerate(kinds):
        page.select_option(f"#kind-{s}", kind)
    page.fill("#pace", "0")
    page.click("#create-btn")


def test_a_person_plays_a_deal_of_yokir_against_the_computer(browser, live_server, tmp_path):
    page = new_page(browser)
    create_from_lobby(page, live_server.url, "yokir", ["person", "computer", "computer"])
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-code]")
    shot(page, tmp_path, "yokir-desktop-start")
    # the first move by keyboard: a numbered button (a bid) or the arrow keys and Enter
    page.wait_for_selector("#hand .card.playable, #actions [data-action]")
    before = log_text(page).count("Player 1:")
    if page.locator("#actions [data-action]").count():
        page.keyboard.press("1")
    else:
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('#log').innerText.split('Player 1:').length - 1 > {before}")
    # a few more moves, then a reload resumes the seat where it was
    play_until([page], lambda: log_text(page).count("Player 1:") >= 3 or "Deal 1 over" in log_text(page))
    cards = hand(page)
    page.reload()
    page.wait_for_selector("#hand [data-code]")
    assert hand(page) == cards
    assert "(you)" in page.locator("#me").inner_text()
    play_until([page], lambda: "Deal 1 over" in log_text(page))
    shot(page, tmp_path, "yokir-desktop-after-deal")
    page.keyboard.press("l")  # the deal's last trick, its winner marked
    page.wait_for_selector("#dlg .lasttrick .slot.won")
    assert page.locator("#trick-winner").inner_text().startswith("Won by ")
    page.keyboard.press("Escape")
    page.click("#b-sheet")
    assert "total" in page.locator("#dlg pre.sheet").inner_text()
    page.keyboard.press("Escape")
    page.click("#b-rules")
    page.wait_for_selector("#dlg h2, #dlg h3")
    page.keyboard.press("Escape")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    shot(page, tmp_path, "yokir-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not browser.errors


def test_two_people_sit_at_one_table_from_two_browsers(browser, live_server, tmp_path):
    if "joker" in games():
        game, kinds, options = "joker", ["person", "computer", "person", "computer"], {"length": '"short12"'}
    else:
        game, kinds, options = "yokir", ["person", "computer", "person"], {}
    host = new_page(browser)
    create_from_lobby(host, live_server.url, game, kinds, options)
    host.wait_for_selector("[data-invite]")
    invite = host.locator("[data-invite]").first.inner_text().strip()
    host.click("#take-seat")
    host.wait_for_selector("#hand [data-code]")
    # the friend: another browser context (no shared storage), opening the invite link
    friend = new_page(browser, PHONE)
    friend.goto(invite)
    friend.wait_for_selector("#hand [data-code]")
    assert set(hand(host)).isdisjoint(hand(friend))
    host.wait_for_function("() => document.querySelector('#opponents').innerText.includes('here')")
    play_until([host, friend], lambda: "Deal 1 over" in log_text(host) and "Deal 1 over" in log_text(friend))
    shot(host, tmp_path, f"{game}-host-desktop")
    shot(friend, tmp_path, f"{game}-friend-phone")
    assert set(hand(host)).isdisjoint(hand(friend))
    assert not browser.errors


def test_the_host_lets_the_computer_play_a_friend_who_never_came(browser, live_server, tmp_path):
    host = new_page(browser)
    create_from_lobby(host, live_server.url, "yokir", ["person", "person", "computer"])
    host.wait_for_selector("[data-invite]")
    host.click("#take-seat")
    host.wait_for_selector("#hand [data-code]")
    host.click("[data-fill='1']")
    host.wait_for_selector("#invites", state="hidden")
    # the deal goes on with the computer in seat 1: the host alone finishes it
    play_until([host], lambda: "Deal 1 over" in log_text(host))
    assert "Player 2:" in log_text(host)
    assert not browser.errors
