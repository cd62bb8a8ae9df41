"""End to end in a real headless Chromium (Debian's, driven by playwright): a person plays a whole
deal against the computer by clicking and by keyboard, two people sit at one table from two
browsers, and a reload resumes the seat; Tőr's melds drawn as cards, a finished match replayed
move by move, joining an open table from the lobby, watching a table, hints, and an eight-seat
table on a phone; the lobby's teams, empty fields and cancelled join, a table reconnecting, the
card chooser and the error line going with their state, and the keyboard. Screenshots (desktop
and phone) go to PARLOR_SHOTS if set. The fast tier runs the first alone."""

import os
import re
import shutil
from pathlib import Path

import pytest

from parlor.core.registry import faces_of, games

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


def moves_of(page, name: str = "You") -> int:
    """How many moves of the seat so named the page's log shows ("You bid 2", "Ben passes")."""
    return sum(line.startswith(name + " ") for line in log_text(page).splitlines())


def log_lines_of(name: str) -> str:
    """A page function: how many log lines tell a move of the seat so named."""
    return f"document.querySelector('#log').innerText.split('\\n').filter(l => l.startsWith('{name} ')).length"


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


def open_custom(page):
    """Unfold the lobby's custom table and its table rules."""
    page.wait_for_selector("#game option", state="attached")
    page.evaluate("document.querySelectorAll('#custom, #rules-box').forEach(d => { d.open = true; })")


def sign_up(page, url, name):
    page.goto(url + "/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", "correct horse")
    page.click("#signup-form button")
    page.wait_for_selector("#signed-in:not(.hidden)")


def create_from_lobby(page, url, game, kinds, options=None, listed=False):
    page.goto(url + "/")
    open_custom(page)
    page.select_option("#game", game)
    for name, value in (options or {}).items():
        page.select_option(f"#opt-{name}", value)
    for s, kind in enumerate(kinds):
        page.select_option(f"#kind-{s}", kind)
    page.fill("#pace", "0")
    if listed:
        page.check("#open")
    page.click("#create-btn")


def test_a_person_plays_a_deal_of_yokir_against_the_computer(browser, live_server, tmp_path):
    page = new_page(browser)
    create_from_lobby(page, live_server.url, "yokir", ["person", "computer", "computer"])
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-code]")
    shot(page, tmp_path, "yokir-desktop-start")
    # the first move by keyboard: a numbered button (a bid) or the arrow keys and Enter
    page.wait_for_selector("#hand .card.playable, #actions [data-action]")
    before = moves_of(page)
    if page.locator("#actions [data-action]").count():
        page.keyboard.press("1")
    else:
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    page.wait_for_function(f"() => {log_lines_of('You')} > {before}")
    # a few more moves, then a reload resumes the seat where it was
    play_until([page], lambda: moves_of(page) >= 3 or "Deal 1 over" in log_text(page))
    cards = hand(page)
    page.reload()
    page.wait_for_selector("#hand [data-code]")
    assert hand(page) == cards
    assert "(you)" in page.locator("#me").inner_text()
    play_until([page], lambda: "Deal 1 over" in log_text(page))
    shot(page, tmp_path, "yokir-desktop-after-deal")
    page.keyboard.press("l")  # the deal's last trick, its winner marked
    page.wait_for_selector("#dlg .lasttrick .slot.won")
    assert re.match(r"(You win|\S+ wins) the trick with the ", page.locator("#trick-winner").inner_text())
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_host_lets_the_computer_play_a_friend_who_never_came(browser, live_server, tmp_path):
    host = new_page(browser)
    create_from_lobby(host, live_server.url, "yokir", ["person", "person", "computer"])
    host.wait_for_selector("[data-invite]")
    host.click("#take-seat")
    host.wait_for_selector("#hand [data-code]")
    # the table waits for the friend, and a hint is only for one's own turn
    play_until([host], lambda: host.locator("#opponents [data-seat='1'].toact").count() > 0)
    assert host.locator("#b-hint").is_hidden()
    host.click("[data-fill='1']")
    host.wait_for_selector("#invites", state="hidden")
    # the deal goes on with the computer in seat 1: the host alone finishes it
    play_until([host], lambda: "Deal 1 over" in log_text(host))
    assert moves_of(host, "Player 2")
    assert not browser.errors


