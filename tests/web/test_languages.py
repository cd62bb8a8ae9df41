"""Issue 34 in the server: each socket reads its own language (hello's "lang", else the page's
Accept-Language or the language menu's cookie), and the HTTP API answers in the request's.
`qps` marks every translated template ⟦…⟧, so a text in it without the marks was never
translated, and an English text with them was said in the wrong language."""

import json

import pytest

from parlor.core.language import translate, translate_n, using
from parlor.session import NAMES
from parlor.web.app import request_language

from . import test_browser
from .test_protocol import create, receive, token, until
from .conftest import another_browser

browser = test_browser.browser  # the fixture: Chromium on a fresh profile


def said(msg: dict) -> list[str]:
    """Every sentence a state message says a person."""
    return [*msg["lines"], *msg["roles"].values(), *msg["legal_words"].values(),
            *(e["text"] for e in msg["log"]), *(r["text"] for r in msg["results"]),
            *([msg["last_trick"]["text"]] if msg["last_trick"] else [])]


def marked(text: str) -> bool:
    return "⟦" in text


def test_two_seats_at_one_table_read_their_own_languages(app_client):
    table = create(app_client, kinds=("person", "person", "computer"))
    with app_client.websocket_connect("/ws") as pseudo, app_client.websocket_connect("/ws") as english:
        pseudo.send_text(json.dumps({"type": "hello", "table": table["id"], "token": token(table, 0),
                                     "lang": "qps"}))
        mine = receive(pseudo)
        english.send_text(json.dumps({"type": "hello", "table": table["id"], "token": token(table, 1)}))
        theirs = receive(english)
        assert said(mine) and said(theirs)
        assert all(marked(t) for t in said(mine)), said(mine)
        assert not any(marked(t) for t in said(theirs)), said(theirs)
        # the seat that joined second is told to the first in the first's language
        update = until(pseudo, lambda m: m["type"] == "state" and m["players"][1]["connected"])
        assert all(marked(t) for t in said(update))
        # refusals too: each seat moves at a wrong state
        pseudo.send_text(json.dumps({"type": "act", "action": "pass", "sid": 999}))
        english.send_text(json.dumps({"type": "act", "action": "pass", "sid": 999}))
        assert marked(until(pseudo, lambda m: m["type"] == "error")["message"])
        assert not marked(until(english, lambda m: m["type"] == "error")["message"])
    app_client.audit.check()


def test_a_socket_reads_the_language_of_its_page(app_client):
    """No "lang" in hello: the socket's language is the menu's cookie, else Accept-Language."""
    app_client.cookies.set("parlor-lang", "qps")
    with app_client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "table": "nosuch"}))
        assert marked(receive(ws)["message"])
    another_browser(app_client)
    with app_client.websocket_connect("/ws", headers={"Accept-Language": "fi-FI,fi;q=0.9"}) as ws:
        ws.send_text("{")
        receive(ws)
        assert [c.lang for c in app_client.server.conns] == ["fi"]
    with app_client.websocket_connect("/ws") as ws:  # a language parlor does not speak: ignored
        ws.send_text(json.dumps({"type": "hello", "table": "nosuch", "lang": "xx"}))
        assert not marked(receive(ws)["message"])


def test_api_errors_are_said_in_the_requests_language(app_client):
    bad = {"game": "yokir", "players": "nobody"}
    assert not marked(app_client.post("/api/tables", json=bad).json()["error"])
    assert marked(app_client.post("/api/tables?lang=qps", json=bad).json()["error"])
    app_client.cookies.set("parlor-lang", "qps")
    assert marked(app_client.post("/api/tables", json=bad).json()["error"])
    assert marked(app_client.get("/api/tables/nosuch/record").json()["error"])


def test_the_request_language_is_param_then_cookie_then_accept_language():
    assert request_language("lang=fi", {"cookie": "parlor-lang=hu", "accept-language": "ka"}) == "fi"
    assert request_language("", {"cookie": "a=b; parlor-lang=hu", "accept-language": "ka"}) == "hu"
    assert request_language("lang=xx", {"cookie": "parlor-lang=zz", "accept-language": "de, ka;q=0.5"}) == "ka"
    assert request_language("", {}) == "en"


