"""The 52-card French deck of Tőr, melds, and the fixed action space (rules: shared/rules/tor.md).

Card numbers
------------
card = (run position - 1) * 4 + suit, run position 1 (A) .. 13 (K), suits C=0 D=1 H=2 S=3.
So sorting card numbers gives the rules' canonical order (rank A..K, then C < D < H < S), a
hand is a 52-bit mask whose set bits, lowest first, are the hand in canonical order, the next
card of a run is card + 4, the four cards of one rank are one 4-bit nibble, and the court
cards (J Q K) are exactly the numbers 40..51.

Action ids (num_actions = 27345; every id means the same move in every state)
------------------------------------------------------------------------------
    0                      drop
    1                      draw stock
    2                      draw discard
    3                      end
    4 + c                  discard <c>                     c = card 0..51          (4..55)
    56 + j                 meld <MELD_MASKS[j]>            j = 0..216              (56..272)
    273 + k*1692 + j       layoff <k> <LAYOFF_MASKS[j]>    k = meld number 0..15, j = 0..1691

Meld card-sets (217): every set (3 or 4 cards of one rank: 13 * 5 = 65) and every run of 3 to 6
cards (per suit 11 + 10 + 9 + 8 = 38, so 152): a meld comes from one hand, and a hand never
holds more than 6 cards (5 at the start of a turn, one drawn).

Lay-off card-sets (1692): what can join a meld is, in one suit, either one unbroken stretch of
1..6 cards (the fourth card of a set, or cards at one end of a run: 13+12+11+10+9+8 = 63 per
suit) or two stretches with a gap of 3 or more between them (both ends of a run; the gap is the
run) holding 2..6 cards together (360 per suit). 6 is again the most cards a hand can give.

Meld numbers 0..15 (MAX_MELDS = 16): a lay-off happens while the deal is alive, when every
seat holds at least one card (a hand that empties ends the deal at once), so with 2 or more
seats at most 52 - 2 = 50 cards are in melds, i.e. at most 16 melds of 3 or more cards. A 17th
meld could only be the one that ends the deal, and nothing is ever laid off onto it.
"""

from parlor.core.cards import Deck

RANKS = "A23456789TJQK"
SUITS = "CDHS"

DECK = Deck([r + s for r in RANKS for s in SUITS])
CODES = DECK.codes
FULL = (1 << 52) - 1
COURT_MASK = FULL ^ ((1 << 40) - 1)  # J Q K

VALUE = tuple(min(c // 4 + 1, 10) for c in range(52))  # points in hand (A=1, T J Q K = 10)

DROP, DRAW_STOCK, DRAW_DISCARD, END = 0, 1, 2, 3
DISCARD0 = 4
MELD0 = 56
MAX_MELDS = 16


def suit_of(card: int) -> int:
    return card & 3


def names(mask: int) -> list[str]:
    """The cards of a mask as codes, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CODES[low.bit_length() - 1])
        mask ^= low
    return out


def text(mask: int) -> str:
    return " ".join(names(mask))


def hand_total(mask: int) -> int:
    t = 0
    while mask:
        low = mask & -mask
        t += VALUE[low.bit_length() - 1]
        mask ^= low
    return t


def _run(first: int, length: int) -> int:
    return sum(1 << (first + 4 * i) for i in range(length))


def is_set(mask: int) -> bool:
    """3 or 4 cards of one rank."""
    if not mask:
        return False
    r4 = ((mask & -mask).bit_length() - 1) & ~3
    return mask >> r4 < 16 and mask.bit_count() >= 3


def is_run(mask: int) -> bool:
    """3 or more cards of one suit at consecutive run positions (ace low only, no wrap)."""
    if not mask:
        return False
    first = (mask & -mask).bit_length() - 1
    n = mask.bit_count()
    return n >= 3 and mask >> first == _RUN_SHAPES[n]


_RUN_SHAPES = [_run(0, n) for n in range(14)]


def is_meld(mask: int) -> bool:
    return is_set(mask) or is_run(mask)


def adjacent(mask: int) -> int:
    """The cards that could join a meld one at a time (a quick filter for lay-offs): the missing
    card of a set of 3; the cards just below and above a run."""
    r4 = ((mask & -mask).bit_length() - 1) & ~3
    if mask >> r4 < 16:  # a set
        return (15 << r4) & ~mask
    return ((mask << 4) | (mask >> 4)) & ~mask & FULL


# --- meld card-sets
MELD_MASKS: list[int] = []
for _r in range(13):
    for _skip in range(4):  # the three-card sets, by the suit left out (S, H, D, C)
        MELD_MASKS.append((15 ^ (1 << (3 - _skip))) << (4 * _r))
    MELD_MASKS.append(15 << (4 * _r))
for _s in range(4):
    for _length in range(3, 7):
        for _p in range(14 - _length):
            MELD_MASKS.append(_run(4 * _p + _s, _length))
MELD_ID = {m: j for j, m in enumerate(MELD_MASKS)}
NUM_MELDS = len(MELD_MASKS)

# RUN_IDS[c]: meld ids of the runs of 3, 4, 5, 6 cards starting at card c (as far as they fit).
RUN_IDS = [[MELD_ID[_run(c, n)] for n in range(3, 7) if c + 4 * (n - 1) < 52] for c in range(52)]
# SET_IDS[r][nibble]: meld ids of the sets of rank r inside the cards `nibble` of that rank.
SET_IDS = [[[MELD_ID[sub << (4 * r)] for sub in range(16) if sub & nib == sub and sub.bit_count() >= 3]
            for nib in range(16)] for r in range(13)]

# --- lay-off card-sets
LAYOFF_MASKS: list[int] = []
for _s in range(4):
    for _length in range(1, 7):
        for _p in range(14 - _length):
            LAYOFF_MASKS.append(_run(4 * _p + _s, _length))
    for _l1 in range(1, 6):
        for _l2 in range(1, 7 - _l1):
            for _p1 in range(13):
                for _p2 in range(_p1 + _l1 + 3, 14 - _l2 + 0):
                    if _p2 + _l2 <= 13:
                        LAYOFF_MASKS.append(_run(4 * _p1 + _s, _l1) | _run(4 * _p2 + _s, _l2))
LAYOFF_ID = {m: j for j, m in enumerate(LAYOFF_MASKS)}
NUM_LAYOFFS = len(LAYOFF_MASKS)

LAYOFF0 = MELD0 + NUM_MELDS
NUM_ACTIONS = LAYOFF0 + MAX_MELDS * NUM_LAYOFFS



def action_text(a: int) -> str:
    """The action string of id `a` (the same in every state)."""
    if a < DISCARD0:
        return ("drop", "draw stock", "draw discard", "end")[a]
    if a < MELD0:
        return "discard " + CODES[a - DISCARD0]
    if a < LAYOFF0:
        return "meld " + text(MELD_MASKS[a - MELD0])
    k, j = divmod(a - LAYOFF0, NUM_LAYOFFS)
    return f"layoff {k} " + text(LAYOFF_MASKS[j])


assert NUM_MELDS == 217 and NUM_LAYOFFS == 1692 and len(LAYOFF_ID) == NUM_LAYOFFS
assert NUM_ACTIONS == 27345
