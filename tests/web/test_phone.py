"""The table on a 390x844 phone and at 900x800: the header in two rows (the name and the buttons, then the
deal's facts); a completed trick's cards do not overlap one another (Meri's eight too) and its
sentence covers none of them; the end-of-deal banner is two small lines at most. On a laptop
too, Yokir's trick sentence covers no card. In every trick game, at 1280x800 and on the phone,
the completed trick's sentence covers no card and no card's label is cut short."""

import pytest

from .test_browser import PHONE, browser, new_page, person_table, step  # noqa: F401 - browser is a fixture

SEATS = {"yokir": 3, "joker": 4, "meri": 8}
LAPTOP = {"width": 1280, "height": 800}
SMALL = {"width": 900, "height": 800}  # a small laptop or a tablet: the side panel goes under the table

# The header's rows (distinct tops of its visible parts), and for the completed trick: pairs of
# cards that overlap, cards the sentence covers, and the least room between a card and a side
# seat's box level with it.
MEASURE = """() => {
  if (!document.querySelector("#trick.done")) return null;  // measured in the same task as the check
  const box = n => n.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const parts = [...document.querySelectorAll(".tbar > *")]
    .filter(n => n.getClientRects().length && !n.classList.contains("grow"));
  let rows = 0, bottom = -Infinity;  // a part starting below the row so far starts a new row
  for (const r of parts.map(box).sort((a, b) => a.top - b.top)) {
    if (r.top >= bottom - 2) { rows++; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom);
  }
  const cards = [...document.querySelectorAll("#trick .slot .card")].map(box);
  let overlaps = 0;
  cards.forEach((a, i) => cards.slice(i + 1).forEach(b => { if (meet(a, b)) overlaps++; }));
  const said = document.querySelector("#trick-won");
  const covered = said ? cards.filter(c => meet(c, box(said))).length : -1;
  const sides = [...document.querySelectorAll(".rim-l .seatbox, .rim-r .seatbox")].map(box);
  let room = Infinity;
  for (const c of cards) for (const s of sides) {
    if (c.top < s.bottom && s.top < c.bottom) room = Math.min(room, Math.max(s.left - c.right, c.left - s.right));
  }
  return { rows, cards: cards.length, overlaps, covered, room };
}"""


def played_until(browser, live_server, game: str, viewport: dict, measure: str) -> dict:
    """Seat 0 of a table of `game` against computers plays until `measure` (a page function)
    finds what it measures; what it measured. One evaluation both finds and measures: with two,
    the table can move on in between (a CI run measured the next trick's single card)."""
    n = SEATS[game]
    _, link = person_table(live_server, game, kinds=("person",) + ("computer",) * (n - 1))
    page = new_page(browser, viewport)
    page.emulate_media(reduced_motion="reduce")  # the cards where they settle, not flying in
    page.goto(link)
    page.wait_for_selector("#hand [data-code]")
    for _ in range(800):
        seen = page.evaluate(measure)
        if seen:
            return seen
        step(page)
        page.wait_for_timeout(30)
    raise AssertionError("never seen")


@pytest.mark.slow
@pytest.mark.parametrize("size", ["phone", "small"])
@pytest.mark.parametrize("game", ["meri", "yokir"])
def test_the_header_and_trick_are_tidy_on_a_phone_and_a_small_laptop(browser, live_server, game, size):
    """At 900x800 Meri's eight cards overlapped one another and its sentence, and the header
    took three rows ("Keys" alone on the last). On the phone Meri's four-wide grid of cards
    touched the side seats (2 px between them)."""
    seen = played_until(browser, live_server, game, PHONE if size == "phone" else SMALL, MEASURE)
    assert seen["rows"] <= 2, seen
    assert seen["cards"] == SEATS[game] and seen["overlaps"] == 0 and seen["covered"] == 0, seen
    assert seen["room"] >= 8, seen


@pytest.mark.slow
def test_yokirs_trick_sentence_covers_no_card_on_a_laptop(browser, live_server):
    """Three cards round the middle of a wide table: the sentence sat on the side cards' edges."""
    seen = played_until(browser, live_server, "yokir", LAPTOP, MEASURE)
    assert seen["cards"] == 3 and seen["overlaps"] == 0 and seen["covered"] == 0, seen


# The end-of-deal banner: its height, the header's, and whether the hand and the turn cue (when it
# is your turn) are inside the viewport.
BANNER = """() => {
  const banner = document.querySelector("[data-banner]");
  if (!banner) return null;
  const inside = n => { const r = n.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; };
  const cue = document.querySelector("#me .turn-cue");
  const status = banner.closest(".status").getBoundingClientRect().height;
  return { height: banner.getBoundingClientRect().height, bar: document.querySelector(".tbar").getBoundingClientRect().height, status,
           hand: inside(document.querySelector("#hand")), cue: cue ? inside(cue) : true };
}"""


@pytest.mark.slow
@pytest.mark.parametrize("game, size", [("yokir", "phone"), ("joker", "laptop")])
def test_the_end_of_deal_banner_is_compact(browser, live_server, game, size):
    """Two small lines at most: on a phone it was 54 px, three lines; at 1280x800 Joker's long
    result took two tall lines and pushed the hand below the fold. On the laptop the header is one
    row (with the keys on its buttons and the trump fact, "Keys" took a second row and the hand
    was pushed out again) and the banner sits beside "Your turn", not under it."""
    seen = played_until(browser, live_server, game, PHONE if size == "phone" else LAPTOP, BANNER)
    assert seen["height"] <= 42 and seen["hand"] and seen["cue"], seen
    if size == "laptop":
        assert seen["bar"] < 60 and seen["status"] < 60, seen


# The completed trick: the cards its sentence meets (by their boxes, not a pixel of slack) and
# every label shown on a card or under a trick card that is cut short (more text than its box).
CLEAR = """() => {
  if (!document.querySelector("#trick.done")) return null;
  const box = n => n.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const said = box(document.querySelector("#trick-won"));
  const cards = [...document.querySelectorAll(".card")].filter(n => n.getClientRects().length);
  const labels = [...document.querySelectorAll(".card .role, #trick .who")]
    .filter(n => n.getClientRects().length && getComputedStyle(n).clipPath === "none");  // not the hidden names
  return { cards: document.querySelectorAll("#trick .slot .card").length,
           covered: cards.filter(c => meet(box(c), said)).map(c => c.dataset.code || "back"),
           cut: labels.filter(n => n.scrollWidth > n.clientWidth || n.scrollHeight > n.clientHeight + 1)
             .map(n => n.textContent) };
}"""


@pytest.mark.slow
@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_trick_sentence_covers_no_card_and_labels_are_whole(browser, live_server, game, size):
    """Meri at 1280x800: the sentence lay across two cards' edges and "trump Robai" read "trump R..."."""
    seen = played_until(browser, live_server, game, PHONE if size == "phone" else LAPTOP, CLEAR)
    assert seen["cards"] == SEATS[game] and seen["covered"] == [] and seen["cut"] == [], seen
