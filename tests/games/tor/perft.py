"""Tőr's move generator counted, as chess engines count theirs with perft: from a few seeded
positions, the number of action sequences of length 1..depth (a deal that ends on the way
counts no longer sequence), walked with `legal_ids` and `apply_id` on `copy` states.

    python tests/games/tor/perft.py   # rewrites perft.json

Rewrite it only when Tőr's rules change on purpose, in a commit of its own that says so;
test_tor_perft.py checks every count.
"""

import json
from pathlib import Path

from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.core.rules import Rules

FILE = Path(__file__).with_name("perft.json")

# name -> (seats, seed, random moves into deal 1, depth); the depths keep the test to seconds.
POSITIONS: dict[str, tuple[int, int, int, int]] = {
    "start 2 seats": (2, 1, 0, 9),
    "start 4 seats": (4, 1, 0, 9),
    "start 8 seats": (8, 1, 0, 9),
    "4 seats, 3 moves in": (4, 3, 3, 10),
    "8 seats, 9 moves in": (8, 2, 9, 10),
    "2 seats, a meld in hand": (2, 1, 5, 10),
    "8 seats, a meld in hand": (8, 2, 3, 10),
    "4 seats, a lay-off in hand": (4, 52, 6, 10),
}


def position(seats: int, seed: int, moves: int) -> tuple[Rules, object]:
    """The state after `moves` uniformly random legal moves of a seeded match, still in deal 1."""
    rules = make_rules("tor", None, seats)
    match = Match(rules, seed)
    rng = Rng(seed)
    for _ in range(moves):
        match.apply(rng.choice(match.legal()))
    assert match.deal_number == 1 and not rules.deal_over(match.state), "the position left deal 1"
    return rules, rules.copy(match.state)


def perft(rules: Rules, state, depth: int) -> list[int]:
    """The number of action sequences of 1, 2, ..., depth actions from `state`, in one walk."""
    found = [0] * depth

    def walk(node, level: int) -> None:
        if level == depth or rules.deal_over(node):
            return
        for action in rules.legal_ids(node):
            found[level] += 1
            child = rules.copy(node)
            rules.apply_id(child, action)
            walk(child, level + 1)

    walk(state, 0)
    return found


def main() -> None:
    table = {name: perft(*position(seats, seed, moves), depth)
             for name, (seats, seed, moves, depth) in POSITIONS.items()}
    rows = (f"{json.dumps(name, ensure_ascii=False)}: {json.dumps(found)}" for name, found in table.items())
    FILE.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")  # a position a line


if __name__ == "__main__":
    main()
