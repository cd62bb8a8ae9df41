"""Game records (docs/records.md): load, check, replay, save. All or nothing."""

import gc
import json
import sys
from contextlib import contextmanager
from pathlib import Path

from parlor.core import jsontext
from parlor.core.errors import ActionError, BadRecord, BadTable, UsageError, shown
from parlor.core.fair import Fair, commitment_of
from parlor.core.match import Match, fair_deals
from parlor.core.options import is_int
from parlor.core.registry import game_class
from parlor.core.rules import name_seats
from parlor.core.words import say

_FIELDS = ("game", "options", "seats", "names", "seed", "fair", "deals", "actions")


MAX_BYTES = 64 << 20  # far above any match's record; a stray disk image or /dev/zero is refused unread


def read(path) -> dict:
    """The record in a file ("-": standard input): UsageError when the file cannot be read,
    BadRecord when it holds no record."""
    where = "standard input" if str(path) == "-" else str(path)
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(Path(path).expanduser(), "rb") as f:  # "~/x.json" typed in a dialog
                data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise UsageError(f"cannot read {where}: {e.strerror}") from None
    if len(data) > MAX_BYTES:
        raise BadRecord(f"{where} is not a record: larger than {MAX_BYTES >> 20} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRecord(f"{where} is not a record: not UTF-8 text") from None
    return parse(text)


def parse(text: str) -> dict:
    record = loads(text)
    if not isinstance(record, dict):
        raise BadRecord("a record must be a JSON object")
    return record


def loads(text: str):
    """JSON text as Python values; every way it can fail is a one-line BadRecord."""
    try:
        return jsontext.loads(text)
    except jsontext.BadJSON as e:
        raise BadRecord(e.reason) from None


def new_match(record: dict) -> Match:
    """A match at the start of the record, every field checked (explicit deals included);
    the record's actions are not applied. A table the record sets that cannot be set (an
    unknown game, a bad option or seat count, deals that do not fit) makes it a BadRecord."""
    try:
        return _new_match(record)
    except BadTable as e:
        raise BadRecord(e.reason) from None


def _new_match(record: dict) -> Match:
    for key in record:
        if key not in _FIELDS:
            raise BadRecord(f"unknown field {shown(key)} (fields: {', '.join(_FIELDS)})")
    if "game" not in record:
        raise BadRecord("the field 'game' is missing")
    cls = game_class(record["game"])
    seats = record.get("seats")
    if seats is not None and not is_int(seats):
        raise BadRecord(f"seats must be an integer, not {json.dumps(seats)}")
    rules = cls(record.get("options"), seats)
    names = record.get("names")
    if names is not None and (not isinstance(names, list) or len(names) != rules.seats
                              or not all(isinstance(n, str) for n in names)):
        raise BadRecord(f"names must be a list of {rules.seats} strings")
    if names is not None and not all(jsontext.is_text(n) for n in names):
        # a lone surrogate escape ("\\ud800") is valid JSON but no text: printing it fails
        raise BadRecord("names must be text: a name holds an unpaired surrogate escape")
    seed = record.get("seed")
    if seed is None:  # null stands for an absent field, as in seats, names and options
        seed = 0
    if not is_int(seed):
        raise BadRecord(f"seed must be an integer, not {json.dumps(seed)}")
    raw_deals = record.get("deals")
    if raw_deals is None:
        raw_deals = []
    if not isinstance(raw_deals, list):
        raise BadRecord("deals must be a list")
    deals = [rules.parse_deal(raw, i + 1, f"deals[{i}]") for i, raw in enumerate(raw_deals)]
    fair = None if record.get("fair") is None else Fair.parse(record["fair"])
    return Match(rules, seed, deals, names, fair)


def actions_of(record: dict) -> list:
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise BadRecord("the field 'actions' is missing or not a list")
    return actions


def replay(record: dict) -> Match:
    """The match after all the record's actions; BadRecord if the record is malformed,
    ActionError (with its index) if an action names no action or is illegal. A record is checked whole before any
    action is applied."""
    actions = actions_of(record)
    with _collector_paused():
        match = new_match(record)
        for text in actions:
            match.apply(text)
    return match


@contextmanager
def _collector_paused():
    """A long replay makes hundreds of thousands of objects that all stay alive (each deal's
    state and result); the cyclic collector scanning them again and again was a quarter of a
    600,000-action replay (benchmarks/dead_hands.py). Reference counting still frees the rest."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Stepper:
    """A record's match at any action index: forward one action at a time, back by replaying."""

    def __init__(self, record: dict):
        self.record = record
        self.actions = actions_of(record)
        self.end = replay(record)  # the whole record is checked first (all or nothing); its end is kept
        self.match: Match = new_match(record)
        self.index = 0

    def go(self, index: int) -> None:
        index = max(0, min(index, len(self.actions)))
        if index == len(self.actions):  # "the end" needs no second replay
            self.match, self.index = self.end, index
            return
        if index < self.index:
            self.match = new_match(self.record)
            self.index = 0
        while self.index < index:
            self.match.apply(self.actions[self.index])
            self.index += 1


def fair_problems(record: dict) -> tuple[int, list[str]]:
    """(deals checked, what differs: empty when every deal is the one the seeds deal)."""
    replay(record)  # the record itself must be sound first: fields, deals and moves
    match = new_match(record)
    fair = match.fair
    if fair is None:
        raise BadRecord(say("this record has no fair-deal seeds (field fair): it was dealt from its seed alone"))
    if fair.server_seed is None:
        raise BadRecord(say("the server seed is not revealed in this record yet: the match is not over"))
    if commitment_of(fair.server_seed) != fair.commitment:
        return 0, [say("the server seed does not match the commitment published before the first deal")]
    rules = match.rules
    recorded = [rules.deal_to_json(d) for d in match.explicit]
    dealt = [rules.deal_to_json(d) for d in fair_deals(rules, fair, len(recorded))]
    found = []
    for number, (have, want) in enumerate(zip(recorded, dealt), 1):
        if have["dealer"] != want["dealer"]:
            found.append(say("deal {number}: the record's dealer is seat {have}, the seeds make seat {want} deal",
                             number=number, have=have["dealer"], want=want["dealer"]))
        for seat, (h, w) in enumerate(zip(have["hands"], want["hands"])):
            if h != w:
                found.append(say("deal {number}: seat {seat}'s hand differs: the record has {have}, "
                                 "the seeds deal {want}", number=number, seat=seat, have=" ".join(h), want=" ".join(w)))
        if have.get("pile") != want.get("pile"):
            found.append(say("deal {number}: the undealt cards differ: the record has {have}, the seeds deal {want}",
                             number=number, have=" ".join(have.get("pile", [])), want=" ".join(want.get("pile", []))))
    return len(recorded), found



def save(match: Match, path) -> None:
    write(match.record(), path)


def write(record: dict, path) -> None:
    """Write a record whole: through a .part file renamed at the end, so a write that is stopped
    leaves no half record behind."""
    path = Path(path).expanduser()  # "~/x.json" typed in a dialog
    part = path.with_name(path.name + ".part")
    try:
        part.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        part.replace(path)
    except BaseException:  # Ctrl-C or kill in the middle, or a full disk
        part.unlink(missing_ok=True)
        raise


def folder_for(path, longest_name: str) -> Path:
    """The folder a batch of records (selfplay, arena) goes into: made if needed and tried with the
    longest file name it will hold, before any match is played; UsageError saying why not."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"cannot save records in {path}: it is a file, not a folder")
    made = [p for p in (folder, *folder.parents) if not p.exists()]  # the deepest first
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / (longest_name + ".part")  # the name write() gives a record as it is written
        probe.touch()
        probe.unlink()
    except OSError as e:
        for p in made:  # refused: leave no empty folder behind
            if p.exists():
                p.rmdir()
        raise UsageError(f"cannot save records in {path}: {e.strerror}") from None
    return folder


def keep(record: dict, path) -> None:
    """write() for a record of a batch: a failure is UsageError, and the records written before stay."""
    try:
        write(record, path)
    except OSError as e:
        raise UsageError(f"cannot save {path}: {e.strerror}") from None


def describe(report: dict, names: list[str] | None = None) -> str:
    """The replay report, for a person to read: seats by the record's names where it has them."""
    seat = (lambda s: f"{names[s]} (seat {s})") if names else (lambda s: f"seat {s}")
    dealer = (lambda s: names[s]) if names else str
    lines = [f"{report['game']}: " + ("finished" if report["finished"] else "in progress")
             + f", deal {report['deal']}"]
    for i, r in enumerate(report["deal_results"], 1):
        pts = " ".join(f"{p:+d}" for p in r["points"])
        lines.append(f"  deal {i} (dealer {dealer(r['dealer'])}): {pts}  {name_seats(r['detail'], names)}")
    if names:
        lines.append("scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, report["scores"])))
    else:
        lines.append("scores: " + " ".join(str(s) for s in report["scores"]))
    if report["finished"]:
        lines.append("winners: " + (", ".join(seat(w) for w in report["winners"]) or "none (a draw)"))
    else:
        lines.append(f"to act: {seat(report['to_act'])}")
        lines.append("legal: " + ", ".join(report["legal"]))
    return "\n".join(lines)


__all__ = ["read", "parse", "loads", "new_match", "replay", "save", "write", "folder_for", "keep", "describe",
           "BadRecord", "ActionError"]
