"""A game's words for people, and how its cards look: the contract of games/<id>/text.py.

Every front end (the line mode, the terminal, the browser, the OpenSpiel and PettingZoo
renderings) reads a game's words through one object, `parlor.core.registry.text_of(rules)`: the
game's `GameText` subclass (its package's TEXT, defined in games/<id>/text.py), bound to the
table's rules, or this class itself for a game without one. It gives

    table_lines(view)              the table described to a person, beyond what every front end
                                   draws itself (hand, trick, scores)
    card_role(view, code)          what a card is under the deal's trump, a Role (id and words)
    wanted(view)                   the kinds of move the seat may make now ("discard a card")
    suit_legend()                  each suit's sign and name, where the game's suits are its own
    deal_result(result, names)     a finished deal in a sentence, from its DealResult's data
    score_sheet(results, names)    the match's score sheet as text
    card_faces(deck)               how each card is drawn: suit signs, colours, names, titles
                                   (the same at every table: `registry.faces_of(game_id)`,
                                   worked out once)
    card_words(code)               a card in a sentence: "the king of spades"
    pile_words(label, state)       a place of face-up cards (a `face_up` label, a view key holding
                                   cards) in words: "face-up card", "discard pile"
    fact_words(fact, value)        a seat's fact that is a word (`seat_facts`) in words: "passed"
    fact_short(fact, value)        the same in as few words as a narrow row holds: "called ∴"
    option_doc(option)             what a table option does and which values it takes, in words
    action_words(view, action)     a legal move as its button says it to the seat to act:
                                   "Bid 2", "Lead the joker: highest diamonds"
    move_words(view, seat, action) a move that was made, as the audience whose view it is saw it
                                   (its log's action string): "Cai plays the king of spades"
    trick_words(view, trick)       a completed trick of the view's `tricks`: "Ann wins the trick
                                   with the ace of hearts"
    refusal_words(reason, names, you)  the rules' reason a move is refused, told to seat `you`:
                                   "you do not hold the nine of hearts"

Every sentence is said from a message template (core/words.py). The engine keeps its own
notation: `DealResult.detail` is what records' replay reports print; people read the game's sentence.
"""

import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from .cards import Deck
from .options import Option
from .rules import DealResult, Rules, name_seats
from .view import HIDDEN, View
from .words import N_, Card, Cards, Reason, Seat, Seats, SuitOf, Word, fill, listed, phrase, said, say, seats_of, word


@dataclass(frozen=True)
class Role:
    """What a card is under the deal's trump: an id that front ends may key on ("oracle",
    "trump", "tenka"; the terminal's short name comes from it) and the words a person reads."""
    id: str
    words: str


@dataclass(frozen=True)
class Suit:
    """How a suit is named and drawn. The browser writes a suit without a `mark` as its letter,
    in a colour of its own (`tone` None: the suit's place among the deck's suits)."""
    name: str  # in a card's title: "hearts", "Architecture"; a template (N_), said where shown
    sign: str  # on a terminal card, one column wide: "♥", "⌂"
    ink: str  # the terminal's colour for the suit, a Rich colour name
    mark: str = ""  # the browser's sign for it
    tone: int | None = None  # the browser's colour class: 0 black, 1 red
    emblem: str = ""  # the browser's drawing of the suit (static/cards.js EMBLEMS); "" a plain letter


# The French ranks' names, where a game's codes write them as letters (the ten is "10").
# TRANSLATORS: a rank's name, the {rank} of "the {rank} of {suit}" (in the nominative).
FRENCH_RANKS = {"A": N_("ace"), "K": N_("king"), "Q": N_("queen"), "J": N_("jack")}

# TRANSLATORS: a suit's name, the {suit} of "the {rank} of {suit}" (in the nominative).
FRENCH = {"S": Suit(N_("spades"), "♠", "black", "♠", 0, "spade"),
          "H": Suit(N_("hearts"), "♥", "red", "♥", 1, "heart"),
          "D": Suit(N_("diamonds"), "♦", "red", "♦", 1, "diamond"),
          "C": Suit(N_("clubs"), "♣", "black", "♣", 0, "club")}

