"""Joker's words for people: the table, the jokers and trumps, a deal's result, the classic score
sheet (chapters, bids, tricks and points per deal, premiums marked, chapter subtotals and
running totals)."""

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from parlor.core.options import Option
from parlor.core.rules import DealResult
from parlor.core.text import FRENCH, FRENCH_RANKS, SHEET_WIDTH, GameText, Role, cut
from parlor.core.view import View
from parlor.core.words import N_, said, Seats, listed, say, say_n, seats_of

from .cards import DECK
from .view import bids_of, turned_of

if TYPE_CHECKING:
    from .rules import JokerRules

# A suit's name in refusals ("holds a heart and must follow suit"), by suit number.
SUIT_NAMES = ("spade", "heart", "diamond", "club")


def _kind_words(token: str) -> str:
    """The kind of a deal by its token, in words (a deal of 1 to 8 cards turns its trump up)."""
    return {"9": say("trump chosen"), "nt": say("no trump"), "dark": say("dark"), "gold": say("golden"),
            "misere": say("misère")}.get(token, say("turned trump"))


def _joker_as(seat: str, mode: str) -> str:
    """A joker in a trick's list of cards, with what it was played as (its mode: "high S", "low H",
    "take", "discard"), one whole phrase a mode."""
    how = mode.split()
    if how[0] == "high":
        return say("{seat}: the joker as the highest {suit}", seat=seat, suit=_suit(how[1]))
    if how[0] == "low":
        return say("{seat}: the joker as the lowest {suit}", seat=seat, suit=_suit(how[1]))
    if how[0] == "take":
        return say("{seat}: the joker to take", seat=seat)
    return say("{seat}: the joker thrown away", seat=seat)


def _suit(letter: str) -> str:
    return JokerText.word(FRENCH[letter].name)


