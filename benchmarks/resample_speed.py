"""CPU time of Rules.resample per game, for comparing two trees side by side in one run:

    python benchmarks/resample_speed.py OLD_SRC NEW_SRC     # e.g. /work/base/src src

Each tree runs in its own process (PYTHONPATH=that src), alternately, three times; positions are
the views of every seat at every step of seeded random matches (the same in both trees, as the
rules are). Prints the best of the three CPU times per game and the ratio new / old.
"""

import json
import os
import subprocess
import sys

REPEATS = 3
SAMPLES = 20  # resamples per view

CHILD = r"""
import json, sys, time
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng

out = {}
for game in games():
    rules = make_rules(game)
    views = []
    for seed in range(3):
        m, choose = Match(rules, seed), Rng(seed)
        while not m.finished and m.deal_number <= 2:
            if not m.rules.deal_over(m.state):
                views += [m.view(seat) for seat in range(rules.seats)]
            legal = m.legal()
            m.apply(legal[choose.below(len(legal))])
    views = views[::max(1, len(views) // 300)]
    t = time.process_time()
    for i, v in enumerate(views):
        for k in range(%d):
            rules.resample(v, Rng(i * 7 + k))
    out[game] = (time.process_time() - t, len(views) * %d)
print(json.dumps(out))
""" % (SAMPLES, SAMPLES)


def run(src: str) -> dict:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    old_src, new_src = sys.argv[1:3]
    best: dict[str, dict[str, float]] = {"old": {}, "new": {}}
    counts = {}
    for _ in range(REPEATS):
        for name, src in (("old", old_src), ("new", new_src)):
            for game, (secs, n) in run(src).items():
                best[name][game] = min(secs, best[name].get(game, float("inf")))
                counts[game] = n
    print(f"{'game':8} {'resamples':>9} {'old ms':>8} {'new ms':>8} {'new/old':>8}")
    for game in best["old"]:
        old, new = best["old"][game], best["new"][game]
        print(f"{game:8} {counts[game]:9d} {old * 1e3:8.0f} {new * 1e3:8.0f} {new / old:8.3f}")
    total_old, total_new = sum(best["old"].values()), sum(best["new"].values())
    print(f"{'all':8} {'':9} {total_old * 1e3:8.0f} {total_new * 1e3:8.0f} {total_new / total_old:8.3f}")


if __name__ == "__main__":
    main()
