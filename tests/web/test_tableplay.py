"""Table play (issue 35, item 4): a per-table turn timer whose expiry has the person's stand-in
make one move, idle tables expiring, a paged lobby, and limits on the tables one person keeps."""

import asyncio

from parlor.web.server import BadRequest, Server

from .test_store import FakeConn, attach, settle


def _spec(**extra):
    return {"game": "yokir", "options": {"target": 3}, "pace_ms": 0, "grace_s": 3600,
            "players": [{"kind": "person"}, {"kind": "computer", "level": "random"},
                        {"kind": "computer", "level": "random"}], **extra}


def test_a_person_out_of_time_gets_one_move_from_the_stand_in_and_keeps_the_seat(db_url):
    async def run():
        server = Server(db_url, seeds=lambda: 11)
        await server.start()
        try:
            made = await server.create_table(_spec(turn_s=1))
            table = server.tables[made["id"]]
            conn = FakeConn()
            await attach(table, conn, 0)
            await settle(table, lambda: table.match.to_act() == 0)
            start = table.sid
            ends = [m["turn_left"] for m in conn.sent if m.get("type") == "state" and m["sid"] == start]
            assert ends and ends[-1] is not None  # the countdown's end, for the table to show
            # within the second, nothing happens on the person's behalf
            await asyncio.sleep(0.5)
            assert table.sid == start
            await settle(table, lambda: table.sid > start)
            assert table.match.log[start][1] == 0  # one move, made for the person's seat
            await settle(table, lambda: table.match.finished or table.match.to_act() == 0)
            assert not table.computer_controls(0)  # the seat is still the person's
            assert table.seats[0].kind == "person" and table.seat_of_token(made["seats"][0]["token"]) == 0
            # and the next turn is timed afresh, not played at once
            again = table.sid
            await asyncio.sleep(0.5)
            assert table.sid == again
        finally:
            await server.stop()

    asyncio.run(run())


def test_no_timer_by_default(db_url):
    async def run():
        server = Server(db_url, seeds=lambda: 11)
        await server.start()
        try:
            made = await server.create_table(_spec())
            table = server.tables[made["id"]]
            conn = FakeConn()
            await attach(table, conn, 0)
            await settle(table, lambda: table.match.to_act() == 0)
            start = table.sid
            await asyncio.sleep(1.2)
            assert table.sid == start and conn.sent[-1]["turn_left"] is None
        finally:
            await server.stop()

    asyncio.run(run())


# --- expiry


def test_an_idle_table_is_closed_and_leaves_the_lobby_a_finished_ones_record_stays(db_url):
    async def run():
        now = [1000.0]
        server = Server(db_url, seeds=lambda: 11, clock=lambda: now[0], expire_after=3600)
        await server.start()
        try:
            idle = (await server.create_table(_spec(open=True, players=[{"kind": "person"}] * 3)))["id"]
            busy = (await server.create_table(_spec(open=True)))["id"]
            bots = [{"kind": "computer", "level": "random"}] * 3
            done = (await server.create_table(_spec(open=True, players=bots)))["id"]
            watcher = FakeConn()
            await attach(server.tables[done], watcher, None)
            await settle(server.tables[done], lambda: server.tables[done].stored_finish)
            now[0] += 1800
            person = FakeConn()
            await attach(server.tables[busy], person, 0)  # someone sits down: touched now
            server.tables[busy].detach(person)
            assert await server.expire() == []  # not yet an hour
            now[0] += 1800
            assert await server.expire() == [idle]
            assert set(server.tables) == {busy, done}
            listed = server.lobby()
            assert idle not in [t["id"] for t in listed["open"] + listed["playing"]]
            row = await server.db(server.store.load, idle)
            assert row["status"] == "closed"
            stranger = FakeConn()
            await server._hello(stranger, {"type": "hello", "table": idle, "token": made_token(row)})
            assert stranger.sent[-1]["type"] == "error" and "closed" in stranger.sent[-1]["message"]
            now[0] += 3600
            assert await server.expire() == [busy]
            assert (await server.record(done))["actions"]  # a finished table replays still
        finally:
            await server.stop()
        # a closed table is not resumed by a restart
        again = Server(db_url)
        await again.start()
        try:
            assert idle not in again.tables and busy not in again.tables
        finally:
            await again.stop()

    asyncio.run(run())


