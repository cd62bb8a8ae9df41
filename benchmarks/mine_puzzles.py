"""Mine the practice positions (issue 33 item 3) from real play: games/<id>/puzzles.json.

    PYTHONPATH=src python benchmarks/mine_puzzles.py [GAME ...]

Pre-registered and small (at most about 15 CPU-minutes for the four games on one core): each
game's matches are played by `casual` computers at every seat (the game's heuristic player) from the fixed match
seeds 1, 2, 3 ...; the choices of every seat (more than one legal move) are weighed in order by
the review's weighing (session/review.py: from the seat's view only, every legal move tried in
the same BUDGET imagined deals) until TARGET positions are found or LIMIT choices are weighed.
A choice is kept when the search's best move is not the obvious one (the casual level's choice
in that view) and beats it by at least the game's MARGIN expected points; at most one position a
deal, so that they differ. Each position is stored as the record up to the choice (seed and
actions: the deal replays from the seed), the seat, and every legal move with its expected
points and reason (as data, bots/hints.py: said in the reader's language when shown), best first.

A run resumes the game's file: it keeps the positions found and passes over the choices already
weighed (the file's `weighed`, in the same order of play) without weighing them again, then goes
on from there until TARGET, LIMIT or CPU_CAP. So Meri's second run (docs/decisions.md): its first
run weighed 1000 choices at the margin 1.0 and found 9; the second goes on from choice 1001, at
the margin 0.5, for at most 1000 choices more or 24 CPU-minutes.
"""

import json
import sys
import time
from pathlib import Path

from parlor import records
from parlor.bots.arena import play_job
from parlor.bots.base import make_bot
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.session.review import BUDGET, verdicts

GAMES = ("yokir", "tor", "joker", "meri")
TARGET = 20  # positions a game (the issue asks at least 20)
LIMIT = {"yokir": 900, "tor": 500, "joker": 900, "meri": 2000}  # choices weighed at most, in all runs
# A clear margin, in each game's deal points: about a tenth of a typical deal's swing.
# Meri's is half that (its first 1000 choices, at 1.0, gave 9 positions; every move is weighed in
# the same imagined deals, so a difference of half a point is still clear of their noise).
MARGIN = {"yokir": 0.25, "tor": 0.2, "joker": 15.0, "meri": 0.5}
CPU_CAP = 24 * 60  # CPU-seconds a run weighs for at most
OBVIOUS_SEED = 0x0B71  # the casual player's dice when it picks the obvious move
HERE = Path(__file__).resolve().parent.parent / "src" / "parlor" / "games"


def positions(game: str):
    """(record up to the choice, seat, deal, obvious move) for every choice of every seat, in the
    order of play, match after match."""
    rules = make_rules(game, None, None)
    casual = make_bot("casual", rules)
    seed = 0
    while True:
        seed += 1
        rec = play_job({"game": game, "options": {}, "seats": rules.seats, "seating": ["casual"] * rules.seats,
                        "match_seed": seed, "rotation": 0, "k": 0, "save": True})["record"]
        short = {k: v for k, v in rec.items() if k != "deals"}  # the seed deals them again
        match = records.new_match(short)
        for index, action in enumerate(rec["actions"]):
            seat = match.to_act()
            view = match.view(seat)
            if len(view["legal"]) > 1:
                obvious = casual.choose(view, Rng(OBVIOUS_SEED))
                yield {**short, "actions": rec["actions"][:index]}, seat, (seed, match.deal_number), view, obvious
            match.apply(action)


def mine(game: str, path: Path) -> dict:
    """Mine `game`, writing its file after each position found (a long run stopped keeps them);
    resuming the file's run if there is one."""
    rules = make_rules(game, None, None)
    before = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"weighed": 0, "puzzles": []}
    found: list[dict] = before["puzzles"]
    kept = {(p["record"]["seed"], len(p["record"]["actions"])) for p in found}
    used_deals: set = set()
    weighed = 0
    start = time.process_time()
    for record, seat, deal, view, obvious in positions(game):
        if len(found) >= TARGET or weighed >= LIMIT[game] or time.process_time() - start > CPU_CAP:
            break
        if deal in used_deals:
            continue
        weighed += 1
        if weighed <= before["weighed"]:  # weighed by an earlier run: its position, if it was one
            if (record["seed"], len(record["actions"])) in kept:
                used_deals.add(deal)
            continue
        if weighed == before["weighed"] + 1:
            print(f"{game}: resuming at match seed {record['seed']}, choice {weighed}", file=sys.stderr)
        moves = verdicts(rules, view, len(record["actions"]), BUDGET)
        moves.sort(key=lambda m: -m["value"])
        best = moves[0]
        plain = next(m for m in moves if m["action"] == obvious)
        margin = round(best["value"] - plain["value"], 3)
        if best["action"] == obvious or margin < MARGIN[game]:
            continue
        used_deals.add(deal)
        found.append({"record": record, "seat": seat, "obvious": obvious, "best": best["action"],
                      "margin": margin,
                      "candidates": [{"move": m["action"], "value": m["value"], "why": m["why"]}
                                     for m in moves]})
        print(f"{game}: {len(found)} found, {weighed} weighed, seed {record['seed']}, "
              f"{time.process_time() - start:.0f} CPU s", file=sys.stderr)
        _write(path, _data(game, weighed, found))
    assert len(used_deals) >= len(kept), "the earlier run's positions were not met again: play has changed"
    data = _data(game, max(weighed, before["weighed"]), found)
    _write(path, data)
    print(f"{game}: stopped at {weighed} weighed, {time.process_time() - start:.0f} CPU s", file=sys.stderr)
    return data


def _data(game: str, weighed: int, found: list[dict]) -> dict:
    return {"made_by": "PYTHONPATH=src python benchmarks/mine_puzzles.py " + game,
            "about": __doc__.strip().splitlines()[0], "budget": BUDGET, "margin": MARGIN[game],
            "obvious": "the casual level's choice", "weighed": weighed, "puzzles": found}


def main(argv: list[str]) -> int:
    for game in argv or GAMES:
        path = HERE / game / "puzzles.json"
        data = mine(game, path)
        print(f"{game}: {len(data['puzzles'])} positions from {data['weighed']} choices weighed -> {path}")
    return 0


def _write(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
