"""What every computer player decides at fixed positions, to show that a change to the code
leaves the players' moves exactly as they were (a refactoring must not change a level's play).

    python benchmarks/fingerprints.py --write benchmarks/fingerprints.json   # pin today's moves
    python benchmarks/fingerprints.py --check benchmarks/fingerprints.json   # compare; exit 1 on a change

Positions: for each game (default options), seeded random play stopped at a few steps; at each,
every bot name decides for the seat to act from its own view with a fixed rng. For the
search-based names the fingerprint also holds the root statistics (visits and value of every
move), so a change that keeps the move but searches differently shows too. About two minutes.
"""

import argparse
import hashlib
import json
import sys

from parlor.bots import make_bot
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng

BOTS = ("random", "rules", "search", "beginner", "casual", "strong", "expert")
SEARCHING = ("search", "beginner", "strong", "expert")
SEEDS = (11, 12)
STEPS = (0, 3, 9, 22, 45, 80)


def positions(game: str):
    rules = make_rules(game)
    for seed in SEEDS:
        match = Match(rules, seed)
        rng = Rng(seed ^ 0xF1A6)
        for step in range(max(STEPS) + 1):
            if match.finished:
                break
            if step in STEPS:
                seat = match.to_act()
                yield f"seed {seed} step {step}", rules, match.view(seat)
            state = match.state
            match.apply(rules.action_str(state, rng.choice(rules.legal_ids(state))))


def stats_digest(bot, view) -> str:
    stats = bot.analyse(view, Rng(7))
    rows = [[st.action, st.visits, round(st.value, 6), round(st.points, 6)] for st in stats]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def fingerprint() -> dict:
    out: dict = {}
    for game in games():
        rows = []
        for where, rules, view in positions(game):
            row = {"where": where, "seat": view["seat"], "moves": {}, "stats": {}}
            for name in BOTS:
                bot = make_bot(name, rules)
                row["moves"][name] = bot.choose(view, Rng(5))
                if name in SEARCHING and len(view["legal"]) > 1:
                    row["stats"][name] = stats_digest(bot, view)
            rows.append(row)
            print(game, where, row["moves"]["strong"], file=sys.stderr)
        out[game] = rows
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    args = ap.parse_args()
    now = fingerprint()
    if args.write:
        with open(args.write, "w") as f:
            json.dump(now, f, indent=1, sort_keys=True)
            f.write("\n")
        return 0
    with open(args.check) as f:
        before = json.load(f)
    changed = 0
    for game, rows in before.items():
        for old, new in zip(rows, now.get(game, [])):
            if old != new:
                changed += 1
                print(f"{game} {old['where']}: was {old}, now {new}")
        if len(rows) != len(now.get(game, [])):
            changed += 1
            print(f"{game}: {len(rows)} positions before, {len(now.get(game, []))} now")
    print("same moves and searches at every position" if not changed else f"{changed} positions changed")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
