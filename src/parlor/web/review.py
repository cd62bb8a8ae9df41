"""The review page's data: a finished match's choices of one seat weighed (session/review.py).

A review searches for a minute or so, far longer than a request should wait: the first request
for a seat's review starts it, and each request after says how far it has come, until it gives
the review. The weighing runs in a worker process of its own, a deal's choices at a time, so
that neither the event loop nor the computer players' threads wait for it (it would hold the
interpreter's lock in a thread). The last reviews made are kept.
"""

import asyncio
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable

from parlor.bots.pool import process_context
from parlor.core.errors import ParlorError
from parlor.core.language import current
from parlor.core.words import say
from parlor.session import review

log = logging.getLogger("parlor.web")

KEEP = 16  # reviews kept (running ones are never dropped)


class Job:
    def __init__(self) -> None:
        self.done = 0
        self.total: int | None = None  # None: the record is still being replayed
        self.result: dict | None = None
        self.error: str | None = None
        self.task: asyncio.Task | None = None
        self.seats: dict | None = None  # once replayed: the seats' names, the seat, the game's title

    def report(self) -> dict:
        if self.error is not None:
            return {"status": "failed", "error": self.error}
        if self.result is not None:
            return {"status": "done", "review": self.result}
        return {"status": "running", "done": self.done, "total": self.total, **(self.seats or {})}


class Reviews:
    def __init__(self, budget: int = review.BUDGET) -> None:
        self.budget = budget
        self.jobs: OrderedDict[tuple[str, int, str], Job] = OrderedDict()
        self._pool = None

    def pool(self):
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor
            self._pool = ProcessPoolExecutor(1, mp_context=process_context(), initializer=_exit_with_parent)
        return self._pool

    def status(self, table_id: str, seat: int, record: dict, requested: Callable) -> dict:
        """Where the review of `seat` in the finished match `record` (the table `table_id`)
        stands; the first ask starts it. `requested` runs the replay off the event loop."""
        key = (table_id, seat, current())  # the reasons are said in the asker's language
        job = self.jobs.get(key)
        if job is None:
            job = self.jobs[key] = Job()
            job.task = asyncio.ensure_future(self._run(job, record, seat, requested, current()))
            for old in [k for k, j in self.jobs.items() if j.task is not None and j.task.done()]:
                if len(self.jobs) <= KEEP:
                    break
                del self.jobs[old]
        else:
            self.jobs.move_to_end(key)
        return job.report()

    async def _run(self, job: Job, record: dict, seat: int, requested: Callable, lang: str) -> None:
        try:
            plan = await requested(review.plan, record, seat)
            rules = plan.rules
            job.seats = {"names": review.seat_names(plan), "seat": seat, "title": rules.title}
            job.total = len(plan.choices)
            by_deal: dict[int, list] = {}
            for c in plan.choices:
                by_deal.setdefault(c.deal, []).append(c)
            loop = asyncio.get_running_loop()
            parts = [loop.run_in_executor(self.pool(), review.weigh_in_worker, rules.id, dict(rules.options),
                                          rules.seats, chunk, self.budget, 0, lang) for chunk in by_deal.values()]
            for part in asyncio.as_completed(parts):
                job.done += len(await part)
            weighed = [w for part in parts for w in part.result()]
            job.result = review.summary(plan, weighed, self.budget)
        except ParlorError as e:
            job.error = e.reason
        except Exception:  # a bug: logged whole, told in a line
            log.exception("the review of seat %s failed", seat)
            job.error = say("the review failed; the server's log says why")

    def close(self) -> None:
        for job in self.jobs.values():
            if job.task is not None:
                job.task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _exit_with_parent() -> None:
    """In the review worker: leave when the server does, however it ends (killed too). A worker
    waits on its queue for work, and would wait forever, keeping its fork server alive."""
    from multiprocessing import connection, parent_process
    parent = parent_process()
    if parent is None:
        return

    def watch() -> None:
        connection.wait([parent.sentinel])
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="parlor-review-parent").start()
