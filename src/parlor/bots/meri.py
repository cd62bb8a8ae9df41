"""Hachinin Meri's heuristic player: declares the trump Robai with a strong trump holding and
hides it otherwise (a hidden Robai makes its combos worth 5), buries the weakest plain card,
plays for the team (never overtakes a partner who is winning; beats an opponent as cheaply as it
safely can, preferring a trump that makes a combo over the strongest opposing trump), leads trumps
(Meri) to draw them when it holds the top ones, and treats face-down trumps as unknown trumps.

The same decisions serve the `rules` bot (from the seat's view) and search's playouts (from an
imagined state, reading only the acting seat's hand and what it may know of the trick).
"""

from functools import lru_cache

from parlor.games.meri.cards import (COMBOS, DECK, EFFECTIVE, IS_TRUMP, KEY, NCARDS, SU, SUITS,
                                     TRUMP, TRUMPS, UN, card, trump_robai)

from .base import HeuristicBot
from .kit import Kit

DISCARD0, PASS, DECLARE = NCARDS, 2 * NCARDS, 2 * NCARDS + 1
UNKNOWN = -1  # a face-down trump of another seat

# HIGHER_TRUMPS[t][c]: the trumps above trump c, as a bitmask.
HIGHER_TRUMPS = [[0] * NCARDS for _ in range(5)]
for _t in range(5):
    _order = TRUMPS[_t]
    for _i, _c in enumerate(_order):
        HIGHER_TRUMPS[_t][_c] = sum(1 << x for x in _order[:_i])
TRUMP_BITS = [sum(1 << c for c in TRUMPS[t]) for t in range(5)]


def declare_decision(hand, t: int) -> bool:
    """Declare (take the lead, the indicator and the first trick's initiative) with a strong
    trump holding; otherwise keep the Robai hidden."""
    trumps = [c for c in hand if IS_TRUMP[t][c]]
    top = sum(1 for c in trumps if c in (card(t, SU), card(t, UN)))
    return len(trumps) >= 5 or (len(trumps) >= 4 and top >= 1)


def discard_choice(hand, legal_cards, t: int) -> int:
    """The card to bury after taking the indicator: the weakest plain card of a short suit."""
    return _cheapest(legal_cards, hand, t)


# CHEAP[t][c]: card c's cost of giving up under trump t, as one int, for _cheapest: plain cards
# before trumps, then by rank, then (plain) by the length of its suit in hand (added there, in bits
# 8-15), then by card. One int compares as fast as a tuple is built (playouts spend much here).
CHEAP = [[(EFFECTIVE[t][c] == TRUMP) << 24 | KEY[t][EFFECTIVE[t][c]][c] << 16 | c for c in range(NCARDS)]
         for t in range(5)]


def _cheapest(cards, hand, t: int) -> int:
    """The cheapest card to give up: a plain card before a trump, a low one before a high one,
    of a short suit before a long one, ties by card (whatever the order of `cards`)."""
    eff = EFFECTIVE[t]
    length = [0] * (TRUMP + 1)  # cards held per effective suit; a trump's cost leaves it out
    for c in hand:
        length[eff[c]] += 256
    length[TRUMP] = 0
    cost = CHEAP[t]
    return min([cost[c] + length[eff[c]] for c in cards]) & 255


def play_decision(hand, legal, t: int, seat: int, trick, meri_done: bool, known: int) -> int:
    """`trick`: [(seat, card or UNKNOWN)] so far; `known`: cards this seat knows are not in other
    hands (its own, every card played face up, the side cards)."""
    if len(legal) == 1:
        return legal[0]
    eff = EFFECTIVE[t]
    unseen_trumps = TRUMP_BITS[t] & ~known
    if not trick:
        return _lead(hand, legal, t, meri_done, known, unseen_trumps)
    led = eff[trick[0][1]]
    key = KEY[t][led]
    # The trick's winner so far; a face-down trump counts as an average unseen trump.
    best_seat, best_key = -1, -1.0
    for p, c in trick:
        k = _average_unseen_trump(t, unseen_trumps) if c == UNKNOWN else key[c]
        if k > best_key:
            best_seat, best_key = p, k
    team = seat & 1
    if best_seat & 1 == team:  # a partner is winning: stay out of the way
        return _cheapest(legal, hand, t)
    behind = 7 - len(trick)  # seats still to play after this one
    beaters = [c for c in legal if key[c] > best_key]
    if not beaters:
        return _cheapest(legal, hand, t)
    # A combo: our winning trump over the strongest opposing trump shown face up.
    opposing = [c for p, c in trick if p & 1 != team and c != UNKNOWN and eff[c] == TRUMP]
    if opposing:
        top_opp = max(opposing, key=lambda c: key[c])
        combos = [c for c in beaters if (c, top_opp) in COMBOS[t]]
        if combos:
            return min(combos, key=lambda c: key[c])
    if behind == 0:
        return min(beaters, key=lambda c: key[c])
    masters = [c for c in beaters if eff[c] != TRUMP or not HIGHER_TRUMPS[t][c] & unseen_trumps]
    masters = [c for c in masters if eff[c] == TRUMP or not _plain_above(c, led, t, known)]
    if masters:
        return min(masters, key=lambda c: key[c])
    return max(beaters, key=lambda c: key[c])


