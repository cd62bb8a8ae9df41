"""Arguments shared by the commands that set up a table, and argument types."""

import argparse
import json

from parlor.core.errors import BadRecord
from parlor.core.registry import make_rules


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a count of games, matches, workers)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number above 0 (a length of time)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text}")
    return value


def add_table_args(parser) -> None:
    parser.add_argument("--seats", type=int, help="number of players, where the game allows a choice")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help="a table option; VALUE is JSON (target=5, length=\"short12\" or short12)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deals (default: random)")


def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name:
            raise BadRecord(f"--option takes NAME=VALUE, not {pair!r}")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value  # a bare word is a string: length=short12
    return options


def rules_from_args(game: str, args):
    return make_rules(game, parse_options(args.option), args.seats)


def fresh_seed() -> int:
    import secrets
    return secrets.randbelow(2**31)
