"""parlor play GAME: a person against computer players, at the full-screen table (Textual) or,
with --plain, in the line mode (screen readers, scripts)."""

import json
import sys
from pathlib import Path

from parlor import records
from parlor.bots import bots_by_seat
from parlor.core.errors import UsageError, shown
from parlor.core.match import Match
from parlor.core.words import listed, say, say_n
from parlor.session import default_level, fresh_seed, person_seat
from parlor.session.keep import data_folder, kept

from .common import add_game_arg, add_table_args, bot_list, line_mode, parse_options, rules_from_args
from .plain import PlainTable


def add_parser(sub) -> None:
    p = sub.add_parser("play", help=say("play a game against the computer"))
    add_game_arg(p)
    p.add_argument("--plain", action="store_true", help=say("line mode: for screen readers and scripts"))
    p.add_argument("--seat", type=int, default=None, help=say("your seat (default 0)"))
    p.add_argument("--bots", default=None, type=bot_list,
                   help=say("computer players by seat, comma-separated (default: casual)"))
    p.add_argument("--delay", type=float, default=None,
                   help=say("seconds between the computer's moves at the table, 0 to 10 (default 0.6)"))
    p.add_argument("--load", metavar="FILE", help=say("continue the game in a record"))
    p.add_argument("--no-ask", dest="ask_first", action="store_false",
                   help=say("do not ask before a likely slip (a discard that breaks a meld or buries a trump)"))
    add_table_args(p)
    p.set_defaults(run=run)


def _load(args, rules) -> Match:
    """The match in the --load record. --seats, -o and --seed that differ from the record's are
    refused: the match goes on at its own table, and ignoring them silently would mislead."""
    record = records.read(args.load)
    if record.get("game") != args.game:
        raise UsageError(say("{file} is a record of {game}, not {asked}", file=args.load,
                                game=shown(record.get("game")), asked=shown(args.game)))
    match = records.replay(record)
    differ = [say("{asked} (it has {value})", asked=f"-o {name}={json.dumps(rules.options[name])}",
                  value=json.dumps(match.rules.options[name]))
              for name in parse_options(args.option) if rules.options[name] != match.rules.options[name]]
    if args.seats is not None and args.seats != match.rules.seats:
        differ.append(say("{asked} (it has {value})", asked=f"--seats {args.seats}", value=match.rules.seats))
    if args.seed is not None and args.seed != match.seed:
        differ.append(say("{asked} (it has {value})", asked=f"--seed {args.seed}", value=match.seed))
    if differ:
        raise UsageError(say("{file} goes on with its own table, not {differences}", file=args.load,
                             differences=listed(differ)))
    return match


def _go_on(args, folder: Path) -> Match | None:
    """The unfinished match of this game kept in `folder`, when the person says to go on with it.
    Asked only of a person at a terminal who asked for no table of their own (--load, --seed,
    -o, --seats): a script's match starts as it says."""
    if args.load or args.seed is not None or args.option or args.seats is not None or not sys.stdin.isatty():
        return None
    match = kept(folder, args.game)
    if match is None:
        return None
    question = say_n("An unfinished {game} match is kept (deal {deal}, {count} move made). Go on with it? [Y/n] ",
                     "An unfinished {game} match is kept (deal {deal}, {count} moves made). Go on with it? [Y/n] ",
                     len(match.actions), game=match.rules.title, deal=match.deal_number)
    try:
        answer = input(question).strip().lower()
    except EOFError:
        answer = "n"
    return match if answer in ("", "y", "yes") else None


def run(args) -> int:
    rules = rules_from_args(args.game, args)  # a bad game, option or seat count: one line, exit 2
    folder = data_folder()
    match = _load(args, rules) if args.load else _go_on(args, folder)
    if match is not None:
        rules = match.rules
    seat = args.seat
    if seat is None:
        seat = person_seat(match.names, 0) if match is not None else 0
    if not 0 <= seat < rules.seats:
        raise UsageError(say("--seat must be from 0 to {last}", last=rules.seats - 1))
    if args.bots is not None:
        bots_by_seat(args.bots, rules)  # an unknown bot, or more than seats: one line, exit 2
    bots = args.bots or []
    if args.delay is not None and not 0 <= args.delay <= 10:
        raise UsageError(say("--delay must be from 0 to 10 seconds"))
    if line_mode(args, say("not a terminal; playing in the line mode (--plain)")):
        if match is None:
            match = Match(rules, args.seed if args.seed is not None else fresh_seed())
        PlainTable(match, seat, bots or [default_level()], ask_first=args.ask_first, keep_in=folder).run()
        return 0
    from parlor.tui import TableConfig, run as run_table
    config = TableConfig(args.game, parse_options(args.option), args.seats, seat, bots,
                         0.6 if args.delay is None else args.delay, args.seed,
                         ask_first=args.ask_first, keep_in=folder)
    run_table(config, match)
    return 0
