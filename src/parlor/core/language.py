"""The language people read: which one is in use, and its catalog of translated templates.

The templates are English (`core/words.py` `say`, `say_n`); Babel extracts them into
`parlor/locale/parlor.pot` and each language's translations are `parlor/locale/<lang>.po`, read
at run time (no compile step at install). The long texts of the data files (lessons, how-to-play
pages) are a second domain, CONTENT: `parlor/locale/content.pot` and `content/<lang>.po`, so
they do not swell the main catalog. The language in use is a context variable, so a server
can speak to each connection in its own language:

    with using("hu"):
        text = say("{name} wins", name="Ana")

`PSEUDO` is a pseudo-language for tests: every translated template comes out marked ⟦…⟧, so any
text on a screen without the marks was never translated.
"""

import contextvars
import gettext
import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from .errors import UsageError, shown

ENGLISH = "en"
LANGUAGES = {"en": "English", "hu": "Magyar", "id": "Bahasa Indonesia", "fi": "Suomi", "ka": "ქართული"}
PSEUDO = "qps"  # the "ploc" pseudo-locale of Windows and Android: for tests, never offered to people

LOCALE = Path(__file__).resolve().parent.parent / "locale"  # parlor.pot and <lang>.po
MAIN, CONTENT = "parlor", "content"  # the catalog domains: the templates; the data files' texts

_current: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=ENGLISH)


def current() -> str:
    return _current.get()


def known(lang: str) -> bool:
    return lang in LANGUAGES or lang == PSEUDO


def check(lang: str) -> str:
    """`lang` if parlor speaks it, else a UsageError naming the languages it speaks."""
    if not known(lang):
        raise UsageError(f"parlor does not speak {shown(lang)}; it speaks {', '.join(LANGUAGES)}")
    return lang


def set_language(lang: str) -> None:
    """The language of this thread of work from now on (the command line sets it once)."""
    _current.set(check(lang))


@contextmanager
def using(lang: str) -> Iterator[None]:
    token = _current.set(check(lang))
    try:
        yield
    finally:
        _current.reset(token)


def from_environment(environ: dict | None = None) -> str:
    """The language the environment asks for (LC_ALL, LC_MESSAGES, LANG: the first one set, as
    gettext reads them; "hu_HU.UTF-8" is Hungarian), English when it names none parlor speaks."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            lang = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return lang if lang in LANGUAGES else ENGLISH
    return ENGLISH


def best_match(accept_language: str | None) -> str:
    """The language of a browser's Accept-Language header that parlor speaks, by its weights
    ("fi-FI,fi;q=0.9,en;q=0.8" is Finnish), English when there is none."""
    choices = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        lang = tag.strip().split("-")[0].lower()
        if lang in LANGUAGES and weight > 0:
            choices.append((-weight, i, lang))
    return min(choices)[2] if choices else ENGLISH


class _Pseudo(gettext.NullTranslations):
    """Every template marked, its {placeholders} kept: "⟦{name} wins⟧"."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


def catalog_file(lang: str, domain: str = MAIN) -> Path:
    """Where `lang`'s catalog of `domain` is: locale/<lang>.po, locale/content/<lang>.po."""
    return LOCALE / f"{lang}.po" if domain == MAIN else LOCALE / domain / f"{lang}.po"


@cache
def translations(lang: str, domain: str = MAIN) -> gettext.NullTranslations:
    """The catalog of `lang` in `domain`: English and a language without a catalog file say the
    templates as written."""
    if lang == PSEUDO:
        return _Pseudo()
    source = catalog_file(lang, domain)
    if lang == ENGLISH or not source.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with source.open("rb") as f:
        catalog = read_po(f, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # untranslated and fuzzy entries are left out: they say the English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def translate(template: str, domain: str = MAIN) -> str:
    lang = _current.get()
    return template if lang == ENGLISH else translations(lang, domain).gettext(template)


def translate_n(one: str, many: str, count: int) -> str:
    lang = _current.get()
    if lang == ENGLISH:
        return one if count == 1 else many
    return translations(lang).ngettext(one, many, count)
