"""The browser table as a card table (issue 31 items 1, 5, 6): the seats around the felt with
Meri's partners marked, each seat's bid and tricks taken, a computer's thinking sign, the turn cue
and its chime, the trick collected by its winner; every game on a 390x844 phone with no element
outside the viewport and the hand beside the turn cue; Meri's moves above the fold at 1280x800."""

import json

import pytest

from . import test_browser
from .test_browser import NINE_CARDS, api, new_page, person_table, step

browser = test_browser.browser  # the fixture: Chromium on a fresh profile

SEATS = {"yokir": 3, "joker": 4, "meri": 8, "tor": 4}
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TRICKS = {"yokir", "joker", "meri"}

# Every element drawn must lie inside the viewport's width, unless a scrolling box holds it.
OUTSIDE = """() => {
  const w = innerWidth, out = [];
  for (const n of document.querySelectorAll('body *')) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height || n.closest('dialog:not([open])')) continue;
    let p = n.parentElement, clipped = false;
    for (; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o !== 'visible') { clipped = true; break; }
    }
    if (!clipped && (r.left < -1 || r.right > w + 1))
      out.push(`${n.tagName}.${n.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  return out;
}"""

IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def rect(page, selector) -> dict:
    return page.locator(selector).first.evaluate(
        "n => { const r = n.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2,"
        " left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }")


# The completed trick clicked away, if one shows and no earlier trick's card is flying: the
# winner's seat and how many cards then fly.
CLICK_AWAY = """() => {
  const trick = document.querySelector("#trick.done");
  if (!trick || document.querySelector(".card.flying")) return null;
  const winner = trick.querySelector(".slot.winner").dataset.seat;
  trick.click();
  return { winner, flying: document.querySelectorAll(".card.flying").length };
}"""


def play_until(page, done, limit=800):
    for _ in range(limit):
        if done():
            return
        page.wait_for_timeout(30 if step(page) else 60)
    raise AssertionError("the table never got there")


def moves_out_of_view(page) -> list[int]:
    """The move buttons (by place, from 0) outside the viewport."""
    return [k for k in range(page.locator("#actions [data-action]").count())
            if not page.evaluate(f"() => ({IN_VIEW})('#actions [data-action]:nth-child({k + 1})')")]


def my_turn(page) -> bool:
    """Seat 0 may move and no move of its own is on the way (a pending click is "Sending…")."""
    cue = page.locator("#turn-cue")
    return cue.count() > 0 and cue.inner_text() == "Your turn" and page.locator(
        "#hand .card.playable, #actions [data-action]:not([disabled])").count() > 0


@pytest.mark.slow
def test_meri_seats_sit_around_the_felt_with_partners_marked_and_moves_above_the_fold(browser, live_server):
    _, link = person_table(live_server, "meri", {}, ("person",) + ("computer",) * 7)
    page = new_page(browser, DESKTOP)
    page.goto(link)
    play_until(page, lambda: my_turn(page))  # a declaration (buttons), or a card to play
    felt = rect(page, "#felt")
    # seats 1 and 2 up the left side, 3 to 5 across the top, 6 and 7 down the right side
    assert [page.locator(f"#opponents .rim-{k} [data-seat]").count() for k in "ltr"] == [2, 3, 2]
    seat = {s: rect(page, f"#opponents [data-seat='{s}']") for s in range(1, 8)}
    assert seat[1]["y"] > seat[2]["y"] and seat[2]["x"] < felt["x"] and seat[1]["x"] < felt["x"]
    assert seat[3]["x"] < seat[4]["x"] < seat[5]["x"]
    assert all(seat[s]["y"] < seat[1]["y"] for s in (3, 4, 5))
    assert seat[6]["y"] < seat[7]["y"] and seat[6]["x"] > felt["x"] and seat[7]["x"] > felt["x"]
    assert rect(page, "#me")["top"] >= felt["bottom"] - 1  # the person at the bottom
    # partners: the teams alternate around all eight seats, each seat marked with its team
    for s in range(1, 8):
        box = page.locator(f"#opponents [data-seat='{s}']")
        assert "team-" + "AB"[s % 2] in box.get_attribute("class").split()
        assert box.locator(".badge.team").inner_text() == f"team {'AB'[s % 2]}"
    assert page.locator("#me .badge.team").inner_text() == "team A"
    # no seat's box (and so no label in it) overlaps another, and the moves are above the fold
    for a in range(1, 8):
        for b in range(a + 1, 8):
            ra, rb = seat[a], seat[b]
            assert ra["right"] <= rb["left"] or rb["right"] <= ra["left"] or ra["bottom"] <= rb["top"] \
                or rb["bottom"] <= ra["top"], (a, b)
    assert page.evaluate(IN_VIEW, "#hand")
    assert moves_out_of_view(page) == []  # every move button too
    assert not browser.errors


