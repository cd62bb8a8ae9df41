"""Storage on SQLite and PostgreSQL: actions stored once and in order, and a server started on the
same database resumes every unfinished table exactly where it was."""

import asyncio
import itertools
import json

import pytest

from parlor.core.rng import Rng
from parlor.web.server import Server
from parlor.web.store import Store, StoreError, normalise_url


def seat_rows(kinds):
    return [{"seat": s, "kind": k, "level": "random", "name": f"P{s}", "token": f"tok{s}",
             "claimed": False} for s, k in enumerate(kinds)]


def test_store_keeps_tables_seats_and_actions(db_url):
    store = Store(db_url)
    try:
        store.create_table("t1", "yokir", {"target": 7}, 3, ["A", "B", "C"], 2**63 - 5,
                           {"pace_ms": 0, "grace_s": 5, "hints": True, "open": False},
                           seat_rows(["person", "computer", "computer"]))
        for i, a in enumerate(["pass", "pass", "pick"]):
            store.append_action("t1", i, a)
        with pytest.raises(StoreError, match="already stored"):
            store.append_action("t1", 2, "pass")  # a move is never stored twice
        store.update_seat("t1", 0, claimed=True, name="Zed")
        row = store.load("t1")
        assert row["seed"] == 2**63 - 5 and row["options"] == {"target": 7}
        assert row["actions"] == ["pass", "pass", "pick"] and row["status"] == "playing"
        assert row["seat_rows"][0]["claimed"] and row["seat_rows"][0]["name"] == "Zed"
        assert store.ids("playing") == ["t1"] and store.load("nope") is None
        store.finish("t1", {"game": "yokir", "actions": ["pass"]})
        assert store.ids("playing") == [] and store.load("t1")["record"]["actions"] == ["pass"]
        store.create_table("t2", "yokir", {}, 3, ["A", "B", "C"], 1,
                           {"pace_ms": 0, "grace_s": 5, "hints": True, "open": True},
                           seat_rows(["person", "computer", "computer"]))
        store.finish("t2", {"game": "yokir", "actions": []})
        assert [f["id"] for f in store.finished_list()] == ["t2"]  # t1 is private
    finally:
        store.close()


def test_urls_name_the_driver():
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("/tmp/x.sqlite") == "sqlite:////tmp/x.sqlite"
    with pytest.raises(StoreError, match="cannot open"):
        Store("nosuchdriver://x")


class FakeConn:
    """Stands in for a socket: collects what the table sends."""

    def __init__(self):
        self.sent = []
        self.table = None
        self.seat = None
        self.lang = "en"  # the language the table says its messages in
        self.account = None  # a guest
        self.closed = False

    def push(self, text):
        self.sent.append(json.loads(text))

    def error(self, message, **extra):
        self.sent.append({"type": "error", "message": message, **extra})

    async def close(self):
        pass


async def attach(table, conn, seat):
    """Attach a connection to any seat's audience, computers' seats too: the server offers no such
    way (a browser gets a seat by its token), so tests watch a table through this one."""
    async with table.changing:
        await table._attach(conn, seat)


async def settle(table, cond, limit=4000):
    for _ in range(limit):
        if cond():
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the table never got there")


async def play_some(table, seat, moves, rng):
    """Play `moves` of the person's moves (computers answer in between)."""
    conn = FakeConn()
    await attach(table, conn, seat)
    for _ in range(moves):
        await settle(table, lambda: table.match.finished or table.match.to_act() == seat)
        if table.match.finished:
            break
        sid = table.sid
        await table.submit(seat, rng.choice(table.match.legal()), sid, conn)
        await settle(table, lambda: table.sid > sid)
    await settle(table, lambda: table.match.finished or table.match.to_act() == seat)
    table.detach(conn)
    return conn


def snapshot(table):
    return (table.sid, table.match.to_act(), [table.match.view(s) for s in range(table.rules.seats)],
            table.match.scores, table.match.actions)


def test_a_restarted_server_resumes_every_unfinished_table(db_url):
    async def run():
        seeds = itertools.count(77)
        first = Server(db_url, seeds=lambda: next(seeds))
        await first.start()
        made = []
        for kinds in (["person", "computer", "computer"], ["computer", "person", "computer"]):
            spec = {"game": "yokir", "options": {"target": 3}, "pace_ms": 0, "grace_s": 3600,
                    "players": [{"kind": "person"} if k == "person" else
                                {"kind": k, "level": "random"} for k in kinds]}
            made.append(await first.create_table(spec))
        rng = Rng(5)
        for t, seat in zip(made, (0, 1)):
            await play_some(first.tables[t["id"]], seat, 4, rng)
        before = {t["id"]: snapshot(first.tables[t["id"]]) for t in made}
        await first.stop()

        second = Server(db_url)
        await second.start()
        try:
            for t in made:
                table = second.tables[t["id"]]
                assert snapshot(table) == before[t["id"]]
            # and the game goes on to the end, on the same seat tokens
            table = second.tables[made[0]["id"]]
            seat = table.seat_of_token(made[0]["seats"][0]["token"])
            assert seat == 0
            await play_some(table, 0, 500, rng)
            assert table.match.finished
            # the final record is written just after the last move is applied
            await settle(table, lambda: table.stored_finish)
            row = await second.db(second.store.load, table.id)
            assert row["status"] == "finished" and row["record"]["actions"] == table.match.actions
        finally:
            await second.stop()

    asyncio.run(run())


def test_a_move_that_cannot_be_stored_is_not_played(db_url):
    async def run():
        server = Server(db_url, seeds=lambda: 5)
        await server.start()
        try:
            t = await server.create_table({"game": "yokir", "pace_ms": 0,
                                           "players": [{"kind": "person"}] * 3})
            table = server.tables[t["id"]]
            seat = table.match.to_act()
            conn = FakeConn()
            await attach(table, conn, seat)

            def broken(*args):
                raise StoreError("disk full")
            server.store.append_action = broken
            await table.submit(seat, table.match.legal()[0], 0, conn)
            await settle(table, lambda: conn.sent[-1]["type"] == "error")
            assert "could not be saved" in conn.sent[-1]["message"]
            assert table.sid == 0 and table.match.actions == []
        finally:
            await server.stop()

    asyncio.run(run())
