"""What one person's requests may cost everyone else: a hint is one search per seat and state, on
the server's request thread, never ahead of the computer players' moves nor of the asker's own
next move; a finished match is replayed off the event loop, and stepped on from the last step
shown; computer players do not play at a table nobody is at."""

import asyncio
import json
import threading

import pytest

from parlor import records
from parlor.bots import hints
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.web.public import sent_view
from parlor.web.server import Server
from parlor.web.table import Table

from .test_store import FakeConn, attach, settle

RELEASE_S = 30  # the most a held stub waits: reached only when the code under test is wrong


def serve(tmp_path, test) -> None:
    """Run `await test(server)` on a started server with a fresh database, then stop it."""
    async def run():
        server = Server(f"sqlite:///{tmp_path / 'load.sqlite'}", seeds=lambda: 3)
        await server.start()
        try:
            await test(server)
        finally:
            await server.stop()

    asyncio.run(run())


async def yields(n=20):
    for _ in range(n):
        await asyncio.sleep(0)


class Held:
    """Stands in for a slow function: counts the calls, and each waits until released (`entered`
    tells that one has begun), then gives what `answer` gives."""

    def __init__(self, answer):
        self.answer = answer
        self.calls = 0
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self, *args, **kwargs):
        self.calls += 1
        self.entered.set()
        self.release.wait(RELEASE_S)
        return self.answer(*args, **kwargs)


@pytest.fixture
def hold(monkeypatch):
    """hold(module, name, answer): module.name is a Held giving answer's results, until the end."""
    made = []

    def put(module, name, answer) -> Held:
        held = Held(answer)
        monkeypatch.setattr(module, name, held)
        made.append(held)
        return held
    yield put
    for held in made:
        held.release.set()


# --- replays


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


@pytest.fixture
def held_replay(hold):
    """Every replay starts with records.new_match: held there, a replay stays in the middle of
    its work while the test looks at the event loop."""
    return hold(records, "new_match", records.new_match)


async def pong_while_held(server, held, work):
    """While `work` (a coroutine that replays) is held in its replay, a ping is answered; the
    work's result."""
    task = asyncio.create_task(work)
    await asyncio.to_thread(held.entered.wait, RELEASE_S)
    pinger = FakeConn()
    await server.handle(pinger, '{"type": "ping"}')
    assert pinger.sent == [{"type": "pong"}]
    assert not task.done(), "the replay ended before the ping was answered"
    held.release.set()
    return await task


def test_a_replay_runs_off_the_event_loop(tmp_path, held_replay):
    async def test(server):
        record = await store_finished(server)
        got = await pong_while_held(server, held_replay, server.replay_step("DONE", 5))
        assert got["step"] == 5 and got["total"] == len(record["actions"])
    serve(tmp_path, test)


def test_opening_a_finished_table_replays_it_off_the_event_loop(tmp_path, held_replay):
    async def test(server):
        record = await store_finished(server)
        viewer = FakeConn()
        hello = json.dumps({"type": "hello", "table": "DONE", "token": None})
        await pong_while_held(server, held_replay, server.handle(viewer, hello))
        assert viewer.sent[0]["finished"] and viewer.sent[0]["sid"] == len(record["actions"])
    serve(tmp_path, test)


def test_the_replay_steps_on_from_the_last_step_shown(tmp_path, held_replay):
    async def test(server):
        record = await store_finished(server)
        held_replay.release.set()
        await server.replay_step("DONE", 3)
        built = held_replay.calls
        for step in (4, 9, 2, 6):
            got = await server.replay_step("DONE", step)
            match = held_replay.answer({**record, "actions": []})
            for action in record["actions"][:step]:
                match.apply(action)
            assert [{**v, "names": None} for v in got["views"]] == \
                [{**sent_view(match.view(s)), "names": None} for s in range(3)]
            assert got["log"][-1]["i"] == step - 1 and got["scores"] == match.scores
        # forward steps went on from the match shown; only the step back started again
        assert held_replay.calls == built + 1
    serve(tmp_path, test)


# --- hints


@pytest.fixture
def held_hint(hold):
    """The hint search, counted and held until released."""
    return hold(hints, "hint", lambda rules, view, level, rng: [
        {"action": view["legal"][0], "value": 0.0, "reason": "held"}])


async def computers_table(server, kinds=("computer", "computer", "computer")):
    spec = {"game": "yokir", "options": {"target": 30}, "pace_ms": 0, "grace_s": 3600,
            "players": [{"kind": k, "level": "random"} if k == "computer" else {"kind": k}
                        for k in kinds]}
    return server.tables[(await server.create_table(spec))["id"]]


async def person_to_act(server, tabs):
    """A table with a person at seat 0 (as many tabs as given) against computers, at the
    person's turn."""
    table = await computers_table(server, ("person", "computer", "computer"))
    for conn in tabs:
        await attach(table, conn, 0)
    await settle(table, lambda: table.match.to_act() == 0)
    return table


