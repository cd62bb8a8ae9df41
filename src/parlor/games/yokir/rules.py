"""Yokir rules: bidding in two rounds, the picker's discard, five tricks (shared/rules/yokir.md)."""

from parlor.core.errors import InvalidAction, UnknownAction, shown
from parlor.core.options import int_option
from parlor.core.rules import DealContext, DealResult, Rules, plural
from parlor.core.view import View
from parlor.core.words import N_, Card, Cards, Reason, Seat, SuitOf, not_held

from . import view as view_mod
from . import worlds
from .cards import CODES, DECK, EFFECTIVE, POWER, SUITS, sage, suit_of
from .scoring import hand_points, match_winner
from .text import SUIT_NAMES  # in refusals

# Phases of a hand.
BID1, DISCARD, BID2, PLAY, OVER = range(5)
# Action ids: play card c = c; discard c = 24 + c; then pick, pass, call A/L/M/T.
DISCARD0, PICK, PASS, CALL0 = 24, 48, 49, 50


class YokirState:
    __slots__ = ("ctx", "dealer", "hands", "pile", "phase", "turn", "passes", "upcard",
                 "trump", "caller", "discarded", "leader", "trick", "led", "tricks",
                 "won", "bids")
    ctx: DealContext
    dealer: int
    hands: list[list[int]]  # by seat, in the order received
    pile: tuple[int, ...]  # pile[0] the upcard
    phase: int  # BID1 ... OVER
    turn: int  # -1 when the deal is over
    passes: int  # in this bidding round
    upcard: int
    trump: int  # -1 until picked or called
    caller: int
    discarded: int  # the picker's discard, -1 before it
    leader: int  # of the current trick (of the last one once it is over)
    trick: list[int]  # the cards played to it, leader's first
    led: int  # the effective suit led
    tricks: list[tuple[int, tuple[int, ...]]]  # finished tricks: (leader, cards)
    won: list[int]  # tricks won by seat
    bids: list[tuple[int, int]]  # (seat, action id) in order

    def copy(self) -> "YokirState":
        s = YokirState.__new__(YokirState)
        s.ctx, s.dealer, s.pile, s.phase, s.turn = self.ctx, self.dealer, self.pile, self.phase, self.turn
        s.passes, s.upcard, s.trump, s.caller = self.passes, self.upcard, self.trump, self.caller
        s.discarded, s.leader, s.led = self.discarded, self.leader, self.led
        h = self.hands
        s.hands = [h[0][:], h[1][:], h[2][:]]
        s.trick = self.trick[:]
        s.tricks = self.tricks[:]
        s.won = self.won[:]
        s.bids = self.bids[:]
        return s


