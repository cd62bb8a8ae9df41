#!/usr/bin/env python3
"""Two source trees measured side by side in one run: `parlor bench` (engine actions/s) and
benchmarks/bots_bench.py (search iterations/s), each tree's own code and scripts, the trees
alternated round by round so that the machine's load falls on both alike.

    python benchmarks/side_by_side.py OLD_TREE NEW_TREE [--rounds 3] [--seconds 0.5]

A tree is a checkout's root (holding src/ and benchmarks/). Each figure is taken as a ratio to
ref_trick measured in the same process; the table gives the median over the rounds of each tree's
ratio and new ÷ old.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path


def run_json(tree: Path, argv: list[str]) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    out = subprocess.run([sys.executable, *argv], env=env, cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def engine(tree: Path, seconds: float) -> dict[str, float]:
    got = run_json(tree, ["-c", "import sys; from parlor.cli.main import main; sys.exit(main(sys.argv[1:]))",
                               "bench", "--json", "--seconds", str(seconds)])
    return {f"engine {r['game']}": r["ratio"] for r in got["games"]}


def search(tree: Path, seconds: float) -> dict[str, float]:
    got = run_json(tree, ["benchmarks/bots_bench.py", "--json", "--seconds", str(seconds)])
    ref = got["ref_trick_deals_per_s"]
    return {f"search {r['game']} ismcts/rules": r["ismcts/rules"] / ref for r in got["games"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    figures: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for round_ in range(args.rounds):
        # alternate which tree goes first, so neither always meets a warmer or busier machine
        order = [("old", args.old), ("new", args.new)][:: 1 if round_ % 2 == 0 else -1]
        for name, tree in order:
            for measure in (engine, search):
                for key, value in measure(tree.resolve(), args.seconds).items():
                    figures[name].setdefault(key, []).append(value)
        print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)
    print(f"{'figure (ratio to ref_trick)':<32} {'old':>8} {'new':>8} {'new/old':>8}")
    for key in figures["old"]:
        old = statistics.median(figures["old"][key])
        new = statistics.median(figures["new"][key])
        print(f"{key:<32} {old:>8.3f} {new:>8.3f} {new / old:>8.3f}")


if __name__ == "__main__":
    main()
