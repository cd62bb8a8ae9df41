"""Entry point of the `parlor` command. User errors print one line and exit 2; no tracebacks.

The language (`--lang`, before or after the command, else the environment) is chosen before the
parser is built, so that its help, and argparse's own words (cli/argparse_words.py), are said in it."""

import argparse
import os
import sys

from parlor.core.errors import ParlorError, one_line
from parlor.core.language import LANGUAGES, check, from_environment, using
from parlor.core.words import say

from parlor import __version__

from . import arena, argparse_words, bench, hint, learn, play, puzzle, replay, review, rules_cmd, selfplay, serve
from . import stats, verify
from .common import build_line

COMMANDS = [play, rules_cmd, learn, puzzle, replay, selfplay, bench, serve, hint, review, arena, verify, stats]


def _add_lang(parser: argparse.ArgumentParser, default) -> None:
    parser.add_argument("--lang", metavar="LANG", default=default,
                        help=say("the language to speak: {languages} (default: from LC_ALL, LC_MESSAGES or "
                                 "LANG, else en)", languages=", ".join(LANGUAGES)))


class _Version(argparse.Action):
    """--version: worked out only when asked (it imports the hot path's modules to see which build runs)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"parlor {__version__}\n{build_line()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The parser, its help said in the language in use."""
    argparse_words.speak()
    parser = argparse.ArgumentParser(prog="parlor", description=say("Four traditional card games."))
    _add_lang(parser, None)
    parser.add_argument("--version", action=_Version, nargs=0,
                        help=say("the version, and whether the hot path runs compiled or as pure Python"))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                title="commands")  # argparse says it (argparse_words)
    for command in COMMANDS:
        command.add_parser(sub)
    for command_parser in sub.choices.values():
        _add_lang(command_parser, argparse.SUPPRESS)  # after the command too: it wins over one before
    return parser


def language_asked(argv: list[str]) -> str:
    """The language `--lang` names anywhere on the line (the last one wins), else the environment's."""
    pre = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    pre.add_argument("--lang", action="append")
    known, _ = pre.parse_known_args(argv)
    return check(known.lang[-1]) if known.lang else from_environment()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        lang = language_asked(argv)
    except ParlorError as e:
        print(f"parlor: {one_line(str(e))}", file=sys.stderr)
        return 2
    with using(lang):
        args = build_parser().parse_args(argv)
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
