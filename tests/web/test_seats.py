"""Who may sit where. The creator's seat is the host's for good; a joiner gets one seat and no
host powers; a seat token is looked up under the table's lock, so a link racing a seat change
never sits at a seat that is no longer its own; a person's stand-in is always the middling
computer; a host who is not coming back does not stall the table; a malformed body gets a reason;
a private table's record is not listed."""

import asyncio
import json

from starlette.testclient import TestClient

from parlor.session import standin_level
from parlor.web import create_app
from parlor.web.server import Server

from .test_protocol import create, hello, receive, token, until, wait_for
from .test_queue import Socket
from .test_store import FakeConn, attach, settle
from .conftest import another_browser


def fill_error(ws, seat):
    ws.send_text(json.dumps({"type": "fill", "seat": seat}))
    return until(ws, lambda x: x["type"] == "error")["message"]


# --- the host


def test_the_creators_seat_is_never_free_and_a_joiner_gets_no_host_powers(app_client):
    t = create(app_client, kinds=("person", "person", "computer"), open=True)
    tid = t["id"]
    listed = {x["id"]: x for x in app_client.get("/api/lobby").json()["open"]}
    assert listed[tid]["free"] == [1]
    r = app_client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Mallory"})
    assert r.status_code == 400 and "not free" in r.json()["error"]
    another_browser(app_client)
    joined = app_client.post(f"/api/tables/{tid}/join", json={"seat": 1}).json()
    with app_client.websocket_connect("/ws") as host, app_client.websocket_connect("/ws") as guest:
        m = hello(host, tid, token(t, 0))  # the creator's link still opens the creator's seat
        assert m["seat"] == 0 and m["host"] == 0 and "invites" in m
        g = hello(guest, tid, joined["token"])
        assert g["seat"] == 1 and g["host"] == 0 and "invites" not in g
        assert "only the host" in fill_error(guest, 1)


def test_a_guest_who_drops_cookies_gets_no_second_seat_even_after_a_restart(tmp_path):
    # issue 35, F8: without cookies nothing in the request says "the same browser", so a guest
    # is one seat a table per address (docs/decisions.md); an account is one seat by its key
    db = f"sqlite:///{tmp_path / 'g.sqlite'}"
    spec = {"game": "tor", "seats": 4, "pace_ms": 0, "open": True, "players": [{"kind": "person"}] * 4}
    with TestClient(create_app(db), client=("127.0.0.1", 50001)) as creator:
        tid = creator.post("/api/tables", json=spec).json()["id"]
        creator.cookies.clear()  # the creator, cookies dropped: still the creator's address
        refused = creator.post(f"/api/tables/{tid}/join", json={"seat": 1})
        assert refused.status_code == 400 and refused.json()["error"] == "you already sit at seat 0 of this table"
    with TestClient(create_app(db), client=("127.0.0.2", 50002)) as guest:
        first = guest.post(f"/api/tables/{tid}/join", json={"seat": 1})
        assert first.status_code == 200
        guest.cookies.clear()  # a second cookie-less client from the same loopback address
        refused = guest.post(f"/api/tables/{tid}/join", json={"seat": 2})
        assert refused.status_code == 400 and refused.json()["error"] == "you already sit at seat 1 of this table"
        assert guest.get("/api/lobby").json()["open"][0]["free"] == [2, 3]
    # after a restart the server still knows which guest holds seat 1
    with TestClient(create_app(db), client=("127.0.0.2", 50003)) as guest:
        refused = guest.post(f"/api/tables/{tid}/join", json={"seat": 2})
        assert refused.status_code == 400 and "already sit at seat 1" in refused.json()["error"]
        # an account is its own person, whatever address it comes from (a household behind one router)
        signed = guest.post("/api/account/signup", json={"name": "Ida", "password": "ida password"})
        assert signed.status_code == 200
        assert guest.post(f"/api/tables/{tid}/join", json={"seat": 2}).status_code == 200
        guest.cookies.clear()
        guest._transport.client = ("127.0.0.3", 50004)  # another guest's machine
        assert guest.post(f"/api/tables/{tid}/join", json={"seat": 3}).status_code == 200


def test_one_browser_joins_one_seat(app_client):
    r = app_client.post("/api/tables", json={"game": "tor", "seats": 4, "pace_ms": 0, "open": True,
                                             "players": [{"kind": "person"}] * 4})
    tid = r.json()["id"]
    join = lambda seat: app_client.post(f"/api/tables/{tid}/join", json={"seat": seat})  # noqa: E731
    refused = join(1)  # the creator's browser already sits at seat 0
    assert refused.status_code == 400 and "already sit at seat 0" in refused.json()["error"]
    another_browser(app_client)  # a stranger's browser
    assert join(1).status_code == 200
    refused = join(2)
    assert refused.status_code == 400 and "already sit at seat 1" in refused.json()["error"]
    another_browser(app_client)  # another stranger
    assert join(2).status_code == 200
    free = {x["id"]: x["free"] for x in app_client.get("/api/lobby").json()["open"]}
    assert free[tid] == [3]


