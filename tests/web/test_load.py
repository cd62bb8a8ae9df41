"""What one person's requests may cost everyone else: a hint is one search per seat and state, on
the server's request thread, never ahead of the computer players' moves; a finished match is
replayed off the event loop, and stepped on from the last step shown; computer players do not
play at a table nobody is at."""

import asyncio
import json
import threading

from parlor import records
from parlor.bots import hints
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.web.server import Server

from .test_store import FakeConn, settle

RELEASE_S = 30  # the most a held stub waits: reached only when the code under test is wrong


async def store_finished(server, table_id="DONE") -> dict:
    """A short finished Yokir match in the store, as a table leaves it; its record."""
    match = Match(make_rules("yokir", {"target": 1}, 3), 11, names=["Ann", "Bo", "Cy"])
    rng = Rng(4)
    while not match.finished:
        match.apply(rng.choice(match.legal()))
    record = match.record()
    rows = [{"seat": s, "kind": "computer", "level": "random", "name": n, "token": f"t{s}",
             "claimed": False} for s, n in enumerate(record["names"])]
    store = server.store
    await server.db(store.create_table, table_id, "yokir", record["options"], 3, record["names"],
                    record["seed"], {"pace_ms": 0, "grace_s": 60, "hints": True, "open": False},
                    rows)
    for i, action in enumerate(record["actions"]):
        await server.db(store.append_action, table_id, i, action)
    await server.db(store.finish, table_id, record)
    return record


class HeldReplay:
    """Wraps records.new_match (every replay starts there): the first call waits until released,
    so a replay stays in the middle of its work while the test looks at the event loop."""

    def __init__(self, monkeypatch):
        self.real = records.new_match
        self.calls = 0
        self.entered = threading.Event()
        self.release = threading.Event()
        monkeypatch.setattr(records, "new_match", self)

    def __call__(self, record):
        self.calls += 1
        self.entered.set()
        self.release.wait(RELEASE_S)
        return self.real(record)


async def pong_while_held(server, held, work):
    """While `work` (a coroutine that replays) is held in its replay, a ping is answered; its result."""
    task = asyncio.create_task(work)
    await asyncio.to_thread(held.entered.wait, RELEASE_S)
    pinger = FakeConn()
    await server.handle(pinger, '{"type": "ping"}')
    assert pinger.sent == [{"type": "pong"}]
    assert not task.done(), "the replay ended before the ping was answered"
    held.release.set()
    await task
    return task.result()


def test_a_replay_runs_off_the_event_loop(tmp_path, monkeypatch):
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'r.sqlite'}")
        await server.start()
        try:
            record = await store_finished(server)
            held = HeldReplay(monkeypatch)
            got = await pong_while_held(server, held, server.replay_step("DONE", 5))
            assert got["step"] == 5 and got["total"] == len(record["actions"])
        finally:
            await server.stop()

    asyncio.run(run())


def test_opening_a_finished_table_replays_it_off_the_event_loop(tmp_path, monkeypatch):
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'r.sqlite'}")
        await server.start()
        try:
            record = await store_finished(server)
            held = HeldReplay(monkeypatch)
            viewer = FakeConn()
            hello = json.dumps({"type": "hello", "table": "DONE", "token": None})
            await pong_while_held(server, held, server.handle(viewer, hello))
            assert viewer.sent[0]["finished"] and viewer.sent[0]["sid"] == len(record["actions"])
        finally:
            await server.stop()

    asyncio.run(run())


def test_the_replay_steps_on_from_the_last_step_shown(tmp_path, monkeypatch):
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'r.sqlite'}")
        await server.start()
        try:
            record = await store_finished(server)
            held = HeldReplay(monkeypatch)
            held.release.set()
            await server.replay_step("DONE", 3)
            built = held.calls
            for step in (4, 9, 2, 6):
                got = await server.replay_step("DONE", step)
                match = held.real({**record, "actions": []})
                for action in record["actions"][:step]:
                    match.apply(action)
                assert [{**v, "names": None} for v in got["views"]] == \
                    [{**match.view(s), "names": None} for s in range(3)]
                assert got["log"][-1]["i"] == step - 1 and got["scores"] == match.scores
            # forward steps went on from the match shown; only the step back started again
            assert held.calls == built + 1
        finally:
            await server.stop()

    asyncio.run(run())


class HeldHint:
    """Stands in for the hint search: counts the searches; each waits until released."""

    def __init__(self):
        self.calls = 0
        self.release = threading.Event()

    def __call__(self, rules, view, level, rng):
        self.calls += 1
        self.release.wait(RELEASE_S)
        return [{"action": view["legal"][0], "value": 0.0, "reason": "held"}]


async def computers_table(server, kinds=("computer", "computer", "computer")):
    spec = {"game": "yokir", "options": {"target": 30}, "pace_ms": 0, "grace_s": 3600,
            "players": [{"kind": k, "level": "random"} for k in kinds]}
    return server.tables[(await server.create_table(spec))["id"]]


