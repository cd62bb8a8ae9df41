"""The 24-card Yokir deck and what each card is under a trump suit.

Card number = suit * 6 + rank - 1, suits A L M T, ranks 1 (Initiate) .. 6 (Master).
Codes never change; trump only changes a card's effective suit and its power.
"""

from parlor.core.cards import Deck

SUITS = "ALMT"

DECK = Deck([f"{r}{s}" for s in SUITS for r in range(1, 7)])
CODES = DECK.codes


def suit_of(card: int) -> int:
    return card // 6


def rank_of(card: int) -> int:
    return card % 6 + 1


def partner(suit: int) -> int:
    """Architecture-Leadership, Art & Music-Thought (rules 2)."""
    return suit ^ 1


def oracle(trump: int) -> int:
    return trump * 6


def sage(trump: int) -> int:
    return partner(trump) * 6


def _tables(trump: int) -> tuple[list[int], list[int]]:
    eff = [suit_of(c) for c in range(24)]
    power = [rank_of(c) for c in range(24)]
    eff[sage(trump)] = trump
    for c in range(24):
        if eff[c] == trump:
            power[c] = 100 + rank_of(c)
    power[oracle(trump)] = 108
    power[sage(trump)] = 107
    return eff, power


# EFFECTIVE[trump][card]: the suit it follows as; POWER[trump][card]: trumps above 100, the
# Oracle highest, then the Sage; plain cards by rank.
EFFECTIVE, POWER = zip(*(_tables(t) for t in range(4)))
