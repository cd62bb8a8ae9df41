"""What each Tőr seat sees (rules §13).

A seat sees its own hand, the discard pile, every meld with its number and owner, every hand's
size, the stock's size, the deal's whole history as it saw it (which names every card that was
discarded, melded, laid off or taken from the discard pile) and the cards it drew from the stock
itself; once the deal is over, every hand. It never sees the stock's order nor another seat's
stock draw.

worlds.py draws a deal from what one seat sees.
"""

from parlor.core.view import (HISTORY, MELDS, Bool, Card, Cards, Int, ListOf, Obj, Optional,
                              PerSeat, Seat, Text, Word, face_up, face_up_cards)

from .cards import (CODES, DISCARD0, DRAW_DISCARD, DRAW_STOCK, LAYOFF0, LAYOFF_MASKS,
                    MELD0, MELD_MASKS, NUM_LAYOFFS, action_text, hand_total, names)

INSTANT = ("tor", "low", "tor_void", "low_void")
ENDS = INSTANT + ("out", "count", "drop")  # how a deal ends (scoring.py)

SCHEMA = {
    "stake": Int(),
    "deals": Int(),
    "stage": Optional(Int()),  # 1: draw (or drop), 2: meld, lay off, discard; None when over
    "turned_up": Card(),
    "face_up": face_up(("discard_pile",)),
    "stock_size": Int(),
    "melds": MELDS,
    "known": PerSeat(Cards()),  # taken from the discard pile and still held
    "taken": Optional(Card()),
    "melded_this_turn": Bool(),
    "history": HISTORY,
    "hands": Optional(PerSeat(Cards())),  # every hand, once the deal is over
    "totals": Optional(PerSeat(Int())),
    "result": Optional(Obj(end=Word(ENDS), seats=ListOf(Seat()), points=PerSeat(Int()), detail=Text())),
}


def discard_pile_of(v: dict) -> list[str]:
    """The discard pile of view `v`, its top card last."""
    return face_up_cards(v, "discard_pile")


def _public_log(s, seat: int):
    """(log entries as the seat sees them, meld owners, known cards per seat)."""
    n = len(s.hands)
    pile = [s.up]
    known = [0] * n  # cards each seat took from the discard pile and still holds: public
    owners = []
    entries = []
    for p, a, card in s.actions():
        if a == DRAW_STOCK:
            entries.append([p, "draw stock " + CODES[card] if p == seat else "draw stock"])
            continue
        if a == DRAW_DISCARD:
            known[p] |= 1 << pile.pop()
        elif DISCARD0 <= a < MELD0:
            c = a - DISCARD0
            known[p] &= ~(1 << c)
            pile.append(c)
        elif MELD0 <= a < LAYOFF0:
            known[p] &= ~MELD_MASKS[a - MELD0]
            owners.append(p)
        elif a >= LAYOFF0:
            known[p] &= ~LAYOFF_MASKS[(a - LAYOFF0) % NUM_LAYOFFS]
        entries.append([p, action_text(a)])
    return entries, owners, known


def view(rules, s, seat: int) -> dict:
    entries, owners, known = _public_log(s, seat)
    over = s.end is not None
    result = None
    if over:
        r = rules.deal_result(s)
        result = {"end": s.end[0], "seats": list(s.end[1]), "points": r.points, "detail": r.detail}
    return {
        "game": "tor",
        "seat": seat,
        "seats": len(s.hands),
        "deal": s.ctx.number,
        "dealer": s.dealer,
        "to_act": s.turn if s.turn >= 0 else None,
        "scores": list(s.ctx.scores),
        "stake": rules.options["stake"],
        "deals": rules.options["deals"],
        "stage": None if over else s.stage,
        "hand": names(s.hands[seat]),
        "hand_sizes": [h.bit_count() for h in s.hands],
        "trick": [],
        "turned_up": CODES[s.up],
        "face_up": [{"label": "discard_pile", "cards": [CODES[c] for c in s.discard_pile()], "state": None}],
        "stock_size": rules.stock_end - s.si,
        "melds": [{"number": k, "owner": owners[k], "cards": names(m)} for k, (m, _) in enumerate(s.melds)],
        "known": [names(k) for k in known],
        "taken": CODES[s.taken] if not over and s.stage == 2 and s.taken >= 0 else None,
        "melded_this_turn": bool(not over and s.stage == 2 and s.melded),
        "history": entries,
        "hands": [names(h) for h in s.hands] if over else None,
        "totals": [hand_total(h) for h in s.hands] if over else None,
        "result": result,
        "legal": rules.legal(s) if s.turn == seat else [],
    }
