"""Who may sit where. The creator's seat is the host's for good; a joiner gets one seat and no
host powers; a seat token is looked up under the table's lock, so a link racing a seat change
never sits at a seat that is no longer its own; a person's stand-in is always the middling
computer; a host who is not coming back does not stall the table; a malformed body gets a reason;
a private table's record is not listed."""

from parlor.web.server import standin_level

from .test_protocol import create, receive


# --- the stand-in


def test_a_person_seat_takes_no_level_its_stand_in_is_the_middling_computer(app_client):
    players = [{"kind": "person", "level": "expert"}, {"kind": "computer"}, {"kind": "computer"}]
    r = app_client.post("/api/tables", json={"game": "yokir", "players": players})
    assert r.status_code == 400
    assert r.json()["error"] == (f"players[0].level is for computer seats: a person's seat is "
                                 f"held by the {standin_level()} computer while they are away")
    t = create(app_client, kinds=("person", "computer", "computer"))
    assert t["seats"][0]["level"] == standin_level() == "casual"
    assert app_client.server.tables[t["id"]].seats[0].level == "casual"


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
