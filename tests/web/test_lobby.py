"""The lobby's protocol: options and levels in words, a browser's own tables, and play again
(the same seats at a new table; a stranger gets none)."""

import json

from parlor.bots.levels import level_words
from parlor.core.registry import games, text_class

from .test_protocol import create, hello, token, wait_for
from .conftest import another_browser

# one one-card Joker deal: a match over in a few moves
ONE_DEAL = {"schedule": [["1"]]}


def test_every_option_and_every_choice_of_every_game_has_words():
    for gid, cls in games().items():
        words = text_class(gid).option_words
        for o in cls.option_schema:
            assert o.name in words, f"{gid}: option {o.name} has no label"
            label, values = words[o.name]
            assert label and label != o.name
            for v in o.choices:
                assert values.get(v) and values[v] != str(v), f"{gid}: {o.name}={v!r} has no words"
        assert text_class(gid).about, f"{gid} is not described in a line"


def test_the_catalogue_sends_labels_words_and_the_levels_people_pick(app_client):
    data = app_client.get("/api/games").json()
    joker = next(g for g in data["games"] if g["id"] == "joker")
    opts = {o["name"]: o for o in joker["options"]}
    assert opts["length"]["label"] == "Deals"
    assert {"value": "classic24", "words": "Classic: 24 deals"} in opts["length"]["choices"]
    assert {"value": -100, "words": "−100 for a shtanga"} in opts["shtanga"]["choices"]
    assert opts["schedule"]["type"] == "json" and opts["schedule"]["parts"]["9"] == "9 cards, trump chosen"
    levels = data["levels"]
    assert [lv["id"] for lv in levels] == ["beginner", "casual", "strong", "expert"]
    assert all((lv["name"], lv["words"]) == level_words(lv["id"]) for lv in levels)
    assert levels[2]["name"] == "Strong" and levels[2]["words"].startswith("Strong: thinks about a second")
    assert "openspiel-ismcts" not in json.dumps(levels) and "random" not in json.dumps(levels)


def finished_joker(client, players):
    """A one-deal Joker match of two people (seats 0, 1) and two computers, played out by the
    stand-ins (no grace) while someone watches: the table as created, the server's live table."""
    r = client.post("/api/tables", json={"game": "joker", "options": ONE_DEAL, "grace_s": 0,
                                         "pace_ms": 0, "players": players, "hints": False})
    t = r.json()
    another_browser(client)  # whoever asks next does so from another browser than the creator's
    early = client.post(f"/api/tables/{t['id']}/again", json={"token": token(t, 0)})
    assert early.status_code == 400 and "not over" in early.json()["error"]
    with client.websocket_connect("/ws") as ws:
        # the friend comes once, then goes; their invite is claimed and the seat has a new link
        t["seats"][1]["token"] = hello(ws, t["id"], token(t, 1))["token"]
    live = client.server.tables[t["id"]]
    with client.websocket_connect("/ws") as ws:  # the computers play while someone is there
        hello(ws, t["id"])
        wait_for(lambda: live.match.finished)
    return t, live


TWO_PEOPLE = [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Ben"},
              {"kind": "computer", "level": "casual"}, {"kind": "computer", "level": "beginner"}]


def test_play_again_seats_the_same_players_at_a_new_table_and_no_stranger(app_client):
    t, old = finished_joker(app_client, TWO_PEOPLE)
    for tok in (None, "", "guess", 7):
        r = app_client.post(f"/api/tables/{t['id']}/again", json={"token": tok})
        assert r.status_code == 400 and "only a player" in r.json()["error"]
    assert "again" not in old.settings  # the stranger made no table

    ben = app_client.post(f"/api/tables/{t['id']}/again", json={"token": token(t, 1)}).json()
    ana = app_client.post(f"/api/tables/{t['id']}/again", json={"token": token(t, 0)}).json()
    assert ben["id"] == ana["id"] != t["id"] and (ana["seat"], ben["seat"]) == (0, 1)
    new = app_client.server.tables[ana["id"]]
    assert [(s.kind, s.level, s.name) for s in new.seats] == [(s.kind, s.level, s.name) for s in old.seats]
    assert new.rules.options == old.rules.options
    assert new.settings == {k: v for k, v in old.settings.items() if k != "again"}
    assert new.match.seed != old.match.seed and not new.match.finished
    with app_client.websocket_connect("/ws") as ws:  # the old seat's token opens the new seat
        assert hello(ws, ana["id"], ben["token"])["seat"] == 1
    with app_client.websocket_connect("/ws") as ws:  # a player at the old table is told
        assert hello(ws, t["id"], token(t, 0))["again"] == ana["id"]
    with app_client.websocket_connect("/ws") as ws:  # a spectator is not
        assert hello(ws, t["id"])["again"] is None


def test_my_tables_lists_the_seats_this_browser_holds(app_client):
    t, _ = finished_joker(app_client, TWO_PEOPLE)
    other = create(app_client, "yokir")
    held = {t["id"]: token(t, 1), other["id"]: token(other, 0), "nope": "x"}
    mine = app_client.post("/api/mine", json={"tables": held}).json()["tables"]
    assert [(m["id"], m["seat"], m["status"]) for m in mine] == [
        (other["id"], 0, "playing"), (t["id"], 1, "finished")]
    assert mine[1]["title"] == games()["joker"].title
    wrong = app_client.post("/api/mine", json={"tables": {t["id"]: token(other, 0)}}).json()
    assert wrong["tables"] == []  # a token of another table opens no seat here
    # the creator's seat cookie counts too, with nothing sent
    r = app_client.post("/api/tables", json={"game": "yokir", "pace_ms": 0})
    assert [m["id"] for m in app_client.post("/api/mine", json={}).json()["tables"]] == [r.json()["id"]]
    assert app_client.post("/api/mine", json={"tables": [1]}).status_code == 200
