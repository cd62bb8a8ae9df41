"""Fair deals at the browser table (web/fair.py): the commitment comes before the first deal,
each person's seed is added, the finished record reveals the server seed and verifies, and
/api/verify names the first deal a tampered record gets wrong."""

import json

from .test_protocol import hello, receive, wait_for

TOR = {"game": "tor", "seats": 2, "options": {"deals": 2}, "pace_ms": 0, "grace_s": 0}


def fair_table(client, seed="a1b2c3"):
    commitment = client.post("/api/fair").json()["commitment"]
    spec = {**TOR, "players": [{"kind": "person"}, {"kind": "person"}],
            "fair": {"commitment": commitment, "seed": seed}}
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 200, r.text
    another_browser(client)
    return commitment, r.json()


def finish(client, table_id):
    with client.websocket_connect("/ws") as watcher:  # the stand-ins play while someone watches
        hello(watcher, table_id)
        wait_for(lambda: client.server.tables[table_id].match.finished)


def test_a_fair_table_commits_first_adds_each_persons_seed_and_its_record_verifies(app_client):
    commitment, t = fair_table(app_client)
    with app_client.websocket_connect("/ws") as ws:  # the second person sits down during deal 1
        ws.send_text(json.dumps({"type": "hello", "table": t["id"], "token": t["seats"][1]["token"],
                                 "seed": "joiner"}))
        m = receive(ws)
        assert m["view"]["deal"] == 1 and m["fair"] == {
            "version": 1, "commitment": commitment, "client_seeds": [[1, "a1b2c3"], [2, "joiner"]]}
        assert "server_seed" not in json.dumps(m)
    finish(app_client, t["id"])
    record = app_client.get(f"/api/tables/{t['id']}/record").json()
    assert record["fair"]["client_seeds"] == [[1, "a1b2c3"], [2, "joiner"]]
    assert len(record["fair"]["server_seed"]) == 64
    verdict = app_client.post("/api/verify", json=record).json()
    assert verdict == {"verified": True, "deals": 2, "differences": []}

    # a seed the record claims from deal 2 on that nobody sent: deal 2 is named, deal 1 is not
    record["fair"]["client_seeds"][1][1] = "forged"
    verdict = app_client.post("/api/verify", json=record).json()
    assert not verdict["verified"] and verdict["differences"][0].startswith("deal 2: ")
    assert not any(d.startswith("deal 1:") for d in verdict["differences"])


def test_a_commitment_is_used_once_and_a_bad_seed_is_refused_in_one_line(app_client):
    commitment, _ = fair_table(app_client)
    r = app_client.post("/api/tables", json={**TOR, "fair": {"commitment": commitment, "seed": "x"}})
    assert r.status_code == 400 and "used already" in r.json()["error"]
    fresh = app_client.post("/api/fair").json()["commitment"]
    r = app_client.post("/api/tables", json={**TOR, "fair": {"commitment": fresh, "seed": "\n"}})
    assert r.status_code == 400 and "printable" in r.json()["error"]


def test_the_table_made_again_after_a_restart_deals_from_the_same_seeds(app_client):
    from parlor.web.table import Table
    _, t = fair_table(app_client)
    live = app_client.server.tables[t["id"]]
    row = app_client.portal.call(app_client.server.db, app_client.server.store.load, t["id"])

    async def rebuilt():
        return Table.from_row(app_client.server, row).match
    again = app_client.portal.call(rebuilt)
    assert again.fair == live.match.fair and again.explicit == live.match.explicit


def test_verify_says_why_a_record_without_fair_seeds_cannot_be_verified(app_client):
    r = app_client.post("/api/verify", json={"game": "yokir", "seed": 4, "actions": []})
    assert r.status_code == 400 and "no fair-deal seeds" in r.json()["error"]
    r = app_client.post("/api/verify", json=[1])
    assert r.status_code == 400


# --- in Chromium

from . import test_browser  # noqa: E402
from .test_browser import PHONE, new_page, shot  # noqa: E402
from .conftest import another_browser

browser = test_browser.browser  # the fixture: Chromium on a fresh profile


@test_browser.pytestmark
def test_a_browser_match_deals_fairly_and_its_record_verifies_on_the_verify_page(browser, live_server, tmp_path):
    page = new_page(browser)
    page.goto(live_server.url + "/")
    # the lobby's own code: the commitment asked for first, then this browser's seed with the table
    made = page.evaluate("""async () => {
        const { createTable } = await import('/static/common.js');
        return createTable({ game: 'tor', seats: 2, options: { deals: 2 }, pace_ms: 0,
                             players: [{ kind: 'computer', level: 'rules' }, { kind: 'computer', level: 'rules' }] });
    }""")
    page.goto(f"{live_server.url}/table/{made['id']}")  # watching: the computers play it out
    page.wait_for_selector("#commitment")
    page.wait_for_selector("#verify-link", timeout=30000)
    shot(page, tmp_path, "fair-table-finished")
    assert "null" not in page.locator("#finished").inner_text()  # a watcher: no seat to take again
    page.click("#verify-link")
    page.wait_for_selector("#verdict .verified", timeout=20000)
    assert page.locator("#verdict").inner_text() == (
        "Verified: the server seed matches its commitment, and all 2 deals are the ones the seeds deal.")
    record = test_browser.api(live_server, f"/api/tables/{made['id']}/record")
    [[first, seed]] = record["fair"]["client_seeds"]
    assert first == 1 and len(seed) == 32 and int(seed, 16) >= 0  # the browser's 32 hex digits
    shot(page, tmp_path, "fair-verified")

    # a tampered record, pasted: the first deal that differs is named
    record["fair"]["client_seeds"].append([2, "not-a-players-seed"])
    phone = new_page(browser, PHONE)
    phone.goto(live_server.url + "/verify")
    phone.fill("#record", json.dumps(record))
    phone.click("#verify-btn")
    phone.wait_for_selector("#differences li")
    assert phone.locator("#differences li").first.inner_text().startswith("deal 2: ")
    assert "Not verified" in phone.locator("#verdict").inner_text()
    shot(phone, tmp_path, "fair-tampered-phone")
    assert not browser.errors


@test_browser.pytestmark
def test_the_lobby_one_click_table_shows_its_commitment(browser, live_server):
    page = new_page(browser)
    page.goto(live_server.url + "/")
    page.click("#play-yokir")
    page.wait_for_url("**/table/*#seat=*")
    page.wait_for_selector("#commitment")
    assert len(page.locator("#commitment").get_attribute("title")) == 64
    assert not browser.errors
