#!/usr/bin/env python3
"""How long a level thinks per decision, per game: CPU seconds of the deciding process, which is
what the wall time is on an idle core (the shared machine's load does not enter it).

    python benchmarks/decision_times.py [--level strong] [--decisions 40] [--games joker,meri]

The level plays seat 0 against the `rules` player from the first deal on; only its decisions with
more than one legal move are timed (a forced move is answered at once). Prints p50, p95 and the
largest, per game. For a level that thinks in several processes (expert) only the wall time
means anything: use `parlor arena`'s p50/p95 on an idle machine instead.
"""

import argparse
import statistics
import time

from parlor.bots import make_bot
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng


def times(game_id: str, level: str, decisions: int, seed: int = 1) -> list[float]:
    rules = make_rules(game_id)
    bot, other = make_bot(level, rules), make_bot("rules", rules)
    out: list[float] = []
    while len(out) < decisions:
        match, rng = Match(rules, seed), Rng(seed)
        while not match.finished and len(out) < decisions:
            seat = match.to_act()
            view = match.view(seat)
            if seat == 0 and len(view["legal"]) > 1:
                start = time.process_time()
                action = bot.choose(view, rng)
                out.append(time.process_time() - start)
            else:
                action = other.choose(view, rng)
            match.apply(action)
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="strong")
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--games", default=",".join(sorted(games())))
    args = parser.parse_args()
    print(f"{args.level}: CPU seconds per decision over {args.decisions} decisions")
    for game_id in args.games.split(","):
        t = sorted(times(game_id, args.level, args.decisions))
        p95 = t[min(len(t) - 1, round(0.95 * (len(t) - 1)))]
        print(f"  {game_id:<6} p50 {statistics.median(t):.2f} s   p95 {p95:.2f} s   max {t[-1]:.2f} s")


if __name__ == "__main__":
    main()
