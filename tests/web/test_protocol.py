"""The HTTP and WebSocket protocol through the ASGI test client: tables, seats, moves, refusals,
spectators, reconnection, and whole games in which no person ever receives a hidden card."""

import json
import time

import pytest
from starlette.testclient import TestClient

from parlor import records
from parlor.core.registry import games
from parlor.core.rng import Rng
from parlor.web import create_app
from parlor.web.public import codes_in
from .test_store import FakeConn, attach
from .conftest import another_browser


def full_game_setup():
    """Joker with two people and two computers when Joker exists, else Yokir 2 + 1."""
    if "joker" in games():
        return "joker", {"length": "short12"}, ["person", "computer", "person", "computer"]
    return "yokir", {"target": 2}, ["person", "computer", "person"]


def create(client, game="yokir", options=None, kinds=("person", "computer", "computer"), **extra):
    players = [{"kind": k} for k in kinds]
    spec = {"game": game, "options": options or {}, "players": players, "pace_ms": 0, **extra}
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 200, r.text
    another_browser(client)  # whoever joins next does so from another browser than the creator's
    return r.json()


def token(table, seat):
    return table["seats"][seat]["token"]


def hello(ws, table_id, tok=None):
    ws.send_text(json.dumps({"type": "hello", "table": table_id, "token": tok}))
    return receive(ws)


def receive(ws):
    return json.loads(ws.receive_text())


def until(ws, pred, limit=2000):
    for _ in range(limit):
        m = receive(ws)
        if pred(m):
            return m
    raise AssertionError("the expected message never came")


def wait_for(cond, limit=4000):
    for _ in range(limit):
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError("the table never got there")


def act(ws, action, sid):
    ws.send_text(json.dumps({"type": "act", "action": action, "sid": sid}))


def my_turn(seat):
    return lambda m: m["type"] == "state" and (m["finished"] or m["view"]["to_act"] == seat)


# --- HTTP


def test_games_list_every_game_with_options_and_faces(app_client):
    data = app_client.get("/api/games").json()
    ids = [g["id"] for g in data["games"]]
    assert ids == list(games())
    for g in data["games"]:
        cls = games()[g["id"]]
        assert [o["name"] for o in g["options"]] == [o.name for o in cls.option_schema]
        assert set(g["faces"]) == set(cls.deck.codes)
    teams = {g["id"]: g["teams"] for g in data["games"]}
    assert teams["meri"] == ["A", "B"] * 4 and teams["yokir"] is None
    assert data["standin"] in [level["id"] for level in data["levels"]]


def test_pages_and_rules_are_served(app_client):
    for path in ("/", "/about", "/table/x", "/replay/x", "/static/table.js", "/static/style.css"):
        assert app_client.get(path).status_code == 200, path
    r = app_client.get("/api/games/yokir/rules")
    assert r.status_code == 200 and "Yokir" in r.text
    assert app_client.get("/api/games/nope/rules").status_code == 404


@pytest.mark.parametrize("spec, words", [
    ({"game": "nope"}, "unknown game"),
    ({"game": "yokir", "options": {"target": 0}}, "target"),
    ({"game": "yokir", "options": {"colour": 1}}, "unknown option"),
    ({"game": "yokir", "seats": 4}, "seats"),
    ({"game": "yokir", "players": [{"kind": "person"}]}, "players must list 3"),
    ({"game": "yokir", "players": [{"kind": "alien"}] * 3}, "kind"),
    ({"game": "yokir", "players": [{"kind": "computer", "level": "godlike"}] * 3}, "level"),
    ({"game": "yokir", "pace_ms": -1}, "pace_ms"),
    ({"game": "yokir", "hints": "yes"}, "hints"),
    ({"game": "yokir", "seed": 4}, "unknown field"),
    ([1, 2], "JSON object"),
])
def test_bad_table_requests_are_refused_with_a_reason(app_client, spec, words):
    r = app_client.post("/api/tables", json=spec)
    assert r.status_code == 400
    assert words in r.json()["error"]


def test_a_body_that_is_not_json_is_refused(app_client):
    r = app_client.post("/api/tables", content=b"{not json")
    assert r.status_code == 400 and "JSON" in r.json()["error"]


