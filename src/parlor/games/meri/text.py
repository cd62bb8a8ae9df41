"""Hachinin Meri's words for people: the trump and Tenka, the taker, Meri and Monchi, the teams'
tricks and combos, a deal's result, the two teams' score sheet, the Unsun suits."""

from collections.abc import Sequence
from typing import ClassVar

from parlor.core.rules import DealResult
from parlor.core.text import GameText, Role, Suit, sentence_lines
from parlor.core.view import HIDDEN, View
from parlor.core.words import N_, Seats, listed, phrase, said, say, seats_of

from .cards import DECK, IS_TRUMP, SUITS, TENKA, trump_robai, trump_sun
from .view import indicator_of

SUIT_NAMES = {"P": "Pao", "I": "Isu", "K": "Koppu", "O": "Ouru", "G": "Guru"}
# Batons, swords, cups, coins, tomoe.
_SIGNS = {"P": ("‖", "dark_green"), "I": ("†", "blue"), "K": ("∪", "red"), "O": ("◎", "dark_orange3"),
          "G": ("@", "purple")}
_EMBLEMS = {"P": "baton", "I": "sword", "K": "cup", "O": "coin", "G": "tomoe"}  # static/cards.js draws them


def _robai_words(status: str) -> str:
    """What everybody knows of the trump Robai (the view's `robai`, view.ROBAI_STATUS), in words."""
    return {"declared": say("declared"), "indicator": say("indicator"), "out of play": say("out of play"),
            "hidden": say("hidden"), "unknown": say("unknown")}[status]


