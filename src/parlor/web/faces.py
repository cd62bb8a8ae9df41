"""How each card of a game looks in the browser, worked out from its deck's codes alone.

A code is a suit character plus a rank, on one side or the other (`6L`, `TH`, `P7`, `ISu`): the
side whose characters take fewer values is the suit. French suits get their symbols and colours;
other suits get a letter and a colour of their own. A card whose suit has fewer than three cards
(a joker) is drawn as a special card. A game's cards module may name its suits and ranks
(SUIT_NAMES, RANK_NAMES); that only adds titles.
"""

import importlib
from collections import Counter
from functools import lru_cache

from parlor.core.registry import game_class

FRENCH = {"S": ("♠", 0), "H": ("♥", 1), "D": ("♦", 1), "C": ("♣", 0)}
FRENCH_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _split(codes) -> tuple[dict, bool]:
    """code -> (suit char, rank text), and whether the suit is the first character."""
    first = Counter(c[0] for c in codes)
    last = Counter(c[-1] for c in codes)
    suit_first = len(first) < len(last)
    out = {}
    for c in codes:
        out[c] = (c[0], c[1:]) if suit_first else (c[-1], c[:-1])
    return out, suit_first


@lru_cache(maxsize=None)
def faces(game_id: str) -> dict:
    rules_cls = game_class(game_id)
    codes = rules_cls.deck.codes
    try:
        cards_mod = importlib.import_module(f"parlor.games.{game_id}.cards")
    except ImportError:
        cards_mod = None
    suit_names = getattr(cards_mod, "SUIT_NAMES", None)
    rank_names = getattr(cards_mod, "RANK_NAMES", None)
    suit_names = suit_names if isinstance(suit_names, dict) else {}
    rank_names = rank_names if isinstance(rank_names, dict) else {}
    split, _ = _split(codes)
    sizes = Counter(s for s, _ in split.values())
    suits = [s for s in dict.fromkeys(s for s, _ in split.values()) if sizes[s] >= 3]
    french = all(s in FRENCH for s in suits)
    out = {}
    for code in codes:
        suit, rank = split[code]
        if suit not in suits:  # a joker or another card of no suit
            out[code] = {"r": code, "s": "★", "c": "x", "t": f"{code} (special card)"}
            continue
        if french:
            sym, colour = FRENCH[suit]
            name = FRENCH_NAMES[suit]
        else:
            sym, colour = suit, suits.index(suit) % 6
            name = suit_names.get(suit, suit)
        rname = rank_names.get(int(rank) if rank.isdigit() else rank, "")
        rank_label = "10" if rank == "T" else rank
        title = f"{code}: {rname + ' of ' if rname else rank_label + ' of '}{name}"
        out[code] = {"r": rank_label, "s": sym, "c": colour, "t": title}
    return out