def test_record_only_after_the_match_ends(app_client):
    t = create(app_client)
    r = app_client.get(f"/api/tables/{t['id']}/record")
    assert r.status_code == 400 and "when the match ends" in r.json()["error"]
    assert app_client.get("/api/tables/nope/record").status_code == 404
    assert app_client.get(f"/api/tables/{t['id']}/replay?step=0").status_code == 400


def test_lobby_open_tables_join_and_private_tables(app_client):
    open_t = create(app_client, kinds=("person", "person", "computer"), open=True)
    private = create(app_client, kinds=("person", "person", "computer"))
    lobby = app_client.get("/api/lobby").json()
    listed = {t["id"]: t for t in lobby["open"]}
    assert open_t["id"] in listed and private["id"] not in listed
    assert listed[open_t["id"]]["free"] == [1]  # seat 0 is the creator's
    r = app_client.post(f"/api/tables/{open_t['id']}/join", json={"seat": 1, "name": "Zoe"})
    assert r.status_code == 200
    new_token = r.json()["token"]
    assert new_token != token(open_t, 1)
    again = app_client.post(f"/api/tables/{open_t['id']}/join", json={"seat": 1})
    assert again.status_code == 400 and "not free" in again.json()["error"]
    assert app_client.post(f"/api/tables/{open_t['id']}/join", json={"seat": 2}).status_code == 400
    r = app_client.post(f"/api/tables/{private['id']}/join", json={"seat": 1})
    assert r.status_code == 400 and "private" in r.json()["error"]
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, open_t["id"], new_token)
        assert m["seat"] == 1 and m["view"]["names"][1] == "Zoe"
    with app_client.websocket_connect("/ws") as ws:  # the old invite link only watches now
        assert hello(ws, open_t["id"], token(open_t, 1))["seat"] is None
        assert "no longer valid" in until(ws, lambda x: x["type"] == "error")["message"]


def test_the_grace_of_a_joined_seat_starts_when_it_is_joined(app_client):
    # grace 0: a joined seat whose player never connects is played by the stand-in at once
    # (seat 1, the creator's, too: it is theirs from the start)
    t = create(app_client, kinds=("computer", "person", "person"), open=True, grace_s=0)
    table = app_client.server.tables[t["id"]]
    # at an open table the stand-ins play while someone is seated here (a spectator is not enough)
    app_client.portal.call(attach, table, FakeConn(), 0)
    wait_for(lambda: table.match.to_act() == 2)
    waiting = table.sid
    assert app_client.post(f"/api/tables/{t['id']}/join", json={"seat": 2}).status_code == 200
    wait_for(lambda: table.sid > waiting)
    assert table.match.log[waiting][1] == 2
    # a long grace counts from the join, not from when the table was made
    t = create(app_client, kinds=("computer", "person", "person"), open=True, grace_s=60)
    table = app_client.server.tables[t["id"]]
    table.away_since[2] -= 3600  # as if the table had been waiting an hour
    assert app_client.post(f"/api/tables/{t['id']}/join", json={"seat": 2}).status_code == 200
    assert not table.computer_controls(2)


# --- the socket: bad input changes nothing


def test_a_refused_move_is_told_to_its_seat_as_you(app_client):
    t = create(app_client, game="tor", kinds=("person", "computer", "computer", "computer"))
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, t["id"], token(t, 0))
        m = m if my_turn(0)(m) else until(ws, my_turn(0))
        assert "draw stock" in m["view"]["legal"]
        act(ws, f"discard {m['view']['hand'][0]}", m["sid"])  # 8.1: draw (or drop) first
        reply = until(ws, lambda x: x["type"] == "error")
        assert "you must first draw" in reply["message"] and "seat 0" not in reply["message"], reply


