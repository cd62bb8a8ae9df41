"""An invite link is claimed once (issue 35, F8): its first holder sits and the seat gets a new
link; whoever opens the old link afterwards watches, and sees no hand."""

import json

from .test_protocol import create, hello, token, until


def test_an_invite_link_seats_its_first_holder_only(app_client):
    t = create(app_client, kinds=("person", "person", "computer"))
    invite = token(t, 1)
    with app_client.websocket_connect("/ws") as friend, app_client.websocket_connect("/ws") as second:
        first = hello(friend, t["id"], invite)
        assert first["seat"] == 1 and first["view"]["hand"]
        fresh = first["token"]
        assert fresh != invite  # the friend's browser keeps the seat under its new link
        other = hello(second, t["id"], invite)  # someone the link was passed on to
        assert other["seat"] is None and other["view"]["hand"] == []
        assert "no longer valid" in until(second, lambda m: m["type"] == "error")["message"]
        assert app_client.server.tables[t["id"]].conns[1] == {c for c in app_client.server.conns if c.seat == 1}
    stored = app_client.server.store.load(t["id"])["seat_rows"][1]
    assert stored["token"] == fresh and stored["claimed"]  # a restart keeps the new link
    with app_client.websocket_connect("/ws") as again:  # the friend comes back by the new link
        assert hello(again, t["id"], fresh)["seat"] == 1
    app_client.audit.check()


def test_the_creators_link_is_not_changed(app_client):
    t = create(app_client, kinds=("person", "person", "computer"))
    with app_client.websocket_connect("/ws") as host:
        assert hello(host, t["id"], token(t, 0))["token"] == token(t, 0)


def test_the_host_gives_a_seat_a_new_link_and_the_old_one_stops_working(app_client):
    t = create(app_client, kinds=("person", "person", "computer"))
    with app_client.websocket_connect("/ws") as host, app_client.websocket_connect("/ws") as friend:
        assert hello(host, t["id"], token(t, 0))["reissue"] == [1]
        claimed = hello(friend, t["id"], token(t, 1))["token"]
        # only the host may, and only a friend's seat
        friend.send_text(json.dumps({"type": "reissue", "seat": 1}))
        assert until(friend, lambda m: m["type"] == "error")["message"] == "only the host can give a seat a new link"
        host.send_text(json.dumps({"type": "reissue", "seat": 0}))
        assert "nothing changed" in until(host, lambda m: m["type"] == "error")["message"]
        host.send_text(json.dumps({"type": "reissue", "seat": 1}))
        invites = until(host, lambda m: m["type"] == "state" and m["snapshot"] and m["invites"])["invites"]
        fresh = invites[0]["token"]
        assert invites[0]["seat"] == 1 and fresh not in (token(t, 1), claimed)
        # whoever sat there with the old link now watches, and sees no hand
        said = until(friend, lambda m: m["type"] == "error")["message"]
        assert said == "the host gave this seat a new link: you are watching the table"
        assert until(friend, lambda m: m["type"] == "state")["seat"] is None
    for old in (token(t, 1), claimed):
        with app_client.websocket_connect("/ws") as ws:
            assert hello(ws, t["id"], old)["seat"] is None
    assert app_client.server.store.load(t["id"])["seat_rows"][1]["token"] == fresh  # kept through a restart
    with app_client.websocket_connect("/ws") as ws:  # the new link is an invite: claimed once
        assert hello(ws, t["id"], fresh)["seat"] == 1
    app_client.audit.check()
