#!/usr/bin/env python3
"""Are a Tőr player's choices better or worse than the heuristic's, one move at a time?

    python benchmarks/tor_oracle.py --bots strong[,B...] [--positions 300] [--shuffles 300]
                                    [--from-deal 1] [--seats 4] [--workers 2]

Positions come from `rules` self-play (every third decision that is not forced, from deal
`--from-deal` on, of matches seeded 0, 1, ...). At each, every bot and the heuristic choose (with
the same seed), and wherever they differ both moves are judged by an oracle that knows the true
hands: the stock is shuffled (`--shuffles` times, the same shuffles for every move), the move is
made, and every seat plays the heuristic to the end of the deal; a move's worth is the mover's
mean deal points. Printed per bot: at how many positions it differs from the heuristic, and its
gain per decision (stakes, 95% interval over positions), split into turn starts (drop, draw) and
the moves after the draw.

It judges one move with the heuristic playing on, so a plan of several moves is judged only by
its first; it does not judge how the match standing is weighed, since it counts deal points.
"""

import argparse
import math
from functools import lru_cache
from multiprocessing import Pool

from parlor.bots import make_bot
from parlor.bots.tor import policy
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng

@lru_cache
def rules_for(seats: int):
    """One rules object per process and seat count (the workers get only the seat count)."""
    return make_rules("tor", seats=seats)


def positions(rules, count: int, from_deal: int) -> list:
    """(state, view) at every third unforced decision of rules self-play, from deal `from_deal`."""
    out, seed = [], 0
    bot = make_bot("rules", rules)
    while len(out) < count:
        match, rng, k = Match(rules, seed), Rng(seed), 0
        while not match.finished and len(out) < count:
            view = match.view(match.to_act())
            if len(view["legal"]) > 1 and k % 3 == 0 and view["deal"] >= from_deal:
                out.append((rules.copy(match.state), view))
            match.apply(bot.choose(view, rng))
            k += 1
        seed += 1
    return out


def oracle(job) -> dict:
    """{move: the mover's mean deal points} over `shuffles` shufflings of the unseen stock."""
    seats, s, moves, shuffles, seed = job
    rules = rules_for(seats)
    play = policy(rules)
    seat = rules.to_act(s)
    pile = list(s.lazy) if s.lazy is not None else list(s.stock)
    rng = Rng(seed)
    total = dict.fromkeys(moves, 0.0)
    for _ in range(shuffles):
        rest = pile[s.si:]
        rng.shuffle(rest)
        stock = pile[:s.si] + rest
        for move in moves:
            t = rules.copy(s)
            t.stock, t.lazy = stock, None
            rules.apply_id(t, rules.parse_action(t, move))
            while rules.to_act(t) >= 0:
                ids = rules.legal_ids(t)
                rules.apply_id(t, ids[0] if len(ids) == 1 else play(t, ids, rng))
            total[move] += rules.deal_points(t)[seat]
    return {move: v / shuffles for move, v in total.items()}


def decide(job) -> str:
    seats, name, view, k = job
    return make_bot(name, rules_for(seats)).choose(view, Rng(k))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="strong")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--shuffles", type=int, default=300)
    parser.add_argument("--from-deal", type=int, default=1)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    n, seats = args.positions, args.seats
    names = args.bots.split(",")
    pos = positions(rules_for(seats), n, args.from_deal)
    with Pool(args.workers) as pool:
        ref = pool.map(decide, [(seats, "rules", v, k) for k, (_, v) in enumerate(pos)])
        got = {b: pool.map(decide, [(seats, b, v, k) for k, (_, v) in enumerate(pos)]) for b in names}
        moves = [sorted({ref[i], *(got[b][i] for b in names)}) for i in range(n)]
        judged = [i for i in range(n) if len(moves[i]) > 1]
        worth = dict(zip(judged, pool.map(oracle, [(seats, pos[i][0], moves[i], args.shuffles, 99 + i)
                                                    for i in judged])))
    for b in names:
        gain = [worth[i][got[b][i]] - worth[i][ref[i]] if i in worth else 0.0 for i in range(n)]
        mean = sum(gain) / n
        half = 1.96 * math.sqrt(sum((g - mean) ** 2 for g in gain) / max(1, n - 1) / n)
        starts = sum(g for g, (_, v) in zip(gain, pos) if v["stage"] == 1)
        after = sum(gain) - starts
        differ = sum(got[b][i] != ref[i] for i in range(n))
        print(f"{b}: differs from rules at {differ} of {n} positions; gain per decision "
              f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}] stakes "
              f"(turn starts {starts:+.1f}, after the draw {after:+.1f} in all)")


if __name__ == "__main__":
    main()
