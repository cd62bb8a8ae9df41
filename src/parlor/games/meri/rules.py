"""Hachinin Meri rules: the declaration, the exchange, eight tricks by choice and the automatic
ninth (shared/rules/meri.md).

Inside: cards are ints (cards.py), hands are short lists, and the follow rule of the trick in
progress is settled once, when the card is led (`mode`), so legal_ids is one list comprehension.
"""

from parlor.core.errors import InvalidAction, UnknownAction, shown
from parlor.core.options import int_option
from parlor.core.rules import Deal, DealContext, DealResult, Rules
from parlor.core.view import View
from parlor.core.words import N_, Card, Cards, Reason, Seat, SuitOf, not_held

from . import view as view_mod
from . import worlds
from .cards import (CODES, DECK, EFFECTIVE, IS_TRUMP, KEY, NCARDS, SUITS, TRUMP, suit_of, trump_robai,
                    trump_sun)
from .scoring import TEAM_NAMES, Combo, deal_points, match_winners, seat_points, trick_combo
from .text import SUIT_NAMES  # in refusals

# Action ids: play card c = c; discard card c = 75 + c; pass; declare.
DISCARD0 = NCARDS
PASS = 2 * NCARDS
DECLARE = PASS + 1
NUM_ACTIONS = DECLARE + 1

# What the seat to act may do (the phase, and in play the follow rule of the trick).
# LEAD and ANY come first: legal_ids answers them with one test.
LEAD, ANY, MONCHI, MERI, LEAD1, DECL, DISCARD, OVER = range(8)
# legal_ids and apply_id spell these as literal numbers (faster than globals).
assert (LEAD, ANY, MONCHI, MERI, LEAD1, DECL, PASS, DECLARE, TRUMP) == (0, 1, 2, 3, 4, 5, 150, 151, 5)


class MeriState:
    __slots__ = ("ctx", "dealer", "trump", "eff", "robai", "sun", "pile", "dealt", "hands", "mode",
                 "turn", "nacted", "taker", "declared", "hidden", "discard", "sunex", "meri",
                 "trick_no", "leader", "trick", "led", "key", "best", "besti", "history",
                 "played", "won", "cpts")
    ctx: DealContext
    dealer: int
    trump: int  # the trump suit
    eff: list[int]  # each card's effective suit under the trump
    robai: int  # the trump Robai and Sun
    sun: int
    pile: tuple[int, ...]  # pile[0] the dealer's card, which sets the trump
    dealt: list[list[int]]  # the hands as dealt
    hands: list[list[int]]
    mode: int  # the phase: DECL, DISCARD, LEAD1 (trick 1), then LEAD, ANY, MONCHI or MERI; OVER
    turn: int  # -1 when the deal is over
    nacted: int  # seats that have spoken in the declaration
    taker: int  # the Robai's holder, -1 before the declaration ends
    declared: bool
    hidden: bool  # nobody declared and the trump Robai is not in the pile
    discard: int  # the taker's discard, -1 before it
    sunex: int  # the seat of the Sun exception as a bit, 0 when none
    meri: bool  # a trump has been led in this deal
    trick_no: int  # 1 to 9
    leader: int
    trick: list[int]
    led: int  # the effective suit led
    key: list[int] | None  # each card's strength in the current trick; set by its lead
    best: int  # the strongest key so far and its place in the trick
    besti: int
    history: list[tuple[int, tuple[int, ...], int, bool, Combo | None]]  # (leader, cards, winner, meri, combo)
    played: int  # the cards of finished tricks, a mask
    won: list[int]  # tricks won by team
    cpts: list[int]  # combo points by team

    def copy(self) -> "MeriState":
        s = MeriState.__new__(MeriState)
        s.ctx, s.dealer, s.trump, s.eff, s.pile = self.ctx, self.dealer, self.trump, self.eff, self.pile
        s.robai, s.sun = self.robai, self.sun
        s.dealt, s.mode, s.turn, s.nacted, s.taker = self.dealt, self.mode, self.turn, self.nacted, self.taker
        s.declared, s.hidden, s.discard, s.sunex = self.declared, self.hidden, self.discard, self.sunex
        s.meri, s.trick_no, s.leader, s.led = self.meri, self.trick_no, self.leader, self.led
        s.key, s.best, s.besti = self.key, self.best, self.besti
        h = self.hands
        s.hands = [h[0][:], h[1][:], h[2][:], h[3][:], h[4][:], h[5][:], h[6][:], h[7][:]]
        s.trick = self.trick[:]
        s.history = self.history[:]  # entries are tuples
        s.played = self.played
        s.won = self.won[:]
        s.cpts = self.cpts[:]
        return s


