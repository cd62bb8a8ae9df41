"""What each Meri seat sees, and drawing the hidden cards from that alone (rules section 14).

Hidden from a seat: the other hands, a face-down trump until its trick is complete, pile[1] and
pile[2] until the exchange. The view keeps the whole public history of the deal (declarations,
discard, tricks), so resample() deals the unknown cards under every constraint the history
shows and replays that history.
"""

from parlor.core.rules import Deal, DealContext
from parlor.core.sampling import place_cards
from parlor.core.view import (Bool, Card, Cards, Int, ListOf, Obj, Optional, Seat, Tuple, Word,
                              face_up, face_up_cards, seat_facts, tricks)

from .cards import (CODES, COMBOS, DECK, EFFECTIVE, IS_TRUMP, NCARDS, SUITS, TRUMP, TRUMP_MASK,
                    suit_of, trump_robai, trump_sun)

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
_ALL = (1 << NCARDS) - 1
_SUIT_MASK = [sum(1 << c for c in range(15 * s, 15 * s + 15)) for s in range(5)]


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


def resample(rules, v: dict, rng, observe=None):
    """A state that looks exactly like view `v` to its seat, hidden cards drawn wherever the
    seat cannot rule them out:
    * the taker holds the indicator, the declarer the trump Robai, until played;
    * a face-down card of the trick in progress is a trump;
    * pile[1], pile[2] are any unseen cards until the exchange;
    * voids shown by play: a taker that led a trump to trick 1 or discarded a trump holds only
      trumps; a seat that played a plain card to a Meri holds no trump, except the trump Sun when
      it has played no trump at all (the Sun exception); a seat that played a third suit under
      Monchi holds neither the led suit nor any trump."""
    me = v["seat"]
    card = DECK.index
    t = SUITS.index(v["trump"])
    is_trump, eff = IS_TRUMP[t], EFFECTIVE[t]
    tmask = TRUMP_MASK[t]
    ind = card[indicator_of(v)]
    robai, sun = trump_robai(t), trump_sun(t)
    hand = [card[c] for c in v["hand"]]
    taker = v["taker"]
    declarer = taker if v["declared"] else None
    side = [card[c] for c in v["side_cards"]] if v["side_cards"] else None
    tricks = [(tr["leader"], [card[c] for _, c in tr["cards"]]) for tr in v["tricks"][:8]]
    ninth = v["tricks"][8:]
    current = v["trick"]

    played = [[] for _ in range(8)]
    known = set(hand) | {ind}
    if side:
        known.update(side)
    for tr in v["tricks"]:
        for p, c in tr["cards"]:
            played[p].append(card[c])
            known.add(card[c])
    down_seats = []
    for p, c in current:
        if c == "??":
            down_seats.append(p)
        else:
            played[p].append(card[c])
            known.add(card[c])
    # A seat that has played a known trump cannot have the Sun exception. (A face-down card in
    # the trick does not count: it may be the exception's Sun itself.)
    played_trump = [any(is_trump[c] for c in played[p]) for p in range(8)]

    # Voids shown by play (masks of cards a seat cannot hold now).
    void = [0] * 8
    if side and taker is not None and is_trump[side[0]]:
        void[taker] |= _ALL & ~tmask  # discarded a trump: all ten were trumps
    sequence = list(tricks)
    if current:
        sequence.append((current[0][0], None))
    meri_before = False
    for n, (leader, cards) in enumerate(sequence, 1):
        if cards is None:  # the trick in progress: its face-up cards only
            plays = [(p, card[c]) for p, c in current if c != "??"]
            lead = plays[0][1]
        else:
            plays = [((leader + i) & 7, c) for i, c in enumerate(cards)]
            lead = cards[0]
        if is_trump[lead]:
            if n == 1:
                void[leader] |= _ALL & ~tmask  # a trump lead to trick 1: nothing but trumps
            for p, c in plays[1:]:
                if not is_trump[c]:
                    void[p] |= tmask if played_trump[p] else tmask & ~(1 << sun)
            meri_before = True
        elif meri_before:
            led = suit_of(lead)
            for p, c in plays[1:]:
                if not is_trump[c] and eff[c] != led:
                    void[p] |= _SUIT_MASK[led] | tmask

    # Cards everybody knows to be in a hand.
    forced = [[] for _ in range(8)]
    if taker is not None and taker != me and ind not in played[taker] and (not side or side[0] != ind):
        forced[taker].append(ind)
    if declarer is not None and declarer != me and robai not in played[declarer] and robai not in known:
        forced[declarer].append(robai)
    for p in range(8):
        known.update(forced[p])

    unknown = [c for c in range(NCARDS) if c not in known]
    umask = sum(1 << c for c in unknown)
    others = [p for p in range(8) if p != me]
    # One slot a seat for its hand. A seat with a face-down card in the trick gets a second
    # slot of one trump, unless a known card of its (the indicator, the declared Robai) may be
    # that face-down card: then hand and face-down card are drawn together and the face-down
    # card is one of the trumps among them.
    sizes, allowed, joint = [], [], set()
    for p in others:
        size = v["hand_sizes"][p] - len(forced[p])
        if p in down_seats and forced[p]:
            joint.add(p)
            size += 1
        sizes.append(size)
        allowed.append(umask & ~void[p])
    lone = [p for p in down_seats if p not in joint]
    for p in lone:
        sizes.append(1)
        allowed.append(umask & tmask & ~void[p])
    if not side:
        sizes.append(2)
        allowed.append(umask)
    parts = _place(unknown, sizes, allowed, rng)

    now = {me: hand}
    down_card = {}
    for p, part in zip(others, parts):
        cards = part + forced[p]
        if p in joint:
            down_card[p] = c = rng.choice(sorted(x for x in cards if is_trump[x]))
            cards.remove(c)
        now[p] = cards
    for i, p in enumerate(lone):
        down_card[p] = parts[len(others) + i][0]
    pile = [ind] + (side[1:] if side else parts[-1])
    dealt = []
    for p in range(8):
        cards = now[p] + played[p] + ([down_card[p]] if p in down_card else [])
        if p == taker and not (side and side[0] == ind):  # dealt = held - indicator + discard
            cards.remove(ind)
            if side:
                cards.append(side[0])
        dealt.append(cards)
    ctx = DealContext(v["deal"], v["dealer"], tuple(v["scores"]))
    s = rules.start(Deal(v["dealer"], dealt, pile), ctx)
    from .rules import DECLARE, DISCARD0, PASS
    for _, act in v["declarations"]:
        rules.replay(s, DECLARE if act == "declare" else PASS, observe)
    if side:
        rules.replay(s, DISCARD0 + side[0], observe)
    for _, cards in tricks:
        for c in cards:
            rules.replay(s, c, observe)
    for p, c in current:
        rules.replay(s, down_card[p] if c == "??" else card[c], observe)
    assert not ninth or s.mode == 7, "resample: the ninth trick did not follow"
    return s


