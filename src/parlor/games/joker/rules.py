"""Joker rules (shared/rules/joker.md): trump, bidding with the dealer's hook, tricks with jokers.

Action ids (fixed, 69 of them):
    0..33    play plain card c
    34..53   joker j (0 = X1, 1 = X2): 34 + 10 j + m, m = 0..3 high S/H/D/C, 4..7 low S/H/D/C,
             8 take, 9 discard
    54..63   bid 0..9
    64..68   trump S, H, D, C, none
"""


from parlor.core.errors import BadTable, InvalidAction, UnknownAction, shown
from parlor.core.rules import Deal, DealContext, DealResult, Rules
from parlor.core.view import View
from parlor.core.words import N_, Card, Reason, Seat, SuitOf, not_held

from . import view as view_mod
from . import worlds
from .cards import BASE, CODES, DECK, JOKER_MODES, JOKER_SHIFT, PLAIN, RANK, SUB, SUIT, SUITS, TOP, WIDTH_MASK
from .scoring import deal_points, premium
from .structure import DARK, GOLD, MISERE, NINE, NT, OPTIONS, TURNED, DealPlan, plan
from .text import SUIT_NAMES  # in refusals

TRUMP, BID, PLAY, OVER = range(4)
JOKER0, BID0, TRUMP0, NUM_ACTIONS = 34, 54, 64, 69
HIGH, LOW, TAKE, DISCARD = 0, 4, 8, 9
NO_TRUMP = 4
assert JOKER0 == JOKER_SHIFT == PLAIN == 34 and NO_TRUMP == 4  # written as literals on the hot path

# Joker action ids by the jokers held (hand >> JOKER_SHIFT: bit 0 X1, bit 1 X2).
JLEAD = [[JOKER0 + 10 * j + m for j in range(2) if jk >> j & 1 for m in range(8)] for jk in range(4)]
JFOLLOW = [[JOKER0 + 10 * j + m for j in range(2) if jk >> j & 1 for m in (TAKE, DISCARD)]
           for jk in range(4)]
BIDS = [[BID0 + k for k in range(n + 1)] for n in range(10)]
TRUMPS = [TRUMP0 + t for t in range(5)]
ACTION_STR = ([f"play {CODES[c]}" for c in range(PLAIN)]
              + [f"play X{j + 1} {JOKER_MODES[m]}" for j in range(2) for m in range(10)]
              + [f"bid {k}" for k in range(10)]
              + [f"trump {t}" for t in ("S", "H", "D", "C", "none")])
ACTION_ID = {s: i for i, s in enumerate(ACTION_STR)}


def _chunk(lo: int, follow: bool) -> list[list[int]]:
    """Action ids for the cards in 12 bits of a hand starting at bit lo: plain cards as plays,
    jokers (bits 34, 35) as lead modes or, with `follow`, as take/discard."""
    out = []
    for m in range(1 << 12):
        ids = [lo + i for i in range(12) if m >> i & 1 and lo + i < PLAIN]
        jk = m >> (PLAIN - lo) if lo + 12 > PLAIN else 0
        out.append(ids + (JFOLLOW if follow else JLEAD)[jk])
    return out


