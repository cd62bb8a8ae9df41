"""The server under attack (issue 35, item 6): input that is no text, untrusted text echoed in
error lines, a database that refuses writes, cross-site requests, and tables made without end."""

import json
import sqlite3
import time

import pytest
from sqlalchemy.exc import OperationalError

from parlor.cli.main import main
from parlor.core.errors import shown
from parlor.web.store import Store

from .conftest import free_port
from .test_protocol import create, hello, receive, token, wait_for


def printable_line(text: str) -> bool:
    return all(ch.isprintable() for ch in text)


# --- F3: a string that is no text (an unpaired surrogate escape)


def test_a_name_or_table_that_is_no_text_is_refused_naming_the_field(app_client):
    body = ('{"game": "yokir", "players": [{"kind": "person", "name": "\\ud800"}, '
            '{"kind": "computer"}, {"kind": "computer"}]}')
    r = app_client.post("/api/tables", content=body)
    assert r.status_code == 400 and "players[0].name must be text" in r.json()["error"]
    t = create(app_client, kinds=("person", "person", "computer"), open=True)
    r = app_client.post(f"/api/tables/{t['id']}/join", content='{"seat": 1, "name": "A\\udfffB"}')
    assert r.status_code == 400 and r.json()["error"].startswith("bad request body: name must be text")
    with app_client.websocket_connect("/ws") as ws:
        ws.send_text('{"type": "hello", "table": "\\ud800", "token": null}')
        m = receive(ws)
        assert m["type"] == "error" and "table must be text" in m["message"]
        # the socket is still there, and still serves
        assert hello(ws, t["id"], token(t, 0))["type"] == "state"


# --- F7: untrusted text in error lines: one line, printable, capped


def test_shown_quotes_escapes_and_caps_a_value():
    assert shown("play 3A") == '"play 3A"'
    assert shown('a\nb\x1b[2J"\\') == '"a\\nb\\x1b[2J\\"\\\\"'
    assert shown("\ud800") == '"\\ud800"'
    assert shown("Tőr") == '"Tőr"'  # printable letters are kept as they are
    assert shown("x" * 1000) == '"' + "x" * 80 + '"…'
    assert shown(None) == "null" and shown({1}) == "{1}"


EVIL = "play 3A\nparlor: forged line\x1b[31m" + "A" * 100_000


def test_a_bad_move_is_echoed_on_the_socket_as_one_short_printable_line(app_client):
    t = create(app_client, kinds=("person", "person", "computer"))
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, t["id"], token(t, 0))
        for action in (EVIL[:10_000], "\x1b[31mred\u202e"):
            ws.send_text(json.dumps({"type": "act", "action": action, "sid": m["sid"]}))
            reply = receive(ws)
            assert reply["type"] == "error" and "not allowed" in reply["message"]
            assert printable_line(reply["message"]) and len(reply["message"]) < 400, reply
        ws.send_text(json.dumps({"type": "dance\n" + "x" * 5000}))
        reply = receive(ws)["message"]
        assert "unknown message type" in reply and printable_line(reply) and len(reply) < 300


def test_web_error_answers_are_one_short_printable_line(app_client):
    r = app_client.post("/api/tables", json={"game": "yokir\x1b[2J" + "y" * 5000})
    assert r.status_code == 400
    error = r.json()["error"]
    assert "unknown game" in error and printable_line(error) and len(error) < 300
    r = app_client.post("/api/tables", json={"game": "yokir", "options": {"target\n": 1}})
    assert r.status_code == 400 and printable_line(r.json()["error"])


@pytest.mark.parametrize("action", [EVIL, "\x1b[31mred", "play Z\x1b[2J", "discard \nX", "bid\r1"])
def test_a_records_bad_move_is_reported_in_one_short_printable_line(tmp_path, capsys, action):
    path = tmp_path / "evil.json"
    path.write_text(json.dumps({"game": "yokir", "seed": 1, "actions": [action]}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err.count("\n") == 1
    line = err[:-1]
    assert "illegal" in line and printable_line(line) and len(line) < 400, line


# --- F4: a database that refuses writes


def refusing(calls=None):
    """A store call that fails as SQLite does on a read-only file."""
    def refuse(*args, **kwargs):
        if calls is not None:
            calls.append(time.monotonic())
        raise OperationalError("INSERT INTO web_actions", {}, sqlite3.OperationalError(
            "attempt to write a readonly database"))
    return refuse


def test_create_and_join_answer_one_line_503_while_the_database_refuses_writes(app_client, monkeypatch):
    t = create(app_client, kinds=("person", "person", "computer"), open=True)
    store = app_client.server.store
    monkeypatch.setattr(store, "create_table", refusing())
    monkeypatch.setattr(store, "update_seat", refusing())
    r = app_client.post("/api/tables", json={"game": "yokir"})
    assert r.status_code == 503
    error = r.json()["error"]
    assert "database" in error and "try again" in error and "INSERT" not in error
    r = app_client.post(f"/api/tables/{t['id']}/join", json={"seat": 1})
    assert r.status_code == 503 and r.json()["error"] == error
    assert not app_client.server.tables[t["id"]].seats[1].claimed


def test_computers_back_off_while_the_database_refuses_their_moves(app_client, monkeypatch):
    t = create(app_client, kinds=("computer", "computer", "computer"))
    table = app_client.server.tables[t["id"]]
    calls: list[float] = []
    monkeypatch.setattr(app_client.server.store, "append_action", refusing(calls))
    with app_client.websocket_connect("/ws") as ws:
        hello(ws, t["id"])  # a spectator: the computers play while someone watches
        time.sleep(1.6)
        # tries at 0, 0.5 and 1.5 s (doubling waits), not hundreds
        assert 1 <= len(calls) <= 4, len(calls)
        assert table.sid == 0
        monkeypatch.undo()  # the database is back: the computers play on
        wait_for(lambda: table.sid > 0, limit=1200)
        assert table.failed_writes == 0


def test_serve_refuses_a_database_it_cannot_write(tmp_path, capsys):
    path = tmp_path / "ro.sqlite"
    Store(f"sqlite:///{path}").close()
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    assert main(["serve", "--port", str(free_port()), "--db", read_only]) == 2
    err = capsys.readouterr().err
    assert err.startswith("parlor: cannot write to the database") and err.count("\n") == 1


# --- F9: Host and Origin, security headers


def test_every_response_carries_the_security_headers(app_client):
    for path in ("/", "/api/games", "/static/style.css", "/nowhere"):
        headers = app_client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"


def test_other_host_names_and_cross_site_requests_and_sockets_are_refused(tmp_path):
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect
    from parlor.cli.serve import allowed_hosts
    from parlor.web import create_app
    allowed = allowed_hosts("127.0.0.1", [])
    assert allowed == {"127.0.0.1", "localhost", "::1"} and allowed_hosts("0.0.0.0", []) is None
    app = create_app(f"sqlite:///{tmp_path / 'h.sqlite'}", allowed_hosts=allowed)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games", headers={"host": "localhost:8000"}).status_code == 200
        assert client.get("/api/games", headers={"host": "evil.example"}).status_code == 403
        same = {"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}
        cross = {"host": "127.0.0.1:8000", "origin": "http://evil.example"}
        assert client.post("/api/tables", json={"game": "yokir"}, headers=same).status_code == 200
        assert client.post("/api/tables", json={"game": "yokir"}, headers=cross).status_code == 403
        with client.websocket_connect("/ws", headers=same) as ws:
            ws.send_text('{"type": "ping"}')
            assert receive(ws)["type"] == "pong"
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws", headers=cross) as ws:
            ws.receive_text()
