"""Yokir's words for people: the table, the Oracle and the Sage, a hand's result, the suits."""

from collections.abc import Sequence
from typing import ClassVar

from parlor.core.rules import DealResult
from parlor.core.text import GameText, Role, Suit
from parlor.core.view import View
from parlor.core.words import N_, said, Seats, listed, phrase, say, say_n, seats_of

from .cards import DECK, SUITS, partner, suit_of
from .view import upcard_of

# TRANSLATORS: Yokir's suits, named for the Disciplines of A Tale in the Desert.
SUIT_NAMES = {"A": N_("Architecture"), "L": N_("Leadership"), "M": N_("Art & Music"), "T": N_("Thought")}
# The printed colours (rules 2): Architecture and Art & Music black, the others red.
_SIGNS = {"A": ("⌂", "black"), "L": ("♛", "red"), "M": ("♪", "black"), "T": ("∴", "red")}
# The seed's emblems, as static/cards.js draws them: a pyramid, a crown, notes and a brush, a scroll.
_EMBLEMS = {"A": "pyramid", "L": "crown", "M": "notes", "T": "scroll"}


def _bid(who: Seats, seat: int, bid: str) -> str:
    """A bid in a round's list ("pass", "pick", "call A"), one whole phrase a kind of bid."""
    p = who(seat)
    if bid == "pass":
        return who.agree(seat, say("{you} pass", you=p), say("{seat} passes", seat=p))
    if bid == "pick":
        return who.agree(seat, say("{you} pick it up", you=p), say("{seat} picks it up", seat=p))
    suit = YokirText.word(SUIT_NAMES[bid.split()[-1]])
    return who.agree(seat, say("{you} call {suit}", you=p, suit=suit), say("{seat} calls {suit}", seat=p, suit=suit))


