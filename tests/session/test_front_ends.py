"""One seed with the same levels plays the same match in the line mode, the terminal table and
the web server: the computers' moves come from one seeding rule (session.bot_rng), whatever
front end asks for them. The person plays the first legal move everywhere."""

import asyncio

import pytest

from parlor.cli.plain import PlainTable
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.session import bot_rng
from parlor.tui.app import ParlorApp
from parlor.tui.dialogs import TextDialog
from parlor.tui.model import TableConfig
from parlor.web.server import Server

from tiers import first_fast
from tui.tui_driver import ready
from web.test_store import play_some

SEED = 5
# the person sits at seat 0; its entry is their stand-in's level, which never plays here
LEVELS = ["casual", "random", "beginner", "casual", "random", "beginner", "casual", "random"]
SHORT = {"yokir": {"target": 2}, "tor": {"deals": 2}, "joker": {"schedule": [["1", "2"]]},
         "meri": {"num_deals": 1}}


class FirstMove:
    """Stands in for the person's rng: always the first legal move."""

    @staticmethod
    def choice(legal: list[str]) -> str:
        return legal[0]


def without_names(record: dict) -> dict:
    """The match itself: a web table names the person "Player 1", the terminal "You"."""
    return {k: v for k, v in record.items() if k != "names"}


def line_mode(game: str) -> dict:
    match = Match(make_rules(game, SHORT[game]), SEED)
    first = lambda prompt: (match.legal() or [""])[0]  # noqa: E731 - the first legal move, typed
    PlainTable(match, 0, LEVELS, read=first, write=lambda line: None).run()
    return match.record()


def terminal(game: str) -> dict:
    async def go() -> dict:
        config = TableConfig(game, SHORT[game], human=0, levels=LEVELS, delay=0, seed=SEED)
        app = ParlorApp(config, skip_start=True)
        async with app.run_test(size=(80, 24)) as pilot:
            while True:
                top = await ready(pilot, app)
                if isinstance(top, TextDialog):
                    if top.title_text == "The match is over":
                        return app.table.session.match.record()
                    await pilot.press("enter")  # the next deal
                    continue
                top.play(top.session.match.legal()[0])
    return asyncio.run(go())


def web(game: str, tmp_path) -> dict:
    async def go() -> dict:
        server = Server(f"sqlite:///{tmp_path / 'same.sqlite'}", seeds=lambda: SEED)
        await server.start()
        try:
            n = make_rules(game, SHORT[game]).seats
            spec = {"game": game, "options": SHORT[game], "pace_ms": 0, "grace_s": 3600,
                    "players": [{"kind": "person"}] + [{"kind": "computer", "level": level}
                                                       for level in LEVELS[1:n]]}
            table = server.tables[(await server.create_table(spec))["id"]]
            await play_some(table, 0, 100_000, FirstMove)
            assert table.match.finished
            return table.match.record()
        finally:
            await server.stop()
    return asyncio.run(go())


@pytest.mark.parametrize("game", first_fast(sorted(SHORT)))
def test_one_seed_and_the_same_levels_play_the_same_match_in_every_front_end(game, tmp_path):
    played = line_mode(game)
    assert played["seed"] == SEED and played["actions"]
    assert without_names(terminal(game)) == without_names(played)
    assert without_names(web(game, tmp_path)) == without_names(played)


def test_each_decision_has_its_own_rng_from_the_seed_the_action_and_the_seat():
    """Not one generator a seat that runs on from move to move: a loaded record or a restarted
    server asks for the decision at action i of the match, and gets the same answer."""
    draws = {(seed, index, seat): bot_rng(seed, index, seat).next_u64()
             for seed in (0, 1, SEED, 2**62) for index in range(40) for seat in range(8)}
    assert len(set(draws.values())) == len(draws)
    assert bot_rng(SEED, 3, 1).next_u64() == draws[SEED, 3, 1]
    assert isinstance(bot_rng(SEED, 3, 1), Rng)
