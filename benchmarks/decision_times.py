#!/usr/bin/env python3
"""How long a computer player thinks per turn, per game and level, and how long a hint takes:
CPU seconds, which is what the wall time is on idle cores (the shared machine's load does not
enter it).

    python benchmarks/decision_times.py [--levels strong,expert,hint] [--turns 20]
                                        [--games joker,meri] [--seed 1] [--json]

A turn is everything a seat does from being asked until play passes to another seat (Tőr: the
drop or draw, the melds and lay-offs, the discard; Yokir: the pick and the bury); a turn whose
every move is forced (one legal action) is answered at once and not counted. The level plays seat
0 against the `rules` player from the first deal of seed `--seed` on (then the next seeds), until
`--turns` turns are timed. `hint` is `parlor hint` at the strong level for seat 0 at each of its
decisions with a choice (a person asks a hint per move), timed per hint.

CPU of a level that thinks in several processes (expert's two lanes): this process's CPU plus
that of the lane worker processes (read from /proc, Linux only: the pool's workers are the fork
server's children, not ours, so RUSAGE_CHILDREN would not see them). That sum is the time one
idle core would take; on two idle cores the wall time is about half of it. The wall time is
printed beside it.
"""

import argparse
import json
import statistics
import time

from parlor.bots import make_bot, pool
from parlor.bots.hints import hint
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng

LEVELS = ("strong", "expert", "hint")
TICK = None  # clock ticks a second, for /proc/<pid>/stat


def workers_cpu() -> float:
    """CPU seconds (user + system) the search pool's worker processes used so far."""
    global TICK
    if pool._POOL is None:
        return 0.0
    if TICK is None:
        import os
        TICK = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in list((pool._POOL._processes or {}).keys()):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / TICK


def clock() -> tuple[float, float]:
    return time.process_time() + workers_cpu(), time.perf_counter()


def turns(game_id: str, level: str, count: int, seed: int) -> list[tuple[float, float]]:
    """(CPU, wall) seconds of each of `count` turns (hints: each hint) of seat 0."""
    rules = make_rules(game_id)
    other = make_bot("rules", rules)
    bot = None if level == "hint" else make_bot(level, rules)
    out: list[tuple[float, float]] = []
    while len(out) < count:
        match, rng = Match(rules, seed), Rng(seed)
        began: tuple[float, float] | None = None  # the clock when seat 0's turn with a choice began
        turn = None  # (deal number) of seat 0's turn in progress
        while len(out) < count:
            seat = None if match.finished else match.to_act()
            if began is not None and (seat != 0 or match.deal_number != turn):
                cpu, wall = clock()
                out.append((cpu - began[0], wall - began[1]))
                began = None
            if seat is None:
                break
            view = match.view(seat)
            if seat != 0 or len(view["legal"]) == 1:
                action = other.choose(view, rng)  # a forced move is the same for every player
            elif bot is None:  # a hint for seat 0, which then plays on as the rules player
                start = clock()
                hint(rules, view, "strong", rng.fork())
                cpu, wall = clock()
                out.append((cpu - start[0], wall - start[1]))
                action = other.choose(view, rng)
            else:
                if began is None:
                    began, turn = clock(), match.deal_number
                action = bot.choose(view, rng)
            match.apply(action)
        seed += 1
    return out


def pct(t: list[float], p: float) -> float:
    """The p-quantile of sorted t (nearest rank)."""
    return t[min(len(t) - 1, round(p * (len(t) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--games", default=",".join(sorted(games())))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    rows = []
    for level in args.levels.split(","):
        for game_id in args.games.split(","):
            t = turns(game_id, level, args.turns, args.seed)
            cpu, wall = sorted(x[0] for x in t), sorted(x[1] for x in t)
            row = {"game": game_id, "level": level, "turns": len(t),
                   "cpu_p50": round(statistics.median(cpu), 3), "cpu_p95": round(pct(cpu, 0.95), 3),
                   "cpu_max": round(cpu[-1], 3), "wall_p50": round(statistics.median(wall), 3),
                   "wall_p95": round(pct(wall, 0.95), 3)}
            rows.append(row)
            if not args.json:
                print(f"{level:<6} {game_id:<6} CPU p50 {row['cpu_p50']:.2f} s  p95 {row['cpu_p95']:.2f} s  "
                      f"max {row['cpu_max']:.2f} s   wall p50 {row['wall_p50']:.2f} s  "
                      f"p95 {row['wall_p95']:.2f} s   ({len(t)} {'hints' if level == 'hint' else 'turns'})",
                      flush=True)
    pool.shutdown()
    if args.json:
        print(json.dumps({"unit": "CPU seconds per turn (hint: per hint), this process plus the search "
                                  "pool's workers; wall seconds beside",
                          "seed": args.seed, "turns": args.turns, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
