"""Table play (issue 35, item 4): a per-table turn timer whose expiry has the person's stand-in
make one move, idle tables expiring, a paged lobby, and limits on the tables one person keeps."""

import asyncio

from parlor.web.server import Server

from .test_store import FakeConn, attach, settle


def _spec(**extra):
    return {"game": "yokir", "options": {"target": 3}, "pace_ms": 0, "grace_s": 3600,
            "players": [{"kind": "person"}, {"kind": "computer", "level": "random"},
                        {"kind": "computer", "level": "random"}], **extra}


def test_a_person_out_of_time_gets_one_move_from_the_stand_in_and_keeps_the_seat(db_url):
    async def run():
        server = Server(db_url, seeds=lambda: 11)
        await server.start()
        try:
            made = await server.create_table(_spec(turn_s=1))
            table = server.tables[made["id"]]
            conn = FakeConn()
            await attach(table, conn, 0)
            await settle(table, lambda: table.match.to_act() == 0)
            start = table.sid
            ends = [m["turn_left"] for m in conn.sent if m.get("type") == "state" and m["sid"] == start]
            assert ends and ends[-1] is not None  # the countdown's end, for the table to show
            # within the second, nothing happens on the person's behalf
            await asyncio.sleep(0.5)
            assert table.sid == start
            await settle(table, lambda: table.sid > start)
            assert table.match.log[start][1] == 0  # one move, made for the person's seat
            await settle(table, lambda: table.match.finished or table.match.to_act() == 0)
            assert not table.computer_controls(0)  # the seat is still the person's
            assert table.seats[0].kind == "person" and table.seat_of_token(made["seats"][0]["token"]) == 0
            # and the next turn is timed afresh, not played at once
            again = table.sid
            await asyncio.sleep(0.5)
            assert table.sid == again
        finally:
            await server.stop()

    asyncio.run(run())


def test_no_timer_by_default(db_url):
    async def run():
        server = Server(db_url, seeds=lambda: 11)
        await server.start()
        try:
            made = await server.create_table(_spec())
            table = server.tables[made["id"]]
            conn = FakeConn()
            await attach(table, conn, 0)
            await settle(table, lambda: table.match.to_act() == 0)
            start = table.sid
            await asyncio.sleep(1.2)
            assert table.sid == start and conn.sent[-1]["turn_left"] is None
        finally:
            await server.stop()

    asyncio.run(run())
