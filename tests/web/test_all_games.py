"""Every registered game plays through the server: computer seats only, short options, every
seat's messages and a spectator's audited for hidden cards, the stored record replaying to the
same match."""

import asyncio

import pytest

from parlor import records
from parlor.core.options import is_int
from parlor.core.registry import games
from parlor.web.server import Server

from .test_store import FakeConn, attach, settle

MAX_ACTIONS = 4000


def short_options(cls) -> dict:
    """The shortest match the options allow: a "short" length, the smallest target or deal count."""
    options = {}
    for o in cls.option_schema:
        if o.choices:
            short = [c for c in o.choices if isinstance(c, str) and "short" in c]
            if short:
                options[o.name] = short[0]
        elif is_int(o.default) and o.default > 1:
            options[o.name] = next(v for v in range(1, o.default + 1) if o.check(v))
    return options


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_game_plays_through_the_server(game_id, tmp_path, audit):
    cls = games()[game_id]

    async def run():
        server = Server(f"sqlite:///{tmp_path / 'g.sqlite'}", audit=audit, seeds=lambda: 4242)
        await server.start()
        try:
            spec = {"game": game_id, "options": short_options(cls), "pace_ms": 0,
                    "players": [{"kind": "computer", "level": "random"}] * cls.default_seats}
            t = await server.create_table(spec)
            table = server.tables[t["id"]]
            conns = {seat: FakeConn() for seat in [None, *range(cls.default_seats)]}
            for seat, conn in conns.items():
                await attach(table, conn, seat)  # watch every seat's messages and the public one
            await settle(table, lambda: table.match.finished or table.sid >= MAX_ACTIONS
                         or not table.match.legal(), limit=60_000)
            await table.stop()
            assert table.match.results, "not one deal was finished"
            row = await server.db(server.store.load, table.id)
            assert row["actions"][:table.sid] == table.match.actions
            replayed = records.replay({**row["record"]} if row["record"] else
                                      {"game": game_id, "options": row["options"], "seats": row["seats"],
                                       "seed": row["seed"], "actions": table.match.actions})
            assert replayed.scores == table.match.scores
            for seat, conn in conns.items():  # every move reaches every audience once, in a log entry;
                states = [m for m in conn.sent if m["type"] == "state"]  # no view repeats the deal's log
                assert sorted(e["i"] for m in states for e in m["log"]) == list(range(table.sid)), seat
                assert not any("history" in m["view"] for m in states), seat
            assert table.match.finished
            step = await server.replay_step(table.id, table.sid // 2)  # nor does a replay's
            assert step["views"] and not any("history" in v for v in step["views"])
            last = conns[None].sent[-1]
            assert last["type"] == "state" and last["view"]["hand"] == []
        finally:
            await server.stop()

    asyncio.run(run())
    audit.check()
