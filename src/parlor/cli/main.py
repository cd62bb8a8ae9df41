"""Entry point of the `parlor` command. User errors print one line and exit 2; no tracebacks."""

import argparse
import os
import sys

from parlor.core.errors import ParlorError, one_line

from . import arena, bench, hint, play, replay, rules_cmd, selfplay, serve

COMMANDS = [play, rules_cmd, replay, selfplay, bench, serve, hint, arena]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="parlor", description="Four traditional card games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
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
