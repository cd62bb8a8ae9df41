"""Keep the catalogs in step with the source, with Babel.

    python -m parlor.locale.catalogs extract   # write parlor.pot and content.pot
    python -m parlor.locale.catalogs update    # then merge them into every <lang>.po, content/<lang>.po

Templates are the first argument of `say` and `N_` and the first two of `say_n`
(core/words.py); in the browser's JavaScript the first of `t` and the first two of `tn`
(web/static/common.js), and in its pages the text of an element marked `data-t` and the
attributes `data-ta` names.

The second domain, content (content.pot, content/<lang>.po), holds the data files' texts, said
with `from_data`: every text field of a lesson (games/<id>/lessons/*.toml) and every paragraph of a
how-to-play page (games/<id>/howto.md, as session/rules_text.py `paragraphs` cuts it), each with
a translator comment naming its file. A text without words (a number, card markers) is none.
"""

import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from parlor.core.language import CONTENT, MAIN, catalog_file
from parlor.core.words import has_words

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent  # the parlor package
KEYWORDS = {"say": None, "say_n": (1, 2), "N_": None}
METHODS = [("**.py", "python")]
WEB = SOURCE / "web" / "static"
WEB_KEYWORDS = {"t": None, "tn": (1, 2)}


class _Marked(HTMLParser):
    """The texts of a page to translate: each element marked `data-t` (its text; an inline
    element in it, a link or code, is kept in the template as `<a>its text</a>`, without its
    attributes) and the attributes its `data-ta` names ("title,aria-label")."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self._line: int | None = None  # the line of the data-t element being read
        self._depth = 0  # the elements open inside it
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name in (values.get("data-ta") or "").split(","):
            if name.strip() and values.get(name.strip()):
                self.found.append((self.getpos()[0], " ".join(str(values[name.strip()]).split())))
        if self._line is not None:
            self._depth += 1
            self._text.append(f"<{tag}>")
        elif "data-t" in values:
            self._line, self._depth, self._text = self.getpos()[0], 0, []

    def handle_data(self, data):
        if self._line is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if self._line is None:
            return
        if self._depth:
            self._depth -= 1
            self._text.append(f"</{tag}>")
            return
        self.found.append((self._line, " ".join("".join(self._text).split())))
        self._line = None


def extract_html(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extraction method for the pages (see _Marked); static/common.js translates them
    in the browser, whitespace folded as here."""
    page = _Marked()
    page.feed(fileobj.read().decode("utf-8"))
    for line, text in page.found:
        yield line, None, text, []


def _web_extracted() -> Iterator[tuple]:
    return extract_from_dir(WEB, [("**.js", "javascript"), ("**.html", "parlor.locale.catalogs:extract_html")],
                            keywords=WEB_KEYWORDS, options_map={"**.js": {"parse_template_string": "1"}})


@cache
def web_messages() -> list[str | tuple[str, str]]:
    """The templates the browser says (a pair: the two forms of a `tn`), for its catalog."""
    return list(dict.fromkeys(message for _, _line, message, _c, _ctx in _web_extracted()))


def extracted() -> Catalog:
    catalog = _new_catalog()
    for _, _line, message, comments, context in extract_from_dir(
            SOURCE, METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, auto_comments=comments, context=context,
                    flags=("python-brace-format",))
    for _, _line, message, comments, context in _web_extracted():
        if message not in catalog:  # a sentence the server says too is one message
            catalog.add(message, None, auto_comments=comments, context=context,
                        flags=("python-brace-format",))
    return catalog


def _new_catalog(lang: str | None = None) -> Catalog:
    return Catalog(locale=lang, project="parlor", copyright_holder="the parlor authors", charset="utf-8",
                   fuzzy=False)


def _content_texts() -> Iterator[tuple[str, str]]:
    """Each text of the data files with where it is: ("games/tor/howto.md", paragraph), ..."""
    from parlor.session.rules_text import paragraphs  # the session layer, loaded only to extract
    for page in sorted(SOURCE.glob("games/*/howto.md")):
        where = page.relative_to(SOURCE).as_posix()
        for paragraph in paragraphs(page.read_text(encoding="utf-8")):
            yield where, paragraph.text
    for path in sorted(SOURCE.glob("games/*/lessons/*.toml")):
        where = path.relative_to(SOURCE).as_posix()
        lesson = tomllib.loads(path.read_text(encoding="utf-8"))
        yield f"{where}: title", lesson["title"]
        for n, step in enumerate(lesson.get("step", []), 1):
            for key in ("say", "why"):
                if key in step:
                    yield f"{where}: step {n} {key}", step[key]
        for n, question in enumerate(lesson.get("question", []), 1):
            yield f"{where}: question {n} ask", question["ask"]
            for choice in question["choices"]:
                yield f"{where}: question {n} choice", choice
            yield f"{where}: question {n} explain", question["explain"]


def extracted_content() -> Catalog:
    catalog = _new_catalog()
    for where, text in _content_texts():
        if has_words(text):  # one message wherever it is written; Babel gathers the comments
            catalog.add(text, None, auto_comments=[where])
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as f:
        write_po(f, catalog, width=100, no_location=True, omit_header=False, sort_output=True)


def languages() -> list[str]:
    return sorted(p.stem for p in HERE.glob("*.po"))


def template_file(domain: str) -> Path:
    return HERE / f"{domain}.pot"


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        write(extracted(), template_file(MAIN))
        write(extracted_content(), template_file(CONTENT))
        return 0
    if argv == ["update"]:
        for domain in (MAIN, CONTENT):
            template = read_po(template_file(domain).open("rb"))
            for lang in languages():  # a language's content catalog is begun when missing
                path = catalog_file(lang, domain)
                path.parent.mkdir(exist_ok=True)
                catalog = read_po(path.open("rb"), locale=lang) if path.is_file() else _new_catalog(lang)
                catalog.update(template, update_header_comment=False)
                write(catalog, path)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
