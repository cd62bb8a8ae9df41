"""Helpers for the Meri tests: build deals from a few given hands, play action strings."""

import json
from pathlib import Path

from parlor import records
from parlor.core.registry import make_rules
from parlor.core.rules import Deal, DealContext

RULES = make_rules("meri")
CODES = RULES.deck.codes
GOLDEN = Path(__file__).parent / "golden"


def card(code: str) -> int:
    return RULES.deck.index[code]


def make_deal(dealer: int, pile: list[str], hands: dict[int, list[str]]) -> Deal:
    """A deal with the given pile and hands; the other seats get the remaining cards in the
    deck's order (hands given with fewer than 9 cards are filled up too)."""
    used = set(pile) | {c for h in hands.values() for c in h}
    assert len(used) == len(pile) + sum(len(h) for h in hands.values()), "a card twice"
    rest = [c for c in CODES if c not in used]
    full = []
    for s in range(8):
        h = list(hands.get(s, []))
        while len(h) < 9:
            h.append(rest.pop(0))
        full.append(h)
    return Deal(dealer, [[card(c) for c in h] for h in full], [card(c) for c in pile])


def start(deal: Deal, number: int = 1, scores=(0,) * 8):
    return RULES.start(deal, DealContext(number, deal.dealer, tuple(scores)))


def play(state, *actions: str):
    """Apply action strings one by one (checked); the last state."""
    for a in actions:
        state = RULES.apply(state, a)
    return state


def golden_record(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text())["record"]


def worked_example_after(n_actions: int):
    """The worked example record (section 16) replayed for its first n actions: the Match."""
    rec = golden_record("worked_example")
    rec = dict(rec, actions=rec["actions"][:n_actions])
    return records.replay(rec)


# Indexes into the worked example's actions: 5 passes, declare, discard, then 8 per trick.
HEAD = 7


def trick_start(n: int) -> int:
    """Index of the first play of trick n (1-based) in the worked example's actions."""
    return HEAD + 8 * (n - 1)
