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
"""

import json
import sys
from pathlib import Path

from parlor import records
from parlor.bots.arena import play_job
from parlor.bots.base import make_bot
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.session.review import BUDGET, verdicts

GAMES = ("yokir", "tor", "joker", "meri")
TARGET = 20  # positions a game (the issue asks at least 20)
LIMIT = {"yokir": 900, "tor": 500, "joker": 900, "meri": 250}  # choices weighed at most: the CPU cap
# A clear margin, in each game's deal points: about a tenth of a typical deal's swing.
MARGIN = {"yokir": 0.25, "tor": 0.2, "joker": 15.0, "meri": 1.0}
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
    """Mine `game`, writing its file after each position found (a long run stopped keeps them)."""
    rules = make_rules(game, None, None)
    found: list[dict] = []
    used_deals: set = set()
    weighed = 0
    for record, seat, deal, view, obvious in positions(game):
        if len(found) >= TARGET or weighed >= LIMIT[game]:
            break
        if deal in used_deals:
            continue
        weighed += 1
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
        print(f"{game}: {len(found)} found, {weighed} weighed", file=sys.stderr)
        _write(path, _data(game, weighed, found))
    data = _data(game, weighed, found)
    _write(path, data)
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
