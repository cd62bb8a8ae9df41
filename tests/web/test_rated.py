"""Rated tables (issue 35): made by an account, seated by accounts only, every account's rating
updated once when the match ends, in the transaction that stores its end; an abandoner ranked
last; a disconnect within the grace no abandoning. SQLite and PostgreSQL."""

import contextlib
import itertools
import json
import random

import pytest
from starlette.testclient import TestClient

from parlor.core.ratings import START
from parlor.web import create_app
from parlor.web.accounts import Accounts, ratings_t
from parlor.web.people import SESSION_COOKIE
from parlor.web.store import Store

from .test_protocol import hello, receive, token, wait_for
from .conftest import another_browser

TOR = {"game": "tor", "seats": 2, "options": {"deals": 1}, "pace_ms": 0}


@contextlib.contextmanager
def client_on(db_url):
    seeds = itertools.count(7)
    app = create_app(db_url, seeds=lambda: next(seeds))
    with TestClient(app) as client:
        client.server = app.state.server
        yield client


def sign_up(client, name) -> str:
    r = client.post("/api/account/signup", json={"name": name, "password": "a good password"})
    assert r.status_code == 200, r.text
    cookie = client.cookies.get(SESSION_COOKIE)
    another_browser(client)
    return cookie


def as_(cookie):
    return {"cookie": f"{SESSION_COOKIE}={cookie}"} if cookie else {}


def rated_table(client, host_cookie, **extra) -> dict:
    spec = {**TOR, "players": [{"kind": "person"}, {"kind": "person"}], "rated": True, **extra}
    r = client.post("/api/tables", json=spec, headers=as_(host_cookie))
    assert r.status_code == 200, r.text
    return r.json()


def move(live, ws, seat, rng, keep_on=False) -> None:
    """A legal move of `seat` from its socket (at random: the first legal move may never end a
    deal); `keep_on`: not one that ends the deal, if there is another."""
    sid = live.sid
    legal = live.match.view(seat)["legal"]
    if keep_on:
        legal = [a for a in legal if not a.startswith("drop")] or legal
    ws.send_text(json.dumps({"type": "act", "action": rng.choice(legal), "sid": sid}))
    wait_for(lambda: live.sid > sid)


def play_out(live, sockets) -> None:
    """The match to its end, each seat moving from its socket."""
    rng = random.Random(5)
    while not live.match.finished:
        seat = live.match.to_act()
        move(live, sockets[seat], seat, rng)


def ratings(db_url) -> dict:
    store = Store(db_url)
    try:
        accounts = Accounts(store)
        with store.engine.connect() as c:
            return {r.account: (r.mu, r.matches) for r in c.execute(ratings_t.select())}
    finally:
        store.close()


@pytest.fixture
def two(db_url):
    with client_on(db_url) as client:
        ana, ben = sign_up(client, "Ana"), sign_up(client, "Ben")
        yield client, ana, ben


def test_a_rated_table_is_made_by_an_account_and_bears_its_name(two):
    client, ana, _ = two
    spec = {**TOR, "players": [{"kind": "person"}, {"kind": "person"}], "rated": True}
    guest = client.post("/api/tables", json=spec)
    assert guest.status_code == 400
    assert guest.json()["error"] == "log in to make a rated table: ratings are kept for accounts"
    nobody = client.post("/api/tables", json={**spec, "players": [{"kind": "computer"}] * 2}, headers=as_(ana))
    assert nobody.json()["error"] == "a rated table needs your own seat: ratings are for people"
    t = rated_table(client, ana, open=True)
    assert t["seats"][0]["name"] == "Ana"
    assert client.server.tables[t["id"]].seats[0].account == "ana"
    assert [(x["id"], x["rated"]) for x in client.get("/api/lobby").json()["open"]] == [(t["id"], True)]
    # a guest may not join it from the lobby either
    another_browser(client)  # another browser than the creator's
    joined = client.post(f"/api/tables/{t['id']}/join", json={"seat": 1})
    assert joined.status_code == 400 and joined.json()["error"] == "this table is rated: log in to take a seat"


def test_a_guest_watches_a_rated_table_until_logged_in_and_one_account_takes_one_seat(two):
    client, ana, ben = two
    t = rated_table(client, ana)
    live = client.server.tables[t["id"]]
    with client.websocket_connect("/ws") as ws:  # a guest with the invite link
        hello(ws, t["id"], token(t, 1))
        m = receive(ws)
        assert m["type"] == "error" and m["message"] == (
            "this table is rated: log in to take a seat; you are watching the table")
    assert not live.seats[1].claimed  # the invite is still unused
    with client.websocket_connect("/ws", headers=as_(ana)) as ws:  # Ana sits at seat 0 already
        hello(ws, t["id"], token(t, 1))
        assert receive(ws)["message"] == "you already sit at seat 0 of this table; you are watching the table"
    with client.websocket_connect("/ws", headers=as_(ben)) as ws:
        m = hello(ws, t["id"], token(t, 1))
        assert m["seat"] == 1 and m["settings"]["rated"] is True
    assert (live.seats[1].account, live.seats[1].name) == ("ben", "Ben")
    # and Ben's account lists the table, in any browser
    mine = client.post("/api/mine", json={}, headers=as_(ben)).json()["tables"]
    assert [(r["id"], r["seat"]) for r in mine] == [(t["id"], 1)]


