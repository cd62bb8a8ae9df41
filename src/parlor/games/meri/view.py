"""What each Meri seat sees (rules section 14).

Hidden from a seat: the other hands, a face-down trump until its trick is complete, pile[1] and
pile[2] until the exchange. The view keeps the whole public history of the deal (declarations,
discard, tricks), so worlds.py can rebuild the deal from it.
"""

from parlor.core.view import (Bool, Card, Cards, Int, ListOf, Obj, Optional, Seat, Tuple, Word,
                              face_up, face_up_cards, seat_facts, tricks)

from .cards import (CODES, COMBOS, IS_TRUMP, SUITS, TRUMP, trump_robai)

_PHASES = ("play", "play", "play", "play", "play", "declare", "discard", "over")  # by mode
_TEAMS = ("A", "B")
_SAID = ("declare", "pass")
ROBAI_STATUS = ("declared", "indicator", "out of play", "hidden", "unknown")
_COMBO_NAMES = tuple(sorted({name for combos in COMBOS for name, _ in combos.values()}))
_PER_TEAM = ListOf(Int(), 2)

SCHEMA = {
    "team": Word(_TEAMS),  # the viewer's
    "num_deals": Int(),
    "phase": Word(tuple(dict.fromkeys(_PHASES))),
    "trump": Word(tuple(SUITS)),
    "face_up": face_up(("indicator",)),
    "trump_robai": Card(),
    "declarations": ListOf(Tuple(Seat(), Word(_SAID))),
    "taker": Optional(Seat()),
    "declared": Bool(),
    "robai": Word(ROBAI_STATUS),
    "side_cards": Optional(Cards(ordered=True)),  # the discard, pile[1], pile[2]
    "tricks": tricks(meri=Bool(), combo=Optional(Obj(
        name=Word(_COMBO_NAMES), won=Card(), beaten=Card(), value=Int(), team=Word(_TEAMS)))),
    "trick_number": Optional(Int()),
    "face_down": ListOf(Seat()),
    "meri": Bool(),
    "meri_trick": Bool(),
    "first_lead": Bool(),
    "tricks_won": _PER_TEAM,
    "combo_points": _PER_TEAM,
    "points": _PER_TEAM,
    "original_trumps": Optional(Cards()),
    "sun_exception": Bool(),
    "seat_facts": seat_facts(said=Optional(Word(_SAID))),  # a seat's declaration
}


def indicator_of(v: dict) -> str:
    """The trump indicator (pile[0]) of view `v`."""
    return face_up_cards(v, "indicator")[0]


def _codes(cards) -> list[str]:
    return [CODES[c] for c in cards]


def robai_status(s) -> str:
    """What everybody knows about the trump Robai (6.1): declared, the indicator, out of play (in
    pile[1]/pile[2], or the discard of a dealer with ten trumps who passed: hidden by 6.1's
    letter, but it lies face up among the side cards and scores nothing), hidden (nobody declared
    and it was dealt to a hand), or not yet known."""
    robai = trump_robai(s.trump)
    if s.declared:
        return "declared"
    if robai == s.pile[0]:
        return "indicator"
    if s.discard < 0:
        return "unknown"
    return "out of play" if robai in s.pile or robai == s.discard else "hidden"


def _combo_json(combo, winner):
    if combo is None:
        return None
    name, w, o, v = combo
    return {"name": name, "won": CODES[w], "beaten": CODES[o], "value": v, "team": "AB"[winner & 1]}


def view(rules, s, seat: int) -> dict:
    from .rules import OVER, LEAD1, MERI
    t = s.trump
    eff = s.eff
    hands = s.hands
    declarations = []
    said: list[str | None] = [None] * 8
    for i in range(s.nacted):
        p = (s.dealer + 1 + i) & 7
        said[p] = "declare" if s.declared and p == s.taker else "pass"
        declarations.append([p, said[p]])
    tricks = [{"leader": leader, "winner": winner,
               "cards": [[(leader + i) & 7, CODES[c]] for i, c in enumerate(cards)],
               "meri": meri, "combo": _combo_json(combo, winner)}
              for leader, cards, winner, meri, combo in s.history]
    trick, face_down = [], []
    plain_lead = s.trick and s.led != TRUMP
    for i, c in enumerate(s.trick):
        p = (s.leader + i) & 7
        down = plain_lead and i > 0 and eff[c] == TRUMP
        if down:
            face_down.append(p)
        trick.append([p, "??" if down and p != seat else CODES[c]])
    exchanged = s.discard >= 0
    if exchanged:  # 8.1: the trumps held as trick 1 begins
        own = list(s.dealt[seat])
        if seat == s.taker:  # took the indicator, then discarded (maybe the indicator itself)
            own.append(s.pile[0])
            own.remove(s.discard)
        original = _codes(sorted(c for c in own if IS_TRUMP[t][c]))
    else:
        original = None
    team = deal_points_so_far(s)
    return {
        "game": "meri",
        "seat": seat,
        "seats": 8,
        "team": "AB"[seat & 1],
        "deal": s.ctx.number,
        "num_deals": rules.options["num_deals"],
        "dealer": s.dealer,
        "to_act": s.turn if s.turn >= 0 else None,
        "scores": list(s.ctx.scores),
        "phase": _PHASES[s.mode],
        "hand": _codes(sorted(hands[seat])),
        "hand_sizes": [len(h) for h in hands],
        "trump": SUITS[t],
        "face_up": [{"label": "indicator", "cards": [CODES[s.pile[0]]], "state": None}],
        "trump_robai": CODES[trump_robai(t)],
        "declarations": declarations,
        "taker": s.taker if s.taker >= 0 else None,
        "declared": s.declared,
        "robai": robai_status(s),
        "side_cards": _codes([s.discard, s.pile[1], s.pile[2]]) if exchanged else None,
        "tricks": tricks,
        "trick_number": s.trick_no if s.mode not in (OVER,) and s.trick_no else None,
        "trick": trick,
        "face_down": face_down,
        "meri": s.meri,
        "meri_trick": bool(s.trick) and s.led == TRUMP and s.mode == MERI,
        "first_lead": s.mode == LEAD1,
        "tricks_won": list(s.won),
        "combo_points": list(s.cpts),
        "points": team,
        "original_trumps": original,
        "sun_exception": bool(s.sunex >> seat & 1),
        "seat_facts": [{"said": x} for x in said],
        "legal": rules.legal(s) if s.turn == seat else [],
    }


def deal_points_so_far(s) -> list[int]:
    return [s.won[0] + s.cpts[0], s.won[1] + s.cpts[1]]