def public_facts(server, table) -> list[dict]:
    """The seats' public facts, as a spectator is sent them now."""
    from websockets.sync.client import connect
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "table": table["id"], "token": None}))
        m = json.loads(ws.recv(10))
    return m["view"]["seat_facts"]


@pytest.mark.slow
def test_each_joker_seat_shows_its_bid_and_tricks_taken(browser, live_server):
    t, link = person_table(live_server, "joker", NINE_CARDS, ("person",) + ("computer",) * 3)
    page = new_page(browser, DESKTOP)
    page.goto(link)
    # into the play, two tricks taken; then it is my turn and the table waits for me
    play_until(page, lambda: my_turn(page) and page.locator("#hand [data-code]").count() <= 7
               and page.locator("#hand .card.playable").count() > 0)
    facts = public_facts(live_server, t)
    assert sum(f["won"] for f in facts) == 2 and all(f["bid"] is not None for f in facts)
    for s, f in enumerate(facts):
        where = "#me-name" if s == 0 else f"#opponents [data-seat='{s}']"
        fact = page.locator(f"{where} [data-fact='bid']")
        assert fact.inner_text() == f"{f['bid']}/{f['won']}"
        assert fact.get_attribute("title") == f"bid {f['bid']}, taken {f['won']}"
    # the header: deal, dealer and the trump named with its suit's emblem
    assert page.locator("#dealinfo [data-fact='deal']").inner_text().startswith("Deal 1")
    assert page.locator("#dealinfo [data-fact='dealer']").inner_text().startswith("Dealer ")
    trump = page.locator("#dealinfo [data-fact='trump']")
    assert trump.inner_text().startswith("Trump: ") and trump.locator("svg.emblem").count() == 1
    assert not browser.errors


@pytest.mark.slow
def test_a_computer_thinking_longer_than_a_second_shows_it_at_its_seat(browser, live_server):
    t = api(live_server, "/api/tables", {"game": "yokir", "pace_ms": 2500,
                                         "players": [{"kind": "person"}, {"kind": "computer"}, {"kind": "computer"}]})
    page = new_page(browser, DESKTOP)
    page.goto(f"{live_server.url}/table/{t['id']}#seat={t['seats'][0]['token']}")
    waiting = page.locator("#opponents .seatbox.toact")
    play_until(page, lambda: waiting.count() > 0)
    seat = waiting.get_attribute("data-seat")
    assert page.locator(".seatbox.thinking").count() == 0  # not at once: only after a second
    sign = page.locator(f"#opponents [data-seat='{seat}'].thinking .think")
    sign.wait_for(timeout=2000)
    assert sign.inner_text().startswith("thinking")
    assert page.locator(".seatbox.thinking").count() == 1
    assert not browser.errors


FAKE_AUDIO = """
window.__chimes = 0;
class FakeParam { setValueAtTime() {} exponentialRampToValueAtTime() {} }
class FakeNode {
  constructor() { this.frequency = new FakeParam(); this.gain = new FakeParam(); }
  connect(n) { return n; } start() { window.__chimes++; } stop() {}
}
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() { return new FakeNode(); }
  createGain() { return new FakeNode(); }
};
"""


@pytest.mark.slow
def test_the_turn_cue_and_the_chime_which_is_off_until_asked_for_and_remembered(browser, live_server):
    t = api(live_server, "/api/tables", {"game": "yokir", "pace_ms": 1000,  # time to see a computer's turn
                                         "players": [{"kind": "person"}, {"kind": "computer"}, {"kind": "computer"}]})
    link = f"{live_server.url}/table/{t['id']}#seat={t['seats'][0]['token']}"
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_init_script(FAKE_AUDIO)
    page = ctx.new_page()
    page.on("pageerror", lambda e: browser.errors.append(str(e)))
    page.goto(link)
    play_until(page, lambda: my_turn(page))
    assert page.locator("#turn-cue").inner_text() == "Your turn"
    assert "yours" in page.locator("#me").get_attribute("class").split()
    assert not page.locator("#sound-on").is_checked()
    assert page.evaluate("window.__chimes") == 0  # off by default
    page.click("#sound-on")
    # my move (again if the table was redrawn under the pointer); then a computer's turn (no
    # cue), and my turn again chimes
    # (a click may open a chooser, or land on a redrawn table: click until the cue goes)
    for _ in range(200):
        if not page.locator("#turn-cue").count():
            break
        step(page)
        page.wait_for_timeout(50)
    assert not page.locator("#turn-cue").count()
    assert "yours" not in page.locator("#me").get_attribute("class").split()
    play_until(page, lambda: my_turn(page))
    assert page.evaluate("window.__chimes") >= 1
    page.reload()
    page.wait_for_selector("#hand [data-code]")
    assert page.locator("#sound-on").is_checked()
    assert not browser.errors


