"""The 36-card Joker deck (rules §2) and the tables the hot path reads.

Card number: spades 0-7 (7..A), hearts 8-16 (6..A), diamonds 17-25 (6..A), clubs 26-33 (7..A),
X1 = 34, X2 = 35. A hand is a bitmask of card numbers; each suit is a contiguous block of bits,
so the cards of one suit in a hand are `(hand >> BASE[s]) & WIDTH_MASK[s]`, looked up in tables.
"""

from parlor.core.cards import Deck

SUITS = "SHDC"
RANKS = "6789TJQKA"  # low -> high
_SUIT_RANKS = ("789TJQKA", "6789TJQKA", "6789TJQKA", "789TJQKA")

_codes: list[str] = []
BASE: list[int] = []
WIDTH: list[int] = []
for _s, _ranks in enumerate(_SUIT_RANKS):
    BASE.append(len(_codes))
    WIDTH.append(len(_ranks))
    _codes += [r + SUITS[_s] for r in _ranks]
PLAIN = len(_codes)  # 34 plain cards
X1, X2 = PLAIN, PLAIN + 1
_codes += ["X1", "X2"]

DECK = Deck(_codes)
CODES = DECK.codes
NO_SUIT = 4  # a joker's "suit"; also the trump value meaning "no trump"

SUIT = [NO_SUIT] * 36
RANK = [-1] * 36
for _s in range(4):
    for _i in range(WIDTH[_s]):
        _c = BASE[_s] + _i
        SUIT[_c] = _s
        RANK[_c] = RANKS.index(CODES[_c][0])

WIDTH_MASK = [(1 << w) - 1 for w in WIDTH]
SUIT_BITS = [WIDTH_MASK[s] << BASE[s] for s in range(4)]  # all cards of a suit, as a hand mask
JOKER_SHIFT = PLAIN  # hand >> JOKER_SHIFT: bit 0 = X1, bit 1 = X2
# A joker's modes (rules §8): led high or low in a suit; played to a trick, take or discard.
JOKER_MODES = tuple(f"high {s}" for s in SUITS) + tuple(f"low {s}" for s in SUITS) + ("take", "discard")

# SUB[s][m]: the card numbers of suit s whose bits are set in the suit-local mask m, low -> high.
SUB = [[[BASE[s] + i for i in range(WIDTH[s]) if m >> i & 1] for m in range(1 << WIDTH[s])]
       for s in range(4)]
# TOP[s][m]: the highest of them (m != 0).
TOP = [[(BASE[s] + m.bit_length() - 1) if m else -1 for m in range(1 << WIDTH[s])] for s in range(4)]
