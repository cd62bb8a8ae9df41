"""A real `parlor serve` killed with SIGKILL around a rated match's end (issue 35, "Measured":
kill -9 with rated tables in play, ratings updated exactly once). Each round plays a rated two-seat
Tőr match between the same two accounts to its last move, kills the server at once or a few
milliseconds later (before the move is stored, between it and the match's end, while or after the
ratings are written), starts it again on the same database and ends the match if it is not over:
after round n each account has exactly n rated matches, and the ratings are those of n updates.
SQLite and PostgreSQL (PARLOR_TEST_PG)."""

import json
import random
import time

import httpx2
import pytest
from websockets.sync.client import connect

from parlor import records
from parlor.core.ratings import START, Rating, rate
from parlor.web.accounts import Accounts, ratings_t
from parlor.web.people import SESSION_COOKIE
from parlor.web.store import Store

from .test_restart import ws_url

DELAYS = (0.0, 0.0005, 0.001, 0.002, 0.004, 0.01, 0.05, 0.3)  # seconds from the last move's sending to the kill
SPEC = {"game": "tor", "seats": 2, "options": {"deals": 1}, "pace_ms": 0, "rated": True, "grace_s": 600,
        "players": [{"kind": "person"}, {"kind": "person"}]}


def log_in(server, name) -> str:
    for path in ("/api/account/signup", "/api/account/login"):
        r = httpx2.post(server.url + path, json={"name": name, "password": "a good password"})
        if r.status_code == 200:
            return r.cookies[SESSION_COOKIE]
    raise AssertionError(r.text)


def sit(server, table_id, token, cookie):
    ws = connect(ws_url(server), additional_headers={"Cookie": f"{SESSION_COOKIE}={cookie}"})
    ws.send(json.dumps({"type": "hello", "table": table_id, "token": token}))
    return ws


LAST: dict = {}  # socket -> the last state message it got


def state_at(ws, sid: int) -> dict:
    """The socket's state message for state `sid` or later."""
    while LAST.get(ws) is None or LAST[ws]["sid"] < sid:
        m = json.loads(ws.recv(timeout=30))
        assert m["type"] != "error", m
        if m["type"] == "state":
            LAST[ws] = m
    return LAST[ws]


def play_to_the_last_move(sockets, rng, sid=0) -> tuple[int, bool]:
    """Moves from each seat's socket, none ending the deal for a few turns, then a drop as soon as
    one is legal: that move ends the one-deal match. Sent, not awaited; (its sid, whether the
    match was already over)."""
    for n in range(500):
        states = [state_at(ws, sid) for ws in sockets]
        m = states[0]
        if m["finished"]:
            return sid, True
        seat = m["view"]["to_act"]
        legal = states[seat]["view"]["legal"]
        assert legal, (seat, [(x["sid"], x["seat"], x["finished"], x["view"]["to_act"]) for x in states])
        drops = [a for a in legal if a.startswith("drop")]
        if drops and n >= 4:
            sockets[seat].send(json.dumps({"type": "act", "action": drops[0], "sid": sid}))
            return sid, False
        action = rng.choice([a for a in legal if not a.startswith("drop")] or legal)
        sockets[seat].send(json.dumps({"type": "act", "action": action, "sid": sid}))
        sid += 1
    raise AssertionError("no drop in 500 moves")


def ratings(db_url) -> dict[str, tuple[float, float, int]]:
    store = Store(db_url)
    try:
        Accounts(store)
        with store.engine.connect() as c:
            return {r.account: (r.mu, r.sigma, r.matches) for r in c.execute(ratings_t.select())}
    finally:
        store.close()


def moment(db_url, table_id, last: int) -> str:
    """Where the kill found the match's end in the database."""
    store = Store(db_url)
    try:
        row = store.load(table_id)
    finally:
        store.close()
    if row["status"] == "finished":
        return "the end and the ratings stored"
    return "the last move stored, not the end" if len(row["actions"]) > last else "the last move not stored"


@pytest.mark.slow
def test_rated_matches_killed_at_their_end_are_rated_exactly_once(db_url, make_server):
    rng = random.Random(3)
    finished = []
    for rounds, delay in enumerate(DELAYS, start=1):
        server = make_server(db_url)
        ana, ben = log_in(server, "Ana"), log_in(server, "Ben")
        while True:  # a deal won outright as the table is made is over unrated: another table
            t = httpx2.post(server.url + "/api/tables", json=SPEC, cookies={SESSION_COOKIE: ana}).json()
            tokens = [s["token"] for s in t["seats"]]
            sockets = [sit(server, t["id"], tokens[0], ana), sit(server, t["id"], tokens[1], ben)]
            if not state_at(sockets[0], 0)["finished"]:
                break
        tokens[1] = state_at(sockets[1], 0)["token"]  # Ben's invite, claimed: his seat's own link
        last, _ = play_to_the_last_move(sockets, rng)
        time.sleep(delay)
        server.kill()
        for ws in sockets:
            ws.close()
        killed_at = moment(db_url, t["id"], last)

        again = make_server(db_url)
        sockets = [sit(again, t["id"], tokens[0], ana), sit(again, t["id"], tokens[1], ben)]
        # the drop was lost with the server (never stored, never acknowledged): send it again
        _, over = play_to_the_last_move(sockets, rng, state_at(sockets[0], 0)["sid"])
        deadline = time.monotonic() + 30
        while httpx2.get(f"{again.url}/api/tables/{t['id']}/record").status_code != 200:
            assert time.monotonic() < deadline, "the match was not stored as finished after the restart"
            time.sleep(0.05)
        for ws in sockets:
            ws.close()
        print(f"killed {delay * 1000:g} ms after the last move: {killed_at}")  # pytest -s shows where
        finished.append(httpx2.get(f"{again.url}/api/tables/{t['id']}/record").json())
        again.kill()
        rows = ratings(db_url)
        assert {k: v[2] for k, v in rows.items()} == {"ana": rounds, "ben": rounds}, (delay, last, over)

    # and the ratings are those of exactly one update a match, in order, from the records
    want = {0: Rating(), 1: Rating()}
    for record in finished:
        want = rate(records.replay(record), want, {}, frozenset())
    rows = ratings(db_url)
    for seat, key in enumerate(("ana", "ben")):
        assert rows[key][:2] == pytest.approx((want[seat].mu, want[seat].sigma))
    assert rows["ana"][:2] != (START, Rating().sigma)
