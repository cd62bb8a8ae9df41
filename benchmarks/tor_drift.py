#!/usr/bin/env python3
"""How fast each Tőr player sheds high cards: the mean value of a held card at the start of a
seat's k-th turn of a deal (k = 0, 1, 2, 3 or more), by the player in that seat, over the records
of Tőr arenas (`parlor arena tor ... --save DIR`). Search's tilts (`TILTS` in bots/tor.py) are
fitted to these means.

    python benchmarks/tor_drift.py DIR [DIR...]
"""

import json
import sys
from collections import defaultdict
from pathlib import Path

from parlor.core.cards import cards_of
from parlor.games.tor.cards import VALUE
from parlor.records import actions_of, new_match


def drift(folders) -> dict:
    """{(player, k): (summed card values, cards)} over every turn start in the records."""
    sums: dict = defaultdict(lambda: [0, 0])
    for folder in folders:
        for path in sorted(Path(folder).glob("*.json")):
            record = json.loads(path.read_text())
            players = [name.split(":")[0] for name in record["names"]]
            match, deal, turns = new_match(record), None, []
            for action in actions_of(record):
                if match.deal_number != deal:
                    deal, turns = match.deal_number, [0] * len(players)
                seat = match.to_act()
                if match.state.stage == 1:
                    cards = cards_of(match.state.hands[seat])
                    entry = sums[(players[seat], min(turns[seat], 3))]
                    entry[0] += sum(VALUE[c] for c in cards)
                    entry[1] += len(cards)
                    turns[seat] += 1
                match.apply(action)
    return sums


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: tor_drift.py DIR [DIR...]")
    sums = drift(sys.argv[1:])
    for player in sorted({p for p, _ in sums}):
        means = [f"{sums[(player, k)][0] / sums[(player, k)][1]:.2f}" if (player, k) in sums else "-"
                 for k in range(4)]
        print(f"{player:10} held card's mean value at turn 0, 1, 2, 3+: {', '.join(means)}")


if __name__ == "__main__":
    main()
