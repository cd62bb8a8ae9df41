"""Drawing a Tőr deal from what one seat sees (rules §13).

Each other seat's dealt hand and stock draws are what that seat is seen to have played (each card
from its dealt hand or from one of its stock draws made before it was played) plus unseen cards;
the unseen cards are shuffled into the other hands and the stock. One public fact constrains the
hidden cards: if play began, no dealt hand was a Tőr or a low hand (§6), and the rebuilt deal
respects that too. The view's history becomes the actions to replay.
"""

from typing import Any

from parlor.core.rng import Rng
from parlor.core.rules import Deal, DealContext, World
from parlor.core.view import View

from .cards import (DECK, DISCARD0, DRAW_DISCARD, DRAW_STOCK, DROP, END, LAYOFF0, LAYOFF_ID, MELD0,
                    MELD_ID, NUM_LAYOFFS, VALUE)
from .scoring import LOW_HAND
from .view import INSTANT, discard_pile_of

TRIES = 200  # random deals tried before the local search of _repair


def _violation(h0: list[int]) -> int:
    """How far a dealt hand is from being one that lets play begin (0 when it does)."""
    total = sum(VALUE[c] for c in h0)
    bad = max(0, LOW_HAND + 1 - total)
    if all(c >= 40 for c in h0):
        bad += 10
    return bad


def sample_world(rules: Any, v: View, rng: Rng) -> World:
    """A world that looks exactly like view `v` to its seat (the module docstring says how)."""
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
    actions = []  # the history's action ids
    for p, t in v["history"]:
        words = t.split(" ")
        if words[0] == "draw" and words[1] == "stock":
            actions.append(DRAW_STOCK)
            sources[p].append(("s", len(draws)))
            draws.append(idx[words[2]] if len(words) == 3 else None)
            continue
        if t == "draw discard":
            actions.append(DRAW_DISCARD)
            holdings[p] |= 1 << pile.pop()
            continue
        if words[0] in ("drop", "end"):
            actions.append(DROP if t == "drop" else END)
            continue
        cards = [idx[w] for w in (words[2:] if words[0] == "layoff" else words[1:])]
        actions.append(_action_id(words, cards))
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
    stock_drawn: list[int] = []
    for i, drawn in enumerate(draws):  # a draw another seat made unseen: the card placed there
        stock_drawn.append(drawn if drawn is not None else
                           next(cards_at[(p, ("s", i))] for p in others if (p, ("s", i)) in cards_at))
    deal = Deal(v["dealer"], hands, [up] + stock_drawn + stock)
    return World(deal, DealContext(v["deal"], v["dealer"], tuple(v["scores"])), actions)


def _action_id(words: list[str], cards: list[int]) -> int:
    """The id of a discard, meld or lay-off as the history spells it (action_text's inverse)."""
    if words[0] == "discard":
        return DISCARD0 + cards[0]
    mask = sum(1 << c for c in cards)
    if words[0] == "meld":
        return MELD0 + MELD_ID[mask]
    return LAYOFF0 + int(words[1]) * NUM_LAYOFFS + LAYOFF_ID[mask]


def _repair(cards_at, stock, others, sources, played, rng):
    """Local search from one random deal towards one where no other seat was dealt a Tőr or a
    low hand (a deal like that exists: the real one). Moves swap the cards of two sources of one
    seat (keeping each played card at a source open before it was played) or an unseen card in a
    dealt slot with an unseen card anywhere else (another seat's source or the stock)."""
    unseen = set(cards_at.values())
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