# The case forms (core/words.py CASES: dative, genitive, instrumental) of the names above and of
# "a card", in the languages whose sentences ask for them: a name's template -> its forms
# ("{card:ins}"). Georgian: docs/glossary/ka.md. Finnish asks only the genitive ("{suit:gen} {rank}":
# "padan kuningas"), its other two forms are the nominative.
CARD_FORMS = {"fi": {"spades": ("pata", "padan", "pata"), "hearts": ("hertta", "hertan", "hertta"),
                     "diamonds": ("ruutu", "ruudun", "ruutu"), "clubs": ("risti", "ristin", "risti")},
              "ka": {"a card": ("ერთ კარტს", "ერთი კარტის", "ერთი კარტით"),
                     "ace": ("ტუზს", "ტუზის", "ტუზით"), "king": ("მეფეს", "მეფის", "მეფით"),
                     "queen": ("ქალს", "ქალის", "ქალით"), "jack": ("ვალეტს", "ვალეტის", "ვალეტით"),
                     "spades": ("ყვავს", "ყვავის", "ყვავით"), "hearts": ("გულს", "გულის", "გულით"),
                     "diamonds": ("აგურს", "აგურის", "აგურით"), "clubs": ("ჯვარს", "ჯვრის", "ჯვრით")}}


@dataclass(frozen=True)
class Face:
    """How one card is drawn, by the terminal and by the browser."""
    code: str
    rank: str  # the rank as printed ("10" for T); a special card's code
    title: str  # the card in words: "TH: 10 of hearts"
    sign: str  # the terminal's suit sign, one column wide, or ""
    ink: str  # the terminal's colour, a Rich colour name
    mark: str  # the browser's suit sign: a symbol, the suit's letter, ★ for a special card
    tone: int | str  # the browser's colour class: a number, "x" for a special card
    emblem: str = ""  # the browser's drawing of the suit, "joker" for a special card
    name: str = ""  # the rank's name where the game names it ("Kaba", "Master"), else the rank; a template
    suit: str = ""  # the suit's name ("hearts"), a template; "" for a special card


def suit_and_rank(codes: Sequence[str]) -> dict[str, tuple[str, str]]:
    """code -> (suit letter, rank text). A code is a suit character and a rank, on one side or
    the other (`6L`, `TH`, `P7`, `ISu`): the side whose characters take fewer values is the suit."""
    suit_first = len(Counter(c[0] for c in codes)) < len(Counter(c[-1] for c in codes))
    return {c: (c[0], c[1:]) if suit_first else (c[-1], c[:-1]) for c in codes}


def _faces(text: type["GameText"], deck: Deck) -> dict[str, Face]:
    split = suit_and_rank(deck.codes)
    sizes = Counter(s for s, _ in split.values())
    letters = [s for s in dict.fromkeys(s for s, _ in split.values()) if sizes[s] >= 3]
    suits = text.suits or (FRENCH if all(s in FRENCH for s in letters) else {})
    out = {}
    for code, (letter, rank) in split.items():
        if letter not in letters:  # a joker, or another card of no suit
            title = say("{code} (special card)", code=code)
            out[code] = Face(code, code, title, "★", "magenta", "★", "x", "joker", code)
            continue
        suit = suits.get(letter) or Suit(letter, "", "black")
        shown = "10" if rank == "T" else rank
        name = text.rank_names.get(rank, shown)
        title = say("{code}: {rank} of {suit}", code=code, rank=text.word(name), suit=text.word(suit.name))
        tone = letters.index(letter) % 6 if suit.tone is None else suit.tone
        out[code] = Face(code, shown, title, suit.sign, suit.ink, suit.mark or letter, tone, suit.emblem, name,
                         suit.name)
    return out


