"""Joker's heuristic player: bids from counted sure and likely tricks (the bid with the best
expected score over the trick distribution those counts give, respecting the dealer's hook), aims
at the bid in play (wins while it needs tricks, ducks once it has them, grabs tricks once the bid is
lost), uses the jokers with care (take only when a trick is needed, discard when a trick must be
lost, lead high to pull a suit or low to throw the joker away), and chooses trump from the first
three cards.

The same decisions serve the `rules` bot (from the seat's view) and search's playouts (from an
imagined state, reading only the acting seat's hand and public facts).
"""

import math
from bisect import bisect_left

from parlor.core.cards import cards_of
from parlor.games.joker.cards import DECK, NO_SUIT, PLAIN, RANK, SUIT, SUIT_BITS, SUITS
from parlor.games.joker.rules import ACTION_ID, ACTION_STR, POWS
from parlor.games.joker.structure import DARK, GOLD, MISERE, NT, TURNED
from parlor.games.joker.view import bids_of, play_ids, turned_of

from .base import HeuristicBot
from .kit import Kit

JOKER0, BID0, TRUMP0 = 34, 54, 64
HIGH, LOW, TAKE, DISCARD = 0, 4, 8, 9
SUIT_CARDS = [[c for c in range(PLAIN) if SUIT[c] == s] for s in range(4)]
TOKEN_KIND = {"nt": NT, "dark": DARK, "gold": GOLD, "misere": MISERE}


def card_of(a: int) -> int:
    """The card an action plays (jokers: 34 = X1, 35 = X2)."""
    return a if a < JOKER0 else PLAIN + (a - JOKER0) // 10


# PLAYED_BIT[a]: the card an action plays, as a hand bit (bids and trump calls: 0).
PLAYED_BIT = [1 << card_of(a) for a in range(BID0)] + [0] * (TRUMP0 + 5 - BID0)
ALL_CARDS = (1 << 36) - 1
# HIGHER[c]: the cards of c's suit above it, as a bitmask.
HIGHER = [sum(1 << x for x in SUIT_CARDS[SUIT[c]] if RANK[x] > RANK[c]) if c < PLAIN else 0
          for c in range(36)]


# LOSE_KEY[trump][lead][a]: (power, rank) of a plain card as one int, to throw the most dangerous
# card that still loses.
LOSE_KEY = [[[(POWS[t][lead][a] + 2) << 4 | RANK[a] for a in range(JOKER0)] for lead in range(4)]
            for t in range(5)]
S0, S1, S2, S3 = SUIT_BITS
# SHED_KEY[trump][a]: (a trump, rank, the action) as one int, to which _shed adds "a master"; the
# smallest key names the card to throw away (jokers last).
SHED_KEY = [[(SUIT[a] == t) << 11 | RANK[a] << 6 | a if a < JOKER0 else 1 << 13 | a
             for a in range(BID0)] for t in range(5)]
# DANGER_KEY[trump][a]: (a trump, rank, the action) as one int, to which _lead adds how few unseen
# cards lie above the card.
DANGER_KEY = [[(SUIT[a] == t) << 14 | RANK[a] << 6 | a for a in range(JOKER0)] for t in range(5)]


def _higher_unknown(c: int, known: int) -> int:
    """Cards of c's suit above it that this seat has not seen (they may be in other hands)."""
    return (HIGHER[c] & ~known).bit_count()


# --- bidding ---------------------------------------------------------------------------------------

