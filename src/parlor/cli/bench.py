"""parlor bench [GAME]: random-playout throughput per game beside the ref_trick yardstick."""

import json

from parlor.bench import playout_rate, ref_trick_rate
from parlor.core.registry import games

from .common import positive_float, progress


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="measure engine speed against the ref_trick yardstick")
    p.add_argument("game", nargs="?", help=f"one game: {', '.join(games())} (default: every game)")
    p.add_argument("--seconds", type=positive_float, default=1.0, help="length of each of the 5 runs")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.set_defaults(run=run)


def run(args) -> int:
    ids = [args.game] if args.game else list(games())
    for game_id in ids:
        if game_id not in games():
            from parlor.core.registry import game_class
            game_class(game_id)
    rows = []
    with progress() as bar:  # each run takes 5 x --seconds: say where it is
        task = bar.add_task("bench: ref_trick", total=len(ids) + 2)
        ref = ref_trick_rate(args.seconds)
        for game_id in ids:
            bar.update(task, advance=1, description=f"bench: {game_id}")
            r = playout_rate(game_id, args.seconds)
            r["ratio"] = r["actions_per_s"] / ref["actions_per_s"]
            rows.append(r)
        bar.update(task, advance=1, description="bench: ref_trick again")
        after = ref_trick_rate(args.seconds)  # machines are noisy: measure the yardstick twice
    ref_rate = (ref["actions_per_s"] + after["actions_per_s"]) / 2
    for r in rows:
        r["ratio"] = r["actions_per_s"] / ref_rate
    if args.json:
        print(json.dumps({"ref_trick_actions_per_s": ref_rate, "games": rows}, indent=1))
        return 0
    print(f"ref_trick: {ref_rate:,.0f} card plays/s (median of 5, before and after)")
    for r in rows:
        print(f"{r['game']:>6}: {r['deals_per_s']:>10,.0f} deals/s {r['actions_per_s']:>12,.0f} actions/s"
              f"   {r['ratio']:.2f} x ref_trick")
    return 0
