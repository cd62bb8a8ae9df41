"""An invite link is claimed once (issue 35, F8): its first holder sits and the seat gets a new
link; whoever opens the old link afterwards watches, and sees no hand."""

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
