"""Tőr rules: the deal's instant wins, turns of draw / meld / lay off / discard, the drop, going
out and the count when the stock runs out (shared/rules/tor.md). Card numbers and the action
space are explained in cards.py.
"""

from typing import Any, TypeAlias

from parlor.core.errors import InvalidAction, UnknownAction, shown
from parlor.core.options import int_option
from parlor.core.rules import Deal, DealContext, DealResult, Rules
from parlor.core.view import View
from parlor.core.words import N_, Card, Cards, Reason, Seat, not_held

from . import scoring
from . import view as view_mod
from . import worlds
from .cards import (CODES, DECK, DISCARD0, DRAW_DISCARD, DRAW_STOCK, DROP, END, LAYOFF0, LAYOFF_ID,
                    LAYOFF_MASKS, MAX_MELDS, MELD0, MELD_ID, MELD_MASKS, NUM_ACTIONS, NUM_LAYOFFS,
                    RUN_IDS, SET_IDS, VALUE, action_text, adjacent, hand_total, is_meld, names)
from .deal import ShuffledPile
from .scoring import LOW_HAND

# Most turns one deal is allowed to need (see max_actions_per_deal).
TURN_BOUND = 200
# Most actions in one turn: the draw, then melds and lay-offs that each take at least one card
# from a hand of at most 6 (the 6th emptying it ends the deal), then discard or end.
TURN_ACTIONS = 7

_NIB_ONES = sum(1 << (4 * r) for r in range(13))  # 0x1111...: bit 0 of every rank's nibble
_PAIRS = _NIB_ONES * 5  # 0x5555...
_QUADS = _NIB_ONES * 3  # 0x3333...
_FOURS = _NIB_ONES * 4  # 0x4444...


_BIT = [1 << c for c in range(52)]
# Reasons given for most of the 27345 ids at once (the conformance suite asks for every one).
_MUST_DRAW = [Reason(N_("{seat} must first draw (draw stock or draw discard) or drop"),
                      N_("you must first draw (draw stock or draw discard) or drop"), seat=Seat(p)) for p in range(8)]
_OVER = Reason(N_("the deal is over"))
_SIX = Reason(N_("a hand never holds more than 6 cards"))
# A move's cards written out of order: the refusal for each verb, with the cards in order.
_ORDER = {"discard": N_("the cards of discard must be written in canonical order (A 2 ... K, then C D H S): {cards}"),
          "meld": N_("the cards of a meld must be written in canonical order (A 2 ... K, then C D H S): {cards}"),
          "layoff": N_("the cards of a lay-off must be written in canonical order (A 2 ... K, then C D H S): "
                       "{cards}")}
_NO_MELD = [Reason(N_("there is no meld {meld}"), meld=k) for k in range(MAX_MELDS)]

# Meld action ids: _RUN_ACTS[c] for the runs of 3, 4, 5, 6 from card c; _SET_ACTS[r][nibble].
_RUN_ACTS = [[MELD0 + j for j in ids] for ids in RUN_IDS]
_SET_ACTS = [[[MELD0 + j for j in ids] for ids in by_nib] for by_nib in SET_IDS]

# _FIRST[n][dealer][p]: the first of seat p's cards in the shuffled deck c (it gets every n-th).
_FIRST = [[[(p - dealer - 1) % n for p in range(n)] for dealer in range(n)] if n else [] for n in range(9)]


# The discard pile: (top card, the rest), None when empty. The rest is a Discard again, spelt Any:
# mypyc (the compiled build) crashes on a recursive type alias.
Discard: TypeAlias = tuple[int, Any] | None