def test_bad_messages_get_one_error_and_change_nothing(app_client):
    t = create(app_client, kinds=("person", "person", "computer"))
    for forged in ("forged", 12):  # a token that is no seat's: its holder only watches
        with app_client.websocket_connect("/ws") as ws:
            assert hello(ws, t["id"], forged)["seat"] is None
            assert "no longer valid" in until(ws, lambda x: x["type"] == "error")["message"]
    with app_client.websocket_connect("/ws") as ws:
        for text, words in [("{nope", "not valid JSON"), ("[1]", "JSON object"), ('{"type": "dance"}', "unknown message type"),
                            ('{"type": "act", "action": "pass", "sid": 0}', "say hello first")]:
            ws.send_text(text)
            m = receive(ws)
            assert m["type"] == "error" and words in m["message"]
        ws.send_bytes(b"\x00\x01")
        assert "JSON text" in receive(ws)["message"]
        assert "no table" in hello(ws, "nope", token(t, 0))["message"]
        ws.send_text(json.dumps({"type": "hello", "table": ["x"]}))
        assert "no table" in receive(ws)["message"]
        m = hello(ws, t["id"], token(t, 0))
        assert m["type"] == "state" and m["seat"] == 0 and m["snapshot"]
        table = app_client.server.tables[t["id"]]
        to_act = m["view"]["to_act"]
        sid = m["sid"]
        assert to_act == 0  # the seed is fixed: seat 0 bids first
        legal = m["view"]["legal"]
        bad = [
            ({"type": "act", "action": "play 9Z", "sid": sid}, "not allowed"),
            ({"type": "act", "action": 7, "sid": sid}, "action must be a string"),
            ({"type": "act", "action": legal[0]}, "sid"),
            ({"type": "act", "action": legal[0], "sid": sid + 5}, "the table moved on since you chose"),
            ({"type": "act", "action": legal[0], "sid": True}, "sid"),
            ({"type": "hint", "sid": sid - 1}, "current state"),
            ({"type": "hello", "table": t["id"]}, "already at a table"),
        ]
        for msg, words in bad:
            ws.send_text(json.dumps(msg))
            reply = receive(ws)
            assert reply["type"] == "error" and words in reply["message"], (msg, reply)
            assert table.sid == sid
        act(ws, legal[0], sid)
        after = until(ws, lambda x: x["type"] == "state")
        assert after["sid"] == sid + 1
        assert legal[0] == "pass"
        assert after["log"][0] == {"i": sid, "deal": 1, "seat": 0, "action": "pass", "text": "You pass"}
        # out of turn: seat 1 is to act now
        act(ws, after["view"]["legal"][0] if after["view"]["legal"] else "pass", after["sid"])
        reply = receive(ws)
        assert reply["type"] == "error" and "not your turn" in reply["message"]
        assert table.sid == sid + 1
    app_client.audit.check()


def test_double_clicks_and_two_tabs_apply_a_move_once(app_client):
    t = create(app_client, kinds=("person", "person", "computer"))
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as tab1, app_client.websocket_connect("/ws") as tab2:
        m1 = hello(tab1, t["id"], token(t, 0))
        m2 = hello(tab2, t["id"], token(t, 0))
        receive(tab1)  # tab2's arrival, announced to tab1
        assert m1["view"] == m2["view"] and m1["view"]["to_act"] == 0
        sid, move = m1["sid"], m1["view"]["legal"][0]
        act(tab1, move, sid)
        act(tab1, move, sid)  # a double click
        act(tab2, move, sid)  # the other tab
        got1 = [receive(tab1), receive(tab1)]
        got2 = [receive(tab2), receive(tab2)]
        kinds1 = sorted(x["type"] for x in got1)
        assert kinds1 == ["error", "state"]
        assert next(x for x in got1 if x["type"] == "error")["message"] == "the table moved on: that move was already made"
        assert [x["type"] for x in got2] == ["state", "error"] or sorted(x["type"] for x in got2) == ["error", "state"]
        assert table.sid == sid + 1
        assert table.match.actions[sid] == move and len(table.match.actions) == sid + 1
    assert app_client.server.store.action_count(t["id"]) == sid + 1


def test_spectators_get_the_public_view_only(app_client):
    t = create(app_client, kinds=("person", "computer", "computer"))
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as seat0, app_client.websocket_connect("/ws") as watcher:
        m = hello(seat0, t["id"], token(t, 0))
        w = hello(watcher, t["id"], None)
        assert w["seat"] is None and w["view"]["hand"] == [] and w["view"]["legal"] == []
        assert "invites" not in w
        codes = set(table.rules.deck.codes)
        hands = set().union(*(set(table.match.view(s)["hand"]) for s in range(3)))
        assert not (codes_in(w, codes) & hands)
        watcher.send_text(json.dumps({"type": "act", "action": "pass", "sid": w["sid"]}))
        assert "spectators" in receive(watcher)["message"]
        # play the deal through; the watcher sees every move, and never a hidden card
        rng = Rng(3)
        while not m["finished"] and m["view"]["deal"] == 1:
            if m["view"]["to_act"] == 0:
                act(seat0, rng.choice(m["view"]["legal"]), m["sid"])
            m = until(seat0, lambda x: x["type"] == "state")
        w = until(watcher, lambda x: x["sid"] == m["sid"])
        assert w["view"]["hand"] == []
    app_client.audit.check()


