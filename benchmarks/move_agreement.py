#!/usr/bin/env python3
"""How often bots choose differently at the same positions (docs/strength.md quotes it).

    python benchmarks/move_agreement.py GAME [--bots strong,expert] [--positions 60] [--seeds 1]

Positions come from `rules` self-play (every third decision that is not forced, from the first two
deals of matches seeded 0, 1, ...); each bot decides each position with the same seed. Printed:
for every pair of bots, at how many positions their moves differ, and each bot's count against
`rules`. With `--seeds K` every bot also decides each position under K seeds, and the count of
positions where its move depends on the seed is printed (near ties, or too small a budget).
"""

import argparse
from itertools import combinations

from parlor.bots import make_bot
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bots", default="strong,expert")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seeds", type=int, default=1)
    args = parser.parse_args()
    rules = make_rules(args.game)
    names = ["rules"] + [b for b in args.bots.split(",") if b != "rules"]
    bots = {n: make_bot(n, rules) for n in names}
    differ = {pair: 0 for pair in combinations(names, 2)}
    unsettled = {n: 0 for n in names}
    seen, seed = 0, 0
    while seen < args.positions:
        match, rng, k = Match(rules, seed), Rng(seed), 0
        while not match.finished and match.deal_number <= 2 and seen < args.positions:
            view = match.view(match.to_act())
            if len(view["legal"]) > 1 and k % 3 == 0:
                moves = {n: bot.choose(view, Rng(k)) for n, bot in bots.items()}
                for n, bot in bots.items():
                    others = {bot.choose(view, Rng(1000 * j + k)) for j in range(1, args.seeds)}
                    unsettled[n] += bool(others - {moves[n]})
                seen += 1
                for a, b in differ:
                    differ[a, b] += moves[a] != moves[b]
            match.apply(bots["rules"].choose(view, rng))
            k += 1
        seed += 1
    for (a, b), n in differ.items():
        print(f"{args.game}: {a} and {b} differ at {n} of {seen} positions")
    if args.seeds > 1:
        for n, count in unsettled.items():
            print(f"{args.game}: {n}'s move depends on the seed at {count} of {seen} positions "
                  f"({args.seeds} seeds)")


if __name__ == "__main__":
    main()
