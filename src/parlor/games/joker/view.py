"""What each Joker seat sees (rules §14).

Seen by everyone: the turned card pile[0] of 1..8-card deals, the trump, every action of the deal
(trump choice, bids, plays with joker modes and suits), tricks won, scores and the facts of the
chapter's earlier deals (the premium depends on them). Own hand: in full, except
  - at the trump step of a 9, gold or misere deal the chooser sees only his first three cards
    and the others see nothing of theirs;
  - in a dark deal nobody sees a card while bidding; at the trump step after the bids the chooser
    sees his first three and the others nothing.
The chooser keeps `first_three` (the cards he saw at the trump step) to the end of the deal, so
his view recalls what he knew when he chose (the OpenSpiel information state is perfect recall).
Never seen: other hands, pile[1:], the chooser's first three (by the others).

worlds.py draws a deal from what one seat sees.
"""

from parlor.core.cards import cards_of
from parlor.core.view import (HAND_HIDDEN, HISTORY, Bool, Cards, Int, ListOf, Obj, Optional,
                              PerSeat, Seat, Word, face_up, face_up_cards, seat_facts, trick_modes,
                              tricks)

from .cards import CODES, JOKER_MODES, NO_SUIT, PLAIN, SUIT, SUITS
from .structure import DARK, GOLD, KIND_OF, MISERE, NINE, NT, OPTIONS, TURNED

_PHASES = ("trump", "bid", "play", "over")
TRUMP, BID, PLAY, OVER = range(4)
JOKER0, BID0, TRUMP0 = 34, 54, 64
_TRUMPS = tuple(SUITS) + ("none",)

SCHEMA = {
    "deals": Int(),
    "phase": Word(_PHASES),
    "kind": Word(tuple(KIND_OF)),  # the deal's token: "1".."9", "nt", "dark", "gold", "misere"
    "cards": Int(),
    "chapter": Int(),
    "chapter_deals": ListOf(Int(), 2),  # its first and last deal
    "chapter_premium": Bool(),
    "premium": Word(next(o for o in OPTIONS if o.name == "premium").choices),
    "chooser": Optional(Seat()),
    "face_up": face_up(("turned",)),  # the turned card of a 1..8-card deal: none in the others
    "trump": Optional(Word(_TRUMPS)),
    "first_three": Optional(Cards()),  # the chooser's, to him alone
    "hand_hidden": HAND_HIDDEN,
    "seat_facts": seat_facts(bid=Optional(Int()), won=Int()),  # no bids in gold and misere deals
    "history": HISTORY,
    "tricks": tricks(modes=trick_modes(JOKER_MODES)),
    "trick_modes": trick_modes(JOKER_MODES),
    "lead": Optional(Word(tuple(SUITS))),
    "chapter_results": ListOf(Obj(
        dealer=Seat(), points=PerSeat(Int()), deal=Int(), chapter=Int(), token=Word(tuple(KIND_OF)),
        n=Int(), trump=Word(_TRUMPS), bids=Optional(PerSeat(Int())), tricks=PerSeat(Int()),
        base=PerSeat(Int()), premium=PerSeat(Int()))),
}


def turned_of(v: dict) -> str | None:
    """The turned card of view `v`, None in a deal without one."""
    cards = face_up_cards(v, "turned")
    return cards[0] if cards else None


def bids_of(v: dict) -> list[int | None] | None:
    """Each seat's bid (None: not yet made), or None in a deal without bidding (gold, misere)."""
    if v["kind"] in ("gold", "misere"):
        return None
    return [f["bid"] for f in v["seat_facts"]]


