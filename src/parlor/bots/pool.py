"""The processes that search lanes (root parallelism) and arena matches run in.

One pool of lane processes per program, started at the first search with `processes` above 1 and
grown when a search asks for more; each worker keeps the rules it was sent, by table.
"""

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Any

from parlor.core.rng import Rng
from parlor.core.rules import Rules

from .base import Stopped
from .settings import SearchSettings

_POOL: ProcessPoolExecutor | None = None
_POOL_WORKERS = 0
_RULES: dict[tuple, Rules] = {}  # in a worker: the rules of every table it searched for


def process_context() -> BaseContext:
    """The way lane and arena processes start: a fork server where there is one (safe in a
    process with threads, such as a web server or a progress bar), else the platform's default."""
    try:
        return multiprocessing.get_context("forkserver")
    except ValueError:
        return multiprocessing.get_context()


def in_worker() -> bool:
    """Whether this process is itself a worker (an arena's or a lane's)."""
    return multiprocessing.parent_process() is not None


def run_lanes(rules: Rules, view: dict, seeds: list[int], settings: SearchSettings,
              budgets: list[tuple[int, int | None]], processes: int) -> list[dict]:
    """Each lane's root statistics ({action id: ActionStats}), the lanes run over `processes`
    worker processes."""
    pool = _pool(processes)
    futures = [pool.submit(_lane, rules.id, rules.options, rules.seats, view, seed, settings, budget)
               for seed, budget in zip(seeds, budgets)]
    try:
        return [f.result() for f in futures]
    except BrokenProcessPool:
        if pool is not _POOL:  # ended by shutdown(): the program is stopping
            raise Stopped("the search processes were ended") from None
        raise


def _pool(processes: int) -> ProcessPoolExecutor:
    global _POOL, _POOL_WORKERS
    if _POOL is None or _POOL_WORKERS < processes:
        if _POOL is not None:
            _POOL.shutdown()
        _POOL = ProcessPoolExecutor(max_workers=processes, mp_context=process_context())
        _POOL_WORKERS = processes
    return _POOL


def shutdown() -> None:
    """End the lane processes now, a search in flight abandoned (its futures fail at once): a
    program that stops (the web server) must not leave them computing. Without them the fork
    server and the resource tracker end too, when this process does. A later search starts a
    new pool."""
    global _POOL, _POOL_WORKERS
    pool, _POOL, _POOL_WORKERS = _POOL, None, 0
    if pool is None:
        return
    workers = list((pool._processes or {}).values())  # public only from Python 3.14 on
    for process in workers:
        process.terminate()
    # its manager thread sees the workers gone, fails their futures and frees the queues
    pool.shutdown(wait=True, cancel_futures=True)


def _lane(game_id: str, options: dict, seats: int, view: dict, seed: int, settings: SearchSettings,
          budget: tuple[int, int | None]) -> dict[int, Any]:
    from parlor.core.registry import make_rules

    from .search import Search
    key = (game_id, repr(sorted(options.items())), seats)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = make_rules(game_id, options, seats)
    return Search(rules, view, Rng(seed), settings, budget=budget).run()
