"""F1: computer moves of different tables are scheduled fairly (web/schedule.py): two tables of
slow computers cannot starve a third table's quick ones, and no table holds more than one thread."""

import asyncio
import threading
import time

from parlor.web.schedule import Scheduler

from .test_protocol import create, hello

SLOW_S = 0.4  # each move of an attacker's computers: an expert search, in effect
COMPUTERS = ("computer",) * 2


def test_two_tables_of_slow_computers_cannot_starve_a_third(app_client, monkeypatch):
    server = app_client.server
    tables = [create(app_client, "tor", {"deals": 1000}, COMPUTERS, seats=2)["id"] for _ in range(3)]
    *attackers, victim = [server.tables[t] for t in tables]
    for table in attackers:
        quick = table.session.computer_move

        def slow(*args, quick=quick):
            time.sleep(SLOW_S)  # a search waiting on its processes: the thread is held
            return quick(*args)
        monkeypatch.setattr(table.session, "computer_move", slow)
    watchers = [app_client.websocket_connect("/ws") for _ in tables]
    for ws, t in zip(watchers, tables[:2]):
        ws.__enter__()
        hello(ws, t)
    time.sleep(SLOW_S)  # both attackers' searches under way
    ws = watchers[2].__enter__()
    hello(ws, tables[2])
    start = victim.sid
    time.sleep(2)
    moves = victim.sid - start
    for w in watchers:
        w.__exit__(None, None, None)
    # alone it makes hundreds in 2 s; behind the attackers on a shared first-come queue of two
    # threads, one move per search (about 10)
    assert moves >= 100, moves
    assert all(t.sid <= 2 / SLOW_S + 2 for t in attackers)


def test_a_table_has_one_move_worked_out_at_a_time_and_others_go_in_turn():
    order: list[str] = []
    busy: dict[str, int] = {"a": 0, "b": 0}
    most: dict[str, int] = {"a": 0, "b": 0}
    lock = threading.Lock()

    def job(table: str, n: int) -> int:
        with lock:
            busy[table] += 1
            most[table] = max(most[table], busy[table])
            order.append(f"{table}{n}")
        time.sleep(0.05)
        with lock:
            busy[table] -= 1
        return n

    async def main():
        s = Scheduler(threads=2)
        futures = [s.run("a", job, "a", n) for n in range(3)] + [s.run("b", job, "b", 0)]
        results = await asyncio.gather(*futures)
        s.shutdown()
        return results

    assert asyncio.run(main()) == [0, 1, 2, 0]
    assert most == {"a": 1, "b": 1}  # two threads, yet table a never had two
    assert order[:2] == ["a0", "b0"]  # b did not wait behind a's queue