def test_reload_resumes_the_seat_with_a_full_snapshot(app_client):
    t = create(app_client, kinds=("person", "computer", "computer"))
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, t["id"], token(t, 0))
        act(ws, m["view"]["legal"][0], m["sid"])
        m = until(ws, my_turn(0))
    with app_client.websocket_connect("/ws") as ws:
        again = hello(ws, t["id"], token(t, 0))
        assert again["snapshot"] and again["sid"] == m["sid"]
        assert again["view"] == m["view"]
        assert [e["i"] for e in again["log"]] == list(range(again["sid"]))


def test_a_computer_holds_an_absent_persons_seat_after_the_grace(app_client):
    t = create(app_client, kinds=("person", "computer", "computer"), grace_s=0)
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as watcher:  # computers play while someone watches
        hello(watcher, t["id"])
        with app_client.websocket_connect("/ws") as ws:
            m = hello(ws, t["id"], token(t, 0))
            assert m["players"][0]["connected"]
            start = m["sid"]
        wait_for(lambda: table.sid > start + 3 or table.match.finished)  # the stand-in plays on
        with app_client.websocket_connect("/ws") as ws:
            m = hello(ws, t["id"], token(t, 0))
            assert not m["players"][0]["standin"]
            if not my_turn(0)(m):  # the snapshot itself may already be the person's turn
                m = until(ws, my_turn(0))  # and the seat is the person's again
            if not m["finished"]:
                sid = m["sid"]
                time.sleep(0.05)
                assert table.sid == sid


def test_unjoined_person_seats_wait_for_their_player(app_client):
    # seat 1 is the creator's, held by the stand-in at once (grace 0); seat 2 waits
    t = create(app_client, kinds=("computer", "person", "person"), grace_s=0)
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as watcher:  # computers play while someone watches
        hello(watcher, t["id"])
        wait_for(lambda: table.match.to_act() == 2)
        time.sleep(0.05)
        assert table.match.to_act() == 2  # nobody plays for a seat whose player has not come yet


def test_the_host_gives_a_friend_who_never_came_to_a_computer(app_client):
    t = create(app_client, kinds=("person", "person", "computer"), grace_s=600)
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as host, app_client.websocket_connect("/ws") as other:
        m = hello(host, t["id"], token(t, 0))
        assert [i["seat"] for i in m["invites"]] == [1]
        for bad, reason in ((2, "not waiting"), (0, "not waiting"), (3, "from 0 to 2"),
                            ("1", "from 0 to 2")):
            host.send_text(json.dumps({"type": "fill", "seat": bad}))
            assert reason in until(host, lambda x: x["type"] == "error")["message"]
        assert table.seats[2].kind == "computer" and table.seats[1].kind == "person"
        hello(other, t["id"], None)  # a spectator is not the host
        other.send_text(json.dumps({"type": "fill", "seat": 1}))
        assert "spectators" in until(other, lambda x: x["type"] == "error")["message"]
        start = table.sid
        host.send_text(json.dumps({"type": "fill", "seat": 1}))
        m = until(host, lambda x: x["type"] == "state" and x["players"][1]["kind"] == "computer")
        # the computer now plays seat 1 whenever it is to act; the host still plays seat 0
        while not m["finished"] and table.sid < start + 12:
            if m["view"]["to_act"] == 0:
                act(host, m["view"]["legal"][0], m["sid"])
            m = until(host, lambda x: x["type"] == "state")
        assert 1 in {table.match.log[i][1] for i in range(start, table.sid)}
    with app_client.websocket_connect("/ws") as late:  # the invitation no longer opens the seat
        assert hello(late, t["id"], token(t, 1))["seat"] is None
        assert "no longer valid" in until(late, lambda x: x["type"] == "error")["message"]
    assert app_client.server.store.load(t["id"])["seat_rows"][1]["kind"] == "computer"


