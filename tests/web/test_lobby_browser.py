"""The lobby in Chromium: one click to play each game, table rules in words, Joker's own deals
built with selects, levels described, My tables, Play again, and a phone with no sideways
scroll. Screenshots of the lobby go to PARLOR_SHOTS if set."""

import pytest

from parlor.core.registry import games

from . import test_browser
from .test_browser import PHONE, api, new_page, open_custom, play_until, shot

browser = test_browser.browser  # the fixture: Chromium on a fresh profile
pytestmark = test_browser.pytestmark

# the engine's option names and values and bot names, never shown (its plain words may be:
# "Drawn at random", "Best deal doubled")
ENGINE_VALUES = ("classic24", "short12", "full40", "per_card", "cross_out", "first_dealer",
                 "num_deals", "schedule", "openspiel-ismcts", "search")


@pytest.mark.parametrize("game", list(games()))
def test_one_click_plays_each_game_against_the_computer(browser, live_server, game):
    page = new_page(browser)
    page.goto(live_server.url + "/")
    page.select_option(f"#lvl-{game}", "beginner")
    page.click(f"#play-{game}")
    page.wait_for_url("**/table/*#seat=*")
    # your move, or the computers playing theirs
    page.wait_for_function("""() => document.querySelector('#hand .card.playable, #actions [data-action]')
                                    || document.querySelectorAll('#log li').length > 1""", timeout=20000)
    table_id, seat_token = page.url.split("/table/")[1].split("#seat=")
    [mine] = api(live_server, "/api/mine", {"tables": {table_id: seat_token}})["tables"]
    assert (mine["game"], mine["seat"], mine["status"]) == (game, 0, "playing")
    assert not browser.errors


def test_table_rules_and_levels_are_in_words(browser, live_server, tmp_path):
    page = new_page(browser)
    page.goto(live_server.url + "/")
    open_custom(page)
    page.select_option("#game", "joker")
    assert "Classic: 24 deals" in page.locator("#opt-length option").all_inner_texts()
    assert "−100 for a shtanga" in page.locator("#opt-shtanga option").all_inner_texts()
    assert page.locator("label[for=opt-length]").inner_text() == "Deals"
    shown = page.locator("#custom").inner_text() + page.locator("#games").inner_text()
    for value in ENGINE_VALUES:
        assert value not in shown, value
    # the level a person picks, described in a line; no other bot offered
    assert page.locator("#lvl-yokir option").evaluate_all("os => os.map(o => o.value)") == [
        "beginner", "casual", "strong", "expert"]
    page.select_option("#lvl-yokir", "strong")
    assert page.locator("#lvlw-yokir").inner_text() == "Strong: thinks about a second, a solid club player"
    assert page.locator("#level-1 option").evaluate_all("os => os.map(o => o.value)") == [
        "beginner", "casual", "strong", "expert"]
    shot(page, tmp_path, "lobby-custom")


def test_joker_deals_built_with_controls_make_the_table_the_json_makes(browser, live_server):
    page = new_page(browser)
    page.goto(live_server.url + "/")
    open_custom(page)
    page.select_option("#game", "joker")
    assert page.locator("#opt-schedule-builder").is_hidden()
    page.check("#opt-schedule")
    chapter = page.locator(".chapter").nth(0)
    chapter.locator("select").nth(0).select_option("9")
    chapter.locator(".add-deal").click()
    chapter.locator("select").nth(1).select_option("1")
    page.click(".add-chapter")
    page.locator(".chapter").nth(1).locator("select").select_option("nt")
    assert page.locator(".chapter legend").all_inner_texts() == ["Chapter 1", "Chapter 2"]
    page.fill("#pace", "0")
    with page.expect_request("**/api/tables") as sent:
        page.click("#create-btn")
    spec = sent.value.post_data_json
    assert spec["options"]["schedule"] == [["9", "1"], ["nt"]]
    page.wait_for_url("**/table/*#seat=*")
    by_json = api(live_server, "/api/tables", {"game": "joker", "options": {"schedule": [["9", "1"], ["nt"]]}})
    mine = api(live_server, "/api/mine", {"tables": {by_json["id"]: by_json["seats"][0]["token"]}})
    assert mine["tables"][0]["status"] == "playing"
    page.wait_for_function("() => document.body.innerText.includes('Deal 1 of 3')")
    # an empty schedule is refused in the lobby, in words
    page.goto(live_server.url + "/")
    open_custom(page)
    page.select_option("#game", "joker")
    page.check("#opt-schedule")
    page.click(".chapter button:has-text('Remove this chapter')")
    page.click("#create-btn")
    assert "add a chapter" in page.locator("#create-error").inner_text()
    assert not browser.errors


def test_my_tables_and_play_again(browser, live_server, tmp_path):
    t = api(live_server, "/api/tables", {"game": "joker", "options": {"schedule": [["1"]]}, "pace_ms": 0,
                                         "players": [{"kind": "person", "name": "Ana"}] +
                                                    [{"kind": "computer", "level": "casual"}] * 3})
    link = f"{live_server.url}/table/{t['id']}#seat={t['seats'][0]['token']}"
    page = new_page(browser)
    page.goto(link)
    play_until([page], lambda: page.locator("#play-again").count() > 0)
    lobby = page.context.new_page()
    lobby.goto(live_server.url + "/")
    row = lobby.locator(f"#my-list li[data-table='{t['id']}']")
    row.wait_for()
    assert "finished" in row.inner_text()
    assert row.locator(f"a[href='/replay/{t['id']}']").count() == 1

    stranger = new_page(browser)  # no token: the match's end offers no seat
    stranger.goto(f"{live_server.url}/table/{t['id']}")
    stranger.wait_for_selector("#finished:not(.hidden)")
    assert stranger.locator("#play-again").count() == 0

    page.click("#play-again")
    page.wait_for_url(lambda url: t["id"] not in url and "#seat=" in url)
    again = page.url.split("/table/")[1].split("#")[0]
    assert page.url.endswith(f"#seat={t['seats'][0]['token']}")  # the same seat, at the new table
    page.wait_for_selector("#hand .card, #actions [data-action]")

    # the old link now takes its holder to their seat at the new table
    back = new_page(browser)
    back.goto(link)
    back.wait_for_url(f"**/table/{again}#seat=*")
    lobby.reload()
    lobby.locator(f"#my-list li[data-table='{again}']").wait_for()
    assert "in play" in lobby.locator(f"#my-list li[data-table='{again}']").inner_text()
    lobby.locator(f"#my-list li[data-table='{again}'] a", has_text="Back to my seat").click()
    lobby.wait_for_url(f"**/table/{again}#seat=*")
    assert not browser.errors


def test_the_phone_lobby_has_no_sideways_scroll(browser, live_server, tmp_path):
    page = new_page(browser, PHONE)
    page.goto(live_server.url + "/")
    page.wait_for_selector(".game-card")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, tmp_path, "lobby-phone")
    open_custom(page)
    for game in games():
        page.select_option("#game", game)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, game
    page.select_option("#game", "joker")
    page.check("#opt-schedule")
    page.click(".add-chapter")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
