"""Every language's catalog (src/parlor/locale/<lang>.po, and content/<lang>.po for the lessons and
how-to-play pages) is complete for its current template and keeps what the program fills in: each
template's placeholders (a translation may ask a name's case, "{card:dat}": core/words.py CASES),
card markers and leading spaces (a content text: every card marker, as
often as it is written, and a table row's cells)."""

import re
import string
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from parlor.core.words import CASES

LOCALE = Path(__file__).resolve().parents[2] / "src" / "parlor" / "locale"
LANGS = sorted(p.stem for p in LOCALE.glob("*.po"))
MARKERS = re.compile(r"\[\[[^\]]*\]\]")
# (template, a language's catalog): the templates of the program, the texts of the data files
DOMAINS = {"parlor": ("parlor.pot", "{lang}.po"), "content": ("content.pot", "content/{lang}.po")}
CATALOGS = [(domain, lang) for domain in DOMAINS for lang in LANGS]


def _catalog(name: str, lang: str | None = None) -> Catalog:
    with (LOCALE / name).open("rb") as f:
        return read_po(f, locale=lang, abort_invalid=True)  # a malformed entry fails, not a warning


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _fields(text: str) -> set[tuple[str, str]]:
    """The placeholders of a template with their format specs: {lost:.1f} is ("lost", ".1f")."""
    return {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name is not None}


def _of(domain: str, lang: str) -> Catalog:
    return _catalog(DOMAINS[domain][1].format(lang=lang), lang)


def test_there_are_catalogs():
    assert LANGS, "no <lang>.po in src/parlor/locale"
    assert all((LOCALE / DOMAINS["content"][1].format(lang=lang)).is_file() for lang in LANGS)


@pytest.mark.parametrize(("domain", "lang"), CATALOGS)
def test_every_template_translated(domain, lang):
    catalog = _of(domain, lang)
    problems = []
    for template in _catalog(DOMAINS[domain][0]):
        if not template.id:
            continue
        message = catalog.get(template.id)
        if message is None:
            problems.append(f"missing: {template.id!r}")
        elif message.fuzzy:
            problems.append(f"fuzzy: {template.id!r}")
        elif not all(_strings(message)):
            problems.append(f"untranslated: {template.id!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("domain", "lang"), CATALOGS)
def test_plural_forms_follow_the_language(domain, lang):
    catalog = _of(domain, lang)
    expected = get_plural(lang)
    assert catalog.num_plurals == expected.num_plurals
    assert catalog.plural_expr == expected.plural_expr
    for message in catalog:
        if message.id and message.pluralizable:
            assert len(_strings(message)) == expected.num_plurals, message.id


@pytest.mark.parametrize(("domain", "lang"), CATALOGS)
def test_translations_keep_placeholders_markers_and_indent(domain, lang):
    catalog = _of(domain, lang)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        fields = set().union(*(_fields(i) for i in _ids(message)))
        markers = set().union(*(MARKERS.findall(i) for i in _ids(message)))
        indent = re.match(r"\s*", _ids(message)[0]).group()
        for text in _strings(message):
            if not text:
                continue
            try:
                got = {(name, "" if spec in CASES else spec) for name, spec in _fields(text)}
            except ValueError as e:
                problems.append(f"{message.id!r}: {text!r} is not a template: {e}")
                continue
            if got != fields:
                problems.append(f"{message.id!r}: placeholders {sorted(got)} instead of {sorted(fields)}")
            if set(MARKERS.findall(text)) != markers:
                problems.append(f"{message.id!r}: card markers changed in {text!r}")
            if re.match(r"\s*", text).group() != indent:
                problems.append(f"{message.id!r}: leading spaces changed in {text!r}")
            if domain == "content" and Counter(MARKERS.findall(text)) != Counter(MARKERS.findall(message.id)):
                problems.append(f"{message.id!r}: card markers not each kept once in {text!r}")
            if domain == "content" and text.count("|") != message.id.count("|"):
                problems.append(f"{message.id!r}: a table row's cells changed in {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("domain", "lang"), CATALOGS)
def test_babel_checkers_are_clean(domain, lang):
    catalog = _of(domain, lang)
    problems = [f"{message.id!r}: {error}" for message, errors in catalog.check() for error in errors]
    assert not problems, "\n".join(problems)
