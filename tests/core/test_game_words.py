"""The games' own words are said in the language in use, not in English when their modules load:
under the pseudo-language every one comes out marked ⟦…⟧ (core/language.py); and every template
written in the source is in the extracted catalog, so none is hidden from the translators."""

import ast
from pathlib import Path

import parlor
from parlor.core.language import PSEUDO, using
from parlor.core.registry import games, text_class, text_of
from parlor.core.text import TURN_WORDS
from parlor.core.words import YOU, Seats
from parlor.locale.catalogs import extracted

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