# --- a seat token racing a change of the seat


async def _queued() -> None:
    """Let the tasks just made run until each waits for the table's lock (no I/O before it)."""
    for _ in range(10):
        await asyncio.sleep(0)


def race_a_link(tmp_path, spec: dict, change):
    """Open seat 1's invitation link while a change of that seat waits for the table's lock
    ahead of it: the lock is taken in order, so the link must be looked up after the change.
    `change(server, t)` makes ready and gives the change's coroutine. Checks that the link is
    refused and seated nowhere; gives the table and what the change returned."""
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'r.sqlite'}")
        await server.start()
        try:
            t = await server.create_table({"game": "yokir", "pace_ms": 0, **spec,
                                           "players": [{"kind": "person"}, {"kind": "person"},
                                                       {"kind": "computer"}]})
            table = server.tables[t["id"]]
            socket = Socket()
            link = server.connect(socket.send)
            first = await change(server, t)
            async with table.changing:
                first = asyncio.create_task(first)
                await _queued()
                late = asyncio.create_task(server.handle(link, json.dumps(
                    {"type": "hello", "table": t["id"], "token": token(t, 1)})))
                await _queued()
            done = await first
            await late
            assert link.seat is None and not table.conns[1]  # it watches
            await settle(table, lambda: len(socket.texts) > 1)
            assert "no longer valid" in json.loads(socket.texts[1])["message"]
            return table, t, done
        finally:
            await server.stop()

    return asyncio.run(run())


def test_a_link_opened_as_its_seat_goes_to_a_computer_is_not_seated(tmp_path):
    async def give_to_computer(server, t):
        host = server.connect(Socket().send)
        await server.handle(host, json.dumps({"type": "hello", "table": t["id"],
                                              "token": token(t, 0)}))
        return server.handle(host, '{"type": "fill", "seat": 1}')

    table, _, _ = race_a_link(tmp_path, {"grace_s": 600}, give_to_computer)
    assert table.seats[1].kind == "computer"


def test_an_old_link_opened_as_a_stranger_joins_its_seat_is_not_seated(tmp_path):
    async def join(server, t):
        return server.join(t["id"], {"seat": 1})

    table, t, joined = race_a_link(tmp_path, {"open": True}, join)
    assert table.seats[1].token == joined["token"] != token(t, 1)


# --- the stand-in


def test_a_person_seat_takes_no_level_its_stand_in_is_the_middling_computer(app_client):
    players = [{"kind": "person", "level": "expert"}, {"kind": "computer"}, {"kind": "computer"}]
    r = app_client.post("/api/tables", json={"game": "yokir", "players": players})
    assert r.status_code == 400
    assert r.json()["error"] == (f"players[0].level is for computer seats: a person's seat is "
                                 f"held by the {standin_level()} computer while they are away")
    t = create(app_client, kinds=("person", "computer", "computer"))
    assert t["seats"][0]["level"] == standin_level() == "casual"
    assert app_client.server.tables[t["id"]].seats[0].level == "casual"


# --- a host who is not coming back


def test_once_the_host_is_away_past_the_grace_anyone_seated_may_fill_a_seat(app_client):
    t = create(app_client, kinds=("person", "person", "person"), grace_s=600)
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as host:
        hello(host, t["id"], token(t, 0))
    with app_client.websocket_connect("/ws") as guest:
        g = hello(guest, t["id"], token(t, 2))
        assert "invites" not in g
        # the host has only just left: the seat is still theirs to give
        assert "only the host" in fill_error(guest, 1)
        assert table.seats[1].kind == "person"
        table.away_since[0] -= 600  # the grace is over: a computer holds the host's seat
        assert fill_error(guest, 0) == "seat 0 is not waiting for a friend; nothing changed"
        guest.send_text(json.dumps({"type": "fill", "seat": 1}))
        m = until(guest, lambda x: x["type"] == "state" and x["players"][1]["kind"] == "computer")
        assert m["players"][0]["standin"]
    assert app_client.server.store.load(t["id"])["seat_rows"][1]["kind"] == "computer"