def made_token(row):
    return row["seat_rows"][0]["token"]


# --- the lobby a page at a time, and the tables one person keeps


def test_two_thousand_tables_make_a_bounded_lobby_answer(tmp_path):
    import copy
    import json

    from starlette.testclient import TestClient

    from parlor.web import create_app

    app = create_app(f"sqlite:///{tmp_path / 'p.sqlite'}", max_tables=10_000)
    with TestClient(app) as client:
        server = client.app.state.server
        spec = _spec(open=True, players=[{"kind": "person"}] * 3)

        async def make(n):
            return [(await server.create_table(spec))["id"] for _ in range(n)]
        made = client.portal.call(make, 10)
        # and 1,990 more as the server holds them (made for real they take a minute on a slow machine)
        for k in range(1990):
            twin = copy.copy(server.tables[made[k % 10]])
            twin.id = f"twin{k}"
            server.tables[twin.id] = twin
            made.append(twin.id)
        answer = client.get("/api/lobby")
        assert len(answer.content) < 40_000
        data = answer.json()
        assert data["playing_page"] == {"offset": 0, "limit": 20, "total": 2000}
        assert [t["id"] for t in data["playing"]] == made[:20]
        last = client.get("/api/lobby?playing=1990").json()
        assert [t["id"] for t in last["playing"]] == made[1990:]
        assert client.get("/api/lobby?playing=junk").json()["playing_page"]["offset"] == 0
        assert json.loads(answer.content)["finished_page"]["total"] == 0


def test_a_person_keeps_at_most_so_many_unfinished_tables(db_url):
    async def run():
        server = Server(db_url, seeds=lambda: 11, max_tables=2)
        await server.start()
        try:
            for _ in range(2):
                await server.create_table(_spec(), owner="address:10.0.0.1")
            try:
                await server.create_table(_spec(), owner="address:10.0.0.1")
                raise AssertionError("a third table was made")
            except BadRequest as e:
                assert "2 unfinished tables" in e.reason and "\n" not in e.reason
            await server.create_table(_spec(), owner="address:10.0.0.2")  # someone else may
            await server.create_table(_spec(), owner="account:ann")
        finally:
            await server.stop()

    asyncio.run(run())


def test_the_limit_is_one_line_over_http(tmp_path):
    from starlette.testclient import TestClient

    from parlor.web import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'p.sqlite'}", max_tables=1)) as client:
        assert client.post("/api/tables", json=_spec()).status_code == 200
        refused = client.post("/api/tables", json=_spec())
        assert refused.status_code == 400
        assert refused.json()["error"].startswith("you already have 1 unfinished table,")


# --- F8: only a seated person keeps the stand-ins playing


def test_a_spectator_does_not_have_the_stand_ins_play_an_abandoned_table(db_url):
    async def run():
        server = Server(db_url, seeds=lambda: 11)
        await server.start()
        try:
            spec = _spec(open=True, grace_s=0, players=[{"kind": "person"}, {"kind": "person"},
                                                         {"kind": "computer", "level": "random"}])
            made = await server.create_table(spec)
            table = server.tables[made["id"]]
            joined = await server.join(made["id"], {"seat": 1})
            stranger = FakeConn()
            await attach(table, stranger, None)  # both people gone: only a spectator is here
            await settle(table, lambda: table.match.to_act() in (0, 1))
            start = table.sid
            await asyncio.sleep(0.5)
            assert table.sid == start and not table.match.finished
            # the other person is back in their seat: the stand-in of the one to act plays on
            back = [made["seats"][0]["token"], joined["token"]][1 - table.match.to_act()]
            await table.hello(FakeConn(), back)
            await settle(table, lambda: table.sid > start)
            assert table.match.log[start][1] == 1 - table.seat_of_token(back)
        finally:
            await server.stop()

    asyncio.run(run())


def test_expire_after_reads_a_time_with_its_unit():
    import argparse

    import pytest

    from parlor.cli.serve import duration
    assert [duration(t) for t in ("90s", "30m", "12h", "7d", "45")] == [90, 1800, 43200, 604800, 45]
    for bad in ("soon", "0d", "-1h", "inf", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            duration(bad)
