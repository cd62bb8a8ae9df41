"""Who may sit where. The creator's seat is the host's for good; a joiner gets one seat and no
host powers; a seat token is looked up under the table's lock, so a link racing a seat change
never sits at a seat that is no longer its own; a person's stand-in is always the middling
computer; a host who is not coming back does not stall the table; a malformed body gets a reason;
a private table's record is not listed."""

from .test_protocol import receive


# --- malformed bodies and messages


def test_malformed_bodies_get_400_and_a_reason(app_client):
    nested = b"[" * 30000 + b"]" * 30000
    digits = b'{"game": "yokir", "pace_ms": 1' + b"0" * 5000 + b"}"
    for body, reason in ((nested, "JSON nested too deeply"), (digits, "a number too long to read")):
        for path in ("/api/tables", "/api/tables/nope/join"):
            r = app_client.post(path, content=body)
            assert r.status_code == 400 and r.json()["error"] == f"bad request body: {reason}"
    with app_client.websocket_connect("/ws") as ws:
        ws.send_text('{"type": "ping", "sid": 1' + "0" * 5000 + "}")
        assert receive(ws) == {"type": "error", "message": "malformed message: a number too long to read"}
        ws.send_text('{"type": "ping"}')
        assert receive(ws) == {"type": "pong"}  # the connection goes on
