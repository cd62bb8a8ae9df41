"""parlor replay FILE [--json]: play a record's actions and report where the match stands."""

import json

from parlor import records
from parlor.core.words import say


def add_parser(sub) -> None:
    p = sub.add_parser("replay", help=say("replay a game record and report where it stands"))
    p.add_argument("file", metavar="FILE", help=say("a record (JSON), or - for standard input"))
    p.add_argument("--json", action="store_true", help=say("print the report as JSON"))
    p.set_defaults(run=run)


def run(args) -> int:
    record = records.read(args.file)
    match = records.replay(record)
    report = match.report()
    print(json.dumps(report, indent=1) if args.json else records.describe(report, match.names))
    return 0