# --- helpers for the tests below

def api(server, path, body=None):
    """The server's JSON API over loopback (POST when there is a body)."""
    import json
    import urllib.request
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def wait_finished(server, table_id, seconds=20):
    """Watch the table until its match ends (computers play only while someone is there)."""
    import json
    import time
    from websockets.sync.client import connect
    with connect(f"ws://127.0.0.1:{server.port}/ws") as watcher:
        watcher.send(json.dumps({"type": "hello", "table": table_id, "token": None}))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if any(t["id"] == table_id for t in api(server, "/api/lobby")["finished"]):
                return
            time.sleep(0.1)
    raise AssertionError(f"table {table_id} did not finish")


def seat_names(page) -> list[str]:
    """The names on the table page, in seat order (the opponents' boxes and the own seat)."""
    names = page.evaluate("""() => {
      const out = {};
      for (const b of document.querySelectorAll('#opponents [data-seat]'))
        out[b.dataset.seat] = b.querySelector('.nm').firstChild.textContent;
      return out; }""")
    return [names[k] for k in sorted(names, key=int)]


def step_melding(page) -> bool:
    """Like step, but a meld when the open chooser offers one (Tőr)."""
    from playwright.sync_api import Error
    meld = page.locator("#dlg[open] [data-action^='meld ']")
    if meld.count():
        try:
            meld.first.click(timeout=2000)
        except Error:  # redrawn under the pointer: look again
            return False
        return True
    return step(page)


def check_melds(page):
    """Every meld on the table is a row of cards labelled with its number and its owner's name,
    holding the cards the table lines give for that number (all read at one moment: the
    computers keep playing)."""
    seen = page.evaluate("""() => ({
        lines: [...document.querySelectorAll("#lines li")].map(n => n.innerText),
        names: [...document.querySelectorAll("#scores span")].map(n => n.innerText),
        melds: [...document.querySelectorAll("#melds .meld")].map(m => ({
            number: m.dataset.meld, label: m.querySelector(".who").innerText,
            cards: [...m.querySelectorAll("[data-code]")].map(n => n.dataset.code)})),
    })""")
    assert seen["melds"]
    names = [n.removesuffix(" (you)") for n in seen["names"]]
    lines = [" ".join(t.split()) for t in seen["lines"]]  # the page shows runs of spaces as one
    for meld in seen["melds"]:
        number, label, cards = meld["number"], meld["label"], meld["cards"]
        assert label.startswith(f"meld {number} · ")
        owner = label.split(" · ", 1)[1]
        assert owner in names
        faces = faces_of("tor")
        shown = " ".join(faces[c].rank + faces[c].sign for c in cards)  # as the line says them
        assert any(line.startswith(f"{number}: {shown} ") and line.endswith(f", {owner}")
                   for line in lines)  # "0: A♣ A♦ A♥ set (legyező), Dan"
        assert len(cards) >= 3


