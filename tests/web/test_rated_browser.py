"""A rated match in Chromium: two accounts at a rated two-seat Tőr table made in the lobby play it
to its end; both ratings change once, on the leaderboard, and each name leads to its statistics;
then both play again, at the same seats on a fresh deal."""

from .test_browser import browser, hand, new_page, open_custom, play_until, sign_up, step  # noqa: F401 - the fixture

__all__ = ["browser"]


def test_a_rated_match_changes_both_ratings_once_on_the_leaderboard(browser, live_server):  # noqa: F811
    host, friend = new_page(browser), new_page(browser)
    sign_up(host, live_server.url, "Ana")
    sign_up(friend, live_server.url, "Ben")
    host.goto(live_server.url + "/")
    open_custom(host)
    host.select_option("#game", "tor")
    host.select_option("#nseats", "2")
    host.fill("#opt-deals", "1")
    host.select_option("#kind-1", "person")
    host.fill("#pace", "0")
    host.check("#rated")
    host.click("#create-btn")
    host.wait_for_selector("[data-invite]")
    invite = host.locator("[data-invite]").first.inner_text().strip()
    host.click("#take-seat")
    host.wait_for_selector("#hand [data-code]")
    first_hand = hand(host)
    friend.goto(invite)
    friend.wait_for_selector("#hand [data-code]")
    for page in (host, friend):  # the table says the match counts for ratings
        assert page.locator('#dealinfo [data-fact="rated"]').inner_text() == "rated"
    # a few moves each, then whoever may drops, which ends the one deal (drawing and discarding
    # the first cards could go on and on)
    play_until([host, friend], lambda: host.locator("#log li").count() >= 4)
    for _ in range(400):
        if host.locator("#finished:not(.hidden)").count():
            break
        for page in (host, friend):
            drop = page.locator("#actions [data-action='drop']:not([disabled])")
            if drop.count():
                drop.first.click()
            else:
                step(page)
        host.wait_for_timeout(50)
    friend.wait_for_selector("#finished:not(.hidden)")

    board = host.context.new_page()
    board.goto(live_server.url + "/leaderboard?game=tor")
    board.wait_for_selector("#board-rows a")
    rows = board.locator("#board-rows tr:not(.computer)").evaluate_all(
        "rs => rs.map(r => [...r.cells].map(c => c.innerText))")
    assert sorted((r[1], r[3]) for r in rows) == [("Ana", "1"), ("Ben", "1")]  # one rated match each
    assert len({r[2] for r in rows}) == 2  # the winner's rating rose above the loser's
    board.click("#board-rows a >> text=Ben")
    board.wait_for_url("**/people/Ben")
    board.wait_for_selector("section.stats[data-game='tor']")
    text = board.inner_text("section.stats[data-game='tor']")
    assert "Matches finished\t1" in text and "1 rated match" in text
    board.goto(live_server.url + "/")  # My tables leads to the account's statistics too
    assert board.get_attribute("#my-stats a", "href") == "/people/Ana"

    # the rematch: the same two seats at a new table, on a fresh deal
    old = host.url.split("/table/")[1].split("#")[0]
    host.click("#play-again")
    host.wait_for_url(lambda url: old not in url and "#seat=" in url)
    friend.click("#play-again")  # "Take your seat at the next match"
    friend.wait_for_url(host.url.split("#")[0] + "#seat=*")
    for page in (host, friend):
        page.wait_for_selector("#hand [data-code]")
    assert hand(host) != first_hand
    assert friend.locator("#finished:not(.hidden)").count() == 0
    assert not browser.errors


def test_the_statistics_page_and_the_leaderboard_in_the_pseudo_language_are_all_translated(browser, live_server):  # noqa: F811
    from parlor.web.accounts import Accounts
    from parlor.web.store import Store

    from .test_languages import UNMARKED, allowed_words, pseudo_page
    from .test_person_stats import stored, tor_match
    store = Store(live_server.db)
    Accounts(store).register("Ana", "a good password")
    stored(store, "t8", tor_match(8, 1), {0: "ana"})
    store.close()
    page = pseudo_page(browser, live_server)
    page.goto(live_server.url + "/people/Ana")
    page.wait_for_selector("section.stats[data-game='tor']")
    unmarked = page.evaluate(UNMARKED, [[*allowed_words(live_server), "Ana"], ""])
    assert unmarked == [], "\n".join(unmarked)
    page.goto(live_server.url + "/leaderboard?game=tor")  # and the leaderboard it is linked from
    page.wait_for_selector("#ranking tbody tr.computer")
    unmarked = page.evaluate(UNMARKED, [allowed_words(live_server), ""])
    assert unmarked == [], "\n".join(unmarked)
    assert not browser.errors