class TorState:
    """One deal. info: (DealContext, dealer, turned-up card); hands: bitmasks; stock: the deal's
    pile (pile[0] the turned-up card, then the stock top first; for a shuffled deal, the part of
    it put in order so far, `lazy` the rest); si: the index of the stock's top card (the stock is
    empty at index 52 - 5n); discard: the discard pile as a linked list (top card, rest) or None;
    melds: ((mask, adjacent cards), ...) by meld number; stage 1 = start of turn, 2 = after
    drawing; taken: the card taken from the discard pile this turn (-1); melded: a new meld this
    turn; end: how the deal ended, (kind, seats), None while it runs; log: the deal's actions,
    each action id * 8 + seat. Immutable parts (discard, melds) are shared between copies."""

    __slots__ = ("info", "hands", "stock", "lazy", "si", "discard", "melds", "turn", "stage", "taken",
                 "melded", "end", "log")
    info: tuple[DealContext, int, int]  # (ctx, dealer, turned-up card)
    hands: list[int]
    stock: list[int]
    lazy: ShuffledPile | None
    si: int
    discard: Discard
    melds: tuple[tuple[int, int], ...]  # (mask, adjacent cards)
    turn: int  # -1 when the deal is over
    stage: int
    taken: int
    melded: bool
    end: tuple[str, tuple[int, ...]] | None  # (kind, seats)
    log: list[int]

    def copy(self) -> "TorState":
        s = TorState.__new__(TorState)
        s.info, s.stock, s.lazy, s.si, s.discard, s.melds = (
            self.info, self.stock, self.lazy, self.si, self.discard, self.melds)
        s.turn, s.stage, s.taken, s.melded, s.end = self.turn, self.stage, self.taken, self.melded, self.end
        s.hands = self.hands[:]
        s.log = self.log[:]
        return s

    @property
    def ctx(self) -> DealContext:
        return self.info[0]

    @property
    def dealer(self) -> int:
        return self.info[1]

    @property
    def up(self) -> int:
        return self.info[2]

    def discard_pile(self) -> list[int]:
        """The discard pile, bottom first."""
        out = []
        node = self.discard
        while node is not None:
            c, node = node
            out.append(c)
        out.reverse()
        return out

    def actions(self) -> list[tuple[int, int, int]]:
        """The deal's log, first action first: (seat, action id, card drawn from the stock or -1)."""
        out = []
        drawn = 1
        for code in self.log:
            a, seat = code >> 3, code & 7
            if a == DRAW_STOCK:
                out.append((seat, a, self.stock[drawn]))
                drawn += 1
            else:
                out.append((seat, a, -1))
        return out


def _plain_int(s: str) -> bool:
    return s.isdigit() and s.isascii() and (s == "0" or s[0] != "0")


