"""What the table shows is readable and belongs there: the invite link box and the links at the
end of a match, each measured as WCAG contrast against the background it is drawn over (the
ancestors' colours composited, as the eye sees them); a Last trick button only where there are tricks."""

import pytest

from .test_browser import api, browser, new_page, person_table, wait_finished  # noqa: F401 - browser is a fixture

# The contrast of `selector`'s first element: its text colour against its ancestors' backgrounds
# laid one over the other from the page's white up.
CONTRAST = """sel => {
  const rgba = s => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const node = document.querySelector(sel);
  const layers = [];
  for (let n = node; n; n = n.parentElement) layers.push(rgba(getComputedStyle(n).backgroundColor));
  let bg = [255, 255, 255, 1];
  for (const layer of layers.reverse()) bg = over(layer, bg);
  const fg = over(rgba(getComputedStyle(node).color), bg);
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.slow
def test_the_invite_link_is_readable_on_its_box(browser, live_server):
    _, link = person_table(live_server, "yokir", kinds=("person", "person", "computer"))
    page = new_page(browser)
    page.goto(link)
    page.wait_for_selector("[data-invite]")
    assert page.evaluate(CONTRAST, "[data-invite]") >= 4.5


@pytest.mark.slow
def test_the_links_at_the_end_of_a_match_are_readable(browser, live_server):
    table = api(live_server, "/api/tables", {
        "game": "tor", "seats": 2, "options": {"deals": 1}, "pace_ms": 0, "open": True,
        "players": [{"kind": "computer", "level": "random"}] * 2})
    wait_finished(live_server, table["id"])
    page = new_page(browser)
    page.goto(f"{live_server.url}/table/{table['id']}")
    page.wait_for_selector("#record-link")
    for link in ("#record-link", "#finished a[href^='/replay/']"):
        assert page.evaluate(CONTRAST, link) >= 4.5, link


@pytest.mark.slow
def test_only_a_trick_game_offers_its_last_trick(browser, live_server):
    for game, kinds, offered in (("tor", ("person", "computer", "computer", "computer"), False),
                                 ("yokir", ("person", "computer", "computer"), True)):
        _, link = person_table(live_server, game, kinds=kinds)
        page = new_page(browser)
        page.goto(link)
        page.wait_for_selector("#hand [data-code]")
        assert page.locator("#b-last").is_visible() is offered, game
        page.keyboard.press("l")
        assert page.locator("dialog[open]").count() == (1 if offered else 0), game
