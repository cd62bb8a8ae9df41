"""A player's statistics from records: matches, wins, scores, and each game's own facts.

A game declares its facts in `games/<id>/stats.py` as `FACTS`, each a `Fact`: a key, the words of
its label, and how many times one deal's result (`DealResult`, its `data`) counts it for a seat.
Everything is read from the record's replay, so statistics need nothing stored beside records.
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from .match import Match
from .rules import DealResult, Rules


@dataclass(frozen=True)
class Fact:
    key: str  # stable, for JSON ("bids_made")
    label: Callable[[], str]  # said when shown, in the language in use: lambda: say("Bids made")
    count: Callable[[Rules, DealResult, int], int]  # how often one deal counts it for the seat


def facts_of(game_id: str) -> tuple[Fact, ...]:
    return importlib.import_module(f"parlor.games.{game_id}.stats").FACTS


def match_entry(match: Match, seat: int) -> dict:
    """One seat's part of one played match."""
    facts = facts_of(match.rules.id)
    return {"game": match.rules.id, "finished": match.finished, "won": seat in match.winners(),
            "score": match.scores[seat], "deals": len(match.results),
            "facts": {f.key: sum(f.count(match.rules, r, seat) for r in match.results) for f in facts}}


def summary(entries: list[dict]) -> dict[str, dict]:
    """Per game: matches finished, wins, the average final score and every fact summed.
    Unfinished matches count in no figure (a match left half-way is no result)."""
    out: dict[str, dict] = {}
    for e in entries:
        if not e["finished"]:
            continue
        row = out.setdefault(e["game"], {"matches": 0, "wins": 0, "total_score": 0,
                                         "facts": dict.fromkeys(e["facts"], 0)})
        row["matches"] += 1
        row["wins"] += e["won"]
        row["total_score"] += e["score"]
        for key, n in e["facts"].items():
            row["facts"][key] = row["facts"].get(key, 0) + n
    for row in out.values():
        row["average_score"] = row.pop("total_score") / row["matches"]
    return out
