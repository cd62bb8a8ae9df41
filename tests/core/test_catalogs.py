"""Every language's catalog (src/parlor/locale/<lang>.po) against the current template: complete,
nothing fuzzy, each translation keeping its template's placeholders, Babel's checks clean, and as
many plural forms as the language has."""

import string

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from parlor.locale import catalogs

LANGS = catalogs.languages()


def template():
    with (catalogs.HERE / "parlor.pot").open("rb") as f:
        return read_po(f)


def catalog(lang):
    with (catalogs.HERE / f"{lang}.po").open("rb") as f:
        return read_po(f, locale=lang, abort_invalid=True)  # a malformed entry fails, not a warning


def fields(text):
    """The names of a template's placeholders: "{seat} {points:+d}" has seat and points."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message):
    return list(message.string) if isinstance(message.id, tuple) else [message.string]


def test_there_are_catalogs():
    assert LANGS, "no <lang>.po in src/parlor/locale"


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_has_a_finished_translation(lang):
    cat = catalog(lang)
    untranslated, fuzzy = [], []
    for m in template():
        if not m.id:
            continue
        own = cat.get(m.id)
        if own is None or not all(forms(own)):
            untranslated.append(m.id)
        elif own.fuzzy:
            fuzzy.append(m.id)
    assert not untranslated, f"{lang}: untranslated {untranslated}"
    assert not fuzzy, f"{lang}: fuzzy {fuzzy}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_placeholders_of_their_template(lang):
    wrong = []
    for m in catalog(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        wanted = set().union(*(fields(i) for i in ids))
        for text in forms(m):
            if text and fields(text) != wanted:
                wrong.append((m.id, text))
    assert not wrong, f"{lang}: placeholders changed in {wrong}"


@pytest.mark.parametrize("lang", LANGS)
def test_babel_checks_are_clean_and_plurals_have_the_languages_forms(lang):
    cat = catalog(lang)
    assert cat.num_plurals == get_plural(lang).num_plurals
    assert not [(m.id, errors) for m, errors in cat.check()]
    for m in cat:
        if m.id and isinstance(m.id, tuple):
            assert len(m.string) == cat.num_plurals, (lang, m.id)
