"""Each game's table in a language, at 1280x800 or on a 390x844 phone (or 900x800, "middle"):
docs/screenshots/<lang>/<game>-<size>.png, English in docs/screenshots/ itself; a trick game at a
completed trick, Tőr (no tricks) a few moves into a deal. The person plays seat 0 by clicking its
first choice, as the browser tests do; the computers play at a slow pace, so that the trick is
still on the table, its cards at rest, when it is taken.

    python -m tests.web.screenshots --lang hu --lang fi --lang id --lang ka
    python -m tests.web.screenshots --lang en --size desktop --size phone
"""

import argparse
import sys
import tempfile
from pathlib import Path

from parlor.core.language import LANGUAGES
from parlor.core.registry import games

from .conftest import LiveServer
from .test_browser import ARGS, CHROMIUM, person_table, step

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844},
         "middle": {"width": 900, "height": 800}}
OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# each game's table: as many seats as the lobby offers first, a short match
TABLES = {"yokir": {"target": 1}, "joker": {"length": "short12"}, "meri": {}, "tor": {}}
TOR_MOVES = 8
TRICKS = {"yokir", "joker", "meri"}


def table_shot(browser, server, game: str, lang: str, path: Path, size: str = "desktop") -> None:
    seats = games()[game].default_seats
    _, link = person_table(server, game, TABLES[game], kinds=("person",) + ("computer",) * (seats - 1),
                           pace_ms=2000 if game in TRICKS else 500)
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(f"localStorage.setItem('parlor.lang', '{lang}')")
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("#hand [data-code]")
    tricks = game in TRICKS
    moves = 0
    for _ in range(2000):
        if tricks and page.locator("#trick.done").count():
            page.wait_for_timeout(700)  # its cards come to rest (the next lead waits for the pace)
            break
        if not tricks and moves >= TOR_MOVES:
            page.wait_for_timeout(800)  # the computer's answer drawn
            break
        moves += step(page)
        page.wait_for_timeout(40)
    else:
        raise RuntimeError(f"{game}: no completed trick to show")
    page.mouse.move(0, 0)  # no hover on a card
    page.evaluate("window.scrollTo(0, 0)")  # a card the person clicked may have scrolled the page
    page.screenshot(path=str(path))
    context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", choices=sorted(LANGUAGES), required=True)
    parser.add_argument("--game", action="append", choices=sorted(TABLES))
    parser.add_argument("--size", action="append", choices=list(SIZES))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = LiveServer(f"sqlite:///{tmp}/shots.sqlite", "--max-tables", "100").start()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            for lang in args.lang:
                folder = args.out if lang == "en" else args.out / lang
                folder.mkdir(parents=True, exist_ok=True)
                for game in args.game or [g for g in games() if g in TABLES]:
                    for size in args.size or ["desktop"]:
                        path = folder / f"{game}-{size}.png"
                        table_shot(browser, server, game, lang, path, size)
                        print(path)
        finally:
            browser.close()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
