"""parlor rules GAME: the game's rules, readable in a terminal."""

from parlor.session import rules_text

from .common import add_game_arg


def add_parser(sub) -> None:
    p = sub.add_parser("rules", help="show the rules of a game")
    add_game_arg(p)
    p.add_argument("--raw", action="store_true", help="print the Markdown source")
    p.set_defaults(run=run)


def run(args) -> int:
    text = rules_text(args.game)
    if args.raw:
        print(text)
        return 0
    from rich.console import Console
    from rich.markdown import Markdown
    Console().print(Markdown(text))
    return 0
