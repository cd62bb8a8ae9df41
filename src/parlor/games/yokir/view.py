"""What each Yokir seat sees, and drawing the hidden cards from that alone (rules 12).

Hidden from a seat: the other hands, pile[1..8] (never seen by anyone), and another picker's
discard. The view keeps the whole public history, so resample() rebuilds a state by dealing
the unknown cards and replaying that history.
"""

from parlor.core.rules import Deal, DealContext
from parlor.core.sampling import place_cards
from parlor.core.view import (Card, Int, ListOf, Optional, Seat, Tuple, Word, face_up,
                              face_up_entry, seat_facts, tricks)

from .cards import CODES, DECK, EFFECTIVE, SUITS

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


def resample(rules, v: dict, rng, observe=None):
    """A state that looks exactly like view `v` to its seat; hidden cards drawn at random
    wherever they may be: the other hands (minus suits they have shown out of), the buried
    pile, and another picker's discard."""
    seat = v["seat"]
    card = DECK.index
    hand = [card[c] for c in v["hand"]]
    up, up_state = upcard_of(v)
    upcard = card[up]
    picker = v["caller"] if up_state == "picked" else None
    own_discard = card[v["discard"]] if v["discard"] else None
    plays = [(t["leader"], [card[c] for _, c in t["cards"]]) for t in v["tricks"]]
    if v["trick"]:
        plays.append((v["trick"][0][0], [card[c] for _, c in v["trick"]]))
    played_by = [[] for _ in range(3)]
    void = [0, 0, 0]  # effective suits each seat has shown out of
    trump = SUITS.index(v["trump"]) if v["trump"] else -1
    for leader, cards in plays:
        eff = EFFECTIVE[trump]
        for i, c in enumerate(cards):
            p = (leader + i) % 3
            played_by[p].append(c)
            if i and eff[c] != eff[cards[0]]:
                void[p] |= 1 << eff[cards[0]]
    known = set(hand) | {upcard} | {c for cards in played_by for c in cards}
    if own_discard is not None:
        known.add(own_discard)
    unknown = [c for c in range(24) if c not in known]
    others = [p for p in range(3) if p != seat]
    sizes, allowed = [], []
    for p in others:
        holds_upcard = p == picker and upcard not in played_by[p]
        sizes.append(v["hand_sizes"][p] - holds_upcard)
        mask = 0
        for c in unknown:
            if trump < 0 or not void[p] >> EFFECTIVE[trump][c] & 1:
                mask |= 1 << c
        allowed.append(mask)
    other_discards = picker is not None and picker != seat and v["phase"] not in ("discard",)
    all_mask = sum(1 << c for c in unknown)
    if other_discards:
        sizes.append(1)
        allowed.append(all_mask)
    sizes.append(8)
    allowed.append(all_mask)
    parts = place_cards(unknown, sizes, allowed, rng)
    now = {seat: hand}
    for p, part in zip(others, parts):
        now[p] = part + ([upcard] if p == picker and upcard not in played_by[p] else [])
    discard = own_discard if picker == seat else (parts[2][0] if other_discards else None)
    dealt = []
    for p in range(3):
        cards = now[p] + played_by[p]
        if p == picker and v["phase"] != "discard":
            cards = [c for c in cards if c != upcard] + [discard]
        elif p == picker:
            cards = [c for c in cards if c != upcard]
        dealt.append(cards)
    deal = Deal(v["dealer"], dealt, [upcard] + parts[-1])
    ctx = DealContext(v["deal"], v["dealer"], tuple(v["scores"]))
    s = rules.start(deal, ctx)
    for _, bid in v["bids"]:
        rules.replay(s, rules.parse_action(s, bid), observe)
        if bid == "pick" and v["phase"] != "discard":
            rules.replay(s, 24 + discard, observe)
    for leader, cards in plays:
        for c in cards:
            rules.replay(s, c, observe)
    return s
