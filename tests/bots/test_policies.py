"""The games' playout policies, where a faster form must decide exactly as the plain one."""

from parlor.bots.meri import _cheapest
from parlor.core.rng import Rng
from parlor.games.meri.cards import EFFECTIVE, KEY, NCARDS, TRUMP


def _cheapest_by_tuples(cards, hand, t):
    """Meri's cheapest card as the rule says it: a plain card before a trump, then the lowest,
    then (plain) of the shortest suit in hand, ties by card."""
    eff = EFFECTIVE[t]
    length = [0] * (TRUMP + 1)
    for c in hand:
        length[eff[c]] += 1

    def cost(c):
        e = eff[c]
        return (1, KEY[t][e][c], 0, c) if e == TRUMP else (0, KEY[t][e][c], length[e], c)
    return min(cards, key=cost)


def test_meris_cheapest_card_follows_the_rule():
    rng = Rng(36)
    seen = set()
    for _ in range(20_000):
        t = rng.below(5)
        deck = list(range(NCARDS))
        rng.shuffle(deck)
        hand = deck[:1 + rng.below(9)]
        cards = hand[:1 + rng.below(len(hand))]
        rng.shuffle(cards)
        got = _cheapest(cards, hand, t)
        assert got == _cheapest_by_tuples(cards, hand, t), (cards, hand, t)
        seen.add(EFFECTIVE[t][got] == TRUMP)
    assert seen == {False, True}  # both a plain card and a trump were the cheapest somewhere