class TorRules(Rules[TorState]):
    id = "tor"
    title = "Tőr"
    min_seats = 2  # one name a line: mypyc compiles no multiple assignment in a class body
    max_seats = 8
    default_seats = 4
    option_schema = (
        int_option("stake", 1, 1000, 1, "units paid for a single stake"),
        int_option("deals", 1, 1000, 12, "number of deals in the match"),
    )
    deck = DECK
    view_schema = view_mod.SCHEMA
    sample_world = worlds.sample_world
    num_actions = NUM_ACTIONS
    # NOT a true bound: the rules as written let a deal go on for ever. Taking the top discard
    # does not touch the stock, and the taken card can go back on the pile a turn later, so two
    # players who only ever take discards repeat positions without end (test_endless_deal shows
    # one). What holds: a turn has at most TURN_ACTIONS actions, and a drop (always legal at
    # the start of a turn) ends the deal; uniform random play drops with probability 1/3 or
    # more at each turn start, so a random deal lasts TURN_BOUND turns with probability at most
    # (2/3)**200 < 1e-35. Only the stock draws are bounded (52 - 5n - 1 of them).
    max_actions_per_deal = TURN_ACTIONS * TURN_BOUND
    zero_sum = True

    def deal_points_bounds(self):
        return scoring.points_bounds(self.seats, self.options["stake"])

    def max_deals(self):
        return self.options["deals"]

    def __init__(self, options=None, seats=None):
        super().__init__(options, seats)
        self.stock_end = 52 - 5 * self.seats  # the pile's length: si reaches it when the stock is empty

    def deal_shape(self, number):
        return [5] * self.seats, self.stock_end

    def shuffle_deal(self, number, dealer, rng):
        """§4.2: c[k] for k < 5n to seat dealer+1+k, the rest the pile; the pile is put in order
        only as far as it is read (deal.py)."""
        n = self.seats
        k = 5 * n
        pile = ShuffledPile(rng.next_u64(), k)
        c = pile.items
        return Deal(dealer, [c[j:k:n] for j in _FIRST[n][dealer]], pile)

    # --- the hot path
    def start(self, deal, ctx: DealContext) -> TorState:
        s = TorState.__new__(TorState)
        V, B = VALUE, _BIT
        hands = []
        low: tuple[int, ...] | None = None
        tor: tuple[int, ...] | None = None
        # scoring.instant, inlined (the hot path; test_start_agrees_with_instant holds them equal)
        for p, (a, b, c, d, e) in enumerate(deal.hands):  # always 5 cards (parse_deal checks)
            hands.append(B[a] | B[b] | B[c] | B[d] | B[e])
            if V[a] + V[b] + V[c] + V[d] + V[e] <= LOW_HAND:
                low = low + (p,) if low else (p,)
            elif a >= 40 and b >= 40 and c >= 40 and d >= 40 and e >= 40:  # Tőr (worth 50)
                tor = tor + (p,) if tor else (p,)
        s.hands = hands
        pile = deal.pile
        up = pile[0]
        s.info = (ctx, deal.dealer, up)
        s.discard = (up, None)
        if type(pile) is ShuffledPile:  # put in order as it is drawn
            s.stock, s.lazy = pile.prefix, pile
        else:
            s.stock, s.lazy = pile, None
        s.si, s.melds, s.log = 1, (), []
        s.stage, s.taken, s.melded = 1, -1, False
        if tor:
            s.end, s.turn = ("tor_void" if len(tor) > 1 else "tor", tor), -1
        elif low:
            s.end, s.turn = ("low_void" if len(low) > 1 else "low", low), -1
        else:
            s.end, s.turn = None, (deal.dealer + 1) % self.seats
        return s

    def legal_ids(self, s: TorState) -> list[int]:
        if s.stage == 1:
            return [0, 1, 2] if s.discard else [0, 1]  # drop, draw stock, draw discard
        h = s.hands[s.turn]
        out = []
        x = h
        while x:  # a discard for every card, lowest first
            y = x & (x - 1)
            out.append((x ^ y).bit_length() + 3)  # DISCARD0 + card
            x = y
        taken = s.taken
        if taken >= 0 and h >> taken & 1 and len(out) > 1:  # it may go only as the last card
            out.remove(DISCARD0 + taken)
        if s.melded:
            out.append(END)
        # runs: every card that starts three in a row, extended as far as the hand goes
        x = h & (h >> 4) & (h >> 8)
        while x:
            low = x & -x
            x ^= low
            c = low.bit_length() - 1
            ids = _RUN_ACTS[c]
            out.append(ids[0])
            k = c + 12
            for j in ids[1:]:
                if not h >> k & 1:
                    break
                out.append(j)
                k += 4
        # sets: the ranks with 3 or more cards in hand (popcount per nibble >= 3)
        p = h - (h >> 1 & _PAIRS)
        q = (p & _QUADS) + (p >> 2 & _QUADS)
        x = (q + _NIB_ONES) & _FOURS
        while x:
            low = x & -x
            x ^= low
            r4 = low.bit_length() - 3
            out += _SET_ACTS[r4 >> 2][h >> r4 & 15]
        # lay-offs
        if s.melds:
            for k, (m, adj) in enumerate(s.melds):
                if h & adj:
                    self._layoffs(h, k, m, out)
        return out

    @staticmethod
    def _layoffs(h: int, k: int, m: int, out: list) -> None:
        base = LAYOFF0 + k * NUM_LAYOFFS
        r4 = ((m & -m).bit_length() - 1) & ~3
        if m >> r4 < 16:  # a set of 3: its fourth card
            out.append(base + LAYOFF_ID[h & (15 << r4) & ~m])
            return
        lows = [0]
        c = (m & -m).bit_length() - 5
        acc = 0
        while c >= 0 and h >> c & 1:
            acc |= 1 << c
            lows.append(acc)
            c -= 4
        highs = [0]
        c = m.bit_length() + 3
        acc = 0
        while c < 52 and h >> c & 1:
            acc |= 1 << c
            highs.append(acc)
            c += 4
        for a in lows:
            for b in highs:
                if a | b:
                    out.append(base + LAYOFF_ID[a | b])

    def apply_id(self, s: TorState, a: int) -> None:
        seat = s.turn
        s.log.append(a << 3 | seat)
        if a == DRAW_STOCK:
            i = s.si
            if i >= len(s.stock):
                assert s.lazy is not None  # only a shuffled pile's stock is shorter than the pile
                s.lazy.fix(i)
            s.hands[seat] |= _BIT[s.stock[i]]
            s.si = i + 1
            s.stage, s.taken, s.melded = 2, -1, False
        elif a >= DISCARD0:
            if a < MELD0:  # discard
                c = a - DISCARD0
                h = s.hands[seat] = s.hands[seat] ^ _BIT[c]  # c is in the hand
                s.discard = (c, s.discard)
                if not h:
                    s.end, s.turn = ("out", (seat,)), -1
                elif s.si == self.stock_end:  # the stock is empty: count
                    s.end, s.turn = ("count", ()), -1
                else:
                    s.turn = (seat + 1) % self.seats
                    s.stage = 1
                return
            if a < LAYOFF0:  # meld
                m = MELD_MASKS[a - MELD0]
                s.melds += ((m, adjacent(m)),)
                s.melded = True
            else:  # lay-off
                k, j = divmod(a - LAYOFF0, NUM_LAYOFFS)
                m = LAYOFF_MASKS[j]
                melds = list(s.melds)
                new = melds[k][0] | m
                melds[k] = (new, adjacent(new))
                s.melds = tuple(melds)
            h = s.hands[seat] = s.hands[seat] ^ m  # m is in the hand
            if not h:
                s.end, s.turn = ("out", (seat,)), -1
        elif a == DRAW_DISCARD:
            c, s.discard = s.discard  # type: ignore[misc]  # legal only when the pile has a card
            s.hands[seat] |= _BIT[c]
            s.stage, s.taken, s.melded = 2, c, False
        elif a == END:
            if s.si == self.stock_end:
                s.end, s.turn = ("count", ()), -1
            else:
                s.turn = (seat + 1) % self.seats
                s.stage = 1
        else:  # drop
            s.end, s.turn = ("drop", (seat,)), -1

    # --- the edges
    def action_str(self, s: TorState, a: int) -> str:
        return action_text(a)

    def _cards(self, s: TorState, words: list[str], order: str) -> int:
        """The mask of the card codes `words`, distinct and in canonical order, or InvalidAction (`order`:
        the refusal's template for cards out of order)."""
        cards = []
        for w in words:
            c = DECK.card(w)
            if c is None:
                raise InvalidAction(Reason(N_("{text} is not a card code (rank A 2-9 T J Q K, then suit C D H S, "
                                               "e.g. TC for the ten of clubs)"), text=shown(w)))
            if c in cards:
                raise InvalidAction(Reason(N_("{card} is named twice"), card=Card(w)))
            cards.append(c)
        mask = sum(1 << c for c in cards)
        if cards != sorted(cards):  # the whole spelling to type, not only the cards read so far
            raise InvalidAction(Reason(order, cards=Cards(names(mask))))
        return mask

    def parse_action(self, s: TorState, text_: str) -> int:
        fixed = {"drop": DROP, "draw stock": DRAW_STOCK, "draw discard": DRAW_DISCARD, "end": END}
        if text_ in fixed:
            return fixed[text_]
        words = text_.split(" ")
        verb = words[0]
        if verb == "discard" and len(words) == 2:
            return DISCARD0 + self._cards(s, words[1:], _ORDER["discard"]).bit_length() - 1
        if verb == "meld" and len(words) >= 2:
            mask = self._cards(s, words[1:], _ORDER["meld"])
            j = MELD_ID.get(mask)
            if j is not None:
                return MELD0 + j
            if len(words) < 4:
                raise InvalidAction(Reason(N_("a meld needs 3 or more cards")))
            if not is_meld(mask):
                raise InvalidAction(Reason(N_("{cards} is neither a set nor a run"), cards=Cards(names(mask))))
            raise InvalidAction(self._not_held(s, mask) or _SIX)
        if verb == "layoff" and len(words) >= 3:
            if not _plain_int(words[1]):
                raise InvalidAction(Reason(N_("{text} is not a meld number (0, 1, 2, ... in plain decimal)"),
                                            text=shown(words[1])))
            k = int(words[1])
            mask = self._cards(s, words[2:], _ORDER["layoff"])
            j = LAYOFF_ID.get(mask)
            if k < MAX_MELDS and j is not None:
                return LAYOFF0 + k * NUM_LAYOFFS + j
            if k >= len(s.melds):
                raise InvalidAction(Reason(N_("there is no meld {meld}"), meld=k))
            m = s.melds[k][0]
            if is_meld(m | mask) and not m & mask:
                raise InvalidAction(self._not_held(s, mask) or _SIX)
            raise InvalidAction(_no_meld_with(k, m, mask))
        if verb in ("draw", "discard", "meld", "layoff"):
            usage = {"draw": "draw stock or draw discard", "discard": "discard <card>",
                     "meld": "meld <card> <card> <card> ...", "layoff": "layoff <meld number> <card> ..."}
            raise UnknownAction(Reason(N_("{text} is not a Tőr action: write {usage}"), text=shown(text_),
                                        usage=usage[verb]))
        raise UnknownAction(Reason(N_("{text} is not a Tőr action (drop, draw stock, draw discard, "
                                       "meld ..., layoff ..., discard ..., end)"), text=shown(text_)))

    @staticmethod
    def _not_held(s, mask: int) -> Reason | None:
        missing = mask & ~s.hands[s.turn]
        return not_held(s.turn, names(missing)) if missing else None

    def why_illegal_id(self, s: TorState, a: int) -> str | None:
        if s.end is not None:
            return _OVER
        if a >= LAYOFF0:  # most ids: answered first
            if s.stage == 1:
                return _MUST_DRAW[s.turn]
            k = (a - LAYOFF0) // NUM_LAYOFFS
            if k >= len(s.melds):
                return _NO_MELD[k]
        seat = s.turn
        if a <= DRAW_DISCARD:
            if s.stage != 1:
                if a == DROP:
                    return Reason(N_("{seat} has already drawn: a drop is only possible at the start of a turn"),
                                   N_("you have already drawn: a drop is only possible at the start of a turn"),
                                   seat=Seat(seat))
                return Reason(N_("{seat} has already drawn this turn"), N_("you have already drawn this turn"),
                               seat=Seat(seat))
            if a == DRAW_DISCARD and not s.discard:
                return Reason(N_("the discard pile is empty"))
            return None
        if s.stage == 1:
            return _MUST_DRAW[seat]
        h = s.hands[seat]
        if a == END:
            return None if s.melded else Reason(N_("end needs a new meld this turn; otherwise discard a card "
                                                    "(a lay-off alone does not excuse the discard)"))
        if a < MELD0:
            c = a - DISCARD0
            if not h >> c & 1:
                return not_held(seat, [CODES[c]])
            if c == s.taken and h != 1 << c:
                return Reason(N_("{card} was taken from the discard pile this turn and may not be discarded "
                                  "while other cards are in hand"), card=Card(CODES[c]))
            return None
        if a < LAYOFF0:
            return self._not_held(s, MELD_MASKS[a - MELD0])
        k, j = divmod(a - LAYOFF0, NUM_LAYOFFS)
        if k >= len(s.melds):
            return _NO_MELD[k]
        mask = LAYOFF_MASKS[j]
        why = self._not_held(s, mask)
        if why:
            return why
        m = s.melds[k][0]
        if not is_meld(m | mask):
            if m.bit_count() == 4 and m >> (((m & -m).bit_length() - 1) & ~3) < 16:
                return Reason(N_("meld {meld} ({cards}) is a set of 4 and cannot be extended"), meld=k,
                               cards=Cards(names(m)))
            return _no_meld_with(k, m, mask)
        return None

    def public_action(self, s: TorState, a: int, viewer: int) -> str:
        if a == DRAW_STOCK and viewer == s.turn:
            if s.si >= len(s.stock):
                assert s.lazy is not None  # only a shuffled pile's stock is shorter than the pile
                s.lazy.fix(s.si)
            return "draw stock " + CODES[s.stock[s.si]]  # only the drawer sees the card
        return self.action_str(s, a)

    def deal_result(self, s: TorState) -> DealResult:
        assert s.end is not None, "the deal is not over"
        kind, who = s.end
        stake = self.options["stake"]
        n = self.seats
        totals = [hand_total(h) for h in s.hands]
        seats = " and ".join(str(p) for p in who)
        if kind == "tor":
            points = scoring.everyone_pays(n, who[0], 2 * stake)
            detail = f"seat {who[0]} holds Tőr!"
        elif kind == "low":
            points = scoring.everyone_pays(n, who[0], stake)
            detail = f"seat {who[0]} holds a low hand ({totals[who[0]]})"
        elif kind == "tor_void":
            points, detail = [0] * n, f"void: seats {seats} hold Tőr"
        elif kind == "low_void":
            points, detail = [0] * n, f"void: seats {seats} hold low hands"
        elif kind == "out":
            points = scoring.everyone_pays(n, who[0], stake)
            detail = f"seat {who[0]} went out"
        elif kind == "drop":
            d = who[0]
            points = scoring.drop_points(totals, d, stake)
            if points[d] > 0:
                detail = f"drop by seat {d} ({totals[d]}) succeeded"
            else:
                burners = [str(p) for p in range(n) if p != d and totals[p] <= totals[d]]
                detail = f"drop by seat {d} ({totals[d]}) burned by seat{'s' * (len(burners) > 1)} {', '.join(burners)}"
        else:
            points = scoring.count_points(totals, stake)
            low = min(totals)
            lows = [str(p) for p in range(n) if totals[p] == low]
            detail = (f"stock exhausted: every seat has {low}" if len(lows) == n else
                      f"stock exhausted: lowest total {low}, seat{'s' * (len(lows) > 1)} {', '.join(lows)}")
        return DealResult(s.dealer, points, detail,
                          {"end": kind, "seats": list(who), "totals": totals,
                           "hands": [names(h) for h in s.hands]})

    def view(self, s: TorState, seat: int) -> View:
        return view_mod.view(self, s, seat)


def _no_meld_with(k: int, meld: int, mask: int) -> Reason:
    return Reason(N_("meld {meld} ({cards}) with {more} is neither a set nor a run"), meld=k, cards=Cards(names(meld)),
                   more=Cards(names(mask)))
