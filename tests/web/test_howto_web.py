"""The browser's Rules button: how to play with its cards drawn, and the full rules one click away."""

import os
from pathlib import Path

import pytest

from parlor.core.registry import make_rules

from .test_browser import CHROMIUM, PHONE, browser, create_from_lobby, new_page  # noqa: F401 (a fixture)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium")


def test_the_rules_button_shows_how_to_play_with_cards_and_the_full_rules(browser, live_server, tmp_path):  # noqa: F811
    page = new_page(browser, {"width": 1280, "height": 800})
    create_from_lobby(page, live_server.url, "yokir", ["person", "computer", "computer"])
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card")
    page.click("#b-rules")
    page.wait_for_selector("#dlg .howto .card.small")
    assert page.locator("#dlg-title").inner_text() == "Rules: Yokir"
    assert page.locator("#dlg .howto h2").first.inner_text() == "How to play Yokir"
    assert page.locator("#dlg .howto ol li").count() == 6  # the hand, step by step, numbered
    codes = page.locator("#dlg .howto .card").evaluate_all("ns => ns.map(n => n.dataset.code)")
    assert "1L" in codes and set(codes) <= set(make_rules("yokir").deck.codes)
    # drawn from the game's faces, not the bare code: the card's title names it
    assert page.locator('#dlg .howto .card[data-code="1L"]').first.get_attribute("title") == "1L: Initiate of Leadership"
    assert "[[" not in page.locator("#dlg .howto").inner_text()
    out = os.environ.get("PARLOR_SHOTS")
    for name, size in (("desktop", {"width": 1280, "height": 800}), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        if out:
            page.screenshot(path=str(Path(out) / f"howto-yokir-{name}.png"))
    page.click("#b-full-rules")
    page.wait_for_function("() => document.querySelector('#dlg-title').textContent === 'Full rules: Yokir'")
    page.wait_for_selector("#dlg .dbody h2")
    assert "rules specification" in page.locator("#dlg .dbody h2").first.inner_text()
    assert not browser.errors
