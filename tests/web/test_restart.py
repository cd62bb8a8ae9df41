"""A real `parlor serve` killed mid-game (no shutdown code runs) and started again on the same
database: the table resumes where it was, every acknowledged move kept, and the game goes on."""

import json

import httpx2
from websockets.sync.client import connect

from parlor import records
from parlor.core.rng import Rng


def ws_url(server):
    return f"ws://127.0.0.1:{server.port}/ws"


def next_state(ws):
    while True:
        m = json.loads(ws.recv(timeout=20))
        if m["type"] == "state":
            return m
        assert m["type"] != "error", m


def my_turn(ws, seat, m):
    while not (m["finished"] or m["view"]["to_act"] == seat):
        m = next_state(ws)
    return m


def test_a_killed_server_restarts_and_the_game_continues(tmp_path, make_server):
    db = f"sqlite:///{tmp_path / 'restart.sqlite'}"
    server = make_server(db)
    spec = {"game": "yokir", "options": {"target": 5}, "pace_ms": 0, "grace_s": 600,
            "players": [{"kind": "person"}, {"kind": "computer", "level": "random"},
                        {"kind": "computer", "level": "random"}]}
    t = httpx2.post(server.url + "/api/tables", json=spec).json()
    token = t["seats"][0]["token"]
    rng = Rng(9)
    seen = {}
    with connect(ws_url(server)) as ws:
        ws.send(json.dumps({"type": "hello", "table": t["id"], "token": token}))
        m = next_state(ws)
        for _ in range(4):
            m = my_turn(ws, 0, m)
            ws.send(json.dumps({"type": "act", "action": rng.choice(m["view"]["legal"]), "sid": m["sid"]}))
            m = next_state(ws)  # the acknowledgement: our move, stored and applied
            seen.update({e["i"]: e["action"] for e in m["log"]})
        acknowledged = m["sid"]
    server.kill()

    again = make_server(db)
    with connect(ws_url(again)) as ws:
        ws.send(json.dumps({"type": "hello", "table": t["id"], "token": token}))
        m = next_state(ws)
        assert m["snapshot"] and m["seat"] == 0 and m["sid"] >= acknowledged
        resumed = {e["i"]: e["action"] for e in m["log"]}
        assert all(resumed[i] == a for i, a in seen.items() if i in resumed)
        while not m["finished"]:
            m = my_turn(ws, 0, m)
            if m["finished"]:
                break
            ws.send(json.dumps({"type": "act", "action": rng.choice(m["view"]["legal"]), "sid": m["sid"]}))
            m = next_state(ws)
    record = httpx2.get(f"{again.url}/api/tables/{t['id']}/record").json()
    assert all(record["actions"][i] == a for i, a in seen.items())
    assert records.replay(record).scores == m["scores"]
