"""The processes that search lanes (root parallelism) and arena matches run in.

One pool of lane processes per program, started at the first search with `processes` above 1 and
grown when a search asks for more; each worker keeps the rules it was sent, by table.

A server calls `own_searches` first (issue 35, F6): then every search, a lane of one too (strong,
hints), runs in the pool, never in the server's process (whose GIL and CPU the people's moves and
the quick computers need), and the workers run at a lower OS priority, so a search takes only the
CPU that nothing else wants. The answer is the same wherever a lane runs.
"""

import multiprocessing
import os
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
_OWNED: tuple[int, int] | None = None  # own_searches: (workers, niceness)
SEARCH_WORKERS = 6  # a server's: two tables' expert lanes at once, and hints beside
QUICK_ITERATIONS = 100  # a search this short stays in the server's process (the beginner's)
SEARCH_NICE = 10  # a server's workers' niceness: a weight about a tenth of the server's


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


def own_searches(workers: int = SEARCH_WORKERS, nice: int = SEARCH_NICE) -> None:
    """From now on every search in this process runs its lanes in a pool of `workers` worker
    processes at niceness `nice` (the server's; `shutdown` ends them)."""
    global _OWNED
    _OWNED = (workers, nice)


def searches_here(lanes: int, processes: int, iterations: int) -> bool:
    """Whether a search of `lanes` lanes wanting `processes` processes runs in this process."""
    if in_worker():  # an arena's worker keeps its lanes: a pool within a pool's worker would hang
        return True
    if _OWNED is not None:
        return iterations < QUICK_ITERATIONS  # a beginner's few looks cost less than the errand
    return lanes < 2 or processes < 2


def _lowered(nice: int) -> None:
    os.nice(nice)


def run_lanes(rules: Rules, view: dict, seeds: list[int], settings: SearchSettings,
              budgets: list[tuple[int, int | None]], processes: int) -> list[dict]:
    """Each lane's root statistics ({action id: ActionStats}), the lanes run over `processes`
    worker processes."""
    pool = _pool(max(processes, _OWNED[0]) if _OWNED else processes)
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
        extra: dict[str, Any] = {"initializer": _lowered, "initargs": (_OWNED[1],)} if _OWNED else {}
        _POOL = ProcessPoolExecutor(max_workers=processes, mp_context=process_context(), **extra)
        _POOL_WORKERS = processes
    return _POOL


def shutdown() -> None:
    """End the lane processes now, a search in flight abandoned (its futures fail at once): a
    program that stops (the web server) must not leave them computing. Without them the fork
    server and the resource tracker end too, when this process does. A later search starts a
    new pool, and searches as before own_searches."""
    global _POOL, _POOL_WORKERS, _OWNED
    pool, _POOL, _POOL_WORKERS, _OWNED = _POOL, None, 0, None
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
