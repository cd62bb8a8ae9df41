"""parlor bench [GAME]: engine and search speed per game beside the ref_trick yardstick, in CPU
seconds (parlor/bench.py says exactly what is timed)."""

import json

from parlor.core.words import say
from parlor.bench import playout_rate, ref_trick_rate, search_rate
from parlor.core.registry import games

from .common import build_line, positive_float, positive_int, progress


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help=say("measure engine and search speed against the ref_trick yardstick"))
    p.add_argument("game", nargs="?", metavar="GAME",
                   help=say("one game: {games} (default: every game)", games=", ".join(games())))
    p.add_argument("--seconds", type=positive_float, default=1.0,
                   help=say("CPU seconds of each of the 5 engine runs (median reported)"))
    p.add_argument("--iterations", type=positive_int, default=200,
                   help=say("iterations of each of the 3 searches (median reported)"))
    p.add_argument("--json", action="store_true", help=say("print the results as JSON"))
    p.set_defaults(run=run)


def run(args) -> int:
    ids = [args.game] if args.game else list(games())
    for game_id in ids:
        if game_id not in games():
            from parlor.core.registry import game_class
            game_class(game_id)
    rows = []
    with progress() as bar:
        task = bar.add_task(say("bench: ref_trick"), total=2 * len(ids) + 2)
        before = ref_trick_rate(args.seconds)
        for game_id in ids:
            bar.update(task, advance=1, description=say("bench: {game} engine", game=game_id))
            row = playout_rate(game_id, args.seconds)
            bar.update(task, advance=1, description=say("bench: {game} search", game=game_id))
            row["search"] = search_rate(game_id, args.iterations)
            rows.append(row)
        bar.update(task, advance=1, description=say("bench: ref_trick again"))
        after = ref_trick_rate(args.seconds)  # machines are noisy: measure the yardstick twice
    ref = {k: (before[k] + after[k]) / 2 for k in ("deals_per_s", "plays_per_s")}
    for row in rows:
        row["ratio"] = row["plays_per_s"] / ref["plays_per_s"]
        row["search"]["ratio"] = row["search"]["iterations_per_s"] / ref["deals_per_s"]
    if args.json:
        from parlor.compiled import compiled_modules
        print(json.dumps({"timing": "CPU time of this process", "compiled": compiled_modules(), "ref_trick": ref,
                          "games": rows}, indent=1))
        return 0
    print(build_line())
    print(say("ref_trick: {plays:,.0f} card plays and {deals:,.0f} deals per CPU second (median of 5, before and "
              "after)", plays=ref["plays_per_s"], deals=ref["deals_per_s"]))
    heads = [say("game"), say("engine per CPU s"), say("÷ ref plays"), say("search iterations/s"), say("÷ ref deals")]
    print(f"{heads[0]:>6} {heads[1]:>24} {heads[2]:>11}   {heads[3]:>19} {heads[4]:>11}")
    for r in rows:
        s = r["search"]
        print(f"{r['game']:>6} {r['plays_per_s']:>13,.0f} {r['unit']:<10} {r['ratio']:>11.2f}"
              f"   {s['iterations_per_s']:>19,.0f} {s['ratio']:>11.3f}")
    print(say("Engine: random deals and choices made beforehand, replayed asking for the legal moves at every step "
              "(Tőr counts every action);\nref_trick's figure includes its own shuffle and random choice. Search: "
              "ISMCTS with rules playouts from a fixed position."))
    return 0
