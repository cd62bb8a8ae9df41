"""The language people read (core/language.py): chosen by --lang or the environment or a
browser's header, held per context so two connections can read two languages, said from Babel
catalogs, and a pseudo-language that marks every translated template."""

import io
import threading

import pytest

from parlor.cli.main import main
from parlor.core import language
from parlor.core.errors import UsageError
from parlor.core.language import PSEUDO, best_match, from_environment, using
from parlor.core.words import say, say_n
from parlor.locale import catalogs

HUNGARIAN = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "{name} wins"
msgstr "{name} nyer"

msgid "{count} card each"
msgid_plural "{count} cards each"
msgstr[0] "{count} lap fejenként"
msgstr[1] "{count} lap fejenként (több)"
'''


@pytest.fixture
def hungarian(tmp_path, monkeypatch):
    (tmp_path / "hu.po").write_text(HUNGARIAN, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALE", tmp_path)
    language.translations.cache_clear()
    yield
    language.translations.cache_clear()


def test_a_catalog_says_its_translation_and_english_where_it_has_none(hungarian):
    with using("hu"):
        assert say("{name} wins", name="Ana") == "Ana nyer"
        assert say_n("{count} card each", "{count} cards each", 1) == "1 lap fejenként"
        assert say_n("{count} card each", "{count} cards each", 5) == "5 lap fejenként (több)"
        assert say("{name} loses", name="Ana") == "Ana loses"  # not translated yet: the English
    assert say("{name} wins", name="Ana") == "Ana wins"  # and English again outside


def test_the_pseudo_language_marks_every_template_and_keeps_its_placeholders():
    with using(PSEUDO):
        assert say("{name} wins", name="Ana") == "⟦Ana wins⟧"
        assert say_n("{count} card", "{count} cards", 2) == "⟦2 cards⟧"


def test_two_connections_read_two_languages_at_once(hungarian):
    said, ready = {}, threading.Barrier(2)

    def speak(lang):
        with using(lang):
            ready.wait()  # both inside their language at the same moment
            said[lang] = say("{name} wins", name="Ben")

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("hu", "en")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert said == {"hu": "Ben nyer", "en": "Ben wins"}


@pytest.mark.parametrize("environ,lang", [
    ({"LANG": "hu_HU.UTF-8"}, "hu"), ({"LC_ALL": "fi_FI.UTF-8", "LANG": "hu_HU.UTF-8"}, "fi"),
    ({"LC_MESSAGES": "ka_GE", "LANG": "en_US"}, "ka"), ({"LANG": "id_ID.UTF-8"}, "id"),
    ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "de_DE.UTF-8"}, "en"), ({}, "en"),
])
def test_the_environment_chooses_as_gettext_reads_it(environ, lang):
    assert from_environment(environ) == lang


@pytest.mark.parametrize("header,lang", [
    ("fi-FI,fi;q=0.9,en;q=0.8", "fi"), ("de-DE,de;q=0.9,ka;q=0.5,hu;q=0.7", "hu"),
    ("en-GB", "en"), ("", "en"), (None, "en"), ("xx;q=1, id;q=0", "en"), ("id;q=bad, ka", "ka"),
])
def test_a_browser_gets_the_language_it_weighs_highest_that_parlor_speaks(header, lang):
    assert best_match(header) == lang


def test_an_unknown_language_is_refused_in_one_line(capsys):
    with pytest.raises(UsageError, match='parlor does not speak "xx"; it speaks en, hu, id, fi, ka'):
        language.check("xx")
    assert main(["rules", "yokir", "--lang", "xx"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "parlor: parlor does not speak \"xx\"; it speaks en, hu, id, fi, ka"]


def test_lang_on_the_command_line_is_the_language_of_the_command_and_no_longer(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nquit\n"))
    main(["play", "yokir", "--plain", "--seed", "1", "--lang", PSEUDO])
    out = capsys.readouterr().out
    assert "⟦Face-up card: " in out  # the game's table line, said in the pseudo-language
    assert say("{name} wins", name="Ana") == "Ana wins"  # the command's language ended with it


@pytest.mark.parametrize(("template", "source"), [("parlor.pot", "extracted"), ("content.pot", "extracted_content")])
def test_the_template_catalog_holds_exactly_the_templates_in_the_source(template, source):
    from babel.messages.pofile import read_po
    with (catalogs.HERE / template).open("rb") as f:
        written = {m.id for m in read_po(f) if m.id}
    in_source = {m.id for m in getattr(catalogs, source)() if m.id}
    assert written == in_source, "run: python -m parlor.locale.catalogs extract"


def test_the_content_catalog_has_the_lessons_and_howto_paragraphs_without_their_markdown():
    ids = {m.id for m in catalogs.extracted_content() if m.id}
    assert "Drop and burn" in ids  # a heading of Tőr's page, without its "## "
    assert "The deck, your hand total and a turn" in ids  # Tőr's first lesson's title
    assert "| card | value |" in ids and not any(set(i) <= set("|-: ") for i in ids)  # a table's rule is none
