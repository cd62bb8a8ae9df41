#!/usr/bin/env python3
"""Search throughput per game beside the ref_trick yardstick, and the peak memory of one expert
decision (docs/experiments/search-speed.md quotes its output).

    python benchmarks/bots_bench.py [--seconds S] [--json]

For each game: a fixed position (the first card play of a deal; for Joker a nine-card deal), the
search run for S seconds per configuration, iterations/s reported (median of 3). An iteration is
one imagined world played from the root to the end of the deal. ref_trick is measured in the same
run (deals/s, before and after); the goal for Joker is a quarter of ref_trick's deals/s.
"""

import argparse
import json
import statistics
import time
import tracemalloc

from parlor.bench import first_play_position, ref_trick_rate
from parlor.bots import make_bot
from parlor.bots.search import Search, search_stats
from parlor.core.registry import games
from parlor.core.rng import Rng

CONFIGS = [("ismcts", "rules"), ("ismcts", "random"), ("flat", "rules")]


def rate(rules, view, mode, playout, seconds) -> float:
    rates = []
    for k in range(3):
        search = Search(rules, view, Rng(k), iterations=10**9, mode=mode, playout=playout,
                        seconds=seconds)
        start = time.perf_counter()
        search.run()
        rates.append(search.done / (time.perf_counter() - start))
    return statistics.median(rates)


def two_lane_rate(rules, view, seconds) -> float:
    """Iterations/s of the expert's arrangement: two lanes in two processes (root parallelism),
    heuristic playouts, counted over wall time (median of 3)."""
    rates = []
    search_stats(rules, view, Rng(9), lanes=2, processes=2, iterations=200)  # start the pool
    for k in range(3):
        n = 1000
        while True:
            start = time.perf_counter()
            stats = search_stats(rules, view, Rng(k), lanes=2, processes=2, iterations=n)
            took = time.perf_counter() - start
            if took >= seconds:
                break
            n *= 2
        rates.append(sum(st.visits for st in stats) / took)
    return statistics.median(rates)


def expert_memory(rules, view) -> dict:
    """One expert decision: its wall time (two lanes in two processes), the peak memory the
    search allocates (tracemalloc, the lanes run in this process) and the peak resident size of
    a fresh process making the decision in one process (each lane process holds one half)."""
    import subprocess
    import sys
    bot = make_bot("expert", rules)
    start = time.perf_counter()
    bot.choose(view, Rng(5))
    elapsed = time.perf_counter() - start
    traced = make_bot("expert", rules, processes=1)
    tracemalloc.start()
    traced.choose(view, Rng(5))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    code = ("import json, resource, sys; sys.path.insert(0, %r); from bots_bench import *; "
            "rules, view = first_play_position(%r); "
            "make_bot('expert', rules, processes=1).choose(view, Rng(5)); "
            "print(json.dumps(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))") % (
        str(__import__("pathlib").Path(__file__).parent), rules.id)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    own = json.loads(out.stdout.strip().splitlines()[-1])
    return {"expert_seconds": elapsed, "expert_traced_mib": peak / 2**20,
            "expert_rss_mib": own / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", default=",".join(sorted(games())))
    args = parser.parse_args()
    before = ref_trick_rate(args.seconds)["deals_per_s"]
    rows = []
    for game_id in args.games.split(","):
        rules, view = first_play_position(game_id)
        row = {"game": game_id, "position": f"deal {view['deal']}, seat {view['seat']}, "
                                            f"{len(view['legal'])} legal moves"}
        for mode, playout in CONFIGS:
            row[f"{mode}/{playout}"] = rate(rules, view, mode, playout, args.seconds)
        row["two lanes/rules"] = two_lane_rate(rules, view, args.seconds)
        row.update(expert_memory(rules, view))
        rows.append(row)
    after = ref_trick_rate(args.seconds)["deals_per_s"]
    ref = (before + after) / 2
    if args.json:
        print(json.dumps({"ref_trick_deals_per_s": ref, "games": rows}, indent=1))
        return
    print(f"ref_trick: {ref:,.0f} deals/s (median of 5, before {before:,.0f} and after {after:,.0f})")
    for row in rows:
        print(f"{row['game']} ({row['position']}):")
        for mode, playout in CONFIGS:
            r = row[f"{mode}/{playout}"]
            print(f"  {mode:>6} {playout:>6} playouts: {r:>8,.0f} iterations/s = {r / ref:.3f} x ref_trick deals/s")
        r = row["two lanes/rules"]
        print(f"  ismcts rules playouts, two lanes in two processes: {r:>8,.0f} iterations/s = "
              f"{r / ref:.3f} x ref_trick deals/s")
        print(f"  one expert decision: {row['expert_seconds']:.2f} s; search allocates at most "
              f"{row['expert_traced_mib']:.1f} MiB; peak RSS {row['expert_rss_mib']:.0f} MiB "
              f"(a fresh process making it alone)")


if __name__ == "__main__":
    main()