def _card(a: int) -> str:
    """The card a play action plays."""
    return CODES[a] if a < JOKER0 else CODES[PLAIN + (a - JOKER0) // 10]


def _modes(leader: int, plays) -> list[list]:
    """[[seat, mode]] of the jokers among `plays` (action ids from the leader on)."""
    return [[(leader + i) & 3, JOKER_MODES[(a - JOKER0) % 10]] for i, a in enumerate(plays) if a >= JOKER0]


def play_ids(cards: list, modes: list) -> list[int]:
    """The action ids of a trick's plays from its [[seat, card]] and [[seat, mode]]."""
    from .rules import ACTION_ID
    mode = dict(modes)
    return [ACTION_ID[f"play {c} {mode[p]}" if p in mode else f"play {c}"] for p, c in cards]


def _hidden_phase(s) -> bool:
    """Own hands are (partly) hidden: before the trump in 9/gold/misere, bids and trump in dark."""
    if s.kind == DARK:
        return s.phase in (BID, TRUMP)
    return s.phase == TRUMP


def _visible_hand(s, seat: int) -> list[int]:
    if _hidden_phase(s):
        return (_first_three(s, seat) or []) if s.phase == TRUMP else []
    return cards_of(s.hands[seat])


def _first_three(s, seat: int) -> list[int] | None:
    """The chooser's first three, to the chooser only, from the trump step on (after the bids in
    a dark deal); None otherwise."""
    if not s.first3 or seat != (s.dealer + 1) & 3 or (s.kind == DARK and s.phase == BID):
        return None
    return sorted(s.first3)


def history(rules, s) -> list[list]:
    """Every action of the deal so far, in order, as [seat, action string] (all are public)."""
    from .rules import ACTION_STR
    out = []
    chooser = (s.dealer + 1) & 3
    trump_done = s.trump >= 0 and s.kind not in (TURNED, NT)
    trump_action = [chooser, ACTION_STR[TRUMP0 + s.trump]] if trump_done else None
    if s.kind in (NINE, GOLD, MISERE) and trump_action:
        out.append(trump_action)
    for i in range(s.nbids):
        p = (s.dealer + 1 + i) & 3
        out.append([p, ACTION_STR[BID0 + s.bids[p]]])
    if s.kind == DARK and trump_action:
        out.append(trump_action)
    for leader, cards in s.tricks:
        out += [[(leader + i) & 3, ACTION_STR[a]] for i, a in enumerate(cards)]
    out += [[(s.leader + i) & 3, ACTION_STR[a]] for i, a in enumerate(s.trick)]
    return out


def _trick_winner(leader: int, cards, trump: int) -> int:
    jwin, best, best_pow, lead = -1, leader, -1, -1
    for i, a in enumerate(cards):
        seat = (leader + i) & 3
        if a < JOKER0:
            suit = SUIT[a]
            if i == 0:
                lead = suit
            pw = 100 + a if suit == trump else (a if suit == lead else -2)
            if pw > best_pow:
                best_pow, best = pw, seat
        else:
            m = (a - JOKER0) % 10
            if i == 0:
                lead = m % 4
                if m < 4:
                    jwin = seat
            elif m == 8:
                jwin = seat
    return jwin if jwin >= 0 else best


def chapter_results(s) -> list[dict]:
    p = s.plan
    out = []
    for r in s.ctx.results:
        d = r.data
        if d.get("chapter") == p.chapter and p.first <= d.get("deal", 0) < s.ctx.number:
            out.append({"dealer": r.dealer, "points": list(r.points),
                        **{k: list(x) if isinstance(x, list) else x for k, x in d.items()}})
    return out


def view(rules, s, seat: int) -> dict:
    p = s.plan
    trump = None if s.trump < 0 else ("none" if s.trump == NO_SUIT else SUITS[s.trump])
    hand = _visible_hand(s, seat)
    first3 = _first_three(s, seat)
    in_hand = [bin(h).count("1") for h in s.hands]
    bidding = s.kind not in (GOLD, MISERE)
    lead = None
    if s.trick:
        lead = SUITS[s.lead]
    return {
        "game": "joker",
        "seat": seat,
        "seats": 4,
        "deal": s.ctx.number,
        "deals": rules.max_deals(),
        "dealer": s.dealer,
        "to_act": s.turn if s.turn >= 0 else None,
        "scores": list(s.ctx.scores),
        "phase": _PHASES[s.phase],
        "kind": p.token,
        "cards": s.n,
        "chapter": p.chapter + 1,
        "chapter_deals": [p.first, p.last],
        "chapter_premium": p.premium,
        "premium": rules.options["premium"],
        "chooser": (s.dealer + 1) & 3 if s.kind not in (TURNED, NT) else None,
        "face_up": [{"label": "turned", "cards": [CODES[s.turned]] if s.turned >= 0 else [], "state": None}],
        "trump": trump,
        "hand": [CODES[c] for c in hand],
        "first_three": None if first3 is None else [CODES[c] for c in first3],
        "hand_hidden": in_hand[seat] - len(hand),
        "hand_sizes": in_hand,
        "seat_facts": [{"bid": b if b >= 0 and bidding else None, "won": w} for b, w in zip(s.bids, s.won)],
        "history": history(rules, s),
        "tricks": [{"leader": leader, "winner": _trick_winner(leader, cards, s.trump),
                    "cards": [[(leader + i) & 3, _card(a)] for i, a in enumerate(cards)],
                    "modes": _modes(leader, cards)}
                   for leader, cards in s.tricks],
        "trick": [[(s.leader + i) & 3, _card(a)] for i, a in enumerate(s.trick)],
        "trick_modes": _modes(s.leader, s.trick),
        "lead": lead,
        "chapter_results": chapter_results(s),
        "legal": rules.legal(s) if s.turn == seat else [],
    }
