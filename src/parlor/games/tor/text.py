"""Tőr's words for people: the stock, the discard pile and the melds, how a deal ended."""

from collections.abc import Sequence

from parlor.core.rules import DealResult
from parlor.core.text import FRENCH, FRENCH_RANKS, GameText
from parlor.core.view import View
from parlor.core.words import N_, Seats, listed, say, say_n, seats_of

from .cards import DECK, VALUE, is_set
from .view import discard_pile_of


def _how_it_ended(end: str, seats: list[int], totals: list[int], points: list[int], who: Seats) -> str:
    """A finished deal in a sentence: how it ended (`end`, the seats it names, scoring.py),
    from every hand's total and the points."""
    if end == "count":  # the stock ran out
        low = min(totals)
        lows = [q for q in range(len(totals)) if totals[q] == low]
        if len(lows) == len(totals):
            return say("stock exhausted: every seat has {total}", total=low)
        return say("stock exhausted: lowest total {total}, {seats}", total=low, seats=who.several(lows))
    p = seats[0]
    if end == "tor":
        return say("{you} hold Tőr!", you=who(p)) if who.spoken_to(p) else say("{seat} holds Tőr!", seat=who(p))
    if end == "low":
        if who.spoken_to(p):
            return say("{you} hold a low hand ({total})", you=who(p), total=totals[p])
        return say("{seat} holds a low hand ({total})", seat=who(p), total=totals[p])
    if end == "tor_void":
        both = who.several(seats, say(" and "))
        return say("void: {seats} hold Tőr", seats=both)
    if end == "low_void":
        both = who.several(seats, say(" and "))
        return say("void: {seats} hold low hands", seats=both)
    if end == "out":
        return say("{seat} went out", seat=who(p))
    if points[p] > 0:  # a drop
        return say("drop (virít) by {seat} ({total}) succeeded", seat=who(p), total=totals[p])
    burners = [q for q in range(len(totals)) if q != p and totals[q] <= totals[p]]
    return say("drop (virít) by {seat} ({total}) burned (leégett) by {burners}", seat=who(p), total=totals[p],
               burners=who.several(burners))