def test_hints_answer_on_your_turn(app_client):
    t = create(app_client, kinds=("person", "computer", "computer"))
    with app_client.websocket_connect("/ws") as ws:
        m = until(ws, my_turn(0)) if hello(ws, t["id"], token(t, 0))["view"]["to_act"] != 0 else None
        m = m or app_client.server.tables[t["id"]].message(0, 0)
        ws.send_text(json.dumps({"type": "hint", "sid": m["sid"]}))
        h = until(ws, lambda x: x["type"] == "hint")
        assert h["sid"] == m["sid"]
        if h["hints"]:
            assert h["hints"][0]["action"] in m["view"]["legal"]
        else:
            assert h["message"]


def test_hints_can_be_switched_off_for_a_table(app_client):
    t = create(app_client, kinds=("person", "computer", "computer"), hints=False)
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, t["id"], token(t, 0))
        ws.send_text(json.dumps({"type": "hint", "sid": m["sid"]}))
        h = until(ws, lambda x: x["type"] == "hint")
        assert h["hints"] == [] and "switched off" in h["message"]


# --- whole games


def test_a_full_game_with_two_people_and_computers_leaks_nothing(app_client):
    game, options, kinds = full_game_setup()
    t = create(app_client, game=game, options=options, kinds=kinds)
    table = app_client.server.tables[t["id"]]
    people = [s for s, k in enumerate(kinds) if k == "person"]
    rng = Rng(11)
    received = []
    with app_client.websocket_connect("/ws") as a, app_client.websocket_connect("/ws") as b:
        socks = dict(zip(people, (a, b)))
        latest = {}
        for s, ws in socks.items():
            ws.send_text(json.dumps({"type": "hello", "table": t["id"], "token": token(t, s)}))
        while True:
            wait_for(lambda: table.match.finished or table.match.to_act() in socks)
            sid = table.sid
            for s, ws in socks.items():
                while s not in latest or latest[s]["sid"] != sid:
                    text = ws.receive_text()
                    received.append(text)
                    msg = json.loads(text)
                    assert msg["type"] == "state", msg
                    latest[s] = msg
            if table.match.finished:
                break
            seat = table.match.to_act()
            view = latest[seat]["view"]
            assert view["to_act"] == seat and view["legal"] == table.match.legal()
            act(socks[seat], rng.choice(view["legal"]), sid)
            wait_for(lambda: table.sid > sid)
        final = latest[people[0]]
        assert final["finished"] and final["scores"] == table.match.scores
    app_client.audit.check()
    assert received and all(text in app_client.audit.texts for text in received)
    record = app_client.get(f"/api/tables/{t['id']}/record").json()
    assert record["seed"] == table.match.seed and record["actions"] == table.match.actions
    assert records.replay(record).scores == final["scores"]
    total = len(record["actions"])
    step = app_client.get(f"/api/tables/{t['id']}/replay?step={total}").json()
    assert step["finished"] and step["scores"] == final["scores"]
    assert app_client.get(f"/api/tables/{t['id']}/replay?step={total + 1}").status_code == 400
    lobby = app_client.get("/api/lobby").json()
    assert t["id"] not in [f["id"] for f in lobby["finished"]]  # private: for those with its link


def unseen_card(table) -> str:
    """A card no seat's view shows: in the pile (Yokir's stock), face down."""
    codes = set(table.rules.deck.codes)
    seen = set().union(*(codes_in(table.match.view(s), codes) for s in range(table.rules.seats)))
    return sorted(codes - seen)[0]


@pytest.mark.parametrize("kind", ["another hand", "the stock"])
def test_the_audit_catches_a_leaked_card(app_client, monkeypatch, kind):
    """The leak check can fail: a server that slipped one card of another hand, or one card no
    seat sees, into a message (tests/web/test_hidden.py plants every kind, in every game)."""
    from parlor.web.table import Table
    honest = Table.message

    def leaky(self, seat, log_from, snapshot=False):
        msg = honest(self, seat, log_from, snapshot)
        if kind == "another hand":
            msg["debug"] = {"next": self.match.view(((seat or 0) + 1) % self.rules.seats)["hand"][0]}
        else:
            msg["debug"] = {"next": unseen_card(self)}
        return msg
    monkeypatch.setattr(Table, "message", leaky)
    t = create(app_client)
    with app_client.websocket_connect("/ws") as ws, app_client.websocket_connect("/ws") as watcher:
        hello(ws, t["id"], token(t, 0))
        hello(watcher, t["id"], None)
    with pytest.raises(AssertionError, match="hidden cards"):
        app_client.audit.check()
    assert any(f.startswith("seat None") for f in app_client.audit.failures)
    assert any(f.startswith("seat 0") for f in app_client.audit.failures)