def card_probs(hand, trump: int, n: int, known: int) -> list[float]:
    """Chance that each card of the hand takes a trick (a club player's count)."""
    unknown = 36 - known.bit_count()
    # Share of the unseen cards that sit in the other three hands (the rest are undealt).
    q = min(1.0, 3 * n / unknown) if unknown else 1.0
    jokers_out = sum(1 for j in (PLAIN, PLAIN + 1) if not known >> j & 1)
    joker_risk = 1 - (1 - q * 0.5) ** jokers_out  # some other seat may spend a joker on it
    has_trump = 0 <= trump < NO_SUIT
    length = [0, 0, 0, 0]
    for c in hand:
        if c < PLAIN:
            length[SUIT[c]] += 1
    probs = []
    for c in hand:
        if c >= PLAIN:
            probs.append(0.95)
            continue
        s = SUIT[c]
        h = _higher_unknown(c, known)
        p_top = (1 - q) ** h  # no higher card of the suit in play against it
        if has_trump and s == trump:
            p = p_top * 0.95 + (1 - p_top) * (0.25 if h == 1 else 0.1)
            if length[s] >= 3:
                p = min(0.9, p + 0.12 * (length[s] - 2))
        else:
            ruff = 0.0
            if has_trump:
                # Others void of the suit while holding trumps: likelier with many cards dealt
                # and a long holding of ours.
                ruff = min(0.6, 0.04 * n * q + 0.08 * max(0, length[s] - 2))
            p = p_top * (1 - ruff) * (1 - 0.5 * joker_risk)
            if h == 1 and length[s] >= 2:
                p += (1 - p_top) * 0.2
        probs.append(max(0.0, min(0.97, p)))
    if has_trump:
        trumps = length[trump] if trump < 4 else 0
        voids = sum(1 for s in range(4) if s != trump and length[s] == 0)
        if trumps and voids:
            probs.append(min(0.5, 0.15 * voids * min(trumps, 2) * q))  # ruffing chances
    return probs


def trick_distribution(probs) -> list[float]:
    dist = [1.0]
    for p in probs:
        new = [0.0] * (len(dist) + 1)
        for k, x in enumerate(dist):
            new[k] += x * (1 - p)
            new[k + 1] += x * p
        dist = new
    return dist


def bid_score(b: int, t: int, n: int, shtanga) -> int:
    if t == b:
        if b == n:
            return 100 * n
        return 50 if b == 0 else 50 + 50 * b
    if t == 0:
        return -100 * n if shtanga == "per_card" else shtanga
    return 10 * t


def best_bid(probs, n: int, legal_bids, shtanga=-200) -> tuple[int, float]:
    """The bid of highest expected score among `legal_bids` (never empty: a seat always has
    a legal bid), and that score."""
    dist = trick_distribution(probs)
    dist = dist[:n] + [sum(dist[n:])]
    best, best_v = legal_bids[0], -1e9
    for b in legal_bids:
        v = sum(x * bid_score(b, t, n, shtanga) for t, x in enumerate(dist))
        if v > best_v:
            best, best_v = b, v
    return best, best_v


def choose_trump(first3) -> int:
    """Trump from the chooser's first three cards: the suit with the most weight; none when the
    cards are all of different suits without a long or strong one."""
    weight = [0.0] * 4
    for c in first3:
        if c < PLAIN:
            weight[SUIT[c]] += 1 + RANK[c] / 8
    best = max(range(4), key=lambda s: weight[s])
    if weight[best] < 1.7:
        return NO_SUIT  # no suit stands out: aces and jokers do better without trumps
    return best


# --- play ------------------------------------------------------------------------------------------

def trick_state(trick, leader: int, trump: int):
    """(lead suit, high, winner seat, winner power, a joker is winning) for the trick so far."""
    lead, high = -1, False
    best_seat, best_pow, jwin = -1, -10, -1
    for i, a in enumerate(trick):
        seat = (leader + i) & 3
        if a < JOKER0:
            if i == 0:
                lead = SUIT[a]
            pw = 100 + RANK[a] if SUIT[a] == trump else (RANK[a] if SUIT[a] == lead else -2)
            if pw > best_pow:
                best_seat, best_pow = seat, pw
        else:
            m = (a - JOKER0) % 10
            if i == 0:
                lead, high = m % 4, m < 4
                best_seat, best_pow = seat, -1
                if high:
                    jwin = seat
            elif m == TAKE:
                jwin = seat
    return lead, high, best_seat, best_pow, jwin