def _place(cards: list[int], sizes: list[int], allowed: list[int], rng) -> list[list[int]]:
    """place_cards() made quick for Meri's constraints: the few cards that some slot may not
    take (trumps after a shown void, a suit under Monchi) go first, one at a time, each to an
    allowed slot drawn by its free room (restarting on a dead end); every other card is free
    and fills the remaining room uniformly. Any consistent placement can come out. After many
    dead ends, the general place_cards() decides."""
    live = [i for i, n in enumerate(sizes) if n]
    opts = {c: [i for i in live if allowed[i] >> c & 1] for c in cards}
    restricted = [c for c in cards if len(opts[c]) < len(live)]
    free = [c for c in cards if len(opts[c]) == len(live)]
    for _ in range(40):
        left = list(sizes)
        out: list[list[int]] = [[] for _ in sizes]
        order = rng.shuffled(restricted)
        order.sort(key=lambda c: len(opts[c]))
        for c in order:
            choices = [i for i in opts[c] if left[i]]
            if not choices:
                break
            r = rng.below(sum(left[i] for i in choices))
            for i in choices:
                r -= left[i]
                if r < 0:
                    break
            out[i].append(c)
            left[i] -= 1
        else:
            rest = rng.shuffled(free)
            k = 0
            for i, n in enumerate(left):
                out[i] += rest[k:k + n]
                k += n
            return out
    return place_cards(cards, sizes, allowed, rng)
