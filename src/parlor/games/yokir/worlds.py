"""Drawing a Yokir deal from what one seat sees (rules 12): the hidden cards go wherever that
seat cannot rule them out, and the view's public history becomes the actions to replay.
"""

from typing import Any

from parlor.core.rng import Rng
from parlor.core.rules import Deal, DealContext, World
from parlor.core.sampling import follow_suit, place_cards
from parlor.core.view import View

from .cards import DECK, EFFECTIVE, SUITS
from .view import upcard_of


def sample_world(rules: Any, v: View, rng: Rng) -> World:
    """A world that looks exactly like view `v` to its seat; hidden cards drawn at random
    wherever they may be: the other hands (minus suits they have shown out of), the buried
    pile, and another picker's discard."""
    from .rules import CALL0, DISCARD0, PASS, PICK  # (rules.py declares this sampler)
    seat = v["seat"]
    card = DECK.index
    hand = [card[c] for c in v["hand"]]
    up, up_state = upcard_of(v)
    upcard = card[up]
    picker = v["caller"] if up_state == "picked" else None
    own_discard = card[v["discard"]] if v["discard"] else None
    tricks = [[(p, card[c]) for p, c in t["cards"]] for t in v["tricks"]]
    if v["trick"]:
        tricks.append([(p, card[c]) for p, c in v["trick"]])
    trump = SUITS.index(v["trump"]) if v["trump"] else -1
    played_by, void = follow_suit(tricks, 3, EFFECTIVE[trump])  # void: effective suits shown out of
    known = set(hand) | {upcard} | {c for cards in played_by for c in cards}
    if own_discard is not None:
        known.add(own_discard)
    unknown = [c for c in range(24) if c not in known]
    others = [p for p in range(3) if p != seat]
    sizes, allowed = [], []
    for p in others:
        holds_upcard = p == picker and upcard not in played_by[p]
        sizes.append(v["hand_sizes"][p] - holds_upcard)
        mask = 0
        for c in unknown:
            if trump < 0 or not void[p] >> EFFECTIVE[trump][c] & 1:
                mask |= 1 << c
        allowed.append(mask)
    other_discards = picker is not None and picker != seat and v["phase"] not in ("discard",)
    all_mask = sum(1 << c for c in unknown)
    if other_discards:
        sizes.append(1)
        allowed.append(all_mask)
    sizes.append(8)
    allowed.append(all_mask)
    parts = place_cards(unknown, sizes, allowed, rng)
    now = {seat: hand}
    for p, part in zip(others, parts):
        now[p] = part + ([upcard] if p == picker and upcard not in played_by[p] else [])
    discard = own_discard if picker == seat else (parts[2][0] if other_discards else None)
    buried = picker is not None and v["phase"] != "discard"
    assert discard is not None or not buried, "a picker past the discard has buried a card"
    dealt = []
    for p in range(3):
        cards = now[p] + played_by[p]
        if p == picker and buried:
            cards = [c for c in cards if c != upcard] + [discard]  # type: ignore[list-item]
        elif p == picker:
            cards = [c for c in cards if c != upcard]
        dealt.append(cards)
    deal = Deal(v["dealer"], dealt, [upcard] + parts[-1])
    ctx = DealContext(v["deal"], v["dealer"], tuple(v["scores"]))
    actions = []
    for _, bid in v["bids"]:
        actions.append(PICK if bid == "pick" else PASS if bid == "pass" else CALL0 + SUITS.index(bid[5:]))
        if bid == "pick" and buried:
            actions.append(DISCARD0 + discard)  # type: ignore[operator]
    actions += [c for trick in tricks for _, c in trick]  # a card's play is its id
    return World(deal, ctx, actions)
