"""The games' own words are said in the language in use, not in English when their modules load:
under the pseudo-language every one comes out marked ⟦…⟧ (core/language.py); and every template
written in the source is in the extracted catalog, so none is hidden from the translators."""

import ast
import random
import re
from collections import Counter
from pathlib import Path

import pytest

import parlor
from parlor.core.language import PSEUDO, using
from parlor.core.match import Match
from parlor.core.registry import games, make_rules, text_class, text_of
from parlor.core.text import TURN_WORDS, suit_and_rank
from parlor.core.words import YOU, Seats
from parlor.locale.catalogs import extracted
from parlor.web.public import seat_facts, shown_cards

SRC = Path(parlor.__file__).parent
SAYERS = ("say", "say_n", "N_")


def _marked(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def test_a_games_blurb_options_and_turn_words_are_said_when_shown():
    with using(PSEUDO):
        for gid, cls in games().items():
            text = text_class(gid)
            assert _marked(text.about_words()), gid
            for option in cls.option_schema:
                if option.name in text.option_words:
                    label, values = text.option_label(option)
                    assert _marked(label) and all(_marked(w) for w in values.values()), (gid, option.name)
            game = text_of(cls())
            for verb in {**TURN_WORDS, **text.turn_words}:
                assert _marked(game.wanted({"legal": [f"{verb} x"], "trick": None})), (gid, verb)


def test_the_person_at_the_table_is_named_in_the_language_in_use():
    seats = Seats([YOU, "Ben"])
    with using(PSEUDO):
        assert _marked(seats(0)) and seats(1) == "Ben"
        assert seats.spoken_to(0)  # still the seat spoken to: its sentences have their own templates
    assert seats(0) == "You"


def test_a_cards_words_are_all_said():
    with using(PSEUDO):
        for gid in ("tor", "joker", "yokir"):
            text = text_of(games()[gid]())
            code = next(c for c, f in text.faces.items() if f.suit and not f.rank.isdigit() or gid == "yokir")
            words = text.card_words(code)
            face = text.faces[code]
            # the sentence is marked, and inside it the rank and the suit are each marked too
            assert _marked(words) and words.count("⟦") == 3, (gid, words)
            assert f"⟦{face.name}⟧" in words and f"⟦{face.suit}⟧" in words


def _templates() -> set[str]:
    """Every template literal of a say, say_n or N_ call in the package."""
    out = set()
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SAYERS:
                for arg in node.args[:2 if node.func.id == "say_n" else 1]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        out.add(arg.value)
    return out


def test_every_template_in_the_source_is_in_the_extracted_catalog():
    """Babel misses a call inside an f-string or nested in another call's arguments; each such
    template would reach a person in English in every language."""
    ids = set()
    for message in extracted():
        ids.update(message.id if isinstance(message.id, tuple) else (message.id,))
    missing = _templates() - ids
    assert not missing, f"templates Babel does not extract: {sorted(missing)}"


# --- a deal's result and the table's lines in words (issue 31): cards named as cards, suits by
# their names, never the engine's codes

SETUPS = {"tor": ({"deals": 3}, 4), "yokir": ({"target": 3}, 3), "joker": ({"length": "short12"}, 4),
          "meri": ({"num_deals": 2}, 8)}
NAMES = ["Ann", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _raw(rules) -> "re.Pattern":
    """A card code or a suit letter standing alone as a word ("X1", "trump H", "tricks A3")."""
    codes = set(rules.deck.codes)
    suits = Counter(s for s, _ in suit_and_rank(rules.deck.codes).values())
    words = sorted(codes | {s for s, n in suits.items() if n >= 3}, key=len, reverse=True)
    return re.compile(r"(?<![\w♠♥♦♣])(" + "|".join(map(re.escape, words)) + r")(?!\w)")


def _played(game: str, seed: int):
    """A match of `game` played at random from `seed`, at each of its states to its end."""
    options, seats = SETUPS[game]
    rules = make_rules(game, options, seats)
    match, pick = Match(rules, seed, names=NAMES[:seats]), random.Random(seed)
    while not match.finished:
        yield match
        match.apply(pick.choice(match.legal()))
    yield match


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_no_deal_result_or_table_line_holds_a_card_code_or_a_suit_letter(game):
    raw = None
    said: list[str] = []
    ended = 0
    for match in _played(game, 3):
        words = text_of(match.rules)
        raw = raw or _raw(match.rules)
        views = [match.view(seat) for seat in range(match.rules.seats)]
        if len(match.results) > ended:  # the deal just ended, as its last view showed it (Tőr's hands)
            ended = len(match.results)
            views += [match.closed_view(seat) for seat in range(match.rules.seats)]
        for v in views:
            view = dict(v, names=NAMES[:match.rules.seats])
            said += words.table_lines(view)
            said += [label for label, _ in shown_cards(words, view)]
            said += [w for facts in seat_facts(words, view) for w in facts.values()]
    names = NAMES[:match.rules.seats]
    said += [words.deal_result(r, names) for r in match.results]
    said.append(words.score_sheet(match.results, names))
    assert len(match.results) > 1
    found = sorted({m.group(0) + " in " + text for text in said for m in raw.finditer(text)})
    assert not found, "\n".join(found[:20])


# Each game's first deal from seed 3 (SETUPS), seen by Ann at seat 0 after that many moves: its
# table lines, then the deal's result.
EXACT = {
    "joker": (6, ["Deal 1 of 12 - chapter 1 - 1 card each (turned trump) - dealer Ann",
                  "Turned up: the jack of clubs; trump: clubs", "Bids: Ann: 1, Ben: 0, Cai: 0, Dee: 1",
                  "Tricks won: Ann: 0, Ben: 0, Cai: 0, Dee: 0"],
              "1 card, trump turned up; trump: clubs; Ann bid 1, took 1 trick; Ben bid 0, took 0 "
              "tricks; Cai bid 0, took 0 tricks; Dee bid 1, took 0 tricks"),
    "meri": (30, ["Trump: Koppu; Tenka, the Robai of Pao, is always a trump; the indicator: the 5 of Koppu; the trump "
                  "Robai, the Robai of Koppu: hidden",
                  "Declaration: Ben passed, Cai passed, Dee passed, Eve passed, Fay passed, Gus passed, Hal passed, "
                  "Ann passed",
                  "Taker: Ann (the dealer, nobody declared), took the indicator, the 5 of Koppu",
                  "Side cards (out of play): the discard, the Kaba of Guru; the 3 of Ouru; the 7 of Isu",
                  "Trick 3: no Meri yet",
                  "Tricks: team A 0, team B 2; combos: team A +0, team B +0; deal points: team A 0, team B 2 (you "
                  "are team A with Cai, Eve, Gus)",
                  "Last trick 2: Fay: the Sun of Guru, Gus: the 4 of Pao, Hal: the 5 of Guru, Ann: the 8 of Guru, "
                  "Ben: the 1 of Ouru, Cai: the 9 of Guru, Dee: the 6 of Koppu, Eve: the 2 of Guru; won by Dee"],
             "trump: Koppu; taker Ann (nobody declared, hidden Robai); tricks: team A 5, team B 4; trick 6 — 8 over 9 "
             "moves 2 points to team A; points: team A 7, team B 2"),
    "tor": (1, ["Stock (talon): 31 cards", "Discard pile: empty", "Melds: none",
                "Cards in hand: Ann: 5, Ben: 6, Cai: 5, Dee: 5",
                "Ben holds the queen of hearts (taken from the discard pile)",
                "Taken from the discard pile this turn: the queen of hearts", "Your hand counts 39"],
            "drop (virít) by Cai (38) burned (leégett) by Dee"),
    "yokir": (6, ["Trump: Architecture, Ann picked up the Scribe of Architecture. The Oracle is the Initiate of "
                  "Architecture, the Sage the Initiate of Leadership.",
                  "Bids, round 1 (the face-up card): Ben passes, Cai passes, Ann picks it up",
                  "You discarded the Master of Architecture."],
              "Ann called Architecture, took 2 tricks"),
}


@pytest.mark.parametrize("game", sorted(EXACT))
def test_a_known_deal_is_said_exactly(game):
    moves, lines, result = EXACT[game]
    for match in _played(game, 3):
        words, names = text_of(match.rules), NAMES[:match.rules.seats]
        if len(match.actions) == moves:
            assert words.table_lines(dict(match.view(0), names=names)) == lines
        if match.results:
            assert words.deal_result(match.results[0], names) == result
            break
