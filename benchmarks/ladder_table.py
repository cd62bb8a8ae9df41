#!/usr/bin/env python3
"""The ladder's arena reports (benchmarks/ladder.sh DIR) as the Markdown table of docs/strength.md.

    python benchmarks/ladder_table.py DIR
"""

import json
import sys
from pathlib import Path

ORDER = ["rules-random", "strong-rules", "expert-strong"]


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "ladder")
    print("| game | pairing | deal sets × rotations | mean score difference against the field "
          "[95% interval] | share of matches won (fair share) | decision time p50 / p95 |")
    print("|---|---|---|---|---|---|")
    for game in ("yokir", "joker", "tor", "meri"):
        for pairing in ORDER:
            path = folder / f"{game}-{pairing}.json"
            if not path.exists() or not path.stat().st_size:
                continue
            report = json.loads(path.read_text())
            first = report["entrants"][0]
            others = report["entrants"][1:]
            times = " / ".join("-" if first[k] is None else f"{first[k]:.0f} ms" for k in ("p50_ms", "p95_ms"))
            wins = f"{first['win_share']:.2f} ({first['fair_share']:.2f}) vs {others[0]['win_share']:.2f} ({others[0]['fair_share']:.2f})"
            mean = f"{first['diff_mean']:+.2f}"
            if first["diff_lo"] > 0 or first["diff_hi"] < 0:  # the interval excludes zero
                mean = f"**{mean}**"
            seating = report["rotations"][0]
            a, b = seating.count(first["name"]), seating.count(others[0]["name"])
            pairing = f"{first['name']} vs {others[0]['name']}" + (f" ({a} seat{'s' * (a > 1)} vs {b})" if a != b else "")
            print(f"| {game} | {pairing} | {report['matches']} × "
                  f"{len(report['rotations'])} | {mean} "
                  f"[{first['diff_lo']:+.2f}, {first['diff_hi']:+.2f}] | {wins} | {times} |")


if __name__ == "__main__":
    main()
