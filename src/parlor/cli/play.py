"""parlor play GAME: a person against computer players."""

from parlor import records
from parlor.core.errors import BadRecord
from parlor.core.match import Match

from .common import add_table_args, fresh_seed, rules_from_args
from .plain import PlainTable


def add_parser(sub) -> None:
    p = sub.add_parser("play", help="play a game against the computer")
    p.add_argument("game")
    p.add_argument("--plain", action="store_true", help="line mode: for screen readers and scripts")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--bots", default="random", help="computer players by seat, comma-separated")
    p.add_argument("--load", metavar="FILE", help="continue the game in a record")
    add_table_args(p)
    p.set_defaults(run=run)


def run(args) -> int:
    seed = args.seed if args.seed is not None else fresh_seed()
    if args.load:
        record = records.read(args.load)
        if record.get("game") != args.game:
            raise BadRecord(f"{args.load} is a record of {record.get('game')!r}, not {args.game!r}")
        match = records.replay(record)
        seed = match.seed
    else:
        match = Match(rules_from_args(args.game, args), seed)
    if not 0 <= args.seat < match.rules.seats:
        raise BadRecord(f"--seat must be from 0 to {match.rules.seats - 1}")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    PlainTable(match, args.seat, bots, seed).run()
    return 0