@pytest.mark.slow
def test_tor_melds_are_drawn_as_rows_of_cards(browser, live_server, tmp_path):
    page = new_page(browser)
    create_from_lobby(page, live_server.url, "tor", ["person", "computer", "computer", "computer"])
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-code]")
    melds = page.locator("#melds .meld [data-code]")
    for _ in range(400):
        if melds.count():
            break
        page.wait_for_timeout(20 if step_melding(page) else 60)
    else:
        raise AssertionError("nobody melded")
    check_melds(page)
    shot(page, tmp_path, "tor-melds-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    shot(page, tmp_path, "tor-melds-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not browser.errors


@pytest.mark.slow
def test_the_replay_of_a_finished_game_steps_through_its_moves(browser, live_server):
    from parlor import records
    # computers alone play a short Tőr match to the end; one with a meld, to see it drawn
    for _ in range(6):
        table = api(live_server, "/api/tables", {
            "game": "tor", "seats": 2, "options": {"deals": 2}, "pace_ms": 0, "open": True,
            "players": [{"kind": "computer", "level": "rules"}] * 2})
        wait_finished(live_server, table["id"])
        record = api(live_server, f"/api/tables/{table['id']}/record")
        match = records.new_match({**record, "actions": []})
        meld_at = None
        for k, action in enumerate(record["actions"]):
            match.apply(action)
            if match.view(0)["melds"]:
                meld_at = k + 1
                break
        if meld_at:
            break
    assert meld_at, "no computer melded in six matches"
    total = len(record["actions"])
    page = new_page(browser)
    page.goto(live_server.url + "/")
    page.click(f"#finished-list a[href='/replay/{table['id']}']")
    page.wait_for_url("**/replay/**")
    page.wait_for_function(f"() => document.querySelector('#pos').innerText.startsWith('move 0 of {total}')")
    assert page.locator("#status").inner_text() == "The start of the match."
    for k in range(1, meld_at + 1):
        page.click("#b-next")
        page.wait_for_function(f"() => document.querySelector('#pos').innerText.startsWith('move {k} of {total}')")
        said = api(live_server, f"/api/tables/{table['id']}/replay?step={k}")["log"][-1]
        assert said["action"] == record["actions"][k - 1]
        assert said["text"].startswith(record["names"][match.log[k - 1][1]])  # "Ana draws from the stock"
        assert page.locator("#status").inner_text() == said["text"]
        assert page.locator("#log li").last.inner_text() == f"{k}. {said['text']}"
    # every hand face up, and the new meld drawn
    assert page.locator("#hands .seatbox").count() == 2
    assert page.locator("#melds .meld [data-code]").count() == len(match.view(0)["melds"][0]["cards"])
    page.click("#b-prev")
    page.wait_for_function(f"() => document.querySelector('#pos').innerText.startsWith('move {meld_at - 1} of')")
    assert page.locator("#melds .meld").count() == 0
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelector('#pos').innerText.startsWith('move {total} of {total}')")
    assert page.locator("#status").inner_text().endswith("the end of the match.")
    assert "total" in page.locator("#sheet").inner_text()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#pos').innerText.startsWith('move 0 of')")
    assert not browser.errors


@pytest.mark.slow
def test_a_second_person_joins_an_open_table_from_the_lobby(browser, live_server):
    host = new_page(browser)
    create_from_lobby(host, live_server.url, "yokir", ["person", "person", "computer"], listed=True)
    host.wait_for_selector("#take-seat")
    host.click("#take-seat")
    host.wait_for_selector("#hand [data-code]")
    guest = new_page(browser, PHONE)
    guest.on("dialog", lambda d: d.accept("Bea"))  # the name the lobby asks for
    # both pages come from one address, which holds one guest seat a table (docs/decisions.md,
    # "one guest, one seat"): the second person joins with an account, as a household would
    sign_up(guest, live_server.url, "Bea")
    guest.goto(live_server.url + "/")
    join = guest.locator("#open-list button", has_text="Join as seat 1")
    join.wait_for()
    join.click()
    guest.wait_for_url("**/table/**")
    guest.wait_for_selector("#hand [data-code]")
    assert guest.locator("#me-name").inner_text().startswith("Bea (you)")
    host.wait_for_function("() => document.querySelector('#opponents').innerText.includes('Bea')")
    assert set(hand(host)).isdisjoint(hand(guest))
    # the seat is taken: the lobby offers it no more
    guest.goto(live_server.url + "/")
    guest.wait_for_selector("#open-list li")
    assert guest.locator("#open-list button", has_text="Join as seat 1").count() == 0
    assert not browser.errors


@pytest.mark.slow
def test_a_table_of_computers_made_in_the_lobby_is_watched_as_it_plays(browser, live_server):
    page = new_page(browser)
    create_from_lobby(page, live_server.url, "yokir", ["computer", "computer", "computer"])
    page.wait_for_url("**/table/**")  # the maker watches: the computers play while someone is there
    assert "#seat=" not in page.url
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 3")
    assert "You are watching" in page.locator("#me").inner_text()
    assert not browser.errors


@pytest.mark.slow
def test_a_spectator_sees_no_hand_and_follows_the_moves(browser, live_server):
    host = new_page(browser)
    create_from_lobby(host, live_server.url, "yokir", ["person", "computer", "computer"])
    host.wait_for_url("**/table/**")
    host.wait_for_selector("#hand [data-code]")
    table_url = host.url.split("#")[0]
    watcher = new_page(browser)
    watcher.goto(table_url)  # no seat token: the public view
    watcher.wait_for_selector("#opponents [data-seat]")
    assert "You are watching" in watcher.locator("#me").inner_text()
    assert watcher.locator("#hand").count() == 0
    assert watcher.locator("#opponents [data-seat]").count() == 3
    assert "watching" in watcher.locator("#dealinfo").inner_text()
    assert host.locator('#dealinfo [data-fact="rated"]').count() == 0  # an unrated table
    assert not watcher.locator("#b-hint").is_visible()
    # the watcher's page follows the host's moves, never showing the host's hand
    for n in (1, 2, 3):
        play_until([host], lambda: moves_of(host) >= n or "Deal 1 over" in log_text(host))
        want = moves_of(host)
        watcher.wait_for_function(f"() => {log_lines_of('Player 1')} >= {want}")
        shown = watcher.locator("[data-code]").evaluate_all("ns => ns.map(n => n.dataset.code)")
        # a card of the host's hand the watcher may see: played, or face up on the host's table too
        played = {w for a in host.locator("#log li[data-action]").evaluate_all("ns => ns.map(n => n.dataset.action)")
                  for w in a.split()}
        public = host.locator("#trick [data-code], #extra [data-code]").evaluate_all(
            "ns => ns.map(n => n.dataset.code)")
        assert not (set(hand(host)) & set(shown)) - played - set(public)
    assert not browser.errors


@pytest.mark.slow
def test_the_hint_button_shows_hints_on_your_turn(browser, live_server):
    page = new_page(browser)
    create_from_lobby(page, live_server.url, "tor", ["person", "computer"])
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card.playable, #actions [data-action]")
    assert page.locator("#hints").is_hidden()
    page.click("#b-hint")
    page.wait_for_selector("#hints li")
    assert page.locator("#hints h3").inner_text() == "Hint"
    best = page.locator("#hints li strong").first.get_attribute("data-action")
    # the best move is marked on the table: its button, or the card it plays
    marked = page.locator(".hinted")
    assert marked.count() == 1
    assert marked.get_attribute("data-action") == best or marked.get_attribute("data-code") in best.split()
    # a move made, the hint is gone (it was for that position)
    step(page)
    page.wait_for_function("() => document.querySelector('#hints').classList.contains('hidden')")
    assert not browser.errors


@pytest.mark.slow
def test_an_eight_seat_meri_table_fits_a_phone(browser, live_server, tmp_path):
    page = new_page(browser, PHONE)
    create_from_lobby(page, live_server.url, "meri", ["person"] + ["computer"] * 7)
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-code]")
    assert page.locator("#opponents [data-seat]").count() == 7
    assert page.locator("#me .badge.team").inner_text() == "team A"  # partners sit every second seat
    assert page.locator("#opponents [data-seat='1'] .badge.team").inner_text() == "team B"
    assert page.locator("#opponents [data-seat='2'] .badge.team").inner_text() == "team A"
    shot(page, tmp_path, "meri-phone-start")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # into the play, with cards on the trick
    play_until([page], lambda: page.locator("#trick [data-code]").count() >= 4 or "Deal 1 over" in log_text(page))
    shot(page, tmp_path, "meri-phone-trick")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not browser.errors


