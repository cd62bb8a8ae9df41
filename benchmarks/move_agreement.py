#!/usr/bin/env python3
"""How often bots choose differently at the same positions (docs/strength.md quotes it).

    python benchmarks/move_agreement.py GAME [--bots strong,expert] [--positions 60]

Positions come from `rules` self-play (every third decision that is not forced, from the first two
deals of matches seeded 0, 1, ...); each bot decides each position with the same seed. Printed:
for every pair of bots, at how many positions their moves differ, and each bot's count against
`rules`.
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
    args = parser.parse_args()
    rules = make_rules(args.game)
    names = ["rules"] + [b for b in args.bots.split(",") if b != "rules"]
    bots = {n: make_bot(n, rules) for n in names}
    differ = {pair: 0 for pair in combinations(names, 2)}
    seen, seed = 0, 0
    while seen < args.positions:
        match, rng, k = Match(rules, seed), Rng(seed), 0
        while not match.finished and match.deal_number <= 2 and seen < args.positions:
            view = match.view(match.to_act())
            if len(view["legal"]) > 1 and k % 3 == 0:
                moves = {n: bot.choose(view, Rng(k)) for n, bot in bots.items()}
                seen += 1
                for a, b in differ:
                    differ[a, b] += moves[a] != moves[b]
            match.apply(bots["rules"].choose(view, rng))
            k += 1
        seed += 1
    for (a, b), n in differ.items():
        print(f"{args.game}: {a} and {b} differ at {n} of {seen} positions")


if __name__ == "__main__":
    main()
