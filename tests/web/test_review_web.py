"""The review of a finished match in the browser: the JSON endpoint (started by the first ask,
then its progress, then the review; only for a finished match; any seat), and the review page
drawn from it, its chart in inline SVG, reached from the table's end-of-match box."""

import json
import time
import urllib.error
from pathlib import Path

import pytest

from .test_browser import api, browser, new_page, wait_finished, PHONE  # noqa: F401 (browser: a fixture)

SHOTS = Path("/tmp/review-shots")


def finished_joker(server) -> dict:
    """A two-deal Joker match of computers, played to its end."""
    table = api(server, "/api/tables", {
        "game": "joker", "options": {"schedule": [["1", "2"]]}, "pace_ms": 0, "open": True,
        "players": [{"kind": "computer", "level": "rules"}] * 4})
    wait_finished(server, table["id"])
    return table


def reviewed(server, table_id, seat, seconds=60) -> dict:
    deadline = time.monotonic() + seconds
    seen = []
    while time.monotonic() < deadline:
        d = api(server, f"/api/tables/{table_id}/review?seat={seat}")
        seen.append(d["status"])
        if d["status"] == "done":
            return {**d, "seen": seen}
        assert d["status"] == "running", d
        assert d["total"] is None or 0 <= d["done"] <= d["total"]
        time.sleep(0.2)
    raise AssertionError("the review did not finish")


def error_of(server, path) -> tuple[int, str]:
    try:
        api(server, path)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())["error"]
    raise AssertionError(f"{path} was answered")


def test_the_review_endpoint(live_server):
    table = finished_joker(live_server)
    d = reviewed(live_server, table["id"], 2)
    assert d["seen"][0] == "running"  # the first ask starts it
    r = d["review"]
    record = api(live_server, f"/api/tables/{table['id']}/record")
    assert r["game"] == "joker" and r["seat"] == 2 and r["names"] == record["names"] and r["finished"]
    assert [x["deal"] for x in r["deals"]] == [1, 2] and r["budget"] == 400
    # each choice is a move seat 2 made in the record
    for c in r["choices"]:
        assert record["actions"][c["index"]] == c["played"]
    again = api(live_server, f"/api/tables/{table['id']}/review?seat=2")  # kept: no second search
    assert again == {"status": "done", "review": r}
    # a seat by name, a seat that is none, an unknown table, a match not over
    assert reviewed(live_server, table["id"], record["names"][1])["review"]["seat"] == 1
    assert error_of(live_server, f"/api/tables/{table['id']}/review?seat=7") == (
        400, "no seat 7: the seats are 0 to 3, or by name " + ", ".join(record["names"]))
    assert error_of(live_server, "/api/tables/nope/review")[0] == 404
    playing = api(live_server, "/api/tables", {"game": "joker"})  # a person's seat: it waits for them
    assert error_of(live_server, f"/api/tables/{playing['id']}/review") == (400, "a match is reviewed when it is over")


@pytest.mark.parametrize("viewport, name", [({"width": 1280, "height": 800}, "desktop"), (PHONE, "phone")])
def test_the_review_page_from_the_end_of_the_match(browser, live_server, viewport, name):  # noqa: F811
    table = finished_joker(live_server)
    page = new_page(browser, viewport)
    page.goto(f"{live_server.url}/table/{table['id']}")  # a spectator: the review of seat 0 by default
    page.click("#review-link")
    page.wait_for_url("**/review/**")
    page.wait_for_selector("#costly-panel:not(.hidden)", timeout=60_000)
    record = api(live_server, f"/api/tables/{table['id']}/record")
    assert page.locator("#heading").inner_text() == f"Review of {record['names'][0]}"
    # the chart: a running score line a seat, a bar a deal, in the page's own SVG
    assert page.locator("#chart svg polyline").count() == 4
    # drawn in each seat's colour, the legend a row of swatches: the page's CSP refuses an inline
    # <style> and a style attribute, which once left the lines unstroked and the legend bare
    strokes = page.eval_on_selector_all("#chart svg polyline", "ls => ls.map(l => getComputedStyle(l).stroke)")
    assert "none" not in strokes and len(set(strokes)) == 4, strokes
    assert page.eval_on_selector(".rv-legend", "n => getComputedStyle(n).display") == "flex"
    assert page.locator("#chart svg rect.lost").count() == 2
    assert page.locator("#deals tr").count() == 3
    costliest = api(live_server, f"/api/tables/{table['id']}/review?seat=0")["review"]["costliest"]
    assert page.locator("#costly li").count() == len(costliest)
    assert page.locator("#costly-none").is_visible() == (not costliest)  # "None: every move ... best"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"review-{name}.png"), full_page=True)
    # another seat's review, chosen on the page
    page.select_option("#seat", "3")
    page.wait_for_function(f"() => document.querySelector('#heading').innerText === 'Review of {record['names'][3]}'",
                           timeout=60_000)
    assert "seat=3" in page.url
    # the heading comes with the first progress; the chart once seat 3's review is done
    page.wait_for_function("""() => { const line = document.querySelector("#chart svg polyline[stroke-width='3']");
                                      return line && line.dataset.seat === "3"; }""", timeout=60_000)
    assert not browser.errors


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_the_review_worker_leaves_with_a_killed_server(make_server, tmp_path):
    """A killed server's review worker would wait for work forever, and its fork server with it."""
    server = make_server(f"sqlite:///{tmp_path / 'k.sqlite'}")
    reviewed(server, finished_joker(server)["id"], 0)
    workers = [c for p in _children(server.proc.pid) for c in [p, *_children(p)]]
    assert len(workers) >= 2  # the fork server and the worker (and the resource tracker)
    server.kill()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in workers):
        time.sleep(0.1)
    alive = [p for p in workers if Path(f"/proc/{p}").exists()]
    assert not alive, alive
