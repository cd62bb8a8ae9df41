"""The 75-card Unsun deck of Hachinin Meri and what each card is under a trump suit
(rules: shared/rules/meri.md, sections 2, 5 and 7).

Card number = suit * 15 + rank index; suits P I K O G; rank index 0..8 are the numbers 1..9,
then Ka Re Ro So Un Su (9..14). This is the spec's canonical deck order. Codes never change:
trump only changes a card's effective suit and its strength (computed tables, one per trump).
"""

from parlor.core.cards import Deck

SUITS = "PIKOG"
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "Ka", "Re", "Ro", "So", "Un", "Su")

DECK = Deck([s + r for s in SUITS for r in RANKS])
CODES = DECK.codes
NCARDS = 75
TRUMP = 5  # the effective suit of every trump
P, I = 0, 1  # noqa: E741 (I is the suit's letter). The long suits; K O G (2, 3, 4) are round
KA, RE, RO, SO, UN, SU = 9, 10, 11, 12, 13, 14
TENKA = P * 15 + RO  # PRo


def card(suit: int, rank: int) -> int:
    return suit * 15 + rank


def suit_of(c: int) -> int:
    return c // 15


def rank_of(c: int) -> int:
    return c % 15


def _numbers(suit: int) -> list[int]:
    """The number cards strongest first: long suits 9..1, round suits 1..9."""
    nums = list(range(8, -1, -1)) if suit in (P, I) else list(range(9))
    return [card(suit, r) for r in nums]


def trump_order(t: int) -> list[int]:
    """The trumps of trump suit t, strongest first (7.1)."""
    order = [card(t, SU), card(t, UN), card(t, SO), TENKA]
    if t != P:
        order.append(card(t, RO))
    order += [card(t, RE), card(t, KA)] + _numbers(t)
    return order


def plain_order(suit: int) -> list[int]:
    """The cards of a plain suit, strongest first (7.2): Sun Un Rei Kaba Sota Robai numbers;
    plain Pao has no Robai (Tenka is always trump); the plain Isu Robai is between 2 and 1."""
    courts = [card(suit, r) for r in (SU, UN, RE, KA, SO)]
    nums = _numbers(suit)
    if suit == P:
        return courts + nums
    if suit == I:
        return courts + nums[:-1] + [card(I, RO)] + nums[-1:]
    return courts + [card(suit, RO)] + nums


def _tables(t: int):
    trumps = trump_order(t)
    eff = [TRUMP if c in trumps else suit_of(c) for c in range(NCARDS)]
    tpow = {c: 100 + len(trumps) - i for i, c in enumerate(trumps)}  # 101 .. 116
    # KEY[led][c]: a card's strength in a trick whose led effective suit is `led`:
    # trumps above 100, cards of the led plain suit 1..15, every other card 0 (cannot win).
    keys = []
    for led in range(6):
        k = [0] * NCARDS
        for c in trumps:
            k[c] = tpow[c]
        if led != TRUMP:
            order = plain_order(led)
            for i, c in enumerate(order):
                k[c] = len(order) - i
        keys.append(k)
    return eff, keys, trumps


_T = [_tables(t) for t in range(5)]
# EFFECTIVE[t][c]: effective suit (TRUMP = 5 for trumps); KEY[t][led][c]: strength in a trick;
# TRUMPS[t]: the trumps strongest first; IS_TRUMP[t][c]: bool.
EFFECTIVE = [x[0] for x in _T]
KEY = [x[1] for x in _T]
TRUMPS = [x[2] for x in _T]
IS_TRUMP = [[e == TRUMP for e in eff] for eff in EFFECTIVE]
TRUMP_MASK = [sum(1 << c for c in tr) for tr in TRUMPS]


def trump_robai(t: int) -> int:
    """The trump Robai (Tenka itself when Pao is trump)."""
    return card(t, RO)


def trump_sun(t: int) -> int:
    return card(t, SU)


# Combos (10.2): (W, O) -> (name, involves the trump Robai).
def _combos(t: int) -> dict:
    low = (card(t, 1), card(t, 0)) if t in (P, I) else (card(t, 7), card(t, 8))
    return {
        (card(t, SU), card(t, UN)): ("Sun-Un", False),
        (card(t, UN), card(t, SO)): ("Un-Sota", False),
        (card(t, SO), trump_robai(t)): ("Sota-Robai", True),
        (trump_robai(t), card(t, RE)): ("Robai-Rei", True),
        low: ("low pair", False),
    }


COMBOS = [_combos(t) for t in range(5)]