class MeriText(GameText):
    suits: ClassVar[dict[str, Suit]] = {s: Suit(SUIT_NAMES[s], *_SIGNS[s], emblem=_EMBLEMS[s])
                                            for s in SUITS}
    about = N_("Eight-player Unsun karuta in two teams of four: win tricks and trump combos for your team.")
    option_words = {"num_deals": (N_("Deals in the match"), {})}
    option_docs = {"num_deals": N_("How many deals the match has: a whole number from 1 to 64.")}
    turn_words = {"declare": N_("declare")}
    pile_names = {"indicator": N_("indicator"), "trump_robai": N_("trump Robai"), "side_cards": N_("side cards"),
                  "original_trumps": N_("your original trumps")}
    rank_names: ClassVar[dict[str, str]] = {"Ka": "Kaba", "Re": "Rei", "Ro": "Robai", "So": "Sota", "Un": "Un",
                                            "Su": "Sun"}

    def table_lines(self, v: View) -> list[str]:
        """What a person needs besides hand, trick and scores: trump and Tenka, the indicator and
        the taker, the side cards, face-down cards, Meri/Monchi, tricks and combo points."""
        who = seats_of(v)
        trump = v["trump"]
        indicator = indicator_of(v)
        card = self.card_words
        lines = [say("Trump: {suit}; Tenka, {tenka}, is always a trump; the indicator: {indicator}; the trump "
                     "Robai, {robai}: {status}", suit=self.word(SUIT_NAMES[trump]), tenka=card("PRo"),
                     indicator=card(indicator), robai=card(v["trump_robai"]), status=_robai_words(v["robai"]))]
        if v["declarations"]:
            said = listed(say("{seat} declared", seat=who(p)) if a == "declare" else say("{seat} passed", seat=who(p))
                          for p, a in v["declarations"])
            lines.append(say("Declaration: {said}", said=said))
        if v["taker"] is not None:
            lines.append(say("Taker: {taker} (declared), took the indicator, {card}", taker=who(v["taker"]),
                             card=card(indicator)) if v["declared"] else
                         say("Taker: {taker} (the dealer, nobody declared), took the indicator, {card}",
                             taker=who(v["taker"]), card=card(indicator)))
        if v["side_cards"]:
            d, a, b = v["side_cards"]
            lines.append(say("Side cards (out of play): the discard, {discard}; {first}; {second}",
                             discard=card(d), first=card(a), second=card(b)))
        if v["phase"] == "play":
            number = v["trick_number"]
            if v["meri_trick"]:
                lines.append(say("Trick {number}: a Meri trick: every seat holding a trump must play one",
                                 number=number))
            elif v["meri"]:
                lines.append(say("Trick {number}: a Meri has been played: Monchi applies to plain leads",
                                 number=number))
            else:
                lines.append(say("Trick {number}: no Meri yet", number=number))
            if v["face_down"]:
                lines.append(say("Face down (trumps): {seats}", seats=listed(who(p) for p in v["face_down"])))
        if v["sun_exception"]:
            lines.append(say("Sun exception: your only original trump is the trump Sun"))
        w, cp, pts = v["tricks_won"], v["combo_points"], v["points"]
        figures = {"tricks_a": w[0], "tricks_b": w[1], "combos_a": cp[0], "combos_b": cp[1], "points_a": pts[0],
                   "points_b": pts[1]}
        if v["team"]:  # a spectator has no team
            partners = listed(who(p) for p in range(v["seat"] % 2, 8, 2) if p != v["seat"])
            lines.append(say("Tricks: team A {tricks_a}, team B {tricks_b}; combos: team A {combos_a:+d}, team B "
                             "{combos_b:+d}; deal points: team A {points_a}, team B {points_b} (you are team {team} "
                             "with {partners})", team=v["team"], partners=partners, **figures))
        else:
            lines.append(say("Tricks: team A {tricks_a}, team B {tricks_b}; combos: team A {combos_a:+d}, team B "
                             "{combos_b:+d}; deal points: team A {points_a}, team B {points_b}", **figures))
        if v["tricks"]:
            n = len(v["tricks"])
            last = v["tricks"][-1]
            cards = listed(say("{seat}: {card}", seat=who(p), card=self._card(c)) for p, c in last["cards"])
            winner = who(last["winner"])
            if n == 9:
                line = say("Last trick 9: {cards}; won by {winner}", cards=cards, winner=winner)
            elif last["meri"]:
                line = say("Last trick {number} (Meri): {cards}; won by {winner}", number=n, cards=cards, winner=winner)
            else:
                line = say("Last trick {number}: {cards}; won by {winner}", number=n, cards=cards, winner=winner)
            lines.append(self._with_combo(line, last["combo"]))
        return lines

    def fact_words(self, fact: str, value: str) -> str:
        """A seat's declaration: "declared" or "passed"."""
        return say("declared") if value == "declare" else say("passed")

    def _card(self, code: str) -> str:
        """A card in words, Tenka (always a trump) named as such."""
        card = self.card_words(code)
        return phrase(said(N_("Tenka ({card})")), card=card) if code == "PRo" else card

    def action_words(self, v: View, action: str) -> str:
        verb, *rest = action.split()
        if verb == "pass":
            return say("Pass")
        if verb == "declare":
            return say("Declare and take the indicator, {card}", card=self.card_words(indicator_of(v)))
        card = self._card(rest[0])
        if verb == "discard":
            return say("Discard {card}", card=card)
        if not v["trick"]:
            return say("Lead {card}", card=card)
        trump = IS_TRUMP[SUITS.index(v["trump"])]
        if not trump[DECK.index[v["trick"][0][1]]] and trump[DECK.index[rest[0]]]:  # 8.3
            return say("Play {card} face down", card=card)
        return say("Play {card}", card=card)

    def move_words(self, v: View, seat: int, action: str) -> str:
        """A play's action may go on with the trick's face-down cards turned up and, after the
        eighth trick, the ninth's cards (rules.public_action): each part its own sentence."""
        who = seats_of(v)
        p = who(seat)
        move, *after = action.split(" - ")
        verb, *rest = move.split()
        if verb == "pass":
            said = who.agree(seat, say("{you} pass", you=p), say("{seat} passes", seat=p))
        elif verb == "declare":
            said = who.agree(seat, say("{you} declare", you=p), say("{seat} declares", seat=p))
        elif verb == "discard":
            card = self._card(rest[0])
            said = who.agree(seat, say("{you} discard {card}", you=p, card=card),
                             say("{seat} discards {card}", seat=p, card=card))
        elif rest[0] == HIDDEN:
            said = who.agree(seat, say("{you} play a card face down", you=p),
                             say("{seat} plays a card face down", seat=p))
        else:
            card = self._card(rest[0])
            said = who.agree(seat, say("{you} play {card}", you=p, card=card),
                             say("{seat} plays {card}", seat=p, card=card))
        parts = [said]
        for part in after:
            words = part.split()
            cards = listed(self._card(c) for c in words[2:])
            if words[:2] == ["turned", "up"]:
                parts.append(say("turned up: {cards}", cards=cards))
            else:  # "trick 9 ..."
                parts.append(say("the ninth trick plays itself: {cards}", cards=cards))
        return listed(parts, say("; "))

    def trick_words(self, v: View, trick: dict) -> str:
        """Who takes the trick with which card, and the combo it makes: "Cai takes the trick with
        the Un of Guru — Un over Sota moves 2 points to team A"."""
        who, w = seats_of(v), trick["winner"]
        card = self._card(dict(trick["cards"])[w])
        if trick["meri"]:
            said = who.agree(w, say("{you} take the Meri trick with {card}", you=who(w), card=card),
                             say("{seat} takes the Meri trick with {card}", seat=who(w), card=card))
        else:
            said = who.agree(w, say("{you} take the trick with {card}", you=who(w), card=card),
                             say("{seat} takes the trick with {card}", seat=who(w), card=card))
        return self._with_combo(said, trick["combo"])

    def _with_combo(self, trick: str, combo: dict | None) -> str:
        """A trick's sentence and the combo it made, if it made one: "... — Un over Sota moves 2
        points to team A"."""
        if combo is None:
            return trick
        return say("{trick} — {won} over {beaten} moves {value} points to team {team}", trick=trick,
                   won=self.word(self.faces[combo["won"]].name), beaten=self.word(self.faces[combo["beaten"]].name),
                   value=combo["value"], team=combo["team"])

    def card_role(self, v: View, code: str) -> Role | None:
        """Tenka, the trump Robai, the trump Sun, trump; the plain Isu Robai's odd place."""
        c = DECK.card(code)
        trump = v.get("trump")
        if c is None or trump is None:
            return None
        t = SUITS.index(trump)
        if c == TENKA:
            return Role("tenka", say("Tenka, the trump Robai") if t == 0 else
                        say("Tenka (trump, between Sota and Robai)"))
        if c == trump_robai(t):
            return Role("robai", say("trump Robai"))
        if c == trump_sun(t):
            return Role("sun", say("trump Sun"))
        if IS_TRUMP[t][c]:
            return Role("trump", say("trump"))
        if code == "IRo":
            return Role("weak", say("plain Isu Robai (between the 2 and the 1 of Isu)"))
        return None

    def deal_result(self, result: DealResult, names: Sequence[str] | None) -> str:
        d, who = result.data, Seats(names)
        taker = who(d["taker"])
        if d["declared"]:
            how = say("taker {taker} (declared)", taker=taker)
        elif d["hidden_robai"]:
            how = say("taker {taker} (nobody declared, hidden Robai)", taker=taker)
        else:
            how = say("taker {taker} (nobody declared)", taker=taker)
        a, b = d["tricks"]
        clauses = [say("trump: {suit}", suit=self.word(SUIT_NAMES[d["trump"]])), how,
                   say("tricks: team A {a}, team B {b}", a=a, b=b)]
        clauses += [self._with_combo(say("trick {number}", number=c["trick"]), c) for c in d["combos"]]
        a, b = d["team_points"]
        clauses.append(say("points: team A {a}, team B {b}", a=a, b=b))
        return listed(clauses, say("; "))

    def score_sheet(self, results: list[DealResult], names: list[str]) -> str:
        """The teams' totals first, the two teams' members, then one row a deal with the teams'
        points and running totals ("+9 =18"), the deal in a sentence below it, then the totals
        again; SHEET_WIDTH wide at most."""
        rows = [say("Totals: team A {a}, team B {b}", a=sum(r.points[0] for r in results),
                    b=sum(r.points[1] for r in results))]
        rows += sentence_lines(say("Team A: {seats}", seats=listed(names[0::2])), 0)
        rows += sentence_lines(say("Team B: {seats}", seats=listed(names[1::2])), 0)
        a, b = say("team A"), say("team B")
        w = max(len(a), len(b), 8)
        deal, total = say("deal"), say("total")
        rows.append(f"{deal:<6}{a:>{w}}  {b:>{w}}")
        ta = tb = 0
        for i, r in enumerate(results, 1):
            ta, tb = ta + r.points[0], tb + r.points[1]
            cells = (f"{r.points[0]:+d} ={ta}", f"{r.points[1]:+d} ={tb}")
            rows.append(f"{i:>4}  {cells[0]:>{w}}  {cells[1]:>{w}}")
            rows += sentence_lines(self.deal_result(r, names))
        rows.append(f"{total:<6}{ta:>{w}d}  {tb:>{w}d}")
        return "\n".join(rows)
