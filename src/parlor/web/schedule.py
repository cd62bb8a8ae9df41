"""Computer moves of every table on a few threads, fairly (issue 35, F1).

One shared first-come queue let two tables of slow computers (expert searches) take every
thread, so a third table's quick moves each waited behind a search: 1,350 moves in 5 s became 12
in 45 s. Here each table waits in a queue of its own and has at most one move being worked out
at a time (its share of the pool is one thread), and a free thread takes the next table in turn.
With more threads than tables of slow computers, a table of quick ones always finds a thread;
past that, every table still gets a turn in order. A table's hints wait in a queue of their own
(Table.hint), so a hint never waits for the replay on the request thread (F6). The CPU a search
takes is shared out by the OS instead: it runs in the server's lowered workers (bots/pool.py).
"""

import asyncio
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from functools import partial

THREADS = 8  # a thread mostly waits (a search's lane processes, the database): cheap to keep


class Scheduler:
    def __init__(self, threads: int = THREADS):
        self.threads = threads
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="parlor-bot")
        self.waiting: OrderedDict[object, deque] = OrderedDict()  # table -> its jobs, in turn
        self.running: set = set()  # the tables with a move being worked out

    def run(self, table: object, fn, *args) -> asyncio.Future:
        """Work out `fn(*args)` on a thread when `table`'s turn comes; await the answer."""
        future = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(table, deque()).append((partial(fn, *args), future))
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        while len(self.running) < self.threads:
            table = next((t for t in self.waiting if t not in self.running), None)
            if table is None:
                return
            jobs = self.waiting.pop(table)
            job, future = jobs.popleft()
            if jobs:
                self.waiting[table] = jobs  # its next job waits behind every other table's
            if future.cancelled():  # the table no longer wants it (the move was made meanwhile)
                continue
            self.running.add(table)
            done = asyncio.wrap_future(self.pool.submit(job))
            done.add_done_callback(partial(self._finished, table, future))

    def _finished(self, table: object, future: asyncio.Future, done: asyncio.Future) -> None:
        self.running.discard(table)
        if not future.cancelled():
            if done.cancelled():
                future.cancel()
            elif done.exception() is not None:
                future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                future.set_result(done.result())
        self._dispatch()

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