@pytest.mark.slow
def test_the_table_draws_the_newest_state_when_the_first_message_waits(browser, live_server):
    """The snapshot waits for the game catalogue; the computers' moves sent meanwhile must not
    be drawn and then overwritten by it (the table then showed a stale turn and stood still)."""
    import time
    page = new_page(browser, PHONE)

    def slow(route):
        time.sleep(1.5)
        route.continue_()
    page.route("**/api/games", slow)
    # seven computers declaring a fifth of a second apart, before and while the page loads
    players = [{"kind": "person"}] + [{"kind": "computer"}] * 7
    t = api(live_server, "/api/tables", {"game": "meri", "players": players, "pace_ms": 200})
    page.goto(f"{live_server.url}/table/{t['id']}#seat={t['seats'][0]['token']}")
    page.wait_for_selector("#hand [data-code]")
    play_until([page], lambda: page.locator("#trick [data-code]").count() >= 4 or "Deal 1 over" in log_text(page))
    assert not browser.errors


@pytest.mark.slow
def test_the_lobby_names_teams_leaves_empty_numbers_out_and_cancel_takes_no_seat(browser, live_server):
    page = new_page(browser)
    page.goto(live_server.url + "/")
    open_custom(page)
    page.select_option("#game", "meri")
    assert page.locator("#players .seat-row > span").all_inner_texts() == [
        f"Seat {s} · team {'AB'[s % 2]}" for s in range(8)]
    page.select_option("#game", "yokir")
    page.fill("#grace", "")  # an empty field is the server's default, not 0
    page.fill("#opt-target", "")
    page.select_option("#kind-1", "person")
    page.check("#open")
    with page.expect_request("**/api/tables") as sent:
        page.click("#create-btn")
    spec = sent.value.post_data_json
    assert "grace_s" not in spec and "target" not in spec["options"]
    page.wait_for_selector("#take-seat")
    guest = new_page(browser)
    guest.on("dialog", lambda d: d.dismiss())  # Cancel on the name prompt
    guest.goto(live_server.url + "/")
    guest.locator("#open-list button", has_text="Join as seat 1").click()
    guest.wait_for_timeout(500)
    assert guest.url == live_server.url + "/"
    assert [t["free"] for t in api(live_server, "/api/lobby")["open"]] == [[1]]
    assert not browser.errors


