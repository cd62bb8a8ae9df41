"""A card's or a suit's name in the case its sentence needs (core/words.py Word, CASES): a Georgian
translation asks for it with the placeholder's format spec ("{card:ins}"), a Finnish one for a
suit's genitive ("padan kuningas"); the other languages, whose translations ask for none, read as
before."""

import pytest
from babel.messages.pofile import read_po

from parlor.core.language import LANGUAGES, LOCALE, translate, using
from parlor.core.registry import make_rules, text_of
from parlor.core.text import CARD_FORMS
from parlor.core.words import CASES, Word, fill, listed, not_held, phrase, say

GAMES = ("joker", "tor", "yokir", "meri")
NAMES = {"names": ["Ana", "Ben", "Cai", "Dan"]}


def _text(game):
    return text_of(make_rules(game))


def test_georgian_sentences_take_the_card_in_their_case():
    joker = _text("joker")
    with using("ka"):
        assert joker.card_words("KC") == "ჯვრის მეფე"  # the suit in the genitive, the rank as asked
        assert joker.move_words(NAMES, 1, "play KC") == "Ben თამაშობს ჯვრის მეფეს"  # dative
        trick = {"winner": 0, "cards": [[0, "AS"], [1, "KC"]], "modes": []}
        assert joker.trick_words(NAMES, trick) == "Ana იგებს ხელს ყვავის ტუზით"  # instrumental
        assert joker.refusal_words(not_held(0, ["7D", "8D"]), None, 0) == "შენ არ გაქვს: აგურის 7, აგურის 8"
    with using("ka"):
        assert _text("yokir").move_words(NAMES, 2, "call L") == "Cai კოზირად ასახელებს ლიდერობას"
        meri = _text("meri")
        said = meri._with_combo("X", {"won": "GUn", "beaten": "GSo", "value": 2, "team": "A"})
        assert said.startswith("X — Un სჯობს Sota-ს")  # a Latin name takes its ending after a hyphen


def test_finnish_names_a_card_by_its_suits_genitive():
    """Yokir's suits are nouns ("Arkkitehtuuri Vihitty" is no Finnish): the suit takes the genitive,
    as the standard suits do ("padan kuningas"); Meri's Japanese suits stay as the seed writes them
    ("Pao Robai")."""
    with using("fi"):
        assert _text("yokir").card_words("1A") == "Arkkitehtuurin Vihitty"
        assert _text("yokir").card_words("6M") == "Taiteen ja musiikin Mestari"
        assert _text("joker").card_words("KS") == "padan kuningas"
        assert _text("tor").card_words("QH") == "hertan rouva"
        assert _text("meri").card_words("PRo") == "Pao Robai"
        assert _text("joker").move_words(NAMES, 1, "play KC") == "Ben pelaa ristin kuningas"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang not in ("ka", "fi")])
def test_other_languages_read_as_before(lang):
    """Without case forms a card is its nominative name, and a sentence the template filled in as
    str.format fills it."""
    joker = _text("joker")
    with using(lang):
        card = joker.card_words("KC")
        assert not card.forms
        expected = translate("{seat} plays {card}").format(seat="Ben", card=str(card))
        assert joker.move_words(NAMES, 1, "play KC") == expected
        assert str(card) == translate("the {rank} of {suit}").format(rank=translate("king"), suit=translate("clubs"))


def test_a_case_of_a_plain_value_reads_it_as_it_is():
    assert fill("{card:dat} {n:+d}", card="a card", n=3) == "a card +3"
    word = Word("მეფე", {"dat": "მეფეს"})
    assert fill("{w:dat} {w:gen} {w}", w=word) == "მეფეს მეფე მეფე"  # a case it lacks: the nominative
    assert f"{word:dat}" == "მეფეს"


def test_a_phrase_inflects_its_parts_that_ask_no_case_of_their_own():
    rank, suit = Word("მეფე", {"dat": "მეფეს"}), Word("გული", {"gen": "გულის", "dat": "გულს"})
    card = phrase("{suit:gen} {rank}", rank=rank, suit=suit)
    assert (card, card.case("dat")) == ("გულის მეფე", "გულის მეფეს")
    both = listed([card, card])
    assert isinstance(both, Word) and both.case("dat") == "გულის მეფეს, გულის მეფეს"
    assert not isinstance(listed([card, "x"]), Word)


@pytest.mark.parametrize("game", GAMES)
def test_every_georgian_card_and_suit_name_has_its_case_forms(game):
    """A name in Georgian letters without listed forms would stay in the nominative where its
    sentence asks another case; a name in Latin letters or a number takes a hyphened ending."""
    text = _text(game)
    with using("ka"):
        for face in text.faces.values():
            for name in (face.name, face.suit) if face.suit else (face.name,):
                assert set(text.word(name).forms) == set(CASES), (game, face.code, name)
        assert set(text.card_words("??").forms) == set(CASES)


def test_the_listed_forms_are_of_the_catalogs_names():
    """Each listed name is a template whose Georgian translation is the nominative the forms decline."""
    with (LOCALE / "ka.po").open("rb") as f:
        catalog = read_po(f, locale="ka")
    tables = [CARD_FORMS["ka"]] + [type(_text(game)).case_forms.get("ka", {}) for game in GAMES]
    for table in tables:
        for template, forms in table.items():
            message = catalog.get(template)
            assert message is not None and message.string, template
            assert len(forms) == len(CASES), template
            assert forms[2].endswith("ით") or forms[2].endswith("თი"), template  # the instrumental


def test_say_fills_case_specs_of_the_translation():
    with using("ka"):
        card = _text("joker").card_words("AH")
        assert say("{seat} wins the trick with {card}", seat="Ana", card=card) == "Ana იგებს ხელს გულის ტუზით"