LEAD0, LEAD1, LEAD2, FOLLOW2 = _chunk(0, False), _chunk(12, False), _chunk(24, False), _chunk(24, True)
# The hand bit an action's card clears; the lead (suit, high) it sets when it leads.
BIT = [1 << c for c in range(PLAIN)] + [1 << (PLAIN + (a - JOKER0) // 10) for a in range(JOKER0, BID0)]
LEAD_OF = [(SUIT[c], False) for c in range(PLAIN)] + [
    ((a - JOKER0) % 10 % 4, (a - JOKER0) % 10 < LOW) for a in range(JOKER0, BID0)]
_BIT_OF_CARD = [1 << c for c in range(36)].__getitem__
TAKES = frozenset(JOKER0 + 10 * j + TAKE for j in range(2))
# POWS[trump][lead][a]: strength of action a in a trick (trump 4 = none): a trump 100 + rank,
# the lead suit its rank, anything else -2; a joker led (high or low) -1, below every card.
POWS = [[[(100 + RANK[c] if SUIT[c] == t else RANK[c] if SUIT[c] == lead else -2) for c in range(PLAIN)]
         + [-1] * (BID0 - JOKER0) for lead in range(4)] for t in range(5)]
assert len(ACTION_STR) == NUM_ACTIONS


class JokerState:
    __slots__ = ("ctx", "plan", "dealer", "kind", "n", "phase", "turn", "hands", "trump",
                 "turned", "first3", "bids", "nbids", "bidsum", "won", "leader", "trick",
                 "lead", "high", "best_seat", "best_pow", "jwin", "tricks", "pow")
    ctx: DealContext
    plan: DealPlan
    dealer: int
    kind: int  # the plan's kind of deal (TURNED, NT, DARK, ...)
    n: int  # cards per hand, tricks in the deal
    phase: int  # TRUMP, BID, PLAY or OVER
    turn: int  # -1 when the deal is over
    hands: list[int]  # by seat, bitmasks of action bits (BIT)
    trump: int  # a suit, NO_TRUMP, or -1 until named
    turned: int  # the turned card, -1 when none
    first3: tuple[int, ...]  # the cards the trump's chooser sees before naming it
    bids: list[int]  # by seat, -1 before bidding
    nbids: int
    bidsum: int
    won: list[int]  # tricks won by seat
    leader: int
    trick: list[int]  # action ids played to the current trick
    lead: int  # the suit the trick's lead asks for
    high: bool  # a joker led high
    best_seat: int
    best_pow: int
    jwin: int  # the seat whose joker takes the trick, or -1
    tricks: list[tuple[int, list[int]]]  # finished tricks: (leader, action ids)
    pow: list[int] | None  # each action's power in the current trick; set by its lead

    def copy(self) -> "JokerState":
        s = JokerState.__new__(JokerState)
        s.ctx, s.plan, s.dealer, s.kind, s.n = self.ctx, self.plan, self.dealer, self.kind, self.n
        s.phase, s.turn, s.trump, s.turned, s.first3 = self.phase, self.turn, self.trump, self.turned, self.first3
        s.nbids, s.bidsum, s.leader, s.lead, s.high = self.nbids, self.bidsum, self.leader, self.lead, self.high
        s.best_seat, s.best_pow, s.jwin, s.pow = self.best_seat, self.best_pow, self.jwin, self.pow
        s.hands = self.hands[:]
        s.bids = self.bids[:]
        s.won = self.won[:]
        s.trick = self.trick[:]
        s.tricks = self.tricks[:]
        return s


class JokerRules(Rules[JokerState]):
    id = "joker"
    title = "Joker (Georgian)"
    min_seats = 4  # one name a line: mypyc compiles no multiple assignment in a class body
    max_seats = 4
    default_seats = 4
    option_schema = OPTIONS
    deck = DECK
    num_actions = NUM_ACTIONS
    max_actions_per_deal = 1 + 4 + 36
    reads_results = True  # a chapter's premium, and the view's score sheet, need its earlier deals
    # own cards not yet seen, and the three the chooser saw at the trump step
    private_view_keys = Rules.private_view_keys + ("hand_hidden", "first_three")
    view_schema = view_mod.SCHEMA
    sample_world = worlds.sample_world

    def __init__(self, options: dict | None = None, seats: int | None = None):
        super().__init__(options, seats)
        if self.options["schedule"] is None:  # absent: records do not carry it
            del self.options["schedule"]
        self.plans = plan(self.options)
        self._shtanga = self.options["shtanga"]

    # --- the match
    def deal_points_bounds(self):
        # A 9-card shtanga per card (-900) plus a struck-out 900; a 900 deal doubled.
        return -1800, 1800

    def max_deals(self) -> int:
        return len(self.plans)

    def first_dealer(self, explicit, rng) -> int:
        fd = self.options["first_dealer"]
        return rng.below(4) if fd == "random" else fd

    def deal_shape(self, number: int):
        if not 1 <= number <= len(self.plans):
            raise BadTable(f"deal {number} does not exist: the match has {len(self.plans)} deals")
        n = self.plans[number - 1].n
        return [n] * 4, 36 - 4 * n if n < 9 else 0

    def plan_of(self, number: int):
        return self.plans[(number - 1) % len(self.plans)]

    # --- the hot path
    def start(self, deal: Deal, ctx: DealContext) -> JokerState:
        p = self.plan_of(ctx.number)
        s = JokerState()
        s.ctx, s.plan, s.dealer, s.kind, s.n = ctx, p, deal.dealer, p.kind, p.n
        bit = _BIT_OF_CARD
        s.hands = [sum(map(bit, h)) for h in deal.hands]
        s.turn = s.leader = (deal.dealer + 1) & 3
        s.first3 = ()
        s.turned = -1
        kind = p.kind
        if kind == TURNED:
            s.turned = deal.pile[0]
            s.trump = SUIT[s.turned]  # a joker: NO_SUIT = no trump
            s.phase = BID
        elif kind == NT:
            s.trump, s.phase = NO_TRUMP, BID
        else:
            s.trump = -1
            s.phase = BID if kind == DARK else TRUMP
            s.first3 = tuple(deal.hands[s.turn][:3])
        s.bids = [-1, -1, -1, -1]
        s.nbids = s.bidsum = 0
        s.won = [0, 0, 0, 0]
        s.trick, s.tricks = [], []
        s.lead, s.high, s.best_seat, s.best_pow, s.jwin, s.pow = -1, False, -1, -1, -1, None
        return s

    def legal_ids(self, s: JokerState, PLAY=PLAY, LEAD0=LEAD0, LEAD1=LEAD1, LEAD2=LEAD2, FOLLOW2=FOLLOW2,
                  BASE=BASE, WIDTH_MASK=WIDTH_MASK, TOP=TOP, SUB=SUB, JFOLLOW=JFOLLOW) -> list[int]:
        # (Tables bound as defaults: locals are faster than globals on this hot path.)
        phase = s.phase
        if phase == PLAY:
            hand = s.hands[s.turn]
            if not s.trick:
                return LEAD0[hand & 0xFFF] + LEAD1[hand >> 12 & 0xFFF] + LEAD2[hand >> 24]
            lead = s.lead
            m = hand >> BASE[lead] & WIDTH_MASK[lead]
            if m:
                if s.high:
                    return [TOP[lead][m]] + JFOLLOW[hand >> 34]
                return SUB[lead][m] + JFOLLOW[hand >> 34]
            t = s.trump
            if t < 4:  # a trump suit
                m = hand >> BASE[t] & WIDTH_MASK[t]
                if m:
                    return SUB[t][m] + JFOLLOW[hand >> 34]
            return LEAD0[hand & 0xFFF] + LEAD1[hand >> 12 & 0xFFF] + FOLLOW2[hand >> 24]
        if phase == BID:
            n = s.n
            if s.turn == s.dealer:
                r = n - s.bidsum
                if 0 <= r <= n:
                    ids = BIDS[n][:]
                    del ids[r]
                    return ids
            return BIDS[n][:]
        if phase == TRUMP:
            return TRUMPS[:]
        return []

    def apply_id(self, s: JokerState, a: int, BIT=BIT, TAKES=TAKES) -> None:
        if a < 54:  # a play (BID0)
            seat = s.turn
            trick = s.trick
            s.hands[seat] ^= BIT[a]
            if trick:
                if a < 34:  # a plain card (JOKER0)
                    pw = s.pow[a]  # type: ignore[index]  # set by the trick's lead, before any follow
                    if pw > s.best_pow:
                        s.best_pow = pw
                        s.best_seat = seat
                elif a in TAKES:
                    s.jwin = seat
                trick.append(a)
                if len(trick) == 4:
                    winner = s.jwin if s.jwin >= 0 else s.best_seat
                    s.won[winner] += 1
                    s.tricks.append((s.leader, trick))  # never changed again; copies share it
                    s.trick = []
                    if len(s.tricks) == s.n:
                        s.phase = OVER
                        s.turn = -1
                    else:
                        s.leader = s.turn = winner
                    return
            else:
                lead, high = LEAD_OF[a]
                s.lead, s.high, s.best_seat = lead, high, seat
                s.jwin = seat if high else -1
                s.pow = pw = POWS[s.trump][lead]
                s.best_pow = pw[a]
                trick.append(a)
            s.turn = (seat + 1) & 3
        elif a < TRUMP0:
            k = a - BID0
            s.bids[s.turn] = k
            s.bidsum += k
            s.nbids += 1
            if s.nbids == 4:
                s.turn = (s.dealer + 1) & 3
                s.phase = TRUMP if s.kind == DARK else PLAY
            else:
                s.turn = (s.turn + 1) & 3
        else:
            s.trump = a - TRUMP0
            s.phase = BID if s.kind == NINE else PLAY

    # --- the edges
    def action_str(self, s: JokerState, a: int) -> str:
        return ACTION_STR[a]

    def parse_action(self, s: JokerState, text: str) -> int:
        a = ACTION_ID.get(text) if isinstance(text, str) else None
        if a is not None:
            return a
        reason = self._unparsable(s, text)
        if reason is None:
            raise UnknownAction(Reason(N_("{text} is not a Joker action (trump S/H/D/C/none, bid k, play C, "
                                           "play X1 high S, play X1 low S, play X1 take, play X1 discard)"),
                                        text=shown(text)))
        raise InvalidAction(reason)

    def _unparsable(self, s: JokerState, text) -> str | None:
        """Why `text`, in a form of the game's actions, names none; None when it is in no form."""
        if not isinstance(text, str):
            return Reason(N_("{text} is not an action string"), text=shown(text))
        words = text.split(" ")
        verb = words[0]
        if verb == "play" and len(words) >= 2:
            code = words[1]
            if code in ("X1", "X2"):
                if s.phase == PLAY and s.trick:
                    return Reason(N_("a following joker must say take or discard"))
                if len(words) >= 3 and words[2] in ("high", "low"):
                    return Reason(N_("a joker led {way} must name one suit: S, H, D or C"), way=words[2])
                return Reason(N_("a leading joker must say high or low and a suit"))
            if DECK.card(code) is None:
                if code in ("6S", "6C"):
                    return Reason(N_("{code} is not a card: the jokers replace the black sixes"), code=code)
                return Reason(N_("{text} is not a card code (rank 6-9 T J Q K A then suit S H D C, or X1, X2)"),
                               text=shown(code))
            return Reason(N_('{text}: a plain card is played as "play {code}", with nothing after it'),
                           text=shown(text), code=code)
        if verb == "bid" and len(words) == 2:
            k = words[1]
            if k.isdigit() and k.isascii() and str(int(k)) == k:
                if s.phase != BID:
                    return self.why_illegal_id(s, BID0)
                return _out_of_range(int(k), s.n)
            return Reason(N_("{text} is not a bid: write bid 0, bid 1, ... without leading zeros"), text=shown(k))
        if verb == "trump" and len(words) == 2:
            return Reason(N_("{text} is not a trump: write trump S, trump H, trump D, trump C or trump none"),
                           text=shown(words[1]))
        return None

    def why_illegal_id(self, s: JokerState, a: int) -> str | None:
        phase, seat = s.phase, s.turn
        if phase == OVER:
            return Reason(N_("the deal is over"))
        if a >= TRUMP0:
            if phase != TRUMP:
                if s.kind in (TURNED, NT):
                    if s.kind == TURNED:
                        return Reason(N_("it is not the trump step: the turned card sets the trump"))
                    return Reason(N_("it is not the trump step: a no-trump deal has no trump choice"))
                if s.trump >= 0:
                    return Reason(N_("it is not the trump step: the trump is already named"))
                return Reason(N_("it is not the trump step: the bids come first in a dark deal"))
            return None
        if a >= BID0:
            k = a - BID0
            if phase != BID:
                if s.kind in (GOLD, MISERE):
                    return Reason(N_("there is no bidding in a golden or misère deal"))
                if phase == TRUMP and s.kind != DARK:  # in a dark deal the trump comes after the bids
                    return Reason(N_("it is not the bidding step: the trump must be named first"))
                return Reason(N_("bidding is over"))
            if k > s.n:
                return _out_of_range(k, s.n)
            if seat == s.dealer and s.bidsum + k == s.n:
                return Reason(N_("dealer may not bid {bid}: the bids would total {tricks}"),
                               N_("as the dealer you may not bid {bid}: the bids would total {tricks}"),
                               seat=Seat(seat), bid=k, tricks=s.n)
            return None
        # a play
        if phase != PLAY:
            if phase == TRUMP:
                return Reason(N_("play has not started: the trump must be named first"))
            return Reason(N_("play has not started: bidding is not over"))
        hand = s.hands[seat]
        if a >= JOKER0:
            j, m = divmod(a - JOKER0, 10)
            if not hand >> (PLAIN + j) & 1:
                return not_held(seat, [f"X{j + 1}"])
            if not s.trick and m >= TAKE:
                return Reason(N_("a leading joker must say high or low and a suit"))
            if s.trick and m < TAKE:
                return Reason(N_("a following joker must say take or discard"))
            return None
        if not hand >> a & 1:
            return not_held(seat, [CODES[a]])
        if not s.trick:
            return None
        lead, suit = s.lead, SUIT[a]
        m = hand >> BASE[lead] & WIDTH_MASK[lead]
        if m:
            if s.high:
                top = TOP[lead][m]
                if a != top:
                    return Reason(N_("after a high joker lead {seat} must play its highest {suit}, {card}"),
                                   N_("after a high joker lead you must play your highest {suit}, {card}"),
                                   seat=Seat(seat), suit=SuitOf(SUITS[lead], SUIT_NAMES[lead]), card=Card(CODES[top]))
                return None
            if suit != lead:
                return Reason(N_("{seat} holds a {suit} and must follow suit"),
                               N_("you must follow suit: you hold {suit}"),
                               seat=Seat(seat), suit=SuitOf(SUITS[lead], SUIT_NAMES[lead]))
            return None
        t = s.trump
        if t < NO_TRUMP and suit != t and hand >> BASE[t] & WIDTH_MASK[t]:
            return Reason(N_("{seat} holds no {suit} but holds a trump and must trump"),
                           N_("you hold no {suit} but you hold a trump, so you must trump"),
                           seat=Seat(seat), suit=SuitOf(SUITS[lead], SUIT_NAMES[lead]))
        return None

    def deal_points(self, s: JokerState) -> list[int]:
        p = s.plan
        if p.premium and s.ctx.number == p.last:
            return self.deal_result(s).points
        return deal_points(s.kind, s.n, s.bids, s.won, self._shtanga)

    def deal_result(self, s: JokerState) -> DealResult:
        p = s.plan
        bidding = s.kind not in (GOLD, MISERE)
        bids = s.bids[:] if bidding else None
        base = deal_points(s.kind, s.n, s.bids, s.won, self._shtanga)
        points = base[:]
        prem = [0, 0, 0, 0]
        if p.premium and s.ctx.number == p.last:
            chapter = [(r.data["bids"], r.data["tricks"], r.data["base"]) for r in s.ctx.results
                       if r.data.get("chapter") == p.chapter and p.first <= r.data.get("deal", 0) < p.last]
            chapter.append((bids, s.won, base))
            prem = premium(chapter, self.options["premium"])
            points = [b + x for b, x in zip(base, prem)]
        trump = "none" if s.trump == NO_TRUMP else SUITS[s.trump]
        detail = f"deal {p.number} ({p.token}) trump {trump}"
        def by_seat(figures, sign=""):  # every figure named with its seat; zeros left out when signed
            return ", ".join(f"seat {x} {f:{sign}d}" for x, f in enumerate(figures) if f or not sign)
        if bidding:
            detail += "; bids " + by_seat(s.bids)
        detail += "; tricks " + by_seat(s.won)
        if any(prem):
            detail += "; premium " + by_seat(prem, "+")
        data = {"deal": p.number, "chapter": p.chapter, "token": p.token, "n": s.n,
                "trump": trump, "bids": bids, "tricks": s.won[:], "base": base, "premium": prem}
        return DealResult(s.dealer, points, detail, data)

    def view(self, s: JokerState, seat: int) -> View:
        return view_mod.view(self, s, seat)


def _out_of_range(bid: int, tricks: int) -> Reason:
    return Reason(N_("bid {bid} is out of range 0..{tricks}"), bid=bid, tricks=tricks)