def power(a: int, trump: int, lead: int) -> int:
    if a >= JOKER0:
        return -1
    return 100 + RANK[a] if SUIT[a] == trump else (RANK[a] if SUIT[a] == lead else -2)


def play_decision(hand: int, legal, trump: int, trick, leader: int, seat: int, kind: int, bid: int,
                  won: int, left: int, known: int, rng, ts=None) -> int:
    """`hand` is a bitmask of the seat's cards; `known` the cards it knows are in no other hand;
    `ts` the trick's trick_state() when the caller has it already (the engine keeps it)."""
    if len(legal) == 1:
        return legal[0]
    need = bid - won
    # What the seat wants from the tricks still to come: win (it needs tricks), lose (its bid is
    # made, or misère), grab (the bid is lost or there is none: every trick is worth something).
    if kind >= GOLD:
        mode = "grab" if kind == GOLD else "lose"
    elif bid < 0 or need < 0 or need > left:
        mode = "grab"
    elif need == 0:
        mode = "lose"
    else:
        mode = "win"
    urgent = mode == "win" and need >= left
    if legal[-1] < JOKER0:  # ids are sorted: the jokers' come last
        plain, jokers = legal, []
    else:
        k = bisect_left(legal, JOKER0)
        plain, jokers = legal[:k], legal[k:]
    if not trick:
        return _lead(hand, legal, plain, jokers, trump, mode, urgent, need, known)
    lead, high, best_seat, best_pow, jwin = ts or trick_state(trick, leader, trump)
    pw = POWS[trump][lead]
    last = len(trick) == 3
    winners = [] if jwin >= 0 else [a for a in plain if pw[a] > best_pow]
    if mode != "lose":
        if winners:
            key = pw.__getitem__
            if last:
                return min(winners, key=key)
            # A winner is of the lead suit or a trump, so a master among them is safe.
            unknown = ~known
            safe = [a for a in winners if not HIGHER[a] & unknown]
            if safe:
                return min(safe, key=key)
            return max(winners, key=key)
        if jokers and (urgent or mode == "grab" and (left <= 2 or won == 0)
                       or mode == "win" and need >= left - 1):
            takes = [a for a in jokers if (a - JOKER0) % 10 == TAKE]
            other_joker_out = any(not known >> j & 1 for j in (PLAIN, PLAIN + 1))
            if takes and (last or not other_joker_out or urgent):
                return takes[0]
        if plain:
            return _shed(plain, trump, lead, known)
        return [a for a in jokers if (a - JOKER0) % 10 == DISCARD][0]
    # Lose: keep out of the trick; throw the most dangerous card that still loses (a card that
    # does not beat the best so far can never win the trick).
    if winners:
        losers = [a for a in plain if pw[a] <= best_pow]
    else:
        losers = plain
    if losers:
        return max(losers, key=LOSE_KEY[trump][lead].__getitem__)
    if jokers:
        return [a for a in jokers if (a - JOKER0) % 10 == DISCARD][0]
    return max(winners, key=pw.__getitem__) if last else min(winners, key=pw.__getitem__)


def _shed(options, trump, lead, known):
    """A card to throw away: lowest plain card of a side suit, keeping trumps and masters."""
    unknown = ~known
    key = SHED_KEY[trump]
    return min([key[a] | (not HIGHER[a] & unknown) << 10 for a in options]) & 63


