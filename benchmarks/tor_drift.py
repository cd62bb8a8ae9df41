#!/usr/bin/env python3
"""How each Tőr player plays, over the records of Tőr arenas (`parlor arena tor ... --save DIR`):

- how fast it sheds high cards: the mean value of a held card at the start of a seat's k-th turn
  of a deal (k = 0, 1, 2, 3 or more); search's tilts (`TILTS` in bots/tor.py) are fitted to these;
- when it drops at once: how often it drops on its first turn of a deal, at or under
  `FIRST_DROP` (bots/tor.py) and over it, and how many of its first-turn choices that threshold
  agrees with;
- what a drop at its first turn would have paid it, by its total (every hand is known in a
  record), whether it dropped or not.

    python benchmarks/tor_drift.py DIR [DIR...]
"""

import json
import sys
from collections import defaultdict
from pathlib import Path

from parlor.bots.tor import FIRST_DROP
from parlor.games.tor.cards import hand_total
from parlor.games.tor.scoring import drop_points
from parlor.records import actions_of, new_match


def turn_starts(folders):
    """Yield (player, k, total, cards held, action, seats, what a drop would pay) at every turn
    start in the records: k is the seat's turns so far in the deal, the action what it did."""
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
                    totals = [hand_total(h) for h in match.state.hands]
                    yield (players[seat], turns[seat], totals[seat],
                           match.state.hands[seat].bit_count(), action, len(players),
                           drop_points(totals, seat, 1)[seat])
                    turns[seat] += 1
                match.apply(action)


def measure(folders) -> tuple[dict, dict, dict]:
    """{(player, k): [summed card values, cards]} and, for first turns, {player: [drops at or
    under FIRST_DROP, turns there, drops over it, turns there]} and {(player, total // 3):
    [turns, summed points a drop would have paid]}."""
    sums: dict = defaultdict(lambda: [0, 0])
    drops: dict = defaultdict(lambda: [0, 0, 0, 0])
    pays: dict = defaultdict(lambda: [0, 0])
    for player, k, total, held, action, seats, pay in turn_starts(folders):
        entry = sums[(player, min(k, 3))]
        entry[0] += total
        entry[1] += held
        if k == 0:
            at = 0 if total <= FIRST_DROP[seats] else 2
            drops[player][at] += action == "drop"
            drops[player][at + 1] += 1
            pays[(player, total // 3)][0] += 1
            pays[(player, total // 3)][1] += pay
    return sums, drops, pays


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: tor_drift.py DIR [DIR...]")
    sums, drops, pays = measure(sys.argv[1:])
    for player in sorted({p for p, _ in sums}):
        means = [f"{sums[(player, k)][0] / sums[(player, k)][1]:.2f}" if (player, k) in sums else "-"
                 for k in range(4)]
        print(f"{player:10} held card's mean value at turn 0, 1, 2, 3+: {', '.join(means)}")
    for player in sorted(drops):
        low, n_low, high, n_high = drops[player]
        agree = (low + n_high - high) / (n_low + n_high)
        print(f"{player:10} first-turn drops: {low} of {n_low} at or under FIRST_DROP, {high} of "
              f"{n_high} over it; the threshold agrees with {agree:.0%} of its choices")
    for player in sorted(drops):
        cells = [f"{3 * b}-{3 * b + 2}: {pays[(player, b)][1] / pays[(player, b)][0]:+.2f} "
                 f"({pays[(player, b)][0]})" for b in range(5, 12) if (player, b) in pays]
        print(f"{player:10} a first-turn drop would pay, by total (turns): {'; '.join(cells)}")


if __name__ == "__main__":
    main()
