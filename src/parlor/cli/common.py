"""Arguments shared by the commands that set up a table, argument types, and the choice of the
line mode."""

import argparse
import json
import sys

from parlor.core.words import say
from parlor.core.errors import UsageError, shown
from parlor.core.registry import games, make_rules


def build_line() -> str:
    """Which build is running: the hot path compiled (which modules) or pure Python."""
    from parlor.compiled import HOT, compiled_modules
    done = compiled_modules()
    if not done:
        return say("pure Python: the hot path is not compiled (pip install . compiles it where a C compiler is "
                   "present)")
    return say("the hot path compiled with mypyc: {count} of {total} modules ({modules})",
               count=len(done), total=len(HOT), modules=", ".join(done))


def add_game_arg(parser) -> None:
    parser.add_argument("game", metavar="GAME", help=", ".join(games()))


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("{text} is not a whole number", text=shown(text, 20))) from None
    if value < least:
        raise argparse.ArgumentTypeError(say("must be at least {least}, not {value}", least=least, value=value))
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a count of games, matches, workers)."""
    return _whole(text, 1)


def non_negative_int(text: str) -> int:
    """An argparse type: a whole number of at least 0 (how many hints to show, 0 for all)."""
    return _whole(text, 0)


def bot_list(text: str) -> list[str]:
    """An argparse type: bot names, comma-separated (`search:iterations=400,rules`)."""
    return [name.strip() for name in text.split(",") if name.strip()]


def positive_float(text: str) -> float:
    """An argparse type: a number above 0 (a length of time)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("{text} is not a number", text=shown(text))) from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(say("must be a number above 0, not {text}", text=text))
    return value


def add_table_args(parser) -> None:
    parser.add_argument("--seats", type=int, help=say("number of players, where the game allows a choice"))
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help=say("a table option; VALUE is JSON (target=5, length=\"short12\" or short12)"))
    parser.add_argument("--seed", type=int, default=None, help=say("seed of the deals (default: random)"))


def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name:
            raise UsageError(say("--option takes NAME=VALUE, not {pair}", pair=shown(pair)))
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value  # a bare word is a string: length=short12
        except (ValueError, RecursionError):  # more digits than int() reads, or nested too deeply
            raise UsageError(say("--option {name}: {value}... is no value of any table option", name=name,
                                  value=value[:20])) from None
    return options


def rules_from_args(game: str, args):
    return make_rules(game, parse_options(args.option), args.seats)


def progress(*columns):
    """A rich progress display on standard error, shown only on a terminal (standard output
    stays the report, JSON included) and gone when the work is done."""
    from rich.console import Console
    from rich.progress import Progress
    console = Console(stderr=True)
    return Progress(*columns, console=console, transient=True, disable=not console.is_terminal)


def line_mode(args, note: str) -> bool:
    """Whether to run in the line mode: --plain asked for, or no terminal to draw a table on (then
    `note` said on stderr: "parlor: not a terminal; playing in the line mode (--plain)")."""
    if not args.plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(f"parlor: {note}", file=sys.stderr)
        return True
    return args.plain
