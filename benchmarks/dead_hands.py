"""F2 (issue 35): replaying a legal Yokir record of dead hands (every seat passes, deal after deal).

    PYTHONPATH=src python benchmarks/dead_hands.py [ACTIONS ...]    # default 60000 600000

Prints, for each size, the CPU seconds to build the match and to replay its record
(records.replay, what `parlor replay` and the server's restore do), and the per-action cost, so a
growth faster than the number of deals shows as a rising cost per action. The machine's speed in
the same run: ref_trick's card plays per CPU second (parlor.bench.ref_trick_rate, as `parlor bench`).
"""

import sys
import time

from parlor import records
from parlor.bench import ref_trick_rate
from parlor.core.match import Match
from parlor.core.registry import make_rules


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or [60_000, 600_000]
    print(f"ref_trick: {ref_trick_rate()['plays_per_s']:,.0f} card plays per CPU second (median of 5)")
    for n in sizes:
        match = Match(make_rules("yokir"), 1)
        start = time.process_time()
        for _ in range(n):
            match.apply("pass")
        built = time.process_time() - start
        record = match.record()
        start = time.process_time()
        again = records.replay(record)
        replayed = time.process_time() - start
        assert again.record()["actions"] == record["actions"]
        print(f"{n:>9,} actions ({len(match.results):,} deals): build {built:.2f} s, replay {replayed:.2f} s CPU,"
              f" {1e6 * replayed / n:.1f} µs an action")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