def _lead(hand: int, legal, plain, jokers, trump, mode, urgent, need, known) -> int:
    has_trump = trump < NO_SUIT
    unknown = ~known
    if mode != "lose":
        masters = [a for a in plain if not HIGHER[a] & unknown]
        if has_trump:
            for a in masters:
                if SUIT[a] == trump:
                    return a
        length = [(hand & S0).bit_count(), (hand & S1).bit_count(), (hand & S2).bit_count(),
                  (hand & S3).bit_count()]
        if masters:
            return max(masters, key=lambda a: length[SUIT[a]] << 4 | RANK[a])
        if jokers and (urgent or not plain):
            # Lead high in the suit whose top card we want out of the way.
            suit = max(range(4), key=lambda s: (length[s] > 0, length[s]))
            return _joker_action(jokers, HIGH, suit)
        if plain:
            if has_trump and length[trump] and not urgent:
                side = [a for a in plain if SUIT[a] != trump]
                if side:  # lead from the shortest side suit to ruff it later
                    return min(side, key=lambda a: length[SUIT[a]] << 4 | RANK[a])
            return max(plain, key=lambda a: RANK[a] << 4 | length[SUIT[a]])
        return jokers[0]
    # Lose: lead the card least likely to win; throw a joker away low in a crowded suit.
    if plain:
        key = DANGER_KEY[trump]  # the smallest: not a trump, most unseen cards above it, lowest
        safest = min([key[a] | (9 - (HIGHER[a] & unknown).bit_count()) << 10 for a in plain]) & 63
        if _higher_unknown(safest, known) >= 2 or not jokers:
            return safest
    if jokers:
        crowded = max(range(4), key=lambda s: sum(1 for x in SUIT_CARDS[s] if not known >> x & 1)
                      - (100 if s == trump else 0))
        return _joker_action(jokers, LOW, crowded)
    return min(plain, key=lambda a: RANK[a])


def _joker_action(jokers, mode: int, suit: int) -> int:
    want = [a for a in jokers if (a - JOKER0) % 10 == mode + suit]
    return want[0] if want else jokers[0]


# --- adapters --------------------------------------------------------------------------------------

def _bid_choice(hand, trump, n, known, bids, seat, legal_bids, shtanga, blind=False):
    if blind:  # a dark deal: no card seen; bid a share of the tricks
        probs = [0.26] * n
    else:
        probs = card_probs(hand, trump, n, known)
    return best_bid(probs, n, legal_bids, shtanga)[0]


class RulesBot(HeuristicBot):
    """Joker's club player, deciding from the view alone."""

    def __init__(self, rules, **settings):
        super().__init__(rules, **settings)
        self.shtanga = rules.options["shtanga"]

    def decide(self, view: dict, rng) -> str:
        legal = view["legal"]
        index = DECK.index
        hand = [index[c] for c in view["hand"]]
        phase = view["phase"]
        kind = TOKEN_KIND.get(view["kind"], TURNED)
        if phase == "trump":
            t = choose_trump(hand)
            return ACTION_STR[TRUMP0 + t]
        trump = _trump_of(view["trump"])
        known = 0
        for c in hand:
            known |= 1 << c
        turned = turned_of(view)
        if turned:
            known |= 1 << index[turned]
        for tr in view["tricks"]:
            for _, code in tr["cards"]:  # not `c`, an int above: compiled code checks a name keeps its type
                known |= 1 << index[code]
        trick = play_ids(view["trick"], view["trick_modes"])
        for a in trick:
            known |= 1 << card_of(a)
        n, seat = view["cards"], view["seat"]
        facts = view["seat_facts"]
        if phase == "bid":
            legal_bids = [int(a[4:]) for a in legal]
            blind = view.get("hand_hidden", 0) > 0 and not hand
            b = _bid_choice(hand, trump if trump >= 0 else NO_SUIT, n, known, bids_of(view), seat,
                            legal_bids, self.shtanga, blind)
            return f"bid {b}"
        bid = facts[seat]["bid"]  # None in a deal without bids
        won = [f["won"] for f in facts]
        left = n - sum(won)
        leader = view["trick"][0][0] if trick else seat
        ids = sorted(ACTION_ID[a] for a in legal)  # play_decision wants them in id order
        a = play_decision(known_hand(hand), ids, trump, trick, leader, seat, kind, -1 if bid is None else bid,
                          won[seat], left, known, rng)
        return ACTION_STR[a]


