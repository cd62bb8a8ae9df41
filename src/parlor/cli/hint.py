"""parlor hint RECORD [--level L] [--json]: the best moves for the seat to act at the end of a record."""

import json

from parlor import records
from parlor.core.words import Seats, say
from parlor.bots.hints import hint
from parlor.bots.levels import LEVELS
from parlor.core.errors import UsageError
from parlor.core.registry import text_of
from parlor.core.rng import Rng

from .common import non_negative_int, progress


def add_parser(sub) -> None:
    p = sub.add_parser("hint", help=say("the best moves for the seat to act at the end of a record"))
    p.add_argument("file", metavar="FILE", help=say("a record (JSON), or - for standard input"))
    p.add_argument("--level", default="strong", choices=list(LEVELS), help=say("how hard to think (default strong)"))
    p.add_argument("--top", type=non_negative_int, default=5, help=say("how many moves to show (0: all; default 5)"))
    p.add_argument("--seed", type=int, default=0, help=say("seed of the search (same seed, same hint)"))
    p.add_argument("--json", action="store_true", help=say("print the hints as JSON"))
    p.set_defaults(run=run)


def run(args) -> int:
    record = records.read(args.file)
    match = records.replay(record)
    if match.finished:
        raise UsageError(say("the match is over: there is no move to hint"))
    seat = match.to_act()
    assert seat is not None  # the match is not finished
    view = match.view(seat)
    if match.names:
        view["names"] = list(match.names)
    with progress() as bar:  # a search of a second or more: a sign that it is thinking
        bar.add_task(say("thinking ({level})", level=args.level), total=None)
        hints = hint(match.rules, view, args.level, Rng(args.seed), top=args.top or None)
    if args.json:
        print(json.dumps({"game": match.rules.id, "deal": match.deal_number, "seat": seat,
                          "level": args.level, "hints": hints}, indent=1))
        return 0
    print(say("{game}, deal {deal}: {seat} to act ({level} hint; best first, as the search ranks moves: by how "
              "often it chose them)", game=match.rules.id, deal=match.deal_number, seat=Seats(match.names)(seat),
              level=args.level))
    words = text_of(match.rules)
    moves = [words.action_words(view, h["action"]) for h in hints]  # the move in the game's words
    width = max(len(m) for m in moves)
    for i, (h, move) in enumerate(zip(hints, moves), 1):
        print(f"{i:>2}. {move:<{width}}  {h['value']:+8.2f}  {h['reason']}")
    return 0
