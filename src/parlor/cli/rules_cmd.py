"""parlor rules GAME: how to play the game, or its full rules, readable in a terminal."""

from parlor.core.words import say
from parlor.session import cards_named, howto_text, rules_text

from .common import add_game_arg


def add_parser(sub) -> None:
    p = sub.add_parser("rules", help=say("show how to play a game (--full: the full rules)"))
    add_game_arg(p)
    p.add_argument("--full", action="store_true", help=say("the full specification instead of how to play"))
    p.add_argument("--raw", action="store_true", help=say("print the Markdown source"))
    p.set_defaults(run=run)


def run(args) -> int:
    text = rules_text(args.game) if args.full else cards_named(args.game, howto_text(args.game))
    if args.raw:
        print(text)
        return 0
    from rich.console import Console
    from rich.markdown import Markdown
    Console().print(Markdown(text))
    return 0
