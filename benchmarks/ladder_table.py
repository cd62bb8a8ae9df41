#!/usr/bin/env python3
"""The ladder's arena reports (benchmarks/ladder.sh DIR) as the Markdown table of docs/strength.md.

    python benchmarks/ladder_table.py DIR

A pairing measured in several runs (`GAME-PAIRING.json` and `GAME-PAIRING-seedS.json`, other deal
sets) is one row over all their deal sets: the mean and 95% bootstrap interval of the pooled
per-set differences, the win shares averaged by matches, the decision times of the first run.
Runs are pooled only if they were played by the same entrants in the same seats with the same table
options; otherwise the script stops with one line naming the two reports.
"""

import json
import statistics
import sys
from pathlib import Path

from parlor.bots.arena import bootstrap_interval, summarize
from parlor.core.registry import make_rules

ORDER = ["rules-random", "strong-rules", "expert-strong"]


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "ladder")
    print("| game | pairing | deal sets × rotations | mean score difference against the field "
          "[95% interval] | share of matches won (fair share) | decision time p50 / p95 |")
    print("|---|---|---|---|---|---|")
    for game in ("yokir", "joker", "tor", "meri"):
        for pairing in ORDER:
            paths = [folder / f"{game}-{pairing}.json"] + sorted(folder.glob(f"{game}-{pairing}-seed*.json"))
            paths = [p for p in paths if p.exists() and p.stat().st_size]
            reports = [json.loads(p.read_text()) for p in paths]
            if not reports:
                continue
            report = reports[0]
            first = dict(report["entrants"][0])
            other = dict(report["entrants"][1])
            if len(reports) > 1:
                _check_poolable(paths, reports)
                _pool(reports, first, other)
            times = " / ".join("-" if first[k] is None else f"{first[k]:.0f} ms" for k in ("p50_ms", "p95_ms"))
            wins = f"{first['win_share']:.2f} ({first['fair_share']:.2f}) vs {other['win_share']:.2f} ({other['fair_share']:.2f})"
            mean = f"{first['diff_mean']:+.2f}"
            if first["diff_lo"] > 0 or first["diff_hi"] < 0:  # the interval excludes zero
                mean = f"**{mean}**"
            seating = report["rotations"][0]
            a, b = seating.count(first["name"]), seating.count(other["name"])
            pairing = f"{first['name']} vs {other['name']}" + (f" ({a} seat{'s' * (a > 1)} vs {b})" if a != b else "")
            print(f"| {game} | {pairing} | {sum(r['matches'] for r in reports)} × "
                  f"{len(report['rotations'])} | {mean} "
                  f"[{first['diff_lo']:+.2f}, {first['diff_hi']:+.2f}] | {wins} | {times} |")


def _check_poolable(paths: list[Path], reports: list[dict]) -> None:
    def table(r):  # what must agree; the seed and the number of deal sets may differ
        return r["game"], r.get("options"), r["seats"], r["rotations"], [e["name"] for e in r["entrants"]]
    for path, r in zip(paths[1:], reports[1:]):
        if table(r) != table(reports[0]):
            sys.exit(f"ladder_table: {path} was not played by the same entrants, seats and options "
                     f"as {paths[0]}, so its deal sets cannot be pooled with them")


def _pool(reports: list[dict], first: dict, other: dict) -> None:
    """Pool the deal sets of several runs of one pairing into the first two entrants' rows."""
    diffs = []
    for r in reports:
        rules = make_rules(r["game"], seats=r["seats"])  # summarize needs only the seats
        pattern = [e["name"] for e in r["entrants"]]
        results = [dict(x, times=[[] for _ in range(r["seats"])]) for x in r["results"]]
        diffs += summarize(r["game"], rules, pattern, r["rotations"], r["matches"], r["seed"],
                           results).entrants[0].diffs
    first["diff_mean"] = statistics.mean(diffs)
    first["diff_lo"], first["diff_hi"] = bootstrap_interval(diffs, 1)
    total = sum(r["matches"] for r in reports)
    for row, i in ((first, 0), (other, 1)):
        row["win_share"] = sum(r["entrants"][i]["win_share"] * r["matches"] for r in reports) / total


if __name__ == "__main__":
    main()