async def my_turn(table, seat, tabs):
    """A table with a person at `seat` (as many tabs as given), at that person's turn."""
    for conn in tabs:
        await table.attach(conn, seat)
    await settle(table, lambda: table.match.to_act() == seat)


def hint_answers(conn):
    return [m for m in conn.sent if m["type"] == "hint"]


async def yields(n=20):
    for _ in range(n):
        await asyncio.sleep(0)


def test_two_tabs_asking_for_a_hint_share_one_search_and_its_answer(tmp_path, monkeypatch):
    held = HeldHint()
    monkeypatch.setattr(hints, "hint", held)

    async def run():
        server = Server(f"sqlite:///{tmp_path / 'h.sqlite'}", seeds=lambda: 3)
        await server.start()
        try:
            table = await computers_table(server, ("person", "computer", "computer"))
            tabs = [FakeConn(), FakeConn()]
            await my_turn(table, 0, tabs)
            sid = table.sid
            asks = [asyncio.create_task(table.hint(tab, sid)) for tab in tabs]
            await yields()  # both asks are in before the search ends
            held.release.set()
            await asyncio.gather(*asks)
            assert held.calls == 1
            assert hint_answers(tabs[0]) == hint_answers(tabs[1])
            assert hint_answers(tabs[0])[0]["hints"][0]["reason"] == "held"
            await table.hint(tabs[0], sid)  # asked again at the same state: the answer kept
            assert held.calls == 1 and hint_answers(tabs[0])[1] == hint_answers(tabs[0])[0]
        finally:
            held.release.set()
            await server.stop()

    asyncio.run(run())


def test_a_seat_gets_one_hint_search_at_a_time(tmp_path, monkeypatch):
    held = HeldHint()
    monkeypatch.setattr(hints, "hint", held)

    async def run():
        server = Server(f"sqlite:///{tmp_path / 'h.sqlite'}", seeds=lambda: 3)
        await server.start()
        try:
            table = await computers_table(server, ("person", "computer", "computer"))
            asker, player = FakeConn(), FakeConn()
            await my_turn(table, 0, [asker, player])
            first = table.sid
            ask = asyncio.create_task(table.hint(asker, first))
            await yields()
            # the person plays without waiting for the hint, and is to act again
            await table.submit(0, table.match.legal()[0], first, player)
            await settle(table, lambda: table.sid > first and table.match.to_act() == 0)
            again = asyncio.create_task(table.hint(player, table.sid))
            await yields()
            assert held.calls == 1
            assert "already being worked out" in player.sent[-1].get("message", "")
            held.release.set()
            await asyncio.gather(ask, again)
            assert [h["sid"] for h in hint_answers(asker)] == [first]
            await table.hint(player, table.sid)  # the first search is over: a new one may start
            assert held.calls == 2 and hint_answers(player)[-1]["sid"] == table.sid
        finally:
            held.release.set()
            await server.stop()

    asyncio.run(run())


def test_hint_searches_do_not_hold_up_computers_at_other_tables(tmp_path, monkeypatch):
    held = HeldHint()
    monkeypatch.setattr(hints, "hint", held)

    async def run():
        server = Server(f"sqlite:///{tmp_path / 'h.sqlite'}", seeds=lambda: 3)
        await server.start()
        try:
            asks = []
            for _ in range(2):  # as many held searches as there are computer threads
                table = await computers_table(server, ("person", "computer", "computer"))
                tab = FakeConn()
                await my_turn(table, 0, [tab])
                asks.append(asyncio.create_task(table.hint(tab, table.sid)))
            await yields()
            others = await computers_table(server)
            await others.attach(FakeConn(), None)
            await settle(others, lambda: others.sid >= 30)
            assert held.calls <= 1  # the second search waits for the request thread
            held.release.set()
            await asyncio.gather(*asks)
        finally:
            held.release.set()
            await server.stop()

    asyncio.run(run())


def test_computers_wait_at_a_table_nobody_is_at(tmp_path):
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'c.sqlite'}", seeds=lambda: 8)
        await server.start()
        try:
            alone, watched = await computers_table(server), await computers_table(server)
            await watched.attach(FakeConn(), None)
            await settle(watched, lambda: watched.sid >= 30)
            assert alone.sid == 0
            spectator = FakeConn()
            await alone.attach(spectator, None)  # someone comes: the computers play
            await settle(alone, lambda: alone.sid >= 10)
            alone.detach(spectator)  # and leaves: they stop (after a move already on its way)
            left_at, then = alone.sid, watched.sid
            await settle(watched, lambda: watched.sid >= then + 30)
            assert alone.sid <= left_at + 1
        finally:
            await server.stop()

    asyncio.run(run())
