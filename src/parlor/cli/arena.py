"""parlor arena GAME --bots A,B,... --matches N --seed S: a duplicate tournament between bots.

Every deal set is played with the entrants rotated through every seat; the report gives each
entrant's mean score difference against the field with a 95% interval, its share of match wins
per seat, and its decision times. --workers spreads the matches over local processes, --ray runs
them on a Ray cluster; the numbers are the same either way.
"""

import json
import signal
import sys

from parlor.core.words import say, say_n
from parlor.bots.arena import arena, check_plot, plot
from parlor.session import fresh_seed

from .common import add_game_arg, add_table_args, bot_list, parse_options, positive_int, progress


def add_parser(sub) -> None:
    p = sub.add_parser("arena", help=say("a duplicate tournament between computer players"))
    add_game_arg(p)
    p.add_argument("--bots", required=True, type=bot_list,
                   help=say("entrants, comma-separated, repeated around the table (A,B or A,B,B,B); "
                            "settings after colons: search:iterations=400"))
    p.add_argument("--matches", type=positive_int, default=20,
                   help=say("deal sets; each is played in every rotation (default 20)"))
    p.add_argument("--workers", type=positive_int, default=1, help=say("local processes (default 1)"))
    p.add_argument("--ray", metavar="ADDRESS", help=say("run on a Ray cluster (HOST:PORT, auto, or local)"))
    p.add_argument("--save", metavar="DIR", help=say(
        "write each match's record into DIR as the match ends; run the same command again to finish a stopped arena "
        "(its saved matches are not played again)"))
    p.add_argument("--plot", metavar="FILE.png", help=say("draw the score distributions (needs matplotlib)"))
    p.add_argument("--json", action="store_true", help=say("print the report as JSON"))
    add_table_args(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn

    if args.plot:
        check_plot(args.plot)
    seed = args.seed if args.seed is not None else fresh_seed()
    options = parse_options(args.option)
    finished = []
    with progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn()) as bar:
        task = bar.add_task(say("{game} arena", game=args.game), total=None)

        def done(res):
            finished.append(res)
            bar.advance(task)
        # `kill` (SIGTERM) stops the arena as Ctrl-C does: without this the parent died alone and
        # its worker processes played on to the end of their matches, unseen.
        previous = signal.signal(signal.SIGTERM, _interrupt)
        try:
            report = arena(args.game, args.bots, args.matches, seed, options, args.seats,
                           workers=args.workers, ray_address=args.ray, save_dir=args.save,
                           on_start=lambda total: bar.update(task, total=total),
                           on_done=done)
        except KeyboardInterrupt:
            print("parlor: " + (say_n(
                "arena interrupted after {count} finished match; their records are in {folder}, and the same "
                "command finishes the arena",
                "arena interrupted after {count} finished matches; their records are in {folder}, and the same "
                "command finishes the arena", len(finished), folder=args.save) if args.save else say_n(
                "arena interrupted after {count} finished match", "arena interrupted after {count} finished matches",
                len(finished))), file=sys.stderr)
            raise
        finally:
            signal.signal(signal.SIGTERM, previous)
    # the report first: a plot that fails at the end must not take the hours of play with it
    print(json.dumps(report.to_json(), indent=1) if args.json else report.text(), flush=True)
    if args.plot:
        plot(report, args.plot)
        if not args.json:
            print(say("plot: {path}", path=args.plot))
    return 0


def _interrupt(signum, frame):
    raise KeyboardInterrupt