class YokirText(GameText):
    suits: ClassVar[dict[str, Suit]] = {s: Suit(SUIT_NAMES[s], *_SIGNS[s], emblem=_EMBLEMS[s])
                                            for s in SUITS}
    about = N_("Three-player Euchre from A Tale in the Desert: whoever names trump plays alone against the other two.")
    option_words = {"target": (N_("Points to win"), {})}
    option_docs = {"target": N_("The points that win the match, alone at the top: a whole number from 1 to 100.")}
    turn_words = {"pick": N_("pick up the face-up card"), "call": N_("call a trump suit")}
    pile_names = {"upcard": N_("face-up card"), "discard": N_("your discard")}
    # TRANSLATORS: Yokir's ranks, from the highest (Initiate) down; the {rank} of "the {rank} of {suit}".
    rank_names: ClassVar[dict[str, str]] = {"1": N_("Initiate"), "2": N_("Student"), "3": N_("Prentice"),
                                            "4": N_("Journeyman"), "5": N_("Scribe"), "6": N_("Master")}
    # Finnish: "Arkkitehtuurin Vihitty" (the suit's genitive; Meri's Japanese suit names stay
    # as the seed writes them, "Pao Robai")
    case_forms = {"fi": {"Architecture": ("Arkkitehtuuri", "Arkkitehtuurin", "Arkkitehtuuri"),
                         "Leadership": ("Johtajuus", "Johtajuuden", "Johtajuus"),
                         "Art & Music": ("Taide ja musiikki", "Taiteen ja musiikin", "Taide ja musiikki"),
                         "Thought": ("Ajattelu", "Ajattelun", "Ajattelu")},
                  "ka": {"Initiate": ("ნეოფიტს", "ნეოფიტის", "ნეოფიტით"),
                         "Student": ("მოსწავლეს", "მოსწავლის", "მოსწავლით"),
                         "Prentice": ("შეგირდს", "შეგირდის", "შეგირდით"),
                         "Journeyman": ("ხელოსანს", "ხელოსნის", "ხელოსნით"),
                         "Scribe": ("მწიგნობარს", "მწიგნობრის", "მწიგნობრით"),
                         "Master": ("ოსტატს", "ოსტატის", "ოსტატით"),
                         "Architecture": ("არქიტექტურას", "არქიტექტურის", "არქიტექტურით"),
                         "Leadership": ("ლიდერობას", "ლიდერობის", "ლიდერობით"),
                         "Art & Music": ("ხელოვნებასა და მუსიკას", "ხელოვნებისა და მუსიკის", "ხელოვნებითა და მუსიკით"),
                         "Thought": ("აზროვნებას", "აზროვნების", "აზროვნებით")}}

    def table_lines(self, v: View) -> list[str]:
        who = seats_of(v)
        lines = []
        up, up_state = upcard_of(v)
        if v["trump"]:
            t = v["trump"]
            roles = {"oracle": self.card_words("1" + t), "sage": self.card_words("1" + SUITS[partner(SUITS.index(t))])}
            if up_state == "picked":  # 12: everyone saw the picker take it
                lines.append(say("Trump: {suit}, {caller} picked up {card}. The Oracle is {oracle}, the Sage "
                                 "{sage}.", suit=YokirText.word(SUIT_NAMES[t]), caller=who(v["caller"]),
                                 card=self.card_words(up), **roles))
            else:
                lines.append(say("Trump: {suit}, called by {caller}. The Oracle is {oracle}, the Sage {sage}.",
                                 suit=YokirText.word(SUIT_NAMES[t]), caller=who(v["caller"]), **roles))
        elif up_state == "face_up":
            lines.append(say("Face-up card: {card}. Pick it (its suit becomes trump) or pass.",
                             card=self.card_words(up)))
        else:
            lines.append(say("Turned down: {card}. Name another suit as trump, or pass.", card=self.card_words(up)))
        # each round of bidding on a line of its own: every seat bids once a round (rules 6)
        n = v["seats"]
        first, second = v["bids"][:n], v["bids"][n:]
        if first:
            bids = listed(_bid(who, s, b) for s, b in first)
            lines.append(say("Bids, round 1 (the face-up card): {bids}", bids=bids))
        if second:
            bids = listed(_bid(who, s, b) for s, b in second)
            lines.append(say("Bids, round 2 (another suit): {bids}", bids=bids))
        if v["discard"]:
            lines.append(say("You discarded {card}.", card=self.card_words(v["discard"])))
        if v["tricks"]:
            last = v["tricks"][-1]
            played = listed(say("{seat}: {card}", seat=who(p), card=self.card_words(c)) for p, c in last["cards"])
            lines.append(say("Last trick: {cards}; won by {winner}", cards=played, winner=who(last["winner"])))
            won = listed(say("{seat}: {won}", seat=who(s), won=f["won"]) for s, f in enumerate(v["seat_facts"]))
            lines.append(say("Tricks won: {tricks}", tricks=won))
        return lines

    def pile_words(self, label: str, state: str | None = None) -> str:
        """The up card by what became of it: face up, picked up, turned down (rules 6, 12)."""
        if label == "upcard" and state == "picked":
            return say("picked up")
        if label == "upcard" and state == "turned_down":
            return say("turned down")
        return super().pile_words(label, state)

    def fact_words(self, fact: str, value: str) -> str:
        """A seat's last bid: "passed", "picked it up", "called Thought"."""
        if value == "pass":
            return say("passed")
        if value == "pick":
            return say("picked it up")
        return say("called {suit}", suit=YokirText.word(SUIT_NAMES[value.split()[-1]]))

    def fact_short(self, fact: str, value: str) -> str:
        """A seat's last bid in a narrow row: the called suit by its sign ("called ∴")."""
        if value == "pass":
            return say("passed")
        if value == "pick":
            return say("picked up")
        return say("called {suit}", suit=self.suits[value.split()[-1]].sign)

    def _card(self, v: View, code: str) -> str:
        """A card in words, the Oracle and the Sage named as what they are under the view's trump."""
        role = self.card_role(v, code)
        if role is not None and role.id == "oracle":
            return phrase(said(N_("{card}, the Oracle")), card=self.card_words(code))
        if role is not None and role.id == "sage":
            return phrase(said(N_("{card}, the Sage")), card=self.card_words(code))
        return self.card_words(code)

    def action_words(self, v: View, action: str) -> str:
        verb, *rest = action.split()
        if verb == "pick":
            up = upcard_of(v)[0]
            return say("Pick up {card}: {suit} becomes trump", card=self.card_words(up),
                       suit=YokirText.word(SUIT_NAMES[up[-1]]))
        if verb == "pass":
            return say("Pass")
        if verb == "call":
            return say("Name {suit} trump", suit=YokirText.word(SUIT_NAMES[rest[0]]))
        if verb == "discard":
            return say("Discard {card}", card=self._card(v, rest[0]))
        card = self._card(v, rest[0])
        return say("Lead {card}", card=card) if not v["trick"] else say("Play {card}", card=card)

    def move_words(self, v: View, seat: int, action: str) -> str:
        who = seats_of(v)
        p = who(seat)
        verb, *rest = action.split()
        if verb == "pick":
            return who.agree(seat, say("{you} pick up the face-up card", you=p),
                             say("{seat} picks up the face-up card", seat=p))
        if verb == "pass":
            return who.agree(seat, say("{you} pass", you=p), say("{seat} passes", seat=p))
        if verb == "call":
            suit = YokirText.word(SUIT_NAMES[rest[0]])
            return who.agree(seat, say("{you} name {suit} trump", you=p, suit=suit),
                             say("{seat} names {suit} trump", seat=p, suit=suit))
        card = self.card_words(rest[0])  # "a card" for another's discard, which nobody else sees
        if verb == "discard":
            return who.agree(seat, say("{you} discard {card}", you=p, card=card),
                             say("{seat} discards {card}", seat=p, card=card))
        return who.agree(seat, say("{you} play {card}", you=p, card=card),
                         say("{seat} plays {card}", seat=p, card=card))

    def trick_words(self, v: View, trick: dict) -> str:
        who, w = seats_of(v), trick["winner"]
        card = self._card(v, dict(trick["cards"])[w])
        return who.agree(w, say("{you} win the trick with {card}", you=who(w), card=card),
                         say("{seat} wins the trick with {card}", seat=who(w), card=card))

    def card_role(self, v: View, code: str) -> Role | None:
        trump = v.get("trump")
        card = DECK.card(code)
        if trump is None or card is None:
            return None
        t = SUITS.index(trump)
        if card == t * 6:
            return Role("oracle", say("Oracle"))
        if card == partner(t) * 6:
            return Role("sage", say("Sage"))  # its suit is the trump's, named in the header: a short label
        if suit_of(card) == t:
            return Role("trump", say("trump"))
        return None

    def deal_result(self, result: DealResult, names: Sequence[str] | None) -> str:
        d = result.data
        caller = d["caller"]
        if caller is None:
            return say("all passed twice: dead hand")
        return say_n("{caller} called {suit}, took {count} trick", "{caller} called {suit}, took {count} tricks",
                     d["tricks"][caller], caller=Seats(names)(caller), suit=YokirText.word(SUIT_NAMES[d["trump"]]))
