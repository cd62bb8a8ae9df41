"""Drawing a Joker deal from what one seat sees (rules §14).

The unknown cards go into the places the seat cannot see (other hands, minus what their plays
ruled out; its own hidden cards; the undealt pile) and the deal's history becomes the actions to
replay. The chooser's hand begins with the first three his view shows; seen by another seat, with
three of his cards drawn at random.
"""

from typing import Any

from parlor.core.rng import Rng
from parlor.core.rules import Deal, DealContext, DealResult, World
from parlor.core.sampling import place_cards
from parlor.core.view import View

from .cards import DECK, NO_SUIT, PLAIN, SUIT, SUIT_BITS, SUITS
from .view import JOKER0, turned_of


def sample_world(rules: Any, v: View, rng: Rng) -> World:
    """A world that gives exactly view `v` to its seat, the hidden cards placed at random
    wherever that seat cannot rule them out."""
    from .rules import ACTION_ID
    seat = v["seat"]
    card = DECK.index
    plan = rules.plan_of(v["deal"])
    n = plan.n
    hand = [card[c] for c in v["hand"]]
    turned_code = turned_of(v)
    turned = card[turned_code] if turned_code else None
    trump = {None: NO_SUIT, "none": NO_SUIT}.get(v["trump"], None)
    if trump is None:
        trump = SUITS.index(v["trump"])
    # Who played what, and what each seat's plays rule out of its hand.
    played_by: list[list[int]] = [[], [], [], []]
    excluded = [0, 0, 0, 0]
    actions = [ACTION_ID[a] for _, a in v["history"]]
    plays = [(p, a) for (p, text), a in zip(v["history"], actions) if text.startswith("play ")]
    for i in range(0, len(plays), 4):
        trick = plays[i:i + 4]
        lead, high = -1, False
        for k, (p, a) in enumerate(trick):
            if a < JOKER0:
                c = a
                played_by[p].append(c)
                if k == 0:
                    lead = SUIT[c]
                    continue
                suit = SUIT[c]
                if suit == lead:
                    if high:  # it was its highest: no higher card of the suit left
                        excluded[p] |= SUIT_BITS[lead] & ~((2 << c) - 1)
                else:
                    excluded[p] |= SUIT_BITS[lead]
                    if trump < NO_SUIT and suit != trump:
                        excluded[p] |= SUIT_BITS[trump]
            else:
                j, m = divmod(a - JOKER0, 10)
                played_by[p].append(PLAIN + j)
                if k == 0:
                    lead, high = m % 4, m < 4
    known = set(hand)
    for cards in played_by:
        known.update(cards)
    if turned is not None:
        known.add(turned)
    unknown = [c for c in range(36) if c not in known]
    unknown_mask = sum(1 << c for c in unknown)
    sizes, allowed, slots = [], [], []
    for p in range(4):
        if p == seat:
            hidden = v["hand_hidden"]
            if hidden:
                sizes.append(hidden)
                allowed.append(unknown_mask)
                slots.append(p)
        else:
            sizes.append(v["hand_sizes"][p])
            allowed.append(unknown_mask & ~excluded[p])
            slots.append(p)
    pile_rest = 36 - 4 * n - 1 if n < 9 else 0
    if pile_rest:
        sizes.append(pile_rest)
        allowed.append(unknown_mask)
        slots.append(-1)
    parts = place_cards(unknown, sizes, allowed, rng)
    drawn = dict(zip(slots, parts))
    hands = []
    for p in range(4):
        if p == seat:
            now = hand + drawn.get(p, [])
        else:
            now = drawn[p]
        hands.append(played_by[p] + now if played_by[p] else now)
    chooser = v["chooser"]
    if v["first_three"]:  # this seat chose the trump: his dealt hand begins with the three he saw
        first = [card[c] for c in v["first_three"]]
        hands[seat] = first + [c for c in hands[seat] if c not in first]
    elif chooser not in (None, seat) and plays:
        # Which three the chooser saw is hidden from this seat: any three of his cards, not his
        # first plays. (Before any play nothing is constrained and the drawn order is random.)
        hands[chooser] = rng.shuffled(hands[chooser])
    pile = [turned] + drawn[-1] if turned is not None else []
    results = tuple(DealResult(r["dealer"], list(r["points"]), "",
                               {k: x for k, x in r.items() if k not in ("dealer", "points")})
                    for r in v["chapter_results"])
    ctx = DealContext(v["deal"], v["dealer"], tuple(v["scores"]), results)
    return World(Deal(v["dealer"], hands, pile), ctx, actions)