def test_the_seed_stays_on_the_server_until_the_match_ends(tmp_path, audit):
    """The seed fixes every hidden card: no response and no socket message holds it while the
    match is played (not the create or join answer, the lobby, the pages, the record or replay,
    which are refused); once it is over the record, seed and all, can be downloaded."""
    seed = 7318264950417385123
    secrets = (str(seed), hex(seed)[2:], str(seed)[:12])
    app = create_app(f"sqlite:///{tmp_path / 's.sqlite'}", audit=audit, seeds=lambda: seed)
    texts = []

    def clean(text: str) -> str:
        assert not any(s in text for s in secrets), text[:300]
        texts.append(text)
        return text

    with TestClient(app) as client:
        r = client.post("/api/tables", json={"game": "yokir", "options": {"target": 1},
                                             "players": [{"kind": "person"}, {"kind": "person"},
                                                         {"kind": "computer"}],
                                             "pace_ms": 0, "grace_s": 0, "open": True})
        t = json.loads(clean(r.text))
        tid = t["id"]
        table = client.app.state.server.tables[tid]
        assert table.match.seed == seed
        assert tid in [x["id"] for x in json.loads(clean(client.get("/api/lobby").text))["open"]]
        another_browser(client)  # another browser joins
        joined = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
        assert joined.status_code == 200
        clean(joined.text)
        for path in (f"/api/tables/{tid}/record", f"/api/tables/{tid}/replay?step=0",
                     f"/api/tables/{tid}/replay?step=1"):
            r = client.get(path)
            assert r.status_code == 400 and "when the match ends" in clean(r.text), path
        for path in (f"/table/{tid}", f"/replay/{tid}", "/api/games"):
            clean(client.get(path).text)
        rng = Rng(2)
        with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as watcher:
            watcher.send_text(json.dumps({"type": "hello", "table": tid, "token": None}))
            ws.send_text(json.dumps({"type": "hello", "table": tid, "token": token(t, 0)}))
            while True:  # seat 1's person never came: after the grace a computer holds it
                m = json.loads(clean(ws.receive_text()))
                assert m["type"] == "state", m
                if m["finished"]:
                    break
                if m["view"]["to_act"] == 0 and m["sid"] == table.sid:
                    # the table waits for this move, so the match cannot end meanwhile
                    clean(client.get("/api/lobby").text)
                    assert client.get(f"/api/tables/{tid}/record").status_code == 400
                    act(ws, rng.choice(m["view"]["legal"]), m["sid"])
            while True:
                w = json.loads(clean(watcher.receive_text()))
                if w["finished"]:
                    break
        assert table.match.finished and len(texts) > 10
        for text in audit.texts:
            clean(text)
        audit.check()
        r = client.get(f"/api/tables/{tid}/record")
        assert r.status_code == 200 and str(seed) in r.text
        record = r.json()
        assert record["seed"] == seed and records.replay(record).scores == table.match.scores
        assert client.get(f"/api/tables/{tid}/replay?step=0").status_code == 200


def test_an_oversized_message_gets_one_error_line(app_client):
    """A socket message longer than the limit is not read: one error line, nothing changed, and
    the connection goes on; a message at the limit is read."""
    from parlor.web.app import MAX_MESSAGE
    t = create(app_client, kinds=("person", "person", "computer"))
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, t["id"], token(t, 0))
        assert m["view"]["to_act"] == 0  # and nobody else moves: seat 1 waits for its player
        sid = m["sid"]
        move = {"type": "act", "action": m["view"]["legal"][0], "sid": sid, "pad": ""}
        pad = MAX_MESSAGE - len(json.dumps(move))
        ws.send_text(json.dumps({**move, "pad": "x" * (pad + 1)}))
        assert receive(ws) == {"type": "error", "message": "message too long"}
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 10 * MAX_MESSAGE}))
        assert receive(ws) == {"type": "error", "message": "message too long"}
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive(ws) == {"type": "pong"}  # one error line each, nothing more
        assert table.sid == sid and table.match.actions == []
        at_limit = json.dumps({**move, "pad": "x" * pad})
        assert len(at_limit) == MAX_MESSAGE
        ws.send_text(at_limit)
        after = until(ws, lambda x: x["type"] == "state")
        assert after["sid"] == sid + 1 and table.match.actions == [move["action"]]