def _team(seat: int) -> str:
    return TEAM_NAMES[seat & 1]


class MeriRules(Rules[MeriState]):
    id = "meri"
    title = "Hachinin Meri"
    min_seats = 8  # one name a line: mypyc compiles no multiple assignment in a class body
    max_seats = 8
    default_seats = 8
    option_schema = (int_option("num_deals", 1, 64, 8, "number of deals in the match"),)
    deck = DECK
    num_actions = NUM_ACTIONS
    max_actions_per_deal = 8 + 1 + 8 * 8  # declaration, discard, tricks 1-8
    zero_sum = False  # the two teams' points add up to 9
    team_of = (0, 1, 0, 1, 0, 1, 0, 1)
    # the viewer's team; its trumps as trick 1 began and its Sun exception (8.1) are its own
    private_view_keys = Rules.private_view_keys + ("team", "original_trumps", "sun_exception")
    view_schema = view_mod.SCHEMA
    sample_world = worlds.sample_world

    # --- bounds and the match
    def deal_points_bounds(self):
        # At most three combos in a deal (each combo card is played once), at most one worth 5
        # by the ninth trick and one by the hidden Robai: 5 + 5 + 2 = 12 moved at most.
        return -12, 9 + 12

    def max_deals(self) -> int:
        return self.options["num_deals"]

    def first_dealer(self, explicit, rng) -> int:
        return 0 if explicit is None else explicit  # 4.3: seat 0 unless deals[0] names one

    def deal_shape(self, number):
        return [9] * 8, 3

    def shuffle_deal(self, number: int, dealer: int, rng) -> Deal:
        """4.1: three rounds of batches of three, (dealer + 1) first, the dealer last; the last
        three cards are the pile."""
        cards = list(range(NCARDS))
        rng.shuffle(cards)
        hands: list[list[int]] = [[]] * 8
        for j in range(8):
            b = 3 * j
            hands[(dealer + 1 + j) & 7] = cards[b:b + 3] + cards[b + 24:b + 27] + cards[b + 48:b + 51]
        return Deal(dealer, hands, cards[72:])

    def winners(self, scores):
        return match_winners(scores)

    def public_deal_cards(self, deal: Deal) -> set[int]:
        # The indicator is face up from the start; pile[1] and pile[2] are turned up at the
        # exchange without being named in an action.
        return set(deal.pile)

    # --- the hot path
    def start(self, deal: Deal, ctx: DealContext) -> MeriState:
        s = MeriState()
        s.ctx, s.dealer = ctx, deal.dealer
        s.pile = tuple(deal.pile)
        s.dealt = deal.hands
        s.trump = t = s.pile[0] // 15
        s.eff = EFFECTIVE[t]
        s.robai, s.sun = trump_robai(t), trump_sun(t)
        s.hands = [h[:] for h in deal.hands]
        s.mode, s.turn, s.nacted = DECL, (deal.dealer + 1) & 7, 0
        s.taker, s.declared, s.hidden, s.discard, s.sunex = -1, False, False, -1, 0
        s.meri, s.trick_no, s.leader, s.led = False, 0, -1, -1
        s.key, s.best, s.besti = None, 0, 0
        s.trick, s.history, s.won, s.cpts = [], [], [0, 0], [0, 0]
        s.played = 0  # the cards of finished tricks, as a mask (everyone has seen them)
        return s

    def legal_ids(self, s: MeriState) -> list[int]:
        # Literal numbers for speed: modes LEAD 0, ANY 1, MONCHI 2, MERI 3, LEAD1 4, DECL 5;
        # effective suit 5 = trump; action ids 150 = pass, 151 = declare.
        m = s.mode
        if m < 2:  # a lead to tricks 2-8, or a plain lead before any Meri: any card
            return s.hands[s.turn][:]
        if m == 2:  # Monchi: the led suit or a trump; else anything
            eff, led, h = s.eff, s.led, s.hands[s.turn]
            return [c for c in h if eff[c] == led or eff[c] == 5] or h[:]
        if m == 3:  # Meri: a trump, unless none or the Sun exception
            eff, h = s.eff, s.hands[s.turn]
            f = [c for c in h if eff[c] == 5]
            if f and not (s.sunex >> s.turn & 1 and s.sun in h):
                return f
            return h[:]
        if m == 4:
            eff, h = s.eff, s.hands[s.turn]
            return [c for c in h if eff[c] != 5] or h[:]
        if m == 5:
            return [150, 151] if s.robai in s.hands[s.turn] else [150]
        if m == DISCARD:
            eff, h = s.eff, s.hands[s.turn]
            return [DISCARD0 + c for c in h if eff[c] != 5] or [DISCARD0 + c for c in h]
        return []

    def apply_id(self, s: MeriState, a: int) -> None:
        if a < 75:  # play
            seat = s.turn
            s.hands[seat].remove(a)
            trick = s.trick
            if trick:
                trick.append(a)
                n = len(trick)
                k = s.key[a]  # type: ignore[index]  # set by the trick's lead, before any follow
                if k > s.best:
                    s.best, s.besti = k, n - 1
                if n == 8:
                    self._finish_trick(s)
                else:
                    s.turn = (seat + 1) & 7
            else:
                trick.append(a)
                led = s.led = s.eff[a]
                key = s.key = KEY[s.trump][led]
                s.best, s.besti = key[a], 0
                if led == 5:
                    s.mode, s.meri = 3, True  # MERI
                else:
                    s.mode = 2 if s.meri else 1  # MONCHI or ANY
                s.turn = (seat + 1) & 7
        elif a < PASS:
            self._discard(s, a - DISCARD0)
        else:
            s.nacted += 1
            if a == DECLARE:
                s.declared = True
                self._take(s, s.turn)
            elif s.nacted == 8:
                s.hidden = s.robai not in s.pile
                self._take(s, s.dealer)
            else:
                s.turn = (s.turn + 1) & 7

    def _take(self, s: MeriState, taker: int) -> None:
        s.taker = s.turn = taker
        s.hands[taker].append(s.pile[0])
        s.mode = DISCARD

    def _discard(self, s: MeriState, c: int) -> None:
        s.hands[s.taker].remove(c)
        s.discard = c
        # The Sun exception (8.1): the seat whose trumps, as trick 1 begins, are only the Sun.
        sun, is_trump = s.sun, IS_TRUMP[s.trump]
        for p, h in enumerate(s.hands):
            if sun in h:
                if sum(is_trump[x] for x in h) == 1:
                    s.sunex = 1 << p
                break
        s.mode, s.trick_no, s.leader, s.turn = LEAD1, 1, s.taker, s.taker

    def _finish_trick(self, s: MeriState) -> None:
        trick, leader = s.trick, s.leader
        winner = (leader + s.besti) & 7
        s.won[winner & 1] += 1
        combo = None
        meri = s.led == TRUMP
        if not meri and s.best > 100:  # eligible (plain lead) and won by a trump
            combo = self._combo(s, trick, [(leader + i) & 7 for i in range(8)], winner, False)
        s.history.append((leader, tuple(trick), winner, meri, combo))
        played = s.played
        for c in trick:
            played |= 1 << c
        s.played = played
        s.trick = []
        if s.trick_no == 8:
            self._ninth_trick(s)
        else:
            s.trick_no += 1
            s.leader = s.turn = winner
            s.mode = LEAD

    def _combo(self, s: MeriState, trick, seats, winner, ninth):
        combo = trick_combo(s.trump, trick, seats, winner, ninth, s.hidden)
        if combo is not None:
            v = combo[3]
            s.cpts[winner & 1] += v
            s.cpts[1 - (winner & 1)] -= v
        return combo

    def _ninth_trick(self, s: MeriState) -> None:
        """8.4: the last cards revealed together; the highest trump wins, else the highest card
        of the suit of the dealer's card."""
        seats = [(s.dealer + 1 + i) & 7 for i in range(8)]
        cards = [s.hands[p].pop() for p in seats]
        key = KEY[s.trump][TRUMP]
        best, bi = 0, 0
        for i, c in enumerate(cards):
            if key[c] > best:
                best, bi = key[c], i
        combo = None
        if best:
            winner = seats[bi]
            combo = self._combo(s, cards, seats, winner, True)
        else:
            key = KEY[s.trump][suit_of(cards[7])]
            for i, c in enumerate(cards):
                if key[c] > best:
                    best, bi = key[c], i
            winner = seats[bi]
        s.won[winner & 1] += 1
        s.history.append((seats[0], tuple(cards), winner, False, combo))
        s.trick_no, s.mode, s.turn = 9, OVER, -1

    # --- the edges
    def action_str(self, s: MeriState, a: int) -> str:
        if a < DISCARD0:
            return "play " + CODES[a]
        if a < PASS:
            return "discard " + CODES[a - DISCARD0]
        return "pass" if a == PASS else "declare"

    def parse_action(self, s: MeriState, text: str) -> int:
        if text == "pass":
            return PASS
        if text == "declare":
            return DECLARE
        verb, _, arg = text.partition(" ")
        if verb in ("play", "discard"):
            c = DECK.card(arg)
            if c is None:
                raise InvalidAction(Reason(N_("{text} is not a Meri card code (a suit letter P I K O G, "
                                               "then 1-9 or Ka Re Ro So Un Su, e.g. GSu, P7)"), text=shown(arg)))
            return c if verb == "play" else DISCARD0 + c
        raise UnknownAction(Reason(N_("{text} is not a Meri action (pass, declare, discard CARD, play CARD)"),
                                    text=shown(text)))

    def why_illegal_id(self, s: MeriState, a: int) -> str | None:
        if not (isinstance(a, int) and 0 <= a < NUM_ACTIONS):
            return Reason(N_("{text} is not an action"), text=shown(a))
        m, seat, t = s.mode, s.turn, s.trump
        if m == OVER:
            return Reason(N_("the deal is over"))
        if a >= PASS:
            if m != DECL:
                return Reason(N_("the declaration is over"))
            if a == DECLARE:
                robai = trump_robai(t)
                if robai not in s.hands[seat]:
                    if robai == s.pile[0]:
                        return Reason(N_("only the holder of the trump Robai {card} may declare, and it is the "
                                          "indicator"), card=Card(CODES[robai]))
                    return Reason(N_("only the holder of the trump Robai {card} may declare, and {seat} does not "
                                      "hold it"),
                                   N_("only the holder of the trump Robai {card} may declare, and you do not hold it"),
                                   seat=Seat(seat), card=Card(CODES[robai]))
            return None
        if a >= DISCARD0:
            c = a - DISCARD0
            if m != DISCARD:
                return Reason(N_("only the taker discards, right after taking the indicator"))
            h = s.hands[seat]
            if c not in h:
                return not_held(seat, [CODES[c]])
            if s.eff[c] == TRUMP:
                plain = sorted(CODES[x] for x in h if s.eff[x] != TRUMP)
                if plain:
                    return Reason(N_("{card} is a trump; the taker must discard a plain card ({seat} holds {cards})"),
                                   N_("{card} is a trump; the taker must discard a plain card (you hold {cards})"),
                                   seat=Seat(seat), card=Card(CODES[c]), cards=Cards(plain))
            return None
        if m == DECL:
            return Reason(N_("the declaration is not over"))
        if m == DISCARD:
            return Reason(N_("{seat} is the taker and must discard first"),
                           N_("you are the taker and must discard first"), seat=Seat(seat))
        h = s.hands[seat]
        if a not in h:
            return not_held(seat, [CODES[a]])
        eff = s.eff
        e = eff[a]
        if m == LEAD1:
            if e == TRUMP and any(eff[x] != TRUMP for x in h):
                return Reason(N_("{card} is a trump and trick 1 may not be led with a trump while {seat} holds "
                                  "plain cards"),
                               N_("{card} is a trump and trick 1 may not be led with a trump while you hold plain "
                                  "cards"), seat=Seat(seat), card=Card(CODES[a]))
            return None
        if m == MERI:
            if e != TRUMP and any(eff[x] == TRUMP for x in h):
                if s.sunex >> seat & 1 and trump_sun(t) in h:
                    return None
                return Reason(N_("a trump was led (Meri) and {seat} holds trumps"),
                               N_("a trump was led (Meri) and you hold trumps: you must play one"), seat=Seat(seat))
            return None
        if m == MONCHI and e != TRUMP and e != s.led:
            led = SuitOf(SUITS[s.led], SUIT_NAMES[SUITS[s.led]])
            if any(eff[x] == s.led for x in h):
                return Reason(N_("a Meri has been played, so Monchi applies: {seat} holds {suit} and must follow "
                                  "{suit} or play a trump"),
                               N_("a Meri has been played, so Monchi applies: you hold {suit} and must follow {suit} "
                                  "or play a trump"), seat=Seat(seat), suit=led)
            if any(eff[x] == TRUMP for x in h):
                return Reason(N_("a Meri has been played, so Monchi applies: {seat} has no {suit} and must play a "
                                  "trump"),
                               N_("a Meri has been played, so Monchi applies: you have no {suit} and must play a "
                                  "trump"), seat=Seat(seat), suit=led)
        return None

    def public_action(self, s: MeriState, a: int, viewer: int) -> str:
        """A trump played to a plain lead lies face down: other seats see "play ??". The card
        that completes a trick also turns up the trick's face-down cards (and, after trick 8,
        the automatic ninth trick): they are named after the play."""
        if a >= DISCARD0:
            return self.action_str(s, a)
        trick = s.trick
        down = bool(trick) and s.led != TRUMP and s.eff[a] == TRUMP
        text = "play ??" if down and viewer != s.turn else "play " + CODES[a]
        if len(trick) == 7:
            if s.led != TRUMP:
                shown = [CODES[c] for c in trick[1:] + [a] if s.eff[c] == TRUMP]
                if shown:
                    text += " - turned up " + " ".join(shown)
            if s.trick_no == 8:
                seat = s.turn
                last = {p: s.hands[p][0] for p in range(8) if p != seat and s.hands[p]}
                rest = [h for h in s.hands[seat] if h != a]
                if rest:
                    last[seat] = rest[0]
                order = [(s.dealer + 1 + i) & 7 for i in range(8)]
                text += " - trick 9 " + " ".join(CODES[last[p]] for p in order if p in last)
        return text

    def deal_result(self, s: MeriState) -> DealResult:
        team = deal_points(s.won, s.cpts)
        t = SUITS[s.trump]
        how = "declared" if s.declared else "nobody declared"
        if s.hidden:
            how += ", hidden Robai"
        parts = [f"trump {t}", f"taker seat {s.taker} ({how})", f"tricks A{s.won[0]} B{s.won[1]}"]
        combos = []
        for n, (_leader, _cards, winner, _meri, combo) in enumerate(s.history, 1):
            if combo is not None:
                name, w, o, v = combo
                parts.append(f"t{n} {CODES[w]}>{CODES[o]} +{v} {_team(winner)}")
                combos.append({"trick": n, "combo": name, "won": CODES[w], "beaten": CODES[o],
                               "value": v, "team": _team(winner)})
        parts.append(f"A {team[0]} B {team[1]}")
        return DealResult(s.dealer, seat_points(team), "; ".join(parts),
                          {"trump": t, "taker": s.taker, "declared": s.declared,
                           "hidden_robai": s.hidden, "tricks": list(s.won), "combos": combos,
                           "team_points": team})

    def view(self, s: MeriState, seat: int) -> View:
        return view_mod.view(self, s, seat)