# --- the pages in the pseudo-language: every visible text node is marked ⟦…⟧

# What a page shows that is no template: the visible text nodes (outside drawn cards) with every
# marked text taken out (innermost first: a marked sentence may hold marked words), less digits,
# punctuation and the words passed in (names, game titles); what is left was never translated.
# A .digest (the fair deals' commitment) is a hash, not words. `data`: more to pass over on a
# page, ", #say" (the data files' words: a lesson's narration, a position's reasons, translated
# with them).
UNMARKED = """([allowed, data]) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const host = n.parentElement;
    const skip = ".card, svg, script, style, .record, .kbd, option:not(:checked), .digest" + data;
    if (!host || host.closest(skip)) continue;
    if (!host.getClientRects().length || getComputedStyle(host).visibility === "hidden") continue;
    // a sentence with a link or code in it is one template over several text nodes
    const sentence = host.closest("[data-t]");
    let text = sentence ? sentence.textContent : n.textContent, before;
    do { before = text; text = text.replace(/⟦[^⟦⟧]*⟧/g, " "); } while (text !== before);
    for (const word of allowed) text = text.split(word).join(" ");
    if (/\\p{L}{2,}/u.test(text)) out.push(n.textContent.trim());
  }
  for (const node of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    for (const name of ["title", "aria-label", "placeholder"]) {
      const value = node.getAttribute(name);
      if (value && !node.closest(".card, .digest" + data) && !value.includes("⟦")) out.push(`${name}=${value}`);
    }
  }
  return out;
}"""


def pseudo_page(browser, live_server):
    page = test_browser.new_page(browser)
    page.context.add_init_script("localStorage.setItem('parlor.lang', 'qps')")
    return page


def allowed_words(live_server) -> list[str]:
    games = test_browser.api(live_server, "/api/games")
    return ["parlor", *(g["title"] for g in games["games"]), *NAMES]


def test_the_lobby_in_the_pseudo_language_is_all_translated(browser, live_server):
    page = pseudo_page(browser, live_server)
    page.goto(live_server.url + "/")
    test_browser.open_custom(page)
    page.wait_for_selector("#players .seat-row")
    assert page.evaluate("document.documentElement.lang") == "en"
    unmarked = page.evaluate(UNMARKED, [allowed_words(live_server), ""])
    assert unmarked == [], "\n".join(unmarked)
    assert not browser.errors


def test_a_table_in_the_pseudo_language_is_all_translated(browser, live_server):
    page = pseudo_page(browser, live_server)
    test_browser.create_from_lobby(page, live_server.url, "yokir", ["person", "computer", "computer"])
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card")
    page.wait_for_timeout(1500)  # the computers' first moves, if theirs come first
    # a seat's word fact (its bid, "passed") and the up card's label are server words too
    for _ in range(50):
        if page.locator(".fact[data-fact=said]").count():
            break
        test_browser.step(page)  # seat 0 bids first: its own bid is a fact
        page.wait_for_timeout(100)
    assert page.locator(".fact[data-fact=said]").count() and page.locator(".pile .who").count()
    unmarked = page.evaluate(UNMARKED, [allowed_words(live_server), ""])
    assert unmarked == [], "\n".join(unmarked)
    assert not browser.errors


# --- the other pages: learn, practice, account, leaderboards, about, and a finished match's
# verify, replay and review pages

def finished_match(server) -> dict:
    """A short fair Joker match of computers, played to its end."""
    commitment = test_browser.api(server, "/api/fair", {})["commitment"]
    table = test_browser.api(server, "/api/tables", {
        "game": "joker", "options": {"schedule": [["1", "2"]]}, "pace_ms": 0, "open": True,
        "players": [{"kind": "computer", "level": "rules"}] * 4,
        "fair": {"commitment": commitment, "seed": "5eed" * 8}})
    test_browser.wait_finished(server, table["id"])
    return table


