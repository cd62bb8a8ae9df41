"""parlor verify RECORD: check a fair match's deals against the seeds its record reveals."""

import json

from parlor import records
from parlor.core.words import say


def add_parser(sub) -> None:
    p = sub.add_parser("verify", help=say("check that a fair match's deals come from its committed seeds"))
    p.add_argument("file", metavar="FILE", help=say("a record (- for standard input)"))
    p.add_argument("--json", action="store_true", help=say("print the verdict as JSON"))
    p.set_defaults(run=run)


def run(args) -> int:
    count, found = records.fair_problems(records.read(args.file))
    if args.json:
        print(json.dumps({"verified": not found, "deals": count, "differences": found}, indent=1))
    elif found:
        print(say("NOT verified:"))
        for line in found:
            print(say("  {difference}", difference=line))
    else:
        print(say("verified: the server seed matches its commitment and all {count} deals are the ones its "
                  "seeds and the players' seeds deal", count=count))
    return 0 if not found else 1
