"""Entry point of the `parlor` command. User errors print one line and exit 2; no tracebacks."""

import argparse
import os
import sys

from parlor.core.errors import ParlorError, one_line
from parlor.core.language import LANGUAGES, check, from_environment, using

from . import arena, bench, hint, learn, play, puzzle, replay, review, rules_cmd, selfplay, serve, stats, verify

COMMANDS = [play, rules_cmd, learn, puzzle, replay, selfplay, bench, serve, hint, review, arena, verify, stats]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="parlor", description="Four traditional card games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub)
    for command_parser in sub.choices.values():
        command_parser.add_argument("--lang", metavar="LANG",
                                    help=f"the language to speak: {', '.join(LANGUAGES)} (default: from "
                                         "LC_ALL, LC_MESSAGES or LANG, else en)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with using(check(args.lang) if args.lang else from_environment()):
            code = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except ParlorError as e:
        print(f"parlor: {one_line(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader of the output left (`parlor replay --json x | head -1`): stop quietly, as
        # Python's documentation advises, pointing stdout at nothing so that exit flushes nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
