"""What each Yokir seat sees (rules 12).

Hidden from a seat: the other hands, pile[1..8] (never seen by anyone), and another picker's
discard. The view keeps the whole public history, so worlds.py can rebuild the deal from it.
"""

from parlor.core.view import (Card, Int, ListOf, Optional, Seat, Tuple, Word, face_up,
                              face_up_entry, seat_facts, tricks)

from .cards import CODES, SUITS

_PHASES = ("bid1", "discard", "bid2", "play", "over")
BIDS = ("pick", "pass") + tuple("call " + t for t in SUITS)
UPCARD_STATES = ("face_up", "picked", "turned_down")  # turned down: nobody picked it

SCHEMA = {
    "target": Int(),
    "phase": Word(_PHASES),
    "face_up": face_up(("upcard",), UPCARD_STATES),
    "bids": ListOf(Tuple(Seat(), Word(BIDS))),  # in the order made
    "trump": Optional(Word(tuple(SUITS))),
    "caller": Optional(Seat()),
    "discard": Optional(Card()),  # the picker's own discard, to the picker alone
    "tricks": tricks(),
    "seat_facts": seat_facts(said=Optional(Word(BIDS)), won=Int()),  # the last bid, tricks won
}


def _bid_str(a: int) -> str:
    return "pick" if a == 48 else "pass" if a == 49 else "call " + SUITS[a - 50]


def upcard_of(v: dict) -> tuple[str, str]:
    """The up card of view `v` and what became of it (one of UPCARD_STATES)."""
    entry = face_up_entry(v, "upcard")
    assert entry is not None, "every Yokir view shows the upcard's place"
    return entry["cards"][0], entry["state"]


def view(rules, s, seat: int) -> dict:
    trump = s.trump
    if any(a == 48 for _, a in s.bids):
        upcard_state = "picked"
    else:
        upcard_state = "face_up" if s.phase == 0 else "turned_down"
    said: list[str | None] = [None] * 3
    for b, a in s.bids:
        said[b] = _bid_str(a)
    hands = s.hands
    return {
        "game": "yokir",
        "seat": seat,
        "seats": 3,
        "deal": s.ctx.number,
        "dealer": s.dealer,
        "to_act": s.turn if s.turn >= 0 else None,
        "scores": list(s.ctx.scores),
        "target": rules.options["target"],
        "phase": _PHASES[s.phase],
        "hand": [CODES[c] for c in sorted(hands[seat])],
        "hand_sizes": [len(h) for h in hands],
        "face_up": [{"label": "upcard", "cards": [CODES[s.upcard]], "state": upcard_state}],
        "bids": [[b, _bid_str(a)] for b, a in s.bids],
        "trump": SUITS[trump] if trump >= 0 else None,
        "caller": s.caller if s.caller >= 0 else None,
        "discard": CODES[s.discarded] if s.discarded >= 0 and s.caller == seat else None,
        # a trick's winner leads the next one
        "tricks": [{"leader": leader,
                    "winner": s.tricks[k + 1][0] if k + 1 < len(s.tricks) else s.leader,
                    "cards": [[(leader + i) % 3, CODES[c]] for i, c in enumerate(cards)]}
                   for k, (leader, cards) in enumerate(s.tricks)],
        "trick": [[(s.leader + i) % 3, CODES[c]] for i, c in enumerate(s.trick)],
        "seat_facts": [{"said": said[p], "won": s.won[p]} for p in range(3)],
        "legal": rules.legal(s) if s.turn == seat else [],
    }