def test_a_failing_computer_player_does_not_stall_the_table(app_client, monkeypatch, caplog):
    """A bot's bug costs that move only: a random legal move is played instead, and the failure
    goes to the server's log with its reason."""
    from parlor.bots import Bot
    import parlor.session.table as session_table

    class Broken(Bot):
        name = "broken"

        def choose(self, view, rng):
            raise ZeroDivisionError("division by zero")
    monkeypatch.setattr(session_table, "make_bot", lambda level, rules: Broken(rules))
    t = create(app_client, kinds=("person", "computer", "computer"), grace_s=0)
    table = app_client.server.tables[t["id"]]
    with app_client.websocket_connect("/ws") as watcher:  # computers play while someone watches
        hello(watcher, t["id"])
        with app_client.websocket_connect("/ws") as ws:
            hello(ws, t["id"], token(t, 0))
        wait_for(lambda: table.sid > 6 or table.match.finished)  # three broken computers play on
    assert "failed: ZeroDivisionError: division by zero" in caplog.text


def test_the_cards_shown_beside_the_trick_come_from_face_up_and_the_keys_declared_cards():
    """The up card (face_up, its label in words) and the picker's own discard (a key Yokir
    declares a card), in the view's order; the spectator sees no discard."""
    from parlor.core.match import Match
    from parlor.core.registry import make_rules, text_of
    from parlor.core.spectator import public_view
    from parlor.web.public import roles, shown_cards
    rules = make_rules("yokir")
    match = Match(rules, 5)
    up, picker = match.view(0)["face_up"][0]["cards"][0], match.to_act()
    match.apply("pick")
    discard = match.legal()[0]
    match.apply(discard)
    view = match.view(picker)
    assert shown_cards(text_of(rules), view) == [("picked up", [up]), ("your discard", [discard.split()[1]])]
    assert set(roles(text_of(rules), view)) <= set(view["hand"]) | {up, discard.split()[1]}
    spectator = public_view(rules, [match.view(s) for s in range(3)])
    assert shown_cards(text_of(rules), spectator) == [("picked up", [up])]


def test_tor_draws_each_face_up_card_once():
    """Tőr's pile only: its first card is at the bottom of the pile (or in a hand), and the card
    taken from it this turn is in the taker's hand; drawn beside the pile, each was shown twice."""
    import random
    from parlor.core.match import Match
    from parlor.core.registry import make_rules, text_of
    from parlor.web.public import shown_cards
    rules = make_rules("tor", None, 3)
    words, taken = text_of(rules), 0
    for seed in range(4):
        match, pick = Match(rules, seed), random.Random(seed)
        while not match.finished and len(match.actions) < 60:
            seat = match.to_act()
            view = match.view(seat)
            drawn = [c for _, codes in shown_cards(words, view) for c in codes]
            assert [label for label, _ in shown_cards(words, view)] in ([], ["discard pile"])
            assert not set(drawn) & set(view["hand"]), view["hand"]
            taken += view["taken"] is not None
            match.apply(pick.choice(match.legal()))
    assert taken, "no card was taken from the pile: the test saw nothing"


def test_a_deal_result_and_the_sheet_are_sent_once_and_a_snapshot_has_them_all(app_client):
    """Issue 35, F2: a message carries the results since the last one, and the score sheet only
    when it changed, so a long match's messages do not grow with its deals; the results a socket
    pieces together are a snapshot's."""
    t = create(app_client, "tor", {"deals": 4}, kinds=("person", "computer"), seats=2)
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, t["id"], token(t, 0))
        assert m["snapshot"] and m["results_from"] == 0
        held, rng, plain = list(m["results"]), Rng(5), 0
        while not m["finished"]:
            if m["view"]["to_act"] == 0 and m["view"]["legal"]:
                act(ws, rng.choice(m["view"]["legal"]), m["sid"])
            m = until(ws, lambda x: x["type"] == "state")
            assert m["results_from"] == len(held), "a result skipped or sent again"
            held += m["results"]
            assert (m["sheet"] is None) == (not m["results"])
            plain += not m["results"]
        assert len(held) == 4 and plain > 10
    with app_client.websocket_connect("/ws") as again:
        snap = hello(again, t["id"], token(t, 0))
        assert snap["results"] == held and snap["sheet"]
