#!/usr/bin/env python3
"""How much is knowing the others' hands worth in Tőr, and how near do the search's samplers come?

    python benchmarks/tor_inference.py --bound 100            # what perfect knowledge would pay
    python benchmarks/tor_inference.py RECORDS-DIR [--samplers strong,expert,...] [--every 1]

`--bound N`: the heuristic, told every hand at its turn starts, drops exactly when its total is
the lowest (and never otherwise), against three plain heuristic seats; each of N deal sets is
played with that seat at every place and again with all four plain. Printed: what the knowledge
gains a 12-deal match (stakes, 95% interval over deal sets), and what avoiding burned drops alone
gains. Tőr's skill is mostly when to drop, and a drop's worth is fixed by the others' totals.

`RECORDS-DIR` (`parlor arena tor ... --save DIR`): at every `--every`-th turn start where a drop
is legal, each sampler (a search bot's spec; its worlds are the ones that bot's search plays)
predicts what a drop would pay; printed per sampler: the Brier score of "the drop would succeed"
and the mean squared error of the predicted payoff against the true one (every hand is in the
record), each with its paired difference from the first sampler (95% interval over positions).
Lower is better; `strong:infer=false` is the sampler that knows nothing beyond the view.
"""

import argparse
import json
import math
from functools import lru_cache
from multiprocessing import Pool
from pathlib import Path

from parlor.bots import make_bot
from parlor.bots.search import Search
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.games.tor.cards import hand_total
from parlor.games.tor.scoring import drop_points
from parlor.records import actions_of, new_match

SAMPLES = 400  # worlds drawn from each sampler at each position


@lru_cache
def rules_for(seats: int):
    return make_rules("tor", seats=seats)


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width."""
    n = len(xs)
    mean = sum(xs) / n
    return mean, 1.96 * math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1) / n)


def drop_pay(hands, seat: int) -> int:
    """What a drop by `seat` would pay it with these hands (positive: its total is the lowest)."""
    return drop_points([hand_total(h) for h in hands], seat, 1)[seat]


# --- the bound: the heuristic told the others' totals ------------------------------------------

def told(job) -> tuple[float, float]:
    """(gain of perfect drops, gain of only avoiding burned drops) for seat `place` over one
    deal set, against the same deal set played by four plain heuristic seats."""
    seed, place = job
    rules = rules_for(4)
    bot = make_bot("rules", rules)
    score = {}
    for way in ("plain", "perfect", "unburned"):
        match, rng = Match(rules, seed), Rng(seed * 8 + place)
        while not match.finished:
            seat = match.to_act()
            view = match.view(seat)
            action = bot.choose(view, rng)
            if way != "plain" and seat == place and "drop" in view["legal"]:
                lowest = drop_pay(match.state.hands, seat) > 0
                if way == "perfect" and lowest:
                    action = "drop"
                elif action == "drop" and not lowest:
                    action = "draw stock"
            match.apply(action)
        score[way] = match.scores[place]
    return score["perfect"] - score["plain"], score["unburned"] - score["plain"]


def bound(deal_sets: int, workers: int) -> None:
    jobs = [(seed, place) for seed in range(deal_sets) for place in range(4)]
    with Pool(workers) as pool:
        got = pool.map(told, jobs)
    for k, what in enumerate(("dropping exactly when lowest", "only never dropping when not lowest")):
        per_set = [sum(g[k] for g in got[i:i + 4]) / 4 for i in range(0, len(got), 4)]
        mean, half = interval(per_set)
        print(f"{what}: {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] stakes a 12-deal "
              f"match against the heuristic ({deal_sets} deal sets)")


# --- the samplers against the records -----------------------------------------------------------

def positions(folder: str, every: int) -> list[tuple[dict, int]]:
    """(view, what a drop pays) at every `every`-th turn start where a drop is legal."""
    out, k = [], 0
    for path in sorted(Path(folder).glob("*.json")):
        record = json.loads(path.read_text())
        match = new_match(record)
        for action in actions_of(record):
            seat = match.to_act()
            if match.state.stage == 1 and "drop" in match.legal():
                if k % every == 0:
                    out.append((match.view(seat), drop_pay(match.state.hands, seat)))
                k += 1
            match.apply(action)
    return out


def predict(job) -> tuple[float, float]:
    """(chance the drop succeeds, mean drop payoff) over the worlds of the sampler's search."""
    spec, view, i = job
    rules = rules_for(view["seats"])
    worlds = Search(rules, view, Rng(1000 + i), **make_bot(spec, rules).settings).worlds
    wins = pays = 0
    for _ in range(SAMPLES):
        pay = drop_pay(worlds.worlds[worlds.next()].hands, view["seat"])
        wins += pay > 0
        pays += pay
    return wins / SAMPLES, pays / SAMPLES


def calibrate(folder: str, specs: list[str], every: int, workers: int) -> None:
    pos = positions(folder, every)
    if not pos:
        raise SystemExit(f"no Tőr turn starts in {folder}")
    with Pool(workers) as pool:
        got = {s: pool.map(predict, [(s, v, i) for i, (v, _) in enumerate(pos)], chunksize=4)
               for s in specs}
    rate = sum(pay > 0 for _, pay in pos) / len(pos)
    print(f"{len(pos)} turn starts; a drop would have succeeded at {rate:.4f} of them (the Brier "
          f"score of always saying no)")
    first = None
    for spec in specs:
        brier = [(p - (pay > 0)) ** 2 for (p, _), (_, pay) in zip(got[spec], pos)]
        error = [(m - pay) ** 2 for (_, m), (_, pay) in zip(got[spec], pos)]
        line = f"{spec}: Brier {sum(brier) / len(brier):.4f}, squared error {sum(error) / len(error):.3f}"
        if first is None:
            first = brier, error
        else:
            db, hb = interval([a - b for a, b in zip(brier, first[0])])
            de, he = interval([a - b for a, b in zip(error, first[1])])
            line += f" (against {specs[0]}: {db:+.4f} ± {hb:.4f}, {de:+.3f} ± {he:.3f})"
        print(line)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="?")
    parser.add_argument("--samplers", default="strong,strong:infer=false,expert")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--bound", type=int, metavar="N", help="deal sets for the bound")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if args.bound:
        bound(args.bound, args.workers)
    if args.records:
        calibrate(args.records, args.samplers.split(","), args.every, args.workers)
    if not (args.bound or args.records):
        parser.error("give RECORDS-DIR, --bound N, or both")


if __name__ == "__main__":
    main()
