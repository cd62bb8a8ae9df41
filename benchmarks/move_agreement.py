#!/usr/bin/env python3
"""How often bots choose differently at the same positions (docs/experiments/levels-spacing.md
quotes it).

    python benchmarks/move_agreement.py GAME [--bots strong,expert] [--positions 60] [--seeds 1]
                                        [--reference STEPS] [--deal N]

Positions come from `rules` self-play (every third decision that is not forced, from deals N and
N+1 of matches seeded 0, 1, ...; N is 1 unless given: Joker's first deals hold one or two cards, its
nine-card deals start at 9); each bot decides each position with the same seed. Printed:
for every pair of bots, at how many positions their moves differ, and each bot's count against
`rules`. With `--seeds K` every bot also decides each position under K seeds, and the count of
positions where its move depends on the seed is printed (near ties, or too small a budget).
With `--reference STEPS` a search of that many simulated actions values every move at each
position, and each bot's mean regret is printed: how much less than the best move its move is
worth by that reference (in search utility, where a typical deal's spread of points is 0.5).
Budget matters where the regret falls as the budget grows; near ties leave it flat.
"""

import argparse
import math
from itertools import combinations

from parlor.bots import make_bot
from parlor.bots.search import search_stats
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bots", default="strong,expert")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--reference", type=int, default=0, metavar="STEPS")
    parser.add_argument("--deal", type=int, default=1, metavar="N")
    args = parser.parse_args()
    rules = make_rules(args.game)
    names = ["rules"] + [b for b in args.bots.split(",") if b != "rules"]
    bots = {n: make_bot(n, rules) for n in names}
    differ = {pair: 0 for pair in combinations(names, 2)}
    unsettled = {n: 0 for n in names}
    regrets = {n: [] for n in names}
    seen, seed = 0, 0
    while seen < args.positions:
        match, rng, k = Match(rules, seed), Rng(seed), 0
        while not match.finished and match.deal_number <= args.deal + 1 and seen < args.positions:
            view = match.view(match.to_act())
            if match.deal_number >= args.deal and len(view["legal"]) > 1 and k % 3 == 0:
                moves = {n: bot.choose(view, Rng(k)) for n, bot in bots.items()}
                for n, bot in bots.items():
                    others = {bot.choose(view, Rng(1000 * j + k)) for j in range(1, args.seeds)}
                    unsettled[n] += bool(others - {moves[n]})
                if args.reference:
                    ref = search_stats(rules, view, Rng(7777 + k), iterations=10**9, steps=args.reference)
                    value = {st.action: st.mean for st in ref}
                    top = max(value.values())
                    for n in names:
                        regrets[n].append(top - value[moves[n]])
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
    for n, rs in regrets.items():
        if rs:
            mean = sum(rs) / len(rs)
            spread = math.sqrt(sum((r - mean) ** 2 for r in rs) / max(1, len(rs) - 1) / len(rs))
            print(f"{args.game}: {n}'s mean regret {mean:.4f} ± {spread:.4f} against a search of "
                  f"{args.reference} actions")


if __name__ == "__main__":
    main()
