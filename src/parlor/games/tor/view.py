"""What each Tőr seat sees (rules §13), and drawing the hidden cards from that alone.

A seat sees its own hand, the discard pile, every meld with its number and owner, every hand's
size, the stock's size, the deal's whole history as it saw it (which names every card that was
discarded, melded, laid off or taken from the discard pile) and the cards it drew from the stock
itself; once the deal is over, every hand. It never sees the stock's order nor another seat's
stock draw.

resample() rebuilds a deal that gives the same view: each other seat's dealt hand and stock
draws are what that seat is seen to have played (each card from its dealt hand or from one of
its stock draws made before it was played) plus unseen cards; the unseen cards are shuffled
into the other hands and the stock. One public fact constrains the hidden cards: if play began,
no dealt hand was a Tőr or a low hand (§6), and the rebuilt deal respects that too.
"""

from parlor.core.rules import Deal, DealContext
from parlor.core.view import (HISTORY, MELDS, Bool, Card, Cards, Int, ListOf, Obj, Optional,
                              PerSeat, Seat, Text, Word, face_up, face_up_cards)

from .cards import (CODES, DECK, DISCARD0, DRAW_DISCARD, DRAW_STOCK, LAYOFF0, LAYOFF_MASKS,
                    MELD0, MELD_MASKS, NUM_LAYOFFS, VALUE, action_text, hand_total, names)
from .scoring import LOW_HAND

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
TRIES = 200  # random deals tried before the local search of _repair


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


# --- resampling

def _violation(h0: list[int]) -> int:
    """How far a dealt hand is from being one that lets play begin (0 when it does)."""
    total = sum(VALUE[c] for c in h0)
    bad = max(0, LOW_HAND + 1 - total)
    if all(c >= 40 for c in h0):
        bad += 10
    return bad


def resample(rules, v: dict, rng, observe=None):
    n, me = v["seats"], v["seat"]
    idx = DECK.index
    up = idx[v["turned_up"]]
    result = v["result"]
    revealed = v["hands"]
    pile = [up]
    holdings = [0] * n
    draws: list[int | None] = []  # the stock draws in order: the card, where this seat knows it
    # Per seat: its sources (5 dealt slots, then its stock draws by index into `draws`) and the
    # cards it was seen to play from hand or still holds, each with the sources open to it then.
    sources: list[list] = [[("h", i) for i in range(5)] for _ in range(n)]
    played: list[list] = [[] for _ in range(n)]  # (card, number of this seat's sources open)
    for p, t in v["history"]:
        words = t.split(" ")
        if words[0] == "draw" and words[1] == "stock":
            sources[p].append(("s", len(draws)))
            draws.append(idx[words[2]] if len(words) == 3 else None)
            continue
        if t == "draw discard":
            holdings[p] |= 1 << pile.pop()
            continue
        if words[0] in ("drop", "end"):
            continue
        cards = [idx[w] for w in (words[2:] if words[0] == "layoff" else words[1:])]
        for c in cards:
            if holdings[p] >> c & 1:
                holdings[p] ^= 1 << c
            else:
                played[p].append((c, len(sources[p])))
        if words[0] == "discard":
            pile.append(cards[0])
    held = [idx[c] for c in v["hand"]]
    for p in range(n):
        cards = [idx[c] for c in revealed[p]] if revealed is not None else held if p == me else []
        for c in cards:
            if not holdings[p] >> c & 1:
                played[p].append((c, len(sources[p])))
    # The viewer's own deal is known: a card it played or holds came from its stock draw if it
    # drew it, else from its dealt hand.
    mine = {c for (kind, i) in sources[me] if kind == "s" for c in [draws[i]]}
    dealt_me = [c for c, _ in played[me] if c not in mine]
    seen = sum(1 << c for c in held) | sum(1 << idx[c] for m in v["melds"] for c in m["cards"])
    seen |= sum(1 << idx[c] for c in discard_pile_of(v))
    for p in range(n):
        seen |= holdings[p]
        if revealed is not None:
            seen |= sum(1 << idx[c] for c in revealed[p])
    pool = [c for c in range(52) if not (seen >> c & 1)]
    others = [p for p in range(n) if p != me]
    constrained = result is None or result["end"] not in INSTANT

    def attempt():
        """One random deal: each played card to a random source open to it, then the unseen
        cards shuffled into the remaining sources and the stock."""
        cards_at = {}  # (seat, source) -> card
        for p in others:
            open_: list = []
            k = 0
            for c, upto in played[p]:
                while k < upto:
                    open_.append(sources[p][k])
                    k += 1
                cards_at[(p, open_.pop(rng.below(len(open_))))] = c
        free = [(p, src) for p in others for src in sources[p] if (p, src) not in cards_at]
        if len(free) + v["stock_size"] != len(pool):
            raise ValueError("the view's hand sizes do not fit its log")
        order = rng.shuffled(pool)
        for slot, c in zip(free, order):
            cards_at[slot] = c
        return cards_at, order[len(free):]

    def dealt(cards_at, p):
        return [cards_at[(p, ("h", i))] for i in range(5)]

    cards_at, stock = attempt()
    tries = 1
    while constrained and any(_violation(dealt(cards_at, p)) for p in others):
        if tries >= TRIES:
            cards_at, stock = _repair(cards_at, stock, others, sources, played, rng)
            break
        cards_at, stock = attempt()
        tries += 1
    hands = []
    for p in range(n):
        hands.append(dealt_me if p == me else dealt(cards_at, p))
    stock_drawn = []
    for i, c in enumerate(draws):
        if c is None:
            c = next(cards_at[(p, ("s", i))] for p in others if (p, ("s", i)) in cards_at)
        stock_drawn.append(c)
    deal = Deal(v["dealer"], hands, [up] + stock_drawn + stock)
    s = rules.start(deal, DealContext(v["deal"], v["dealer"], tuple(v["scores"])))
    for _, t in v["history"]:
        rules.replay(s, DRAW_STOCK if t.startswith("draw stock") else rules.parse_action(s, t), observe)
    return s


