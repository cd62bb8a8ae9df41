"""parlor verify RECORD: check a fair match's deals against the seeds its record reveals."""

import json

from parlor import records
from parlor.core.errors import BadRecord
from parlor.core.fair import commitment_of
from parlor.core.match import fair_deals


def add_parser(sub) -> None:
    p = sub.add_parser("verify", help="check that a fair match's deals come from its committed seeds")
    p.add_argument("file", help="a record (- for standard input)")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(run=run)


def problems(record: dict) -> tuple[int, list[str]]:
    """(deals checked, what differs: empty when every deal is the one the seeds deal)."""
    records.replay(record)  # the record itself must be sound first: fields, deals and moves
    match = records.new_match(record)
    fair = match.fair
    if fair is None:
        raise BadRecord("this record has no fair-deal seeds (field fair): it was dealt from its seed alone")
    if fair.server_seed is None:
        raise BadRecord("the server seed is not revealed in this record yet: the match is not over")
    if commitment_of(fair.server_seed) != fair.commitment:
        return 0, ["the server seed does not match the commitment published before the first deal"]
    rules = match.rules
    recorded = [rules.deal_to_json(d) for d in match.explicit]
    dealt = [rules.deal_to_json(d) for d in fair_deals(rules, fair, len(recorded))]
    found = []
    for number, (have, want) in enumerate(zip(recorded, dealt), 1):
        if have["dealer"] != want["dealer"]:
            found.append(f"deal {number}: the record's dealer is seat {have['dealer']}, the seeds make seat "
                         f"{want['dealer']} deal")
        for seat, (h, w) in enumerate(zip(have["hands"], want["hands"])):
            if h != w:
                found.append(f"deal {number}: seat {seat}'s hand differs: the record has {' '.join(h)}, "
                             f"the seeds deal {' '.join(w)}")
        if have.get("pile") != want.get("pile"):
            found.append(f"deal {number}: the undealt cards differ: the record has {' '.join(have.get('pile', []))}, "
                         f"the seeds deal {' '.join(want.get('pile', []))}")
    return len(recorded), found


def run(args) -> int:
    count, found = problems(records.read(args.file))
    if args.json:
        print(json.dumps({"verified": not found, "deals": count, "differences": found}, indent=1))
    elif found:
        print("NOT verified:")
        for line in found:
            print(f"  {line}")
    else:
        print(f"verified: the server seed matches its commitment and all {count} deals are the ones its "
              "seeds and the players' seeds deal")
    return 0 if not found else 1
