"""Keep the catalogs in step with the source, with Babel.

    python -m parlor.locale.catalogs extract   # write parlor.pot from every say/say_n call
    python -m parlor.locale.catalogs update    # then merge it into every <lang>.po

Templates are the first argument of `say` and `N_` and the first two of `say_n` (core/words.py).
"""

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent  # the parlor package
KEYWORDS = {"say": None, "say_n": (1, 2), "N_": None}
METHODS = [("**.py", "python")]


def extracted() -> Catalog:
    catalog = Catalog(project="parlor", copyright_holder="the parlor authors", charset="utf-8", fuzzy=False)
    for _, _line, message, comments, context in extract_from_dir(
            SOURCE, METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, auto_comments=comments, context=context,
                    flags=("python-brace-format",))
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as f:
        write_po(f, catalog, width=100, no_location=True, omit_header=False, sort_output=True)


def languages() -> list[str]:
    return sorted(p.stem for p in HERE.glob("*.po"))


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        write(extracted(), HERE / "parlor.pot")
        return 0
    if argv == ["update"]:
        template = read_po((HERE / "parlor.pot").open("rb"))
        for lang in languages():
            path = HERE / f"{lang}.po"
            catalog = read_po(path.open("rb"), locale=lang)
            catalog.update(template, update_header_comment=False)
            write(catalog, path)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