def hint_answers(conn):
    return [m for m in conn.sent if m["type"] == "hint"]


def test_two_tabs_asking_for_a_hint_share_one_search_and_its_answer(tmp_path, held_hint):
    async def test(server):
        tabs = [FakeConn(), FakeConn()]
        table = await person_to_act(server, tabs)
        sid = table.sid
        asks = [asyncio.create_task(table.hint(tab, sid)) for tab in tabs]
        await yields()  # both asks are in before the search ends
        held_hint.release.set()
        await asyncio.gather(*asks)
        assert held_hint.calls == 1
        assert hint_answers(tabs[0]) == hint_answers(tabs[1])
        assert hint_answers(tabs[0])[0]["hints"][0]["reason"] == "held"
        await table.hint(tabs[0], sid)  # asked again at the same state: the answer kept
        assert held_hint.calls == 1 and hint_answers(tabs[0])[1] == hint_answers(tabs[0])[0]
    serve(tmp_path, test)


def test_a_seat_gets_one_hint_search_at_a_time(tmp_path, held_hint):
    async def test(server):
        asker, player = FakeConn(), FakeConn()
        table = await person_to_act(server, [asker, player])
        first = table.sid
        ask = asyncio.create_task(table.hint(asker, first))
        await yields()
        # the person plays without waiting for the hint, and is to act again
        await table.submit(0, table.match.legal()[0], first, player)
        await settle(table, lambda: table.sid > first and table.match.to_act() == 0)
        again = asyncio.create_task(table.hint(player, table.sid))
        await yields()
        assert held_hint.calls == 1
        assert "already being worked out" in player.sent[-1].get("message", "")
        held_hint.release.set()
        await asyncio.gather(ask, again)
        assert [h["sid"] for h in hint_answers(asker)] == [first]
        await table.hint(player, table.sid)  # the first search is over: a new one may start
        assert held_hint.calls == 2 and hint_answers(player)[-1]["sid"] == table.sid
    serve(tmp_path, test)


def test_a_move_made_while_a_hint_is_worked_out_is_played_at_once(tmp_path, held_hint):
    async def test(server):
        person = FakeConn()
        table = await person_to_act(server, [person])
        first = table.sid
        ask = json.dumps({"type": "hint", "sid": first})
        await asyncio.wait_for(server.handle(person, ask), 5)  # the socket reads on at once
        move = json.dumps({"type": "act", "action": table.match.legal()[0], "sid": first})
        await server.handle(person, move)
        await settle(table, lambda: table.sid > first)
        assert held_hint.calls == 1 and not hint_answers(person)
        held_hint.release.set()
        await settle(table, lambda: hint_answers(person))
        assert hint_answers(person)[0]["sid"] == first
    serve(tmp_path, test)


def test_a_hint_that_fails_gets_one_error_line(tmp_path, monkeypatch):
    def broken(self, view, seat, sid):
        raise RuntimeError("a bug")
    monkeypatch.setattr(Table, "_work_out_hint", broken)

    async def test(server):
        person = FakeConn()
        table = await person_to_act(server, [person])
        await server.handle(person, json.dumps({"type": "hint", "sid": table.sid}))
        await settle(table, lambda: any(m["type"] == "error" for m in person.sent))
        assert [m["message"] for m in person.sent if m["type"] == "error"] == [
            "the hint could not be worked out"]
    serve(tmp_path, test)


def test_hint_searches_do_not_hold_up_computers_at_other_tables(tmp_path, held_hint):
    async def test(server):
        asks = []
        for _ in range(2):  # two tables' held searches, each on a scheduler thread
            tab = FakeConn()
            table = await person_to_act(server, [tab])
            asks.append(asyncio.create_task(table.hint(tab, table.sid)))
        await yields()
        others = await computers_table(server)
        await attach(others, FakeConn(), None)
        await settle(others, lambda: others.sid >= 30)
        # both are worked out, neither on the request thread a replay holds (F6)
        assert held_hint.calls == 2
        held_hint.release.set()
        await asyncio.gather(*asks)
    serve(tmp_path, test)


# --- tables nobody is at


def test_computers_wait_at_a_table_nobody_is_at(tmp_path):
    async def test(server):
        alone, watched = await computers_table(server), await computers_table(server)
        await attach(watched, FakeConn(), None)
        await settle(watched, lambda: watched.sid >= 30)
        assert alone.sid == 0
        spectator = FakeConn()
        await attach(alone, spectator, None)  # someone comes: the computers play
        await settle(alone, lambda: alone.sid >= 10)
        alone.detach(spectator)  # and leaves: they stop (after a move already on its way)
        left_at, then = alone.sid, watched.sid
        await settle(watched, lambda: watched.sid >= then + 30)
        assert alone.sid <= left_at + 1
    serve(tmp_path, test)