def _repair(cards_at, stock, others, sources, played, rng):
    """Local search from one random deal towards one where no other seat was dealt a Tőr or a
    low hand (a deal like that exists: the real one). Moves swap the cards of two sources of one
    seat (keeping each played card at a source open before it was played) or an unseen card in a
    dealt slot with an unseen card anywhere else (another seat's source or the stock)."""
    unseen = set()
    for slot, c in cards_at.items():
        unseen.add(c)
    for p in others:
        for c, _ in played[p]:
            unseen.discard(c)
    opens = {}  # (seat, card) -> sources open to that played card
    for p in others:
        for c, upto in played[p]:
            opens[(p, c)] = set(sources[p][:upto])
    stock = list(stock)

    def bad(p):
        return _violation([cards_at[(p, ("h", i))] for i in range(5)])

    def ok_at(p, c, src):
        return c in unseen or src in opens[(p, c)]

    for _ in range(200000):
        failing = [p for p in others if bad(p)]
        if not failing:
            return cards_at, stock
        p = rng.choice(failing)
        x = (p, ("h", rng.below(5)))
        cx = cards_at[x]
        before = sum(bad(q) for q in others)
        if cx in unseen and rng.below(2):
            # an unseen card of the dealt hand against any other unseen card
            places = [k for k, c in cards_at.items() if c in unseen and k != x] + list(range(len(stock)))
            if not places:
                continue
            y = rng.choice(places)
            if isinstance(y, int):
                cy = stock[y]
                cards_at[x], stock[y] = cy, cx
                if sum(bad(q) for q in others) > before:
                    cards_at[x], stock[y] = cx, cy
                continue
        else:
            y = (p, rng.choice(sources[p]))
        cy = cards_at[y]
        if y[0] == p and not (ok_at(p, cx, y[1]) and ok_at(p, cy, x[1])):
            continue
        cards_at[x], cards_at[y] = cy, cx
        if sum(bad(q) for q in others) > before:
            cards_at[x], cards_at[y] = cx, cy
    raise ValueError("no deal fits what this seat knows")
