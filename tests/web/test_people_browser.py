"""The account pages and a claimed invite in Chromium: sign up, a wrong password said in one
line, log out, the leaderboard with the computer levels, an invite link that seats only its
first holder."""

from .test_browser import PHONE, browser, create_from_lobby, new_page  # noqa: F401 - the fixture

__all__ = ["browser"]


def test_sign_up_log_out_and_a_wrong_password_in_the_browser(browser, live_server):  # noqa: F811
    page = new_page(browser)
    page.goto(live_server.url + "/account")
    page.fill("#signup-name", "Ana")
    page.fill("#signup-password", "correct horse")
    page.click("#signup-form button")
    page.wait_for_selector("#signed-in:not(.hidden)")
    assert page.inner_text("#in-as") == "You are logged in as Ana."
    page.reload()  # the session cookie keeps the browser signed in
    page.wait_for_selector("#signed-in:not(.hidden)")
    page.click("#logout")
    page.wait_for_selector("#signed-out:not(.hidden)")
    page.fill("#login-name", "ana")
    page.fill("#login-password", "not the password")
    page.click("#login-form button")
    page.wait_for_selector("#login-error:not(:empty)")
    assert page.inner_text("#login-error") == "that name and password do not match an account"
    page.fill("#login-password", "correct horse")
    page.click("#login-form button")
    page.wait_for_selector("#signed-in:not(.hidden)")
    assert not browser.errors


def test_the_leaderboard_lists_the_computer_levels_and_says_nobody_is_rated(browser, live_server):  # noqa: F811
    page = new_page(browser, PHONE)
    page.goto(live_server.url + "/leaderboard?game=tor")
    page.wait_for_selector("#ranking tbody tr.computer")
    assert "Expert computer" in page.inner_text("#ranking")
    assert "Nobody has finished a rated match of" in page.inner_text("#board-empty")
    page.select_option("#board-game", "yokir")
    page.wait_for_function("() => location.search === '?game=yokir'")
    assert not browser.errors


def test_an_invite_link_opened_twice_seats_only_its_first_holder(browser, live_server):  # noqa: F811
    host = new_page(browser)
    create_from_lobby(host, live_server.url, "yokir", ["person", "person", "computer"])
    host.wait_for_selector("[data-invite]")
    invite = host.locator("[data-invite]").first.inner_text().strip()
    friend = new_page(browser, PHONE)
    friend.goto(invite)
    friend.wait_for_selector("#hand [data-code]")
    friend.wait_for_function(f"() => location.hash !== '#{invite.split('#')[1]}' && location.hash.startsWith('#seat=')")
    assert friend.evaluate("location.href") != invite  # the friend's page holds the seat's new link
    stranger = new_page(browser)
    stranger.goto(invite)
    stranger.wait_for_function("() => document.body.innerText.includes('no longer valid')")
    assert stranger.locator("#hand [data-code]").count() == 0
    friend.reload()  # the friend comes back by the new link
    friend.wait_for_selector("#hand [data-code]")
    assert not browser.errors
