"""parlor stats RECORD... --name NAME | --seat S: a player's statistics over saved matches."""

import json
from pathlib import Path

from parlor import records
from parlor.core.errors import UsageError
from parlor.core.registry import game_class
from parlor.core.stats import facts_of, match_entry, summary
from parlor.core.words import say

from .common import non_negative_int


def add_parser(sub) -> None:
    p = sub.add_parser("stats", help=say("a player's statistics over saved matches (records or folders of them)"))
    p.add_argument("paths", nargs="+", metavar="RECORD", help=say("record files, or folders holding them (*.json)"))
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--name", help=say("the player, by the name the records give the seat"))
    who.add_argument("--seat", type=non_negative_int, help=say("the player's seat in every record"))
    p.add_argument("--json", action="store_true", help=say("print the statistics as JSON"))
    p.set_defaults(run=run)


def record_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files += sorted(path.glob("*.json"))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(say("{path}: no such file or folder", path=raw))
    return files


def run(args) -> int:
    entries = []
    for path in record_files(args.paths):
        record = records.read(path)
        match = records.replay(record)
        names = record.get("names") or []
        seats = [args.seat] if args.seat is not None else [s for s, n in enumerate(names) if n == args.name]
        entries += [match_entry(match, s) for s in seats if s < match.rules.seats]
    table = summary(entries)
    if args.json:
        print(json.dumps(table, indent=1))
        return 0
    if not table:
        print(say("No finished match of this player in those records."))
        return 0
    for game, row in sorted(table.items()):
        print(say("{game}: {matches} finished, {wins} won ({share:.0%}), average score {average:+.1f}",
                  game=game_class(game).title, matches=row["matches"], wins=row["wins"],
                  share=row["wins"] / row["matches"], average=row["average_score"]))
        for fact in facts_of(game):
            print(say("  {label}: {count}", label=fact.label(), count=row["facts"][fact.key]))
    return 0