class TorText(GameText):
    suits = FRENCH
    rank_names = FRENCH_RANKS
    about = N_("Hungarian knock rummy: meld, lay off, go out or drop with the lowest hand to take the stakes.")
    option_words = {"stake": (N_("Units a single stake pays"), {}), "deals": (N_("Deals in the match"), {})}
    option_docs = {"stake": N_("What a single stake pays, in units: a whole number from 1 to 1000."),
                   "deals": N_("How many deals the match has: a whole number from 1 to 1000.")}
    # the spec's Hungarian table terms beside the English (tor.md 1, 5, 7, 8): talon, virít, terít
    turn_words = {"draw": N_("draw (stock or discard pile)"), "drop": N_("drop (virít)"),
                  "meld": N_("meld (terít)"), "layoff": N_("lay off"), "end": N_("end your turn")}
    pile_names = {"discard_pile": N_("discard pile")}
    # the deal's first face-up card lies at the bottom of the pile or is in a hand, and the card
    # taken this turn is in the taker's hand: drawn beside the pile, each was a card shown twice
    unplaced = frozenset({"turned_up", "taken"})

    def table_lines(self, v: View) -> list[str]:
        who = seats_of(v)
        pile = discard_pile_of(v)
        stock = say_n("{count} card", "{count} cards", v["stock_size"])
        top = (say_n("{card} on top ({count} card)", "{card} on top ({count} cards)", len(pile),
                     card=self.card_words(pile[-1])) if pile else say("empty"))
        # two lines: at 80 columns the pile's words were cut, and a browser ran them together
        lines = [say("Stock (talon): {stock}", stock=stock), say("Discard pile: {pile}", pile=top)]
        if v["melds"]:
            lines.append(say("Melds:"))
            for m in v["melds"]:
                mask = sum(1 << DECK.index[c] for c in m["cards"])
                kind = say("set (legyező)") if is_set(mask) else say("run (sor)")
                lines.append("  " + say("{number}: {cards}   {kind}, {owner}", number=m["number"],
                                        cards=self._short(m["cards"]), kind=kind, owner=who(m["owner"])))
        else:
            lines.append(say("Melds: none"))
        sizes = listed((say("{seat}: {cards}", seat=who(p), cards=k) for p, k in enumerate(v["hand_sizes"])))
        lines.append(say("Cards in hand: {sizes}", sizes=sizes))
        for p, cards in enumerate(v["known"]):
            if cards and p != v["seat"]:
                lines.append(say("{seat} holds {cards} (taken from the discard pile)", seat=who(p),
                                 cards=listed(self.card_words(c) for c in cards)))
        if v["taken"]:
            lines.append(say("Taken from the discard pile this turn: {card}", card=self.card_words(v["taken"])))
        if v["hands"] is None and v["hand"]:  # every drop and burn is decided by it
            total = sum(VALUE[DECK.index[c]] for c in v["hand"])
            lines.append(say("Your hand counts {total}", total=total))
        if v["hands"] is not None:
            for p, cards in enumerate(v["hands"]):
                lines.append(say("{seat}: {cards}  = {total}", seat=who(p), cards=self._short(cards) or "-",
                                 total=v["totals"][p]))
            r = v["result"]
            lines.append(_how_it_ended(r["end"], r["seats"], v["totals"], r["points"], who))
        return lines

    def _short(self, codes: Sequence[str]) -> str:
        """Cards as a meld shows them: "2♥ 3♥ 4♥"."""
        return listed((say("{rank}{suit}", rank=self.faces[c].rank, suit=self.faces[c].sign) for c in codes), " ")

    def action_words(self, v: View, action: str) -> str:
        verb, *rest = action.split()
        if verb == "drop":
            total = sum(VALUE[DECK.index[c]] for c in v["hand"])
            return say("Drop: your hand counts {total}", total=total)
        if action == "draw stock":
            return say("Draw from the stock")
        if action == "draw discard":
            return say("Take {card} from the discard pile", card=self.card_words(discard_pile_of(v)[-1]))
        if verb == "meld":
            return say("Lay down {cards}", cards=self._short(rest))
        if verb == "layoff":
            meld = next(m["cards"] for m in v["melds"] if m["number"] == int(rest[0]))
            return say("Lay off {cards} on meld {number} ({meld})", cards=self._short(rest[1:]), number=rest[0],
                       meld=self._short(meld))
        if verb == "discard":
            return say("Discard {card}", card=self.card_words(rest[0]))
        return say("End your turn without discarding")

    def move_words(self, v: View, seat: int, action: str) -> str:
        who = seats_of(v)
        p = who(seat)
        verb, *rest = action.split()
        if verb == "drop":
            return who.agree(seat, say("{you} drop, claiming the lowest hand", you=p),
                             say("{seat} drops, claiming the lowest hand", seat=p))
        if action == "draw stock":  # another's draw: the card stays unseen
            return who.agree(seat, say("{you} draw from the stock", you=p), say("{seat} draws from the stock", seat=p))
        if verb == "draw" and rest[0] == "stock":  # the drawer's own: "draw stock 5C"
            card = self.card_words(rest[1])
            return who.agree(seat, say("{you} draw {card} from the stock", you=p, card=card),
                             say("{seat} draws {card} from the stock", seat=p, card=card))
        if verb == "draw":
            return who.agree(seat, say("{you} take the top card of the discard pile", you=p),
                             say("{seat} takes the top card of the discard pile", seat=p))
        if verb == "meld":
            cards = self._short(rest)
            return who.agree(seat, say("{you} lay down {cards}", you=p, cards=cards),
                             say("{seat} lays down {cards}", seat=p, cards=cards))
        if verb == "layoff":
            cards = self._short(rest[1:])
            return who.agree(seat, say("{you} lay off {cards} on meld {number}", you=p, cards=cards, number=rest[0]),
                             say("{seat} lays off {cards} on meld {number}", seat=p, cards=cards, number=rest[0]))
        if verb == "discard":
            card = self.card_words(rest[0])
            return who.agree(seat, say("{you} discard {card}", you=p, card=card),
                             say("{seat} discards {card}", seat=p, card=card))
        return who.agree(seat, say("{you} end the turn without discarding", you=p),
                         say("{seat} ends the turn without discarding", seat=p))

    def deal_result(self, result: DealResult, names: Sequence[str] | None) -> str:
        d = result.data
        return _how_it_ended(d["end"], d["seats"], d["totals"], result.points, Seats(names))