class YokirRules(Rules[YokirState]):
    id = "yokir"
    title = "Yokir"
    min_seats = 3  # one name a line: mypyc compiles no multiple assignment in a class body
    max_seats = 3
    default_seats = 3
    option_schema = (int_option("target", 1, 100, 7, "points needed to win, alone at the top"),)
    deck = DECK
    num_actions = 54
    max_actions_per_deal = 6 + 1 + 15
    private_view_keys = Rules.private_view_keys + ("discard",)  # the picker's own discard
    view_schema = view_mod.SCHEMA
    sample_world = worlds.sample_world

    def deal_points_bounds(self):
        return 0, 2

    def match_over(self, results, scores):
        return match_winner(scores, self.options["target"]) is not None

    def deal_shape(self, number):
        return [5, 5, 5], 9

    # --- the hot path
    def start(self, deal, ctx: DealContext) -> YokirState:
        s = YokirState()
        s.ctx, s.dealer = ctx, deal.dealer
        s.hands = [list(h) for h in deal.hands]
        s.pile = tuple(deal.pile)
        s.upcard = deal.pile[0]
        s.phase, s.turn, s.passes = BID1, (deal.dealer + 1) % 3, 0
        s.trump = s.caller = s.discarded = s.led = -1
        s.leader = s.turn
        s.trick, s.tricks, s.won, s.bids = [], [], [0, 0, 0], []
        return s

    def legal_ids(self, s: YokirState) -> list[int]:
        phase = s.phase
        if phase == PLAY:
            hand = s.hands[s.turn]
            if not s.trick:
                return hand[:]
            eff, led = EFFECTIVE[s.trump], s.led
            return [c for c in hand if eff[c] == led] or hand[:]
        if phase == BID1:
            return [PICK, PASS]
        if phase == DISCARD:
            return [DISCARD0 + c for c in s.hands[s.turn] if c != s.upcard]
        if phase == BID2:
            down = suit_of(s.upcard)
            return [PASS] + [CALL0 + t for t in range(4) if t != down]
        return []

    def apply_id(self, s: YokirState, a: int) -> None:
        if s.phase == PLAY:
            seat = s.turn
            s.hands[seat].remove(a)
            trick = s.trick
            trick.append(a)
            if len(trick) == 1:
                s.led = EFFECTIVE[s.trump][a]
                s.turn = (seat + 1) % 3
            elif len(trick) == 3:
                self._finish_trick(s)
            else:
                s.turn = (seat + 1) % 3
        elif a == PASS:
            s.bids.append((s.turn, a))
            s.passes += 1
            if s.passes < 3:
                s.turn = (s.turn + 1) % 3
            elif s.phase == BID1:
                s.phase, s.passes, s.turn = BID2, 0, (s.dealer + 1) % 3
            else:
                s.phase, s.turn = OVER, -1  # a dead hand
        elif a == PICK:
            s.bids.append((s.turn, a))
            s.trump, s.caller = suit_of(s.upcard), s.turn
            s.hands[s.turn].append(s.upcard)
            s.phase = DISCARD
        elif a < PICK:  # discard
            s.hands[s.turn].remove(a - DISCARD0)
            s.discarded = a - DISCARD0
            s.phase, s.turn = PLAY, (s.dealer + 1) % 3
        else:  # call
            s.bids.append((s.turn, a))
            s.trump, s.caller = a - CALL0, s.turn
            s.phase, s.turn = PLAY, (s.dealer + 1) % 3

    def _finish_trick(self, s: YokirState) -> None:
        power, eff, trump, led = POWER[s.trump], EFFECTIVE[s.trump], s.trump, s.led
        best_key, best_i = -1, 0
        for i, c in enumerate(s.trick):
            e = eff[c]
            key = power[c] if e == trump else (power[c] if e == led else 0)
            if key > best_key:
                best_key, best_i = key, i
        winner = (s.leader + best_i) % 3
        s.won[winner] += 1
        s.tricks.append((s.leader, tuple(s.trick)))
        s.trick = []
        s.leader = winner  # kept after the last trick too: the view names each trick's winner
        if len(s.tricks) == 5:
            s.phase, s.turn = OVER, -1
        else:
            s.turn = winner

    # --- the edges
    def action_str(self, s: YokirState, a: int) -> str:
        if a < DISCARD0:
            return "play " + CODES[a]
        if a < PICK:
            return "discard " + CODES[a - DISCARD0]
        if a == PICK:
            return "pick"
        if a == PASS:
            return "pass"
        return "call " + SUITS[a - CALL0]

    def parse_action(self, s: YokirState, text: str) -> int:
        verb, _, arg = text.partition(" ")
        if text == "pick":
            return PICK
        if text == "pass":
            return PASS
        if verb in ("play", "discard") and (card := DECK.card(arg)) is not None:
            return card + (0 if verb == "play" else DISCARD0)
        if verb == "call" and len(arg) == 1 and arg in SUITS:
            return CALL0 + SUITS.index(arg)
        if verb in ("play", "discard"):
            raise InvalidAction(Reason(N_("{text} is not a Yokir card (ranks 1-6, suits A L M T, e.g. 6L)"),
                                        text=shown(arg)))
        if verb == "call":
            raise InvalidAction(Reason(N_("{text} is not a suit (A, L, M or T)"), text=shown(arg)))
        raise UnknownAction(Reason(N_("{text} is not a Yokir action (pick, pass, discard C, call S, play C)"),
                                    text=shown(text)))

    def why_illegal_id(self, s: YokirState, a: int) -> str | None:
        seat, phase = s.turn, s.phase
        if phase == OVER:
            return Reason(N_("the hand is over"))
        if a == PICK:
            return None if phase == BID1 else Reason(N_("the face-up card can be picked only in the first "
                                                         "bidding round"))
        if a == PASS:
            return None if phase in (BID1, BID2) else Reason(N_("there is no bidding now"))
        if a >= CALL0:
            if phase != BID2:
                return Reason(N_("a suit can be named only in the second bidding round"))
            if a - CALL0 == suit_of(s.upcard):
                return Reason(N_("the turned-down suit {suit} may not be named"), suit=SuitOf(SUITS[a - CALL0]))
            return None
        if DISCARD0 <= a < PICK:
            card = a - DISCARD0
            if phase != DISCARD:
                return Reason(N_("only the picker discards, right after picking"))
            if card == s.upcard:
                return Reason(N_("the picked-up card {card} may not be discarded"), card=Card(CODES[card]))
            if card not in s.hands[seat]:
                return not_held(seat, [CODES[card]])
            return None
        if phase != PLAY:
            if phase != DISCARD:
                return Reason(N_("bidding is not over"))
            return Reason(N_("{seat} must discard first"), N_("you must discard first"), seat=Seat(seat))
        hand = s.hands[seat]
        if a not in hand:
            return not_held(seat, [CODES[a]])
        if s.trick:
            eff = EFFECTIVE[s.trump]
            if eff[a] != s.led:
                follow = sorted(c for c in hand if eff[c] == s.led)
                if follow:
                    held, who = Cards(CODES[c] for c in follow), Seat(seat)
                    if s.led == s.trump:
                        return Reason(N_("trump was led and {seat} holds {cards}"),
                                       N_("trump was led and you must follow: you hold {cards}"), seat=who, cards=held)
                    name = SUIT_NAMES[SUITS[s.led]]
                    led = SuitOf(SUITS[s.led], ("an " if name[0] in "AEIOU" else "a ") + name)
                    if a == sage(s.trump):
                        return Reason(N_("{suit} card was led and {seat} holds {cards} ({card} is the Sage, a trump)"),
                                       N_("{suit} was led and you must follow: you hold {cards} ({card} is the Sage, "
                                          "a trump)"), seat=who, cards=held, suit=led, card=Card(CODES[a]))
                    return Reason(N_("{suit} card was led and {seat} holds {cards}"),
                                   N_("{suit} was led and you must follow: you hold {cards}"), seat=who, cards=held,
                                   suit=led)
        return None

    def public_action(self, s: YokirState, a: int, viewer: int) -> str:
        if DISCARD0 <= a < PICK and viewer != s.turn:
            return "discard ??"
        return self.action_str(s, a)

    def deal_result(self, s: YokirState) -> DealResult:
        if s.caller < 0:
            return DealResult(s.dealer, [0, 0, 0], "all passed twice: dead hand", {"caller": None})
        k = s.won[s.caller]
        return DealResult(s.dealer, hand_points(s.caller, k),
                          f"seat {s.caller} called {SUITS[s.trump]}, took {plural(k, 'trick')}",
                          {"caller": s.caller, "trump": SUITS[s.trump], "tricks": list(s.won)})

    def view(self, s: YokirState, seat: int) -> View:
        return view_mod.view(self, s, seat)

