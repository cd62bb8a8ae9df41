"""Snapshots of the table of every game at 80x24 and at 120x40, at a position kept as a record
(snapshots/GAME.json): the characters on the screen and the SVG screenshot, compared with the
files in snapshots/ (GAME.txt at 80x24, GAME-120x40.txt at 120x40).

Remake them after a deliberate change of the drawing with
    PARLOR_UPDATE_SNAPSHOTS=1 python3 -m pytest tests/tui/test_snapshots.py
and look at the SVGs (or PNGs made from them) before committing. The SVG depends on Textual's
own drawing, so it is compared under the Textual version that made it (snapshots/textual.txt);
under another version the characters are still compared, which is what a layout change shows.
"""

import asyncio
import os
from pathlib import Path

import pytest
import textual

from parlor import records
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng
from parlor.tui.app import ParlorApp
from parlor.tui.model import TableConfig
from parlor.tui.table import TableScreen

from tui_driver import ready, screen_text

HERE = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("PARLOR_UPDATE_SNAPSHOTS") == "1"
DECISIONS = 3  # the person's (seat 0's) moves before the picture


def position(game: str) -> dict:
    """The record of the pictured position: kept in snapshots/ so that the picture changes only
    when the drawing or the game's view does, not when an engine's random playouts do."""
    path = HERE / f"{game}.json"
    if path.exists() and not UPDATE:
        return records.read(path)
    rules = make_rules(game)
    match = Match(rules, 21)
    rng = Rng(21)
    made = 0
    while not match.finished:
        seat = match.to_act()
        if seat == 0:
            if made == DECISIONS:
                break
            made += 1
        match.apply(rng.choice(match.legal()))
    HERE.mkdir(exist_ok=True)
    records.save(match, path)
    return match.record()


SIZES = [(80, 24), (120, 40)]


async def table_picture(game: str, size: tuple[int, int]) -> tuple[str, str]:
    match = records.replay(position(game))
    app = ParlorApp(TableConfig(game, delay=0, levels=["random"], auto_forced=False), match)
    async with app.run_test(size=size) as pilot:
        top = await ready(pilot, app)
        assert isinstance(top, TableScreen) and top.session.human_to_act()
        last = None
        for _ in range(20):  # until the layout has settled (scrolling happens after a refresh)
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            now = (screen_text(app), app.export_screenshot())
            if now == last:
                return now
            last = now
        raise AssertionError("the screen never settled")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("game", sorted(games()))
def test_table_snapshot(game, size):
    text, svg = asyncio.run(table_picture(game, size))
    name = game if size == SIZES[0] else f"{game}-{size[0]}x{size[1]}"
    txt_file, svg_file, version_file = HERE / f"{name}.txt", HERE / f"{name}.svg", HERE / "textual.txt"
    if UPDATE:
        HERE.mkdir(exist_ok=True)
        txt_file.write_text(text, encoding="utf-8")
        svg_file.write_text(svg, encoding="utf-8")
        version_file.write_text(textual.__version__ + "\n")
    assert txt_file.exists(), f"no snapshot {name}: run with PARLOR_UPDATE_SNAPSHOTS=1"
    assert text == txt_file.read_text(encoding="utf-8"), f"the {name} table changed:\n{text}"
    if version_file.read_text().strip() == textual.__version__:
        assert svg == svg_file.read_text(encoding="utf-8"), f"the {game} table's colours or styles changed"
