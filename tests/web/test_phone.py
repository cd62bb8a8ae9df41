"""The table on a 390x844 phone: the header in two rows (the name and the buttons, then the
deal's facts); a completed trick's cards do not overlap one another (Meri's eight too) and its
sentence covers none of them."""

import pytest

from .test_browser import PHONE, browser, new_page, person_table, step  # noqa: F401 - browser is a fixture

SEATS = {"yokir": 3, "meri": 8}

# The header's rows (distinct tops of its visible parts), and for the completed trick: pairs of
# cards that overlap, cards the sentence covers.
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
  return { rows, cards: cards.length, overlaps, covered };
}"""


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_phone_header_and_trick_are_tidy(browser, live_server, game):
    n = SEATS[game]
    _, link = person_table(live_server, game, kinds=("person",) + ("computer",) * (n - 1))
    page = new_page(browser, PHONE)
    page.emulate_media(reduced_motion="reduce")  # the cards where they settle, not flying in
    page.goto(link)
    page.wait_for_selector("#hand [data-code]")
    for _ in range(800):
        # one evaluation both finds the completed trick and measures it: with two, the table can
        # move on to the next trick in between (a CI run measured one card)
        seen = page.evaluate(MEASURE)
        if seen:
            break
        step(page)
        page.wait_for_timeout(30)
    else:
        raise AssertionError("no completed trick was shown")
    assert seen["rows"] <= 2, seen
    assert seen["cards"] == n and seen["overlaps"] == 0 and seen["covered"] == 0, seen