@pytest.mark.slow
@pytest.mark.parametrize("reduced", [False, True])
def test_the_trick_taken_goes_to_its_winner(browser, live_server, reduced):
    # a computer's pace: the trick stays a while before a computer leads the next
    t = api(live_server, "/api/tables", {"game": "yokir", "options": {"target": 1}, "pace_ms": 800,
                                         "players": [{"kind": "person"}, {"kind": "computer"}, {"kind": "computer"}]})
    link = f"{live_server.url}/table/{t['id']}#seat={t['seats'][0]['token']}"
    page = new_page(browser, DESKTOP)
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    page.goto(link)
    # a completed trick with no earlier trick's cards still flying, clicked away and looked at in
    # one evaluation: under load a computer may lead (and so clear the trick) between two steps
    seen = {}
    def clicked():
        seen.update(page.evaluate(CLICK_AWAY) or {})
        return bool(seen)
    play_until(page, clicked)
    winner = seen["winner"]
    flying = page.locator(".card.flying")
    if reduced:  # no animation: the trick is simply gone
        assert seen["flying"] == 0
        return
    assert seen["flying"] == 3
    target = rect(page, "#me-name" if winner == "0" else f"#opponents [data-seat='{winner}']")
    away = [abs(c["x"] - target["x"]) + abs(c["y"] - target["y"]) for c in [rect(page, ".card.flying")]]
    page.wait_for_timeout(200)
    if flying.count():  # on its way to the winner's seat
        c = rect(page, ".card.flying")
        assert abs(c["x"] - target["x"]) + abs(c["y"] - target["y"]) < away[0]
    page.wait_for_function("() => document.querySelectorAll('.card.flying').length === 0", timeout=3000)
    assert not browser.errors


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_game_fits_a_phone_with_the_hand_and_the_turn_cue_in_view(browser, live_server, game):
    n = SEATS[game]
    _, link = person_table(live_server, game, {}, ("person",) + ("computer",) * (n - 1))
    page = new_page(browser, PHONE)
    page.goto(link)
    # my turn, in the play with cards on the felt for a trick game
    on_felt = "#trick .slot" if game in TRICKS else "#extra .pile"
    play_until(page, lambda: my_turn(page) and page.locator(on_felt).count() > 0)
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_timeout(450)  # the animations done
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate(IN_VIEW, "#hand"), "the hand is not on screen with the turn cue"
    assert page.evaluate(IN_VIEW, "#turn-cue")
    # a dialog stays inside the viewport too
    page.click("#b-rules")
    page.wait_for_selector("#dlg[open] h2, #dlg[open] h3")
    assert page.evaluate(IN_VIEW, "#dlg")
    assert page.evaluate(OUTSIDE) == []
    assert not browser.errors


def test_the_catalogue_names_every_trump_a_view_can_hold():
    """The header draws the view's `trump` from the catalogue's suits: each game's trump letters
    are there, with a name and an emblem."""
    import random

    from parlor import records
    from parlor.core.registry import games
    from parlor.web.server import game_catalogue
    suits = {g["id"]: g["suits"] for g in game_catalogue()}
    for gid, cls in games().items():
        match = records.new_match({"game": gid, "options": {}, "seats": cls.default_seats, "seed": 5, "actions": []})
        rng = random.Random(5)
        seen = set()
        while not match.finished and match.legal() and len(match.actions) < 400:
            trump = match.view(0).get("trump")
            if isinstance(trump, str) and trump != "none":  # Joker's no-trump, said as such
                seen.add(trump)
            match.apply(rng.choice(match.legal()))
        assert seen or gid == "tor", gid  # Tőr has no trump
        for letter in seen:
            assert suits[gid][letter]["n"] and suits[gid][letter]["e"], (gid, letter)


@pytest.mark.slow
def test_a_meri_dealers_declaration_is_above_the_fold_beside_nine_cards(browser, live_server):
    """At 1280x800 the buttons under the dealer's nine cards fell below the fold (CI saw it when
    the random deal left the declaration to seat 0, the dealer): tables are made until one does."""
    for _ in range(12):
        _, link = person_table(live_server, "meri", {}, ("person",) + ("computer",) * 7)
        page = new_page(browser, DESKTOP)
        page.goto(link)
        play_until(page, lambda: my_turn(page))
        if page.locator("#actions [data-action]").count() and page.locator("#hand [data-code]").count() == 9:
            assert moves_out_of_view(page) == []
            assert page.evaluate(IN_VIEW, "#hand")
            page.context.close()
            return
        page.context.close()
    pytest.skip("no table in 12 left the declaration to seat 0")  # about one in three does
