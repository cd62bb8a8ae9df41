"""The per-connection send queue (table.Conn): a connection whose socket stops taking messages
holds up neither its table nor anyone else's connection; once QUEUE_LIMIT messages wait for it,
what waits is dropped for one fresh snapshot, and the messages after that follow it in order."""

import asyncio
import json

from parlor.web.server import Server
from parlor.web.table import QUEUE_LIMIT, Conn

from .test_store import attach, settle


class Socket:
    """A socket's send: records each text; while `stuck`, a send never returns."""

    def __init__(self, stuck=False):
        self.texts: list[str] = []
        self.open = asyncio.Event()
        if not stuck:
            self.open.set()
        self.waiting = 0  # sends begun and not finished

    async def send(self, text):
        self.waiting += 1
        await self.open.wait()
        self.waiting -= 1
        self.texts.append(text)


def chain(msgs: list[dict]) -> list[int]:
    """The log indices the messages carry, in the order received."""
    return [e["i"] for m in msgs for e in m["log"]]


def whole(msgs: list[dict]) -> dict:
    """The last message made whole as the browser does: each deal's result arrives once (from
    results_from on) and the sheet only when it changed."""
    results, sheet = [], None
    for m in msgs:
        results[m["results_from"]:] = m["results"]
        sheet = m["sheet"] if m["sheet"] is not None else sheet
    return {**msgs[-1], "results": results, "sheet": sheet, "results_from": 0}


def test_a_stuck_connection_holds_up_nobody_and_then_gets_one_fresh_snapshot(tmp_path, audit):
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'q.sqlite'}", audit=audit, seeds=lambda: 99)
        await server.start()
        try:
            spec = {"game": "yokir", "options": {"target": 30}, "pace_ms": 0,
                    "players": [{"kind": "computer", "level": "random"}] * 3}
            t = await server.create_table(spec)
            table = server.tables[t["id"]]
            fast, slow, slow_seat = Socket(), Socket(stuck=True), Socket(stuck=True)
            conns = {}
            for name, sock, seat in (("fast", fast, None), ("slow", slow, None),
                                     ("slow seat", slow_seat, 1)):
                conns[name] = server.connect(sock.send)
                await attach(table, conns[name], seat)
            # The computers play on while two sockets take nothing (the first message stays
            # in their send; the rest queue up), and the fast one gets every message.
            target = 3 * QUEUE_LIMIT
            high = 0

            def far_enough():
                nonlocal high
                high = max(high, conns["slow"].queue.qsize(), conns["slow seat"].queue.qsize())
                return table.sid >= target or table.match.finished

            await settle(table, far_enough, limit=20_000)
            assert table.sid >= target, "the table stalled behind a stuck connection"
            await table.stop()  # no more moves: what is queued now is all there will be
            assert high <= QUEUE_LIMIT
            assert slow.waiting == 1 and slow.texts == []
            assert conns["slow"].resyncs >= 1 and conns["slow seat"].resyncs >= 1
            assert conns["fast"].resyncs == 0
            await settle(table, lambda: conns["fast"].queue.empty())
            got = [json.loads(x) for x in fast.texts]
            assert got[0]["snapshot"] and not any(m["snapshot"] for m in got[1:])
            assert chain(got) == list(range(table.sid)) and got[-1]["sid"] == table.sid

            for sock, name in ((slow, "slow"), (slow_seat, "slow seat")):
                sock.open.set()
                await settle(table, lambda: conns[name].queue.empty() and sock.waiting == 0)
                got = [json.loads(x) for x in sock.texts]
                # the first snapshot (stuck in the send), then exactly one fresh snapshot in
                # place of everything that waited, then every message after it, in order
                assert got[0]["snapshot"] and got[0]["sid"] == 0
                assert got[1]["snapshot"] and got[1]["sid"] > QUEUE_LIMIT
                assert not any(m["snapshot"] for m in got[2:])
                assert len(got) - 2 < QUEUE_LIMIT
                assert chain(got[1:]) == list(range(got[1]["log"][0]["i"], table.sid))
                assert got[-1]["sid"] == table.sid and got[-1]["seat"] == conns[name].seat
            # the stuck spectator ends seeing what the fast one saw
            last_slow = whole([json.loads(x) for x in slow.texts])
            last_fast = whole([json.loads(x) for x in fast.texts])
            assert last_fast["results"] and last_fast["sheet"]
            assert {k: last_slow[k] for k in last_fast if k not in ("log", "snapshot")} == \
                {k: v for k, v in last_fast.items() if k not in ("log", "snapshot")}
        finally:
            await server.stop()

    asyncio.run(run())
    audit.check()


def test_a_connection_not_at_a_table_that_reads_nothing_keeps_a_bounded_queue():
    """Before hello there is no snapshot to resynchronise with: a client that sends and never
    reads gets its first QUEUE_LIMIT answers (one in the send, the rest waiting), no more; the
    server's memory does not grow with what it sends."""
    async def run():
        sock = Socket(stuck=True)
        conn = Conn(sock.send)
        for i in range(5 * QUEUE_LIMIT):
            conn.error(f"e{i}")
            await asyncio.sleep(0)
        assert conn.resyncs == 0 and conn.queue.qsize() == QUEUE_LIMIT and sock.waiting == 1
        sock.open.set()
        for _ in range(3 * QUEUE_LIMIT):
            await asyncio.sleep(0)
        assert [json.loads(x)["message"] for x in sock.texts] == [f"e{i}" for i in range(QUEUE_LIMIT + 1)]
        conn.error("after")  # a client reading again gets its answers again
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert json.loads(sock.texts[-1])["message"] == "after"
        await conn.close()

    asyncio.run(run())