def test_everyone_is_told_when_the_hosts_grace_runs_out(tmp_path):
    # nothing else happens then: without being told, nobody sees that they may now give the
    # seat of a friend who never came to a computer, and the table waits for that friend forever
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'g.sqlite'}")
        await server.start()
        try:
            t = await server.create_table({"game": "yokir", "pace_ms": 0, "grace_s": 1,
                                           "players": [{"kind": "person"}] * 3})
            table = server.tables[t["id"]]
            host, guest = FakeConn(), FakeConn()
            await table.hello(host, token(t, 0))
            await table.hello(guest, token(t, 2))
            table.detach(host)
            told = lambda: any(m["type"] == "state" and m["players"][0]["standin"]  # noqa: E731
                               for m in guest.sent)
            assert not told()
            await settle(table, told)
            await table.fill(guest, 1)
            assert table.seats[1].kind == "computer"
        finally:
            await server.stop()

    asyncio.run(run())


def test_a_host_who_never_came_is_held_by_the_stand_in_after_the_grace(app_client):
    # the creator's seat is theirs from the start: its grace counts from then, as a join's does
    t = create(app_client, kinds=("person", "computer", "computer"), grace_s=0)
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as watcher:  # computers play while someone watches
        hello(watcher, t["id"])
        wait_for(lambda: 0 in {seat for _, seat, _ in table.match.log})


# --- malformed bodies and messages


def test_malformed_bodies_get_400_and_a_reason(app_client):
    nested = b"[" * 30000 + b"]" * 30000
    digits = b'{"game": "yokir", "pace_ms": 1' + b"0" * 5000 + b"}"
    twice = b'{"game": "yokir", "game": "tor"}'  # which one counts would be a guess
    for body, reason in ((nested, "JSON lists or objects nested too deeply"),
                         (digits, "a JSON number has more than 4300 digits"),
                         (twice, 'a JSON object names "game" twice'),
                         (b'{"game": "\xff"}', "not UTF-8 text")):
        for path in ("/api/tables", "/api/tables/nope/join"):
            r = app_client.post(path, content=body)
            assert r.status_code == 400 and r.json()["error"] == f"bad request body: {reason}"
    with app_client.websocket_connect("/ws") as ws:
        ws.send_text('{"type": "ping", "sid": 1' + "0" * 5000 + "}")
        assert receive(ws) == {"type": "error", "message": "malformed message: a JSON number has more than 4300 digits"}
        ws.send_text('{"type": "ping"}')
        assert receive(ws) == {"type": "pong"}  # the connection goes on


# --- private tables


def test_only_open_tables_are_listed_once_finished(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'f.sqlite'}")
    computers = [{"kind": "computer", "level": "random"}] * 3
    with TestClient(app) as client:
        ids = {}
        for listed in (True, False):
            r = client.post("/api/tables", json={"game": "yokir", "options": {"target": 1},
                                                 "players": computers, "pace_ms": 0,
                                                 "open": listed})
            ids[listed] = r.json()["id"]
        server = app.state.server
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            hello(a, ids[True])  # computers play while someone watches
            hello(b, ids[False])
            wait_for(lambda: all(server.tables[i].stored_finish for i in ids.values()))
        finished = [x["id"] for x in client.get("/api/lobby").json()["finished"]]
        assert ids[True] in finished and ids[False] not in finished
        # the private record is still there for those with the table's link
        assert client.get(f"/api/tables/{ids[False]}/record").status_code == 200


# --- names


def test_a_joiners_name_is_the_tables_everywhere_after_the_match_and_after_a_restart(tmp_path):
    db = f"sqlite:///{tmp_path / 'n.sqlite'}"
    players = [{"kind": "person", "name": "Ann"}, {"kind": "person"}, {"kind": "computer", "level": "random"}]
    with TestClient(create_app(db)) as client:
        r = client.post("/api/tables", json={"game": "yokir", "options": {"target": 1}, "players": players,
                                             "pace_ms": 0, "grace_s": 0, "open": True})
        tid = r.json()["id"]
        another_browser(client)
        assert client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Zoe"}).status_code == 200
        server = client.app.state.server
        # past the (zero) grace the stand-ins play both persons' seats out while someone is
        # seated here (at an open table a spectator is not enough)
        client.portal.call(attach, server.tables[tid], FakeConn(), 2)
        wait_for(lambda: server.tables[tid].stored_finish)
        finished = {x["id"]: x for x in client.get("/api/lobby").json()["finished"]}
        assert finished[tid]["names"][:2] == ["Ann", "Zoe"]
        assert client.get(f"/api/tables/{tid}/record").json()["names"][:2] == ["Ann", "Zoe"]
    with TestClient(create_app(db)) as client, client.websocket_connect("/ws") as ws:
        m = hello(ws, tid)
        assert [p["name"] for p in m["players"]][:2] == ["Ann", "Zoe"]