class GameText:
    """The words of one table's game (its rules: options, seats). Without a text module of its
    own a game has these: no table lines, no card roles, its deal results' detail with the
    table's names, the score sheet below, and faces worked out from the deck's codes."""

    # The deck's suit letters -> how each is named and drawn. Undeclared: French suits where the
    # letters are S H D C, else each suit its letter.
    suits: ClassVar[dict[str, Suit]] = {}
    # A rank (as in the codes) -> its name in a card's title ("Ka": "Kaba"); else the rank. The
    # names and the words below are templates (N_), said when shown: a class is made before a
    # language is chosen.
    rank_names: ClassVar[dict[str, str]] = {}
    # A table option's name -> its label and its values in words, for the lobby: ("Deals",
    # {"classic24": "Classic: 24 deals"}). A JSON option's words name the parts it is built of
    # (Joker's schedule: each deal token). Undeclared: the option's doc, and each value as it is.
    option_words: ClassVar[dict[str, tuple[str, dict]]] = {}
    # A table option's name -> what it does and which values it takes, a template, for the start
    # screens (`option_doc`). Undeclared: the engine's doc, in English.
    option_docs: ClassVar[dict[str, str]] = {}
    # The game in one line, for the lobby's card of it (said by `about_words`).
    about: ClassVar[str] = ""
    # A verb of the game's moves -> the kind of move it is, in words, for the line that tells a
    # person what is wanted of them ("discard a card"); a game adds its own verbs to TURN_WORDS.
    turn_words: ClassVar[dict[str, str]] = {}
    # A `face_up` label or a view key holding cards -> its name, a template (`pile_words`).
    pile_names: ClassVar[dict[str, str]] = {}
    # View keys holding cards that are facts about the table, not a place on it: the browser
    # draws none of them beside the trick (the table lines say them).
    unplaced: ClassVar[frozenset[str]] = frozenset()
    # The case forms of the game's own card and suit names, as CARD_FORMS: a language -> a name's
    # template -> its forms in the order of core/words.py CASES.
    case_forms: ClassVar[dict[str, dict[str, tuple[str, ...]]]] = {}

    def __init__(self, rules: Rules):
        self.rules = rules

    @classmethod
    def option_label(cls, option: Option) -> tuple[str, dict]:
        """An option's label and its values' words (those it declares; others are shown as
        they are)."""
        if option.name not in cls.option_words:
            return option.doc or option.name, {}
        label, values = cls.option_words[option.name]
        return said(label), {value: said(words) for value, words in values.items()}

    @classmethod
    def option_doc(cls, option: Option) -> str:
        """What an option does and which values it takes, in the language in use."""
        return said(cls.option_docs[option.name]) if option.name in cls.option_docs else option.doc or option.allowed

    @classmethod
    def about_words(cls) -> str:
        """The game in one line, said in the language in use."""
        return said(cls.about) if cls.about else ""

    @classmethod
    def card_faces(cls, deck: Deck) -> dict[str, Face]:
        """Every card code of the game's deck -> how it is drawn."""
        return _faces(cls, deck)

    @cached_property
    def faces(self) -> dict[str, Face]:
        return type(self).card_faces(self.rules.deck)

    @classmethod
    def word(cls, template: str) -> Word:
        """A card's or a suit's name (a template) said in the language in use, with its case forms."""
        own = {lang: {**CARD_FORMS.get(lang, {}), **names} for lang, names in cls.case_forms.items()}
        return word(template, {**CARD_FORMS, **own})

    def card_words(self, code: str) -> str:
        """A card in a sentence: "the king of spades", "the Kaba of Pao"; a card the audience
        cannot see (HIDDEN) is "a card". A Word: a translation may ask for its case ("{card:ins}")."""
        if code == HIDDEN:
            return self.word(N_("a card"))
        face = self.faces[code]
        if not face.suit:
            return phrase(said(N_("the {card}")), card=self.word(face.name))
        # TRANSLATORS: a card in a sentence; {rank} ("king") and {suit} ("spades") are said from
        # their own templates. Order them as your language does ("pikk király"); a case spec asks
        # for a part's case and the part without one takes the card's case (Georgian
        # "{suit:gen} {rank}": "გულის მეფე", "გულის მეფით"; docs/translating.md).
        return phrase(said(N_("the {rank} of {suit}")), rank=self.word(face.name), suit=self.word(face.suit))

    def pile_words(self, label: str, state: str | None = None) -> str:
        """A place of face-up cards in words, by its `face_up` label (and state) or its view key;
        undeclared, the label with spaces."""
        return said(self.pile_names[label]) if label in self.pile_names else label.replace("_", " ")

    def fact_words(self, fact: str, value: str) -> str:
        """A seat's fact that is a word ("pass", a `seat_facts` value) in words; undeclared, the
        word itself."""
        return value.replace("_", " ")

    def fact_short(self, fact: str, value: str) -> str:
        """A seat's word fact in as few words as a row beside its name holds where there is
        little room (the terminal's seat rows: about 12 columns); undeclared, `fact_words`."""
        return self.fact_words(fact, value)

    def _named(self, action: str) -> str:
        """An action string with each card in words: the plain fallback of the methods below."""
        return " ".join(self.card_words(w) if w in self.faces or w == HIDDEN else w for w in action.split())

    def action_words(self, view: View, action: str) -> str:
        """A legal move of `view` as its button says it to the seat to act: "Bid 2", "Discard the
        7 of hearts". Here: the action with its cards in words."""
        text = self._named(action)
        return text[:1].upper() + text[1:]

    def move_words(self, view: View, seat: int, action: str) -> str:
        """A move `seat` made, as the audience of `view` saw it: `action` is the string its log
        holds (a hidden card is "??"). Said from the action and the view's names only, so that
        a move of an earlier deal reads as it did: "Cai plays the king of spades"."""
        return say("{seat}: {move}", seat=seats_of(view)(seat), move=self._named(action))

    def trick_words(self, view: View, trick: dict) -> str:
        """A completed trick, one of `view`'s `tricks`: who won it, with which card."""
        who, p = seats_of(view), trick["winner"]
        card = self.card_words(dict(trick["cards"])[p])
        return who.agree(p, say("{you} win the trick with {card}", you=who(p), card=card),
                         say("{seat} wins the trick with {card}", seat=who(p), card=card))

    def refusal_words(self, reason: str, names: Sequence[str] | None, you: int | None) -> str:
        """The rules' reason a move is refused (a Reason, core/words.py), told to seat `you` in
        the language in use: its cards and suits named, its seats by `names`, and said to `you`
        with its `you` template when the refusal is about that seat. A reason that is plain text
        is the engine's English, its seats named."""
        if not isinstance(reason, Reason):
            return name_seats(reason, list(names) if names else None, you)
        seats = Seats(names)
        seat = reason.params.get("seat")
        spoken_to = isinstance(seat, Seat) and (seat.number == you or seats.spoken_to(seat.number))
        params = {key: self._refusal_param(value, seats, you) for key, value in reason.params.items()}
        return fill(said(reason.you if spoken_to and reason.you else reason.template), **params)

    def _refusal_param(self, value: object, seats: Seats, you: int | None) -> object:
        if isinstance(value, Card):
            return self.card_words(value)
        if isinstance(value, Cards):
            return listed(self.card_words(code) for code in value.codes)
        if isinstance(value, SuitOf):
            suit = (type(self).suits or FRENCH).get(value.letter)
            return self.word(suit.name) if suit else value.letter
        if isinstance(value, Seat):
            return seats(value.number)
        if isinstance(value, Reason):
            return self.refusal_words(value, seats.names, you)
        return value

    def table_lines(self, view: View) -> list[str]:
        """Lines that describe the table to a person, beyond the hand, the trick and the scores
        that every front end shows itself: trump, bids, melds, tricks won... The seats are named
        by the view's "names", which front ends add (core/words.py `seats_of`)."""
        return []

    def card_role(self, view: View, code: str) -> Role | None:
        """What a card is under the view's trump ("Oracle", "trump"), or None."""
        return None

    def wanted(self, view: View) -> str:
        """The kinds of move the view's seat may make now, in words ("discard a card, lay off or
        meld"): each verb of its legal moves once, those naming a card first and "pass" last;
        "play" is "lead" on an empty trick."""
        legal = view["legal"]
        deck = self.rules.deck
        verbs = list(dict.fromkeys(a.split(" ")[0] for a in legal))
        verbs.sort(key=lambda verb: (not any(a.startswith(verb + " ") and deck.card(a.split(" ")[-1]) is not None
                                              for a in legal), verb == "pass"))
        known = {**TURN_WORDS, **self.turn_words}
        if view.get("trick") == [] and "play" in verbs:
            verbs[verbs.index("play")] = "lead"
        kinds = list(dict.fromkeys(said(known[verb]) if verb in known else verb for verb in verbs))
        if len(kinds) < 2:
            return kinds[0] if kinds else ""
        return say("{some} or {last}", some=listed(kinds[:-1]), last=kinds[-1])

    def suit_legend(self) -> str:
        """Each suit's sign, letter and name on one line, for a game whose suits are its own
        (nobody needs one for the French suits); "" for the others."""
        if not self.suits or self.suits is FRENCH:
            return ""
        suits = listed((say("{sign} {letter} {name}", sign=suit.sign, letter=letter, name=said(suit.name))
                        for letter, suit in self.suits.items()), "  ")
        return say("Suits: {suits}", suits=suits)

    def deal_result(self, result: DealResult, names: Sequence[str] | None) -> str:
        """A finished deal in one sentence for people, the seats named by `names`."""
        return name_seats(result.detail, list(names) if names else None)

    def score_sheet(self, results: list[DealResult], names: list[str]) -> str:
        """The match's score sheet. Here: one row a deal (each seat's points and its running
        total, "+2 =5"), the deal in a sentence on the lines below it, then the totals; at most
        SHEET_WIDTH wide (names cut to fit eight seats)."""
        n = len(names)
        totals = [0] * n
        cells = []
        for r in results:
            totals = [t + p for t, p in zip(totals, r.points)]
            cells.append([f"{p:+d} ={t}" for p, t in zip(r.points, totals)])
        if 6 + n * (1 + max((len(c) for row in cells for c in row), default=0)) > SHEET_WIDTH:
            cells = [[c.replace(" ", "") for c in row] for row in cells]  # "+2=5": eight seats fit
        # the names as wide as the sheet allows, every number whole
        width = max(7, min(max(len(x) for x in names), (SHEET_WIDTH - 6) // n - 1),
                    *(len(c) for row in cells for c in row))
        deal, total = say("deal"), say("total")
        rows = [f"{deal:<6}" + " ".join(f"{cut(x, width):>{width}}" for x in names)]
        for i, (r, row) in enumerate(zip(results, cells), 1):
            rows.append(f"{i:>4}  " + " ".join(f"{c:>{width}}" for c in row))
            rows += sentence_lines(self.deal_result(r, names))
        rows.append(f"{total:<6}" + " ".join(f"{t:>{width}d}" for t in totals))
        return "\n".join(rows)


# The kinds of move most games share (GameText.wanted); "lead" is a play to an empty trick.
TURN_WORDS = {"play": N_("play a card"), "lead": N_("lead a card"), "discard": N_("discard a card"),
              "bid": N_("bid"), "pass": N_("pass")}

# A score sheet's widest line: the terminal's dialog at 80 columns shows 72 without cutting.
SHEET_WIDTH = 72


def cut(name: str, width: int) -> str:
    """A name cut to `width` columns, marked where it was cut."""
    return name if len(name) <= width else name[:width - 1] + "…"


def sentence_lines(text: str, indent: int = 6) -> list[str]:
    """A sheet's sentence under its row: indented, wrapped at SHEET_WIDTH."""
    pad = " " * indent
    return textwrap.wrap(text, SHEET_WIDTH, initial_indent=pad, subsequent_indent=pad) or []