class JokerText(GameText):
    rules: "JokerRules"  # its chapters (plans) and premium variant make the score sheet
    suits = FRENCH
    rank_names = FRENCH_RANKS
    about = N_("Georgian trick-taking for four: bid the exact number of tricks you will take; "
                "the two jokers play as high or as low as you like.")
    option_words = {
        "length": (N_("Deals"), {"classic24": N_("Classic: 24 deals"), "short12": N_("Short: 12 deals"),
                                  "full40": N_("Full: 40 deals, with golden, no-trump, dark and misère chapters")}),
        "shtanga": (N_("Shtanga (bid, no trick taken)"),
                    {-100: N_("−100 for a shtanga"), -200: N_("−200 for a shtanga"),
                     "per_card": N_("−100 for each card dealt")}),
        "premium": (N_("Chapter premium"), {"double": N_("Best deal doubled"),
                                             "cross_out": N_("The others' best deal struck out")}),
        "first_dealer": (N_("First dealer"), {0: N_("Seat 0"), 1: N_("Seat 1"), 2: N_("Seat 2"),
                                               3: N_("Seat 3"), "random": N_("Drawn at random")}),
        "schedule": (N_("Your own deals"), {
            "9": N_("9 cards, trump chosen"), "nt": N_("9 cards, no trump"),
            "dark": N_("9 cards, dark (bids before trump)"), "gold": N_("9 cards, golden (+100 a trick)"),
            "misere": N_("9 cards, misère (−100 a trick)")}),
    }
    option_docs = {
        "length": N_("How long the match is: its deals, in chapters."),
        "shtanga": N_("What a player loses who bid at least one trick and took none."),
        "premium": N_("What a player earns who makes every bid of a chapter."),
        "first_dealer": N_("Who deals the first deal."),
        "schedule": N_("Your own chapters instead of Deals: a list of chapters, each a list of deals, "
                       'as "1" to "9", "nt", "dark", "gold" or "misere"; '
                       'for example [["1", "2"], ["nt", "9"]]. Blank: none.'),
    }
    turn_words = {"trump": N_("name the trump suit")}
    case_forms = {"ka": {"the joker": ("ჯოკერს", "ჯოკერის", "ჯოკერით"),
                         "the first joker": ("პირველ ჯოკერს", "პირველი ჯოკერის", "პირველი ჯოკერით"),
                         "the second joker": ("მეორე ჯოკერს", "მეორე ჯოკერის", "მეორე ჯოკერით")}}
    pile_names = {"turned": N_("turned card"), "first_three": N_("your first three cards")}

    @classmethod
    def option_label(cls, option: Option) -> tuple[str, dict]:
        """The declared words, and the schedule's deals of 1 to 8 cards, whose words a count says."""
        label, values = super().option_label(option)
        return (label, cls.deal_kinds()) if option.name == "schedule" else (label, values)

    @classmethod
    def deal_kinds(cls) -> dict[str, str]:
        """Each kind of deal by its token, in words: "3 cards, trump turned up", "9 cards, no trump"."""
        return {**{str(n): say_n("{count} card, trump turned up", "{count} cards, trump turned up", n)
                   for n in range(1, 9)}, **{k: said(w) for k, w in cls.option_words["schedule"][1].items()}}

    def _kinds_legend(self, tokens: list[str]) -> list[str]:
        """The sheet's kind column in words, the kinds it shows in their first order: the deals of
        1 to 8 cards as one range, "nt: 9 cards, no trump"."""
        used = list(dict.fromkeys(tokens))
        turned_up = [t for t in used if t.isdigit() and int(t) < 9]  # the deals of 1 to 8 cards
        counts = sorted(int(t) for t in turned_up)
        kinds = self.deal_kinds()
        items = []
        if counts:
            items.append(say("{low}–{high}: that many cards, trump turned up", low=counts[0], high=counts[-1])
                         if len(counts) > 1 else say("{token}: {kind}", token=counts[0], kind=kinds[str(counts[0])]))
        items += [say("{token}: {kind}", token=t, kind=kinds.get(t, t)) for t in used if t not in turned_up]
        return textwrap.wrap(say("Kinds of deal: {kinds}", kinds=listed(items, "; ")), SHEET_WIDTH) if items else []

    def table_lines(self, v: View) -> list[str]:
        """The deal, trump, bids, the last trick, tricks won, the trick's joker modes, the chapter."""
        who = seats_of(v)
        cards = v["cards"]
        lines = [say_n("Deal {deal} of {deals} - chapter {chapter} - {count} card each ({kind}) - dealer {dealer}",
                       "Deal {deal} of {deals} - chapter {chapter} - {count} cards each ({kind}) - dealer {dealer}",
                       cards, deal=v["deal"], deals=v["deals"], chapter=v["chapter"],
                       kind=_kind_words(v["kind"]), dealer=who(v["dealer"]))]
        trump = v["trump"]
        turned = turned_of(v)
        if turned:
            card = self.card_words(turned)
            lines.append(say("Turned up: {card}; no trump", card=card) if trump == "none" else
                         say("Turned up: {card}; trump: {suit}", card=card, suit=_suit(trump)))
        elif trump is None:
            lines.append(say("Trump: not named yet ({chooser} chooses after seeing three cards)",
                             chooser=who(v["chooser"])))
        else:
            lines.append(say("Trump: none") if trump == "none" else say("Trump: {suit}", suit=_suit(trump)))
        if v["hand_hidden"]:
            lines.append(say_n("{count} of your cards is still face down",
                               "{count} of your cards are still face down", v["hand_hidden"]))
        bids = bids_of(v)
        if bids is not None:
            said = listed(say("{seat}: not yet", seat=who(p)) if b is None else say("{seat}: {bid}", seat=who(p), bid=b)
                          for p, b in enumerate(bids))
            lines.append(say("Bids: {bids}", bids=said))
            if v["phase"] == "bid" and v["to_act"] == v["dealer"]:
                r = cards - sum(b for b in bids if b is not None)
                if 0 <= r <= cards:
                    lines.append(say("Dealer may not bid {bid} (the bids would total {cards})", bid=r, cards=cards))
        if v["tricks"]:
            last = v["tricks"][-1]
            modes = dict(last["modes"])
            played = listed(_joker_as(who(p), modes[p]) if p in modes else
                            say("{seat}: {card}", seat=who(p), card=self.card_words(c)) for p, c in last["cards"])
            lines.append(say("Last trick: {cards}; won by {winner}", cards=played, winner=who(last["winner"])))
        won = listed(say("{seat}: {won}", seat=who(p), won=f["won"]) for p, f in enumerate(v["seat_facts"]))
        lines.append(say("Tricks won: {tricks}", tricks=won))
        if v["trick_modes"]:  # the trick's cards are shown elsewhere; a joker's mode only here
            jokers = listed(_joker_as(who(p), mode) for p, mode in v["trick_modes"])
            lines.append(say("Joker in this trick: {jokers}", jokers=jokers))
        if v["chapter_premium"] and v["chapter_results"]:
            on = [p for p in range(4) if all(r["bids"][p] == r["tricks"][p] for r in v["chapter_results"])]
            lines.append(say("Every bid of the chapter kept so far: {seats}", seats=listed(who(p) for p in on))
                         if on else say("Every bid of the chapter kept so far: nobody"))
        return lines

    def card_words(self, code: str) -> str:
        return self.word(N_("the joker")) if code in ("X1", "X2") else super().card_words(code)

    def _own_card(self, v: View, code: str) -> str:
        """A card of the hand: the two jokers told apart when the hand holds both."""
        if code in ("X1", "X2") and {"X1", "X2"} <= set(v["hand"]):
            return self.word(N_("the first joker") if code == "X1" else N_("the second joker"))
        return self.card_words(code)

    def action_words(self, v: View, action: str) -> str:
        verb, *rest = action.split()
        if verb == "trump":
            return say("Play with no trump") if rest[0] == "none" else say("Make {suit} trump", suit=_suit(rest[0]))
        if verb == "bid":
            return say("Bid {bid}", bid=rest[0])
        card, mode = self._own_card(v, rest[0]), rest[1:]
        if not mode:
            return say("Lead {card}", card=card) if not v["trick"] else say("Play {card}", card=card)
        if mode[0] == "high":
            return say("Lead {card}: highest {suit}", card=card, suit=_suit(mode[1]))
        if mode[0] == "low":
            return say("Lead {card}: lowest {suit}", card=card, suit=_suit(mode[1]))
        if mode[0] == "take":
            return say("Play {card} to take the trick", card=card)
        return say("Throw {card} away", card=card)

    def move_words(self, v: View, seat: int, action: str) -> str:
        who = seats_of(v)
        p = who(seat)
        verb, *rest = action.split()
        if verb == "trump":
            if rest[0] == "none":
                return who.agree(seat, say("{you} choose no trump", you=p), say("{seat} chooses no trump", seat=p))
            suit = _suit(rest[0])
            return who.agree(seat, say("{you} make {suit} trump", you=p, suit=suit),
                             say("{seat} makes {suit} trump", seat=p, suit=suit))
        if verb == "bid":
            return who.agree(seat, say("{you} bid {bid}", you=p, bid=rest[0]),
                             say("{seat} bids {bid}", seat=p, bid=rest[0]))
        card, mode = self.card_words(rest[0]), rest[1:]
        if not mode:
            return who.agree(seat, say("{you} play {card}", you=p, card=card),
                             say("{seat} plays {card}", seat=p, card=card))
        if mode[0] in ("high", "low"):
            suit = _suit(mode[1])
            if mode[0] == "high":
                return who.agree(seat, say("{you} lead the joker: highest {suit}", you=p, suit=suit),
                                 say("{seat} leads the joker: highest {suit}", seat=p, suit=suit))
            return who.agree(seat, say("{you} lead the joker: lowest {suit}", you=p, suit=suit),
                             say("{seat} leads the joker: lowest {suit}", seat=p, suit=suit))
        if mode[0] == "take":
            return who.agree(seat, say("{you} play the joker to take the trick", you=p),
                             say("{seat} plays the joker to take the trick", seat=p))
        return who.agree(seat, say("{you} throw the joker away", you=p), say("{seat} throws the joker away", seat=p))

    def trick_words(self, v: View, trick: dict) -> str:
        """Who won the trick and with what, a winning joker's mode said, then what each other
        joker of the trick was played as."""
        who, w = seats_of(v), trick["winner"]
        modes = dict(trick["modes"])
        clauses = [self._won_with(who, w, dict(trick["cards"])[w], modes.get(w))]
        for p, mode in trick["modes"]:
            if p == w:
                continue
            how = mode.split()
            if how[0] == "high":
                clauses.append(say("{seat} led the joker: highest {suit}", seat=who(p), suit=_suit(how[1])))
            elif how[0] == "low":
                clauses.append(say("{seat} led the joker: lowest {suit}", seat=who(p), suit=_suit(how[1])))
            elif how[0] == "take":
                clauses.append(say("{seat} played the joker to take, but a later joker took it", seat=who(p)))
            else:
                clauses.append(say("{seat} threw the joker away", seat=who(p)))
        return listed(clauses, say("; "))

    def _won_with(self, who: Seats, w: int, card: str, mode: str | None) -> str:
        """Who won the trick, with which card: a winning joker with its mode, one sentence a mode."""
        if mode is None:
            card = self.card_words(card)
            return who.agree(w, say("{you} win the trick with {card}", you=who(w), card=card),
                             say("{seat} wins the trick with {card}", seat=who(w), card=card))
        how = mode.split()
        if how[0] == "high":
            suit = _suit(how[1])
            return who.agree(w, say("{you} win the trick with the joker, led for the highest {suit}", you=who(w),
                                    suit=suit),
                             say("{seat} wins the trick with the joker, led for the highest {suit}", seat=who(w),
                                 suit=suit))
        if how[0] == "low":
            suit = _suit(how[1])
            return who.agree(w, say("{you} win the trick with the joker, led as the lowest {suit}", you=who(w),
                                    suit=suit),
                             say("{seat} wins the trick with the joker, led as the lowest {suit}", seat=who(w),
                                 suit=suit))
        return who.agree(w, say("{you} win the trick with the joker, played to take", you=who(w)),
                         say("{seat} wins the trick with the joker, played to take", seat=who(w)))

    def card_role(self, v: View, code: str) -> Role | None:
        if code in ("X1", "X2"):
            return Role("joker", say("joker"))
        trump = v.get("trump")
        if trump in (None, "none") or DECK.card(code) is None:
            return None
        return Role("trump", say("trump")) if code[1] == trump else None

    def deal_result(self, result: DealResult, names: Sequence[str] | None) -> str:
        """"3 cards, trump turned up; trump: hearts; Ann bid 1, took 1 trick; ...": the deal's number is
        the caller's ("Deal 3 is over: ..."), so it is not said twice."""
        d, who = result.data, Seats(names)
        kind = self.deal_kinds()[d["token"]]
        clauses = [kind]
        if d["token"] != "nt":  # the kind says it has no trump
            clauses.append(say("no trump") if d["trump"] == "none" else say("trump: {suit}", suit=_suit(d["trump"])))
        if d["bids"] is not None:  # gold and misère deals have no bids
            clauses += [say_n("{seat} bid {bid}, took {count} trick", "{seat} bid {bid}, took {count} tricks", k,
                              seat=who(p), bid=b) for p, (b, k) in enumerate(zip(d["bids"], d["tricks"]))]
        else:
            clauses += [say_n("{seat} took {count} trick", "{seat} took {count} tricks", k, seat=who(p))
                        for p, k in enumerate(d["tricks"])]
        if any(d["premium"]):
            premium = listed(say("{seat} {points:+d}", seat=who(p), points=x) for p, x in enumerate(d["premium"]) if x)
            clauses.append(say("chapter premium: {premium}", premium=premium))
        return listed(clauses, say("; "))

    def score_sheet(self, results: list[DealResult], names: list[str]) -> str:
        width = 11  # "bid tk  pts": four seats and the label fit SHEET_WIDTH
        sep = " | "

        def row(label: str, cells: list[str]) -> str:
            return f"{label:<15}" + sep + sep.join(f"{c:>{width}}" for c in cells)

        # the sheet's column heads, said before the rows are laid out
        kind, trump, bid, tk, pts = say("kind"), say("trump"), say("bid"), say("tk"), say("pts")
        lines = [row("", [cut(n, width) for n in names]),
                 row(f"{'#':>2} {kind:<6} {trump}", [f"{bid:>3}{tk:>3}{pts:>5}"] * 4)]
        plans = self.rules.plans
        totals = [0, 0, 0, 0]
        chapter_sum = [0, 0, 0, 0]
        current = None
        for r in results:
            d = r.data
            number = d["deal"]
            chapter = d["chapter"]
            if chapter != current:
                current = chapter
                chapter_sum = [0, 0, 0, 0]
                kinds = " ".join(p.token for p in plans if p.chapter == chapter)
                lines.append(say("Chapter {number}: {kinds}", number=chapter + 1, kinds=kinds)
                             if plans[number - 1].premium else
                             say("Chapter {number}: {kinds}  (no premium)", number=chapter + 1, kinds=kinds))
            bids = d["bids"]
            cells = []
            for s in range(4):
                bid = "-" if bids is None else str(bids[s])
                cells.append(f"{bid:>3}{d['tricks'][s]:>3}{d['base'][s]:>5}")
            trump = FRENCH[d["trump"]].sign if d["trump"] in FRENCH else "-"  # the suit's sign, as a card shows it
            lines.append(row(f"{number:>2} {d['token']:<6} {trump:<5}", cells))
            if any(d["premium"]):
                lines.append(row("   " + say("* premium"), [f"{x:+d}*" if x else "" for x in d["premium"]]))
            chapter_sum = [a + b for a, b in zip(chapter_sum, r.points)]
            totals = [a + b for a, b in zip(totals, r.points)]
            if number == plans[number - 1].last:
                lines.append(row("  " + say("chapter {number}", number=chapter + 1), [str(x) for x in chapter_sum]))
                lines.append(row("  " + say("running total"), [str(x) for x in totals]))
        lines.append(row(say("TOTAL"), [str(x) for x in totals]))
        lines += self._kinds_legend([r.data["token"] for r in results])
        if any(any(r.data["premium"]) for r in results):
            lines.append(say("* chapter premium, best deal counted twice") if self.rules.options["premium"] == "double"
                         else say("* chapter premium, best deal of those who failed struck out"))
        return "\n".join(lines)
