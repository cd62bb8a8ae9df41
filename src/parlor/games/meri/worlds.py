"""Drawing a Meri deal from what one seat sees (rules section 14): the unknown cards are dealt
under every constraint the public history shows, and that history becomes the actions to replay.
"""

from typing import Any

from parlor.core.rng import Rng
from parlor.core.rules import Deal, DealContext, World
from parlor.core.sampling import follow_suit, place_cards
from parlor.core.view import View

from .cards import DECK, EFFECTIVE, IS_TRUMP, NCARDS, SUITS, TRUMP_MASK, suit_of, trump_robai, trump_sun
from .view import indicator_of

_ALL = (1 << NCARDS) - 1
_SUIT_MASK = [sum(1 << c for c in range(15 * s, 15 * s + 15)) for s in range(5)]


def sample_world(rules: Any, v: View, rng: Rng) -> World:
    """A world that looks exactly like view `v` to its seat, hidden cards drawn wherever the
    seat cannot rule them out:
    * the taker holds the indicator, the declarer the trump Robai, until played;
    * a face-down card of the trick in progress is a trump;
    * pile[1], pile[2] are any unseen cards until the exchange;
    * voids shown by play: a taker that led a trump to trick 1 or discarded a trump holds only
      trumps; a seat that played a plain card to a Meri holds no trump, except the trump Sun when
      it has played no trump at all (the Sun exception); a seat that played a third suit under
      Monchi holds neither the led suit nor any trump."""
    from .rules import DECLARE, DISCARD0, PASS  # (rules.py declares this sampler)
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
    current = v["trick"]

    down_seats = [p for p, c in current if c == "??"]
    shown = [[(p, card[c]) for p, c in tr["cards"]] for tr in v["tricks"]]
    shown.append([(p, card[c]) for p, c in current if c != "??"])
    played, _ = follow_suit(shown, 8)  # Meri's voids are its own (below)
    known = set(hand) | {ind} | {c for cards in played for c in cards}
    if side:
        known.update(side)
    # A seat that has played a known trump cannot have the Sun exception. (A face-down card in
    # the trick does not count: it may be the exception's Sun itself.)
    played_trump = [any(is_trump[c] for c in played[p]) for p in range(8)]

    # Voids shown by play (masks of cards a seat cannot hold now).
    void = [0] * 8
    if side and taker is not None and is_trump[side[0]]:
        void[taker] |= _ALL & ~tmask  # discarded a trump: all ten were trumps
    sequence: list[tuple[int, list[int] | None]] = list(tricks)
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
    forced: list[list[int]] = [[] for _ in range(8)]
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
    actions = [DECLARE if act == "declare" else PASS for _, act in v["declarations"]]
    if side:
        actions.append(DISCARD0 + side[0])
    for _, cards in tricks:
        actions += cards  # a card's play is its id
    actions += [down_card[p] if c == "??" else card[c] for p, c in current]
    return World(Deal(v["dealer"], dealt, pile), ctx, actions)


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