def test_a_rated_match_over_before_every_seat_is_taken_rates_nobody(db_url):
    # Tőr's seed 115 deals an instant win: the match ends when the table is made, before the
    # friend's invite is claimed; nobody's rating may change against an empty seat
    app = create_app(db_url, seeds=lambda: 115)
    with TestClient(app) as client:
        client.server = app.state.server
        ana = sign_up(client, "Ana")
        t = rated_table(client, ana)
        live = client.server.tables[t["id"]]
        wait_for(lambda: live.stored_finish)
        assert live.match.finished and live.sid == 0 and not live.seats[1].claimed
        assert client.get(f"/api/tables/{t['id']}/record").status_code == 200
    assert ratings(db_url) == {}


def test_a_rated_match_rates_both_accounts_once_even_across_restarts(db_url):
    with client_on(db_url) as client:
        ana, ben = sign_up(client, "Ana"), sign_up(client, "Ben")
        t = rated_table(client, ana)
        live = client.server.tables[t["id"]]
        with client.websocket_connect("/ws", headers=as_(ana)) as a, \
                client.websocket_connect("/ws", headers=as_(ben)) as b:
            hello(a, t["id"], token(t, 0))
            hello(b, t["id"], token(t, 1))
            play_out(live, [a, b])
            wait_for(lambda: live.stored_finish)
        board = client.get("/api/leaderboard/tor").json()["board"]
        assert sorted((e["name"], e["matches"]) for e in board) == [("Ana", 1), ("Ben", 1)]
        # the rematch is rated too, every seat held by the same account
        again = client.post(f"/api/tables/{t['id']}/again", json={"token": live.seats[1].token}).json()
        new = client.server.tables[again["id"]]
        assert new.rated and [s.account for s in new.seats] == ["ana", "ben"]
    first = ratings(db_url)
    assert {k: n for k, (_, n) in first.items()} == {"ana": 1, "ben": 1}
    assert first["ana"][0] != START and first["ben"][0] != START
    with client_on(db_url) as client:  # a restart from the store rates nothing again
        client.get("/api/tables/" + t["id"] + "/record")
    store = Store(db_url)
    assert store.finish(t["id"], {"again": True}, then=lambda c: pytest.fail("rated twice")) is False
    store.close()
    assert ratings(db_url) == first


def test_a_crash_between_the_last_move_and_the_end_rates_once_at_the_restart(db_url, monkeypatch):
    with client_on(db_url) as client:
        ana, ben = sign_up(client, "Ana"), sign_up(client, "Ben")
        t = rated_table(client, ana)
        live = client.server.tables[t["id"]]
        # the server dies after storing the last move, before the end (and the ratings) commit
        monkeypatch.setattr(client.server.store, "finish", lambda *a: (_ for _ in ()).throw(OSError("killed")))
        with client.websocket_connect("/ws", headers=as_(ana)) as a, \
                client.websocket_connect("/ws", headers=as_(ben)) as b:
            hello(a, t["id"], token(t, 0))
            hello(b, t["id"], token(t, 1))
            play_out(live, [a, b])
    assert ratings(db_url) == {}
    with client_on(db_url) as client:  # resumed: its end stored, and rated, now
        wait_for(lambda: client.server.tables[t["id"]].stored_finish)
        assert client.get(f"/api/tables/{t['id']}/record").status_code == 200
    with client_on(db_url):
        pass
    assert {k: n for k, (_, n) in ratings(db_url).items()} == {"ana": 1, "ben": 1}


def test_the_end_and_the_ratings_are_kept_together_or_not_at_all(db_url):
    store = Store(db_url)
    store.create_table("t1", "tor", {}, 2, ["A", "B"], 1, {}, [
        {"seat": s, "kind": "person", "level": "casual", "name": n, "token": n, "claimed": True} for s, n in enumerate("AB")])

    def broken(c):
        raise OSError("the ratings could not be written")
    with pytest.raises(OSError):
        store.finish("t1", {"actions": []}, then=broken)
    assert store.load("t1")["status"] == "playing"  # the end rolled back with the ratings
    assert store.finish("t1", {"actions": []}) is True
    store.close()


def test_a_person_gone_past_the_grace_is_ranked_last_and_a_short_disconnect_is_not(two):
    client, ana, ben = two
    t = rated_table(client, ana, grace_s=0)
    live = client.server.tables[t["id"]]
    with client.websocket_connect("/ws", headers=as_(ben)) as b:
        with client.websocket_connect("/ws", headers=as_(ana)) as a:
            hello(a, t["id"], token(t, 0))
        hello(b, t["id"], token(t, 1))  # Ana left: her stand-in plays from her next turn on
        rng = random.Random(5)
        while not live.match.finished:
            seat, sid = live.match.to_act(), live.sid
            if seat == 1:
                move(live, b, 1, rng, keep_on=sid < 4)  # Ana's stand-in moves before the end
            else:
                wait_for(lambda: live.sid > sid)
        wait_for(lambda: live.stored_finish)
    assert live.settings["abandoned"] == [0]
    after = ratings(client.server.store.url)
    assert after["ana"][0] < START < after["ben"][0]  # whatever the scores: Ana abandoned

    t = rated_table(client, ana)  # a grace of a minute: leaving and coming back is no abandoning
    live = client.server.tables[t["id"]]
    with client.websocket_connect("/ws", headers=as_(ben)) as b:
        with client.websocket_connect("/ws", headers=as_(ana)) as a:
            hello(a, t["id"], token(t, 0))
        hello(b, t["id"], token(t, 1))
        with client.websocket_connect("/ws", headers=as_(ana)) as a:
            hello(a, t["id"], token(t, 0))
            play_out(live, [a, b])
            wait_for(lambda: live.stored_finish)
    assert "abandoned" not in live.settings