# one nine-card Joker deal in which seat 0 names the trump, then bids 0 to 9 first and leads
NINE_CARDS = {"schedule": [["9"]], "first_dealer": 3}


def person_table(server, game, options=None, kinds=("person", "computer", "computer"), pace_ms=0):
    """A table made through the API (no pace unless asked); it and the link to seat 0."""
    t = api(server, "/api/tables", {"game": game, "options": options or {}, "pace_ms": pace_ms,
                                    "players": [{"kind": k} for k in kinds]})
    return t, f"{server.url}/table/{t['id']}#seat={t['seats'][0]['token']}"


@pytest.mark.slow
def test_nothing_can_be_clicked_while_the_table_reconnects(browser, live_server):
    _, url = person_table(live_server, "yokir")
    page = new_page(browser)
    sockets, down = [], [False]

    def route(ws):  # the page's socket; while down, it reaches no server
        sockets.append(ws)
        if not down[0]:
            ws.connect_to_server()
    page.route_web_socket(re.compile(r"/ws$"), route)
    page.goto(url)
    moves = page.locator("#hand .card.playable, #actions [data-action]:not([disabled])")
    moves.first.wait_for()
    down[0] = True
    sockets[-1].close()
    page.wait_for_function("() => document.querySelector('#status').innerText.includes('reconnecting')")
    assert moves.count() == 0  # a click now would be lost
    for _ in range(100):  # the page tries again
        if len(sockets) > 1:
            break
        page.wait_for_timeout(50)
    down[0] = False
    sockets[-1].close()
    moves.first.wait_for()
    assert not browser.errors


