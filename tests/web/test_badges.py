"""Every computer seat's badge, in every game, names its level in words: a table made through the
API may seat any bot (`random` is its default), and the badge said "computer · random"."""

import re

import pytest

from parlor.bots import bot_names
from parlor.bots.levels import level_words
from parlor.core.registry import games

from .test_browser import api, browser, new_page  # noqa: F401 - browser is a fixture

RAW = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, bot_names())) + r")(?![\w-])")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(games()))
def test_no_seat_badge_shows_a_raw_level_id(browser, live_server, game):
    n = games()[game].default_seats
    bots, k = bot_names(), sorted(games()).index(game)
    levels = [bots[(3 * k + s) % len(bots)] for s in range(n - 1)]  # every bot, over the games
    t = api(live_server, "/api/tables", {
        "game": game, "pace_ms": 10_000,  # no computer moves while the badges are read
        "players": [{"kind": "person"}] + [{"kind": "computer", "level": lv} for lv in levels]})
    page = new_page(browser)
    page.goto(f"{live_server.url}/table/{t['id']}#seat={t['seats'][0]['token']}")
    page.wait_for_selector("#opponents .badge.cpu")
    seen = {int(box.get_attribute("data-seat")): box.locator(".badge.cpu").inner_text()
            for box in page.locator("#opponents .seatbox").all()}
    assert seen == {s + 1: f"computer · {level_words(lv)[0]}" for s, lv in enumerate(levels)}
    raw = [text for text in seen.values() if RAW.search(text)]
    assert raw == [], seen
