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
    client.cookies.clear()
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