@pytest.mark.slow
def test_a_new_state_closes_the_card_chooser_and_clears_the_error_line(browser, make_server, tmp_path):
    import json
    from websockets.sync.client import connect
    # up to 40 tables dealt until seat 0 holds a joker, all from this one address: past the
    # default 10 unfinished tables an address may keep
    live_server = make_server(f"sqlite:///{tmp_path / 'jokers.sqlite'}", "--max-tables", "50")

    def hello(tab, t):
        tab.send(json.dumps({"type": "hello", "table": t["id"], "token": t["seats"][0]["token"]}))
        return json.loads(tab.recv(10))
    ws_url = f"ws://127.0.0.1:{live_server.port}/ws"
    # seat 0 holds a joker: playing it is a choice between several moves
    for _ in range(40):
        t, url = person_table(live_server, "joker", NINE_CARDS, ["person"] + ["computer"] * 3)
        with connect(ws_url) as tab:
            if any(c.startswith("X") for c in hello(tab, t)["view"]["hand"]):
                break
    page = new_page(browser)
    sockets = []
    page.route_web_socket(re.compile(r"/ws$"), lambda ws: (sockets.append(ws), ws.connect_to_server()))
    with connect(ws_url) as tab:  # another tab at the same seat names the trump and bids
        m = hello(tab, t)
        while not (m["type"] == "state" and m["view"]["to_act"] == 0
                   and m["view"]["legal"][0].startswith("play")):
            if m["type"] == "state" and m["view"]["to_act"] == 0 and m["view"]["legal"]:
                tab.send(json.dumps({"type": "act", "action": m["view"]["legal"][0], "sid": m["sid"]}))
            m = json.loads(tab.recv(10))
        page.goto(url)
        page.click("#hand .card.playable[data-code^='X']")
        page.wait_for_selector("#dlg[open] .chooser [data-action]")
        sockets[-1].send(json.dumps({"type": "error", "message": "an error at this state"}))
        page.wait_for_selector("#status .err")
        played = next(a for a in m["view"]["legal"] if not a.startswith("play X"))
        tab.send(json.dumps({"type": "act", "action": played, "sid": m["sid"]}))
        page.wait_for_selector(f"#log li[data-action='{played}']")
    assert not page.evaluate("document.getElementById('dlg').open")  # its moves were for the old state
    assert page.locator("#status .err").count() == 0
    assert not browser.errors


@pytest.mark.slow
def test_keys_work_after_clicking_the_hint_checkbox_and_0_is_the_tenth_button(browser, live_server):
    _, url = person_table(live_server, "joker", NINE_CARDS, ["person"] + ["computer"] * 3)
    page = new_page(browser)
    page.goto(url)
    page.wait_for_selector("#actions [data-action='trump C']")
    page.click("#hints-on")
    page.click("#hints-on")  # ticked again, and the checkbox keeps the focus
    page.keyboard.press("1")
    page.wait_for_selector("#actions [data-action='bid 9']", timeout=5000)  # bids 0 to 9
    page.keyboard.press("0")
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('You bid 9')",
                           timeout=5000)
    assert not browser.errors


def test_a_timed_table_counts_down_the_persons_turn(browser, live_server, tmp_path):
    page = new_page(browser)
    page.goto(live_server.url + "/")
    open_custom(page)
    page.select_option("#game", "yokir")
    page.fill("#pace", "0")
    page.select_option("#turn", "30")
    page.click("#create-btn")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#turn-cue")
    clock = page.locator("#turn-clock")
    first = int(re.match(r"\d+", clock.inner_text()).group())
    assert 25 <= first <= 30
    page.wait_for_function(f"() => parseInt(document.querySelector('#turn-clock').textContent) < {first}")
    shot(page, tmp_path, "turn-timer")
    assert not browser.errors