# each page, what shows it drawn, and what it shows from the data files (a lesson's narration
# and titles: translated with those files) or the view's own names (the replay's labels of the
# cards beside the trick, as the table's piles above)
PAGES = [
    ("/about", "#fair", ""),
    ("/account", "#login-h", ""),
    ("/leaderboard", "#board-empty", ""),
    ("/learn/joker", "#step-count", ", #say, #lesson-list"),
    ("/puzzle/joker", "#moves", ""),
    ("/verify?table={id}", "#verdict .verified", ""),
    ("/replay/{id}", "#log li", ", .extra .who"),
    ("/review/{id}", "#deals-panel:not(.hidden)", ""),
]


def test_the_other_pages_in_the_pseudo_language_are_all_translated(browser, live_server):
    table = finished_match(live_server)
    page = pseudo_page(browser, live_server)
    unmarked = {}
    for path, drawn, data in PAGES:
        page.goto(live_server.url + path.format(id=table["id"]))
        if path.startswith("/replay"):
            page.wait_for_selector("#pos:not(:empty)")
            page.keyboard.press("End")
        page.wait_for_selector(drawn, timeout=60_000)
        page.wait_for_selector(".lang-menu")
        assert page.locator(".topbar .lang-menu, .tbar .lang-menu").count() == 1, path
        found = page.evaluate(UNMARKED, [allowed_words(live_server), data])
        if found:
            unmarked[path] = found
    assert unmarked == {}, json.dumps(unmarked, ensure_ascii=False, indent=1)
    assert not browser.errors


def test_the_verify_page_in_hungarian_and_the_menu_remembers_finnish(browser, live_server):
    table = finished_match(live_server)
    page = test_browser.new_page(browser)
    page.context.add_init_script("if (!localStorage.getItem('parlor.lang')) localStorage.setItem('parlor.lang', 'hu')")
    page.goto(f"{live_server.url}/verify?table={table['id']}")
    page.wait_for_selector("#verdict .verified")
    with using("hu"):
        heading = translate("Were the cards dealt fairly?")
        verified = translate_n("Verified: the server seed matches its commitment, and the {count} deal is the one "
                               "the seeds deal.", "Verified: the server seed matches its commitment, and all "
                               "{count} deals are the ones the seeds deal.", 2).format(count=2)
        button = translate("Verify")
    assert heading != "Were the cards dealt fairly?"
    assert page.locator("h2").inner_text() == heading
    assert page.locator("#verdict .verified").inner_text() == verified
    assert page.locator("#verify-btn").inner_text() == button
    assert page.evaluate("document.documentElement.lang") == "hu"
    # the menu's choice is kept: the page comes back in Finnish, and so does the next one
    page.select_option(".topbar .lang-menu", "fi")
    page.wait_for_function("() => document.documentElement.lang === 'fi'")
    with using("fi"):
        assert page.locator("h2").inner_text() == translate("Were the cards dealt fairly?")
        page.goto(live_server.url + "/account")
        page.wait_for_selector(".topbar .lang-menu")
        assert page.locator("#login-h").inner_text() == translate("Log in")
    assert not browser.errors


@pytest.mark.parametrize("lang, badges", [("en", ["computer · Casual", "computer · Beginner"]),
                                          ("hu", ["gép · Hobbi", "gép · Kezdő"])])
def test_a_computer_seats_badge_names_its_level_in_the_pages_language(browser, live_server, lang, badges):
    spec = {"game": "yokir", "pace_ms": 0,
            "players": [{"kind": "person"}, {"kind": "computer", "level": "casual"},
                        {"kind": "computer", "level": "beginner"}]}
    table = test_browser.api(live_server, "/api/tables", spec)
    page = test_browser.new_page(browser)
    page.context.add_init_script(f"localStorage.setItem('parlor.lang', '{lang}')")
    page.goto(f"{live_server.url}/table/{table['id']}#seat={table['seats'][0]['token']}")
    page.wait_for_selector("#hand .card")
    seats = [page.locator(f"#opponents .seatbox[data-seat='{s}'] .badge.cpu").inner_text() for s in (1, 2)]
    assert seats == badges
    assert not browser.errors