def known_hand(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _trump_of(t) -> int:
    if t is None:
        return -1
    return NO_SUIT if t == "none" else SUITS.index(t)


def policy(rules, assume: str = "rules"):
    # one way of playing, whoever the players are assumed to play like
    """The playout policy on an imagined JokerState (own hand and public facts only)."""
    shtanga = rules.options["shtanga"]

    def act(s, ids, rng):
        phase = s.phase
        if phase == 0:  # trump
            return TRUMP0 + choose_trump(s.first3)
        seat = s.turn
        hands = s.hands
        mine = hands[seat]
        n = s.n
        if n == 9:  # every card dealt: what no hand holds has been played (public)
            known = ALL_CARDS ^ (hands[0] | hands[1] | hands[2] | hands[3]) | mine
        else:
            bit = PLAYED_BIT
            known = mine
            if s.turned >= 0:
                known |= 1 << s.turned
            for _, cards in s.tricks:
                for a in cards:
                    known |= bit[a]
        if phase == 1:  # bid
            legal_bids = [a - BID0 for a in ids]
            blind = s.kind == DARK
            b = _bid_choice(cards_of(mine), s.trump if s.trump >= 0 else NO_SUIT, n, known, s.bids, seat,
                            legal_bids, shtanga, blind)
            return BID0 + b
        trick = s.trick
        if n != 9:
            for a in trick:
                known |= bit[a]
        return play_decision(mine, ids, s.trump, trick, s.leader, seat, s.kind, s.bids[seat],
                             s.won[seat], n - len(s.tricks), known, rng,
                             (s.lead, s.high, s.best_seat, s.best_pow, s.jwin) if trick else None)
    return act


def tricks_won(s):
    return s.won[:] if s.phase == 2 else None


def spread(rules, view) -> float:
    """A typical deal's spread of points: larger in the nine-card deals."""
    n = view.get("cards", 9)
    return 40 + 25 * n


__all__ = ["RulesBot", "policy", "inference", "tricks_won", "spread", "card_probs", "best_bid", "choose_trump"]


def inference(rules, view):
    """Weight an imagined world by how likely the other seats' bids were with the hands it gives
    them: a bid near the tricks the heuristic counts in that hand is likely, one far from it is
    not (a normal curve, one trick wide)."""
    bids = bids_of(view)
    if not bids or view.get("kind") == "dark" or view["phase"] not in ("bid", "play"):
        return None
    seat = view["seat"]
    others = [p for p, b in enumerate(bids) if p != seat and b is not None]
    if not others:
        return None
    index = DECK.index
    played = {p: 0 for p in range(4)}
    for tr in view["tricks"]:
        for p, c in tr["cards"]:
            played[p] |= 1 << index[c]
    for p, c in view["trick"]:
        played[p] |= 1 << index[c]
    trump = _trump_of(view["trump"])
    trump = NO_SUIT if trump < 0 else trump
    n = view["cards"]
    turned_code = turned_of(view)
    turned = 1 << index[turned_code] if turned_code else 0

    def weigh(world) -> float:
        logw = 0.0
        for p in others:
            hand_mask = world.hands[p] | played[p]
            cards = cards_of(hand_mask)
            expected = sum(card_probs(cards, trump, n, hand_mask | turned))
            d = bids[p] - expected
            logw -= d * d / 2
        return math.exp(logw)
    return weigh


# strong thinks a thirty-second as long as elsewhere: the expert stays measurably stronger than
# it, and it still beats the heuristic by far (docs/strength.md)
KIT = Kit(rules_bot=RulesBot, policy=policy, inference=inference, tricks_won=tricks_won, spread=spread,
          budgets={"strong": {"iterations": 188, "steps": 2500}})
