"""F6: the server's searches run in worker processes it owns, at a lower OS priority, and end with
it; a hint never waits behind a replay (the one request thread) or another table's search."""

import json
import signal
import threading
import time

import pytest
from websockets.sync.client import connect

from parlor.bots import pool

from .test_browser import api
from .test_protocol import create, hello, my_turn, token, until
from .test_stop import assert_ended, descendants


def niceness(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[16])


@pytest.mark.slow
def test_a_strong_computers_search_runs_in_a_lowered_worker_that_stopping_ends(make_server, tmp_path):
    server = make_server(f"sqlite:///{tmp_path / 'strong.sqlite'}")
    table = api(server, "/api/tables", {"game": "tor", "seats": 2, "pace_ms": 0,
                                        "players": [{"kind": "computer", "level": "strong"}] * 2})
    lowered = min(niceness(server.proc.pid) + pool.SEARCH_NICE, 19)
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:  # the computers play while watched
        ws.send(json.dumps({"type": "hello", "table": table["id"], "token": None}))
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while time.monotonic() < deadline and not workers:
            # a strong search is one lane: it used to run in a thread of the server's own
            workers = {p for p in descendants(server.proc.pid) if niceness(p) >= lowered}
            time.sleep(0.05)
        assert workers, "no search ran in a worker process at a lower priority"
        started = descendants(server.proc.pid)
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(30)
    assert_ended(started)


def test_a_hint_is_answered_while_a_replay_holds_the_request_thread_and_another_table_searches(app_client):
    server = app_client.server
    r = app_client.post("/api/tables", json={
        "game": "tor", "seats": 2, "pace_ms": 0, "options": {"deals": 1000},
        "players": [{"kind": "computer", "level": "strong"}] * 2})
    assert r.status_code == 200, r.text
    searching = r.json()["id"]
    table = server.tables[searching]
    started, hinted = threading.Event(), threading.Event()
    search = table.session.computer_move

    def mid_move(*args):  # a real search, and the table's move held until the hint is in
        started.set()
        move = search(*args)
        hinted.wait(120)
        return move
    table.session.computer_move = mid_move
    replaying = threading.Event()
    # a long replay (issue 35: one took 12 s) on the request thread, held until the hint is in
    replay = server.request_pool.submit(replaying.wait, 120)
    t = create(app_client, kinds=("person", "computer", "computer"))
    try:
        with app_client.websocket_connect("/ws") as watcher, app_client.websocket_connect("/ws") as ws:
            hello(watcher, searching)  # its computers search while watched
            assert started.wait(60)
            m = hello(ws, t["id"], token(t, 0))
            if m["view"]["to_act"] != 0:
                m = until(ws, my_turn(0))
            ws.send_text(json.dumps({"type": "hint", "sid": m["sid"]}))
            h = until(ws, lambda x: x["type"] == "hint")
            assert not replay.done(), "the hint waited for the replay"
            assert table in server.computers.running, "the other table's move was over"
            assert h["sid"] == m["sid"] and h["hints"], h
            assert h["hints"][0]["action"] in m["view"]["legal"]
    finally:
        replaying.set()
        hinted.set()
