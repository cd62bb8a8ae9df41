"""The deck page in a real Chromium: every card of every game's deck drawn as SVG from its face
(web/faces.py, static/cards.js), with its corner rank and suit emblem, named by its title, and no
two cards of a deck drawn alike, full size or small; and the one back."""

import pytest

from parlor.web.server import game_catalogue

from .test_browser import browser, create_from_lobby, new_page  # noqa: F401  (the browser fixture)

CATALOGUE = {g["id"]: g for g in game_catalogue()}


@pytest.fixture
def deck_page(browser, live_server):  # noqa: F811
    page = new_page(browser)
    page.goto(live_server.url + "/decks")
    page.wait_for_selector(".deck .card svg")
    yield page
    assert browser.errors == []


def drawn(page, game: str, row: str) -> list[dict]:
    """Each face card of one row of a game's deck: its code, label, corner rank, suit signs, markup."""
    return page.locator(f".deck[data-game='{game}'] .deckrow{row} .card[data-code]").evaluate_all("""ns => ns.map(n => ({
        code: n.dataset.code, label: n.getAttribute("aria-label"), title: n.title,
        rank: (n.querySelector("svg text.rank") || {}).textContent,
        suit: (n.querySelector("svg .suit") || {}).innerHTML, svg: n.querySelector("svg").outerHTML}))""")


@pytest.mark.parametrize("game", sorted(CATALOGUE))
@pytest.mark.parametrize("row", [":not(.small)", ".small"])
def test_every_card_of_every_deck_is_drawn_and_no_two_alike(deck_page, game, row):
    faces = CATALOGUE[game]["faces"]
    cards = drawn(deck_page, game, row)
    assert sorted(c["code"] for c in cards) == sorted(faces)
    for c in cards:
        f = faces[c["code"]]
        assert c["label"] == c["title"] == f["t"]
        assert c["rank"] == f["r"], c["code"]
        assert c["suit"], c["code"]  # a suit sign drawn, not an empty or missing one
    assert len({c["svg"] for c in cards}) == len(cards)
    # each suit's sign is its own shape (colour is never the only cue)
    signs = {faces[c["code"]]["s"]: c["suit"] for c in cards}
    assert len(set(signs.values())) == len(signs)


def test_the_decks_share_one_back(deck_page):
    backs = deck_page.locator(".deck .card.back svg").evaluate_all("ns => ns.map(n => n.outerHTML)")
    assert len(backs) == 2 * len(CATALOGUE) and len(set(backs)) == 1
    assert deck_page.locator(".deck .card.back").first.get_attribute("aria-label") == "face-down card"


def test_a_table_draws_its_hand_with_the_same_faces(browser, live_server):  # noqa: F811
    page = new_page(browser)
    create_from_lobby(page, live_server.url, "yokir", ["person", "computer", "computer"])
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-code] svg")
    faces = CATALOGUE["yokir"]["faces"]
    cards = page.locator("#hand .card[data-code]").evaluate_all(
        "ns => ns.map(n => [n.dataset.code, n.querySelector('svg text.rank').textContent, !!n.querySelector('svg .suit')])")
    assert len(cards) == 5
    assert all(rank == faces[code]["r"] and suit for code, rank, suit in cards)
    assert page.locator(".backs .card.back svg").count() > 0
    assert browser.errors == []
