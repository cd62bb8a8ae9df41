"""What one person's requests may cost everyone else: a finished match is replayed off the event
loop, and stepped on from the last step shown."""

import asyncio
import json
import threading

from parlor import records
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.web.server import Server

from .test_store import FakeConn

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