def _lead(hand, legal, t, meri_done, known, unseen_trumps) -> int:
    eff = EFFECTIVE[t]
    trumps = [c for c in legal if eff[c] == TRUMP]
    plain = [c for c in legal if eff[c] != TRUMP]
    if trumps and plain:
        top = max(trumps, key=lambda c: KEY[t][TRUMP][c])
        if len(trumps) >= 3 and not HIGHER_TRUMPS[t][top] & unseen_trumps:
            return top  # Meri: draw the trumps with the top one
    if plain:
        if meri_done:  # Monchi: others must follow or trump; cash a plain master
            masters = [c for c in plain if not _plain_above(c, eff[c], t, known)]
            if masters:
                return max(masters, key=lambda c: (KEY[t][eff[c]][c], c))
        return _cheapest(plain, hand, t)
    return max(trumps, key=lambda c: KEY[t][TRUMP][c])


def _plain_above(c, suit, t, known) -> bool:
    key = KEY[t][suit]
    k = key[c]
    return any(key[x] > k and not known >> x & 1 for x in range(15 * suit, 15 * suit + 15)
               if EFFECTIVE[t][x] == suit)


@lru_cache(maxsize=4096)
def _average_unseen_trump(t, unseen_trumps) -> float:
    key = KEY[t][TRUMP]
    ks = [key[x] for x in TRUMPS[t] if unseen_trumps >> x & 1]
    return sum(ks) / len(ks) if ks else 101.0


# --- adapters --------------------------------------------------------------------------------------

class RulesBot(HeuristicBot):
    """Meri's club player, deciding from the view alone."""

    def decide(self, view: dict, rng) -> str:
        legal = view["legal"]
        index = DECK.index
        hand = [index[c] for c in view["hand"]]
        t = SUITS.index(view["trump"])
        phase = view["phase"]
        if phase == "declare":
            return "declare" if "declare" in legal and declare_decision(hand, t) else "pass"
        if phase == "discard":
            cards = [index[a[8:]] for a in legal]
            return "discard " + DECK.codes[discard_choice(hand, cards, t)]
        known = 0
        for c in hand:
            known |= 1 << c
        # a card's code has a name of its own: compiled code keeps each name to one type (c is an int)
        for tr in view["tricks"]:
            for _, code in tr["cards"]:
                known |= 1 << index[code]
        for code in view["side_cards"] or ():
            known |= 1 << index[code]
        trick = [(p, UNKNOWN if code == "??" else index[code]) for p, code in view["trick"]]
        for _, c in trick:
            if c != UNKNOWN:
                known |= 1 << c
        cards = [index[a[5:]] for a in legal]
        c = play_decision(hand, cards, t, view["seat"], trick, view["meri"], known)
        return "play " + DECK.codes[c]


def policy(rules, assume: str = "rules"):
    # one way of playing, whoever the players are assumed to play like
    """The playout policy on an imagined MeriState (own hand and what the seat may see)."""

    def act(s, ids, rng):
        seat = s.turn
        mode = s.mode
        t = s.trump
        hand = s.hands[seat]
        if mode == 5:  # declaration
            return DECLARE if DECLARE in ids and declare_decision(hand, t) else PASS
        if mode == 6:  # the taker's discard
            return DISCARD0 + discard_choice(hand, [a - DISCARD0 for a in ids], t)
        known = s.played
        for c in hand:
            known |= 1 << c
        if s.discard >= 0:
            known |= 1 << s.discard | 1 << s.pile[1] | 1 << s.pile[2]
        trick = []
        if s.trick:
            eff = s.eff
            plain_lead = s.led != TRUMP
            leader = s.leader
            for i, c in enumerate(s.trick):
                p = (leader + i) & 7
                if plain_lead and i and eff[c] == TRUMP:
                    trick.append((p, UNKNOWN))  # face down: this seat cannot see which trump
                else:
                    trick.append((p, c))
                    known |= 1 << c
        return play_decision(hand, ids, t, seat, trick, s.meri, known)
    return act


def tricks_won(s):
    """Tricks per team (a seat's team wins a trick when the count of its team grows); hints
    compare seats, so give every seat its team's count."""
    if s.mode > 4:
        return None
    a, b = s.won
    return [a, b, a, b, a, b, a, b]


__all__ = ["RulesBot", "policy", "tricks_won", "declare_decision", "trump_robai", "KIT"]

# strong thinks a quarter as long as elsewhere, so that the expert is measurably stronger
KIT = Kit(rules_bot=RulesBot, policy=policy, tricks_won=tricks_won,
          budgets={"strong": {"iterations": 1500, "steps": 20_000}})
