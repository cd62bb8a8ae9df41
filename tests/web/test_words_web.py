"""The browser table's words as a seat gets them: one fixed position of each game said exactly
(its moves, the last moves made, the last trick); every message of a whole match of each game
carries words for every legal move, every log entry and the last trick; a computer seat names its
level as the lobby does."""

import json

import pytest
from starlette.testclient import TestClient

from parlor.core.registry import games
from parlor.web import create_app

from .test_fixes import stored_table
from .test_protocol import create, hello, receive

# game: (options, seats, random moves in from seed 7), then what seat 0 ("You") is told there
EXAMPLES = {
    "tor": ({}, 4, 9, {
        "legal_words": {"draw discard": "Take the 9 of hearts from the discard pile",
                        "draw stock": "Draw from the stock", "drop": "Drop: your hand counts 45"},
        "log": ["P1 drops, claiming the lowest hand", "P3 takes the top card of the discard pile",
                "P3 discards the 9 of hearts"],
        "last_trick": None}),
    "yokir": ({}, 3, 8, {
        "legal_words": {"play 2T": "Lead the Student of Thought", "play 4A": "Lead the Journeyman of Architecture",
                        "play 5A": "Lead the Scribe of Architecture"},
        "log": ["P1 plays the Student of Leadership", "P2 plays the Journeyman of Leadership",
                "You play the Scribe of Leadership"],
        "last_trick": "You win the trick with the Scribe of Leadership"}),
    "joker": ({"length": "short12"}, 4, 28, {
        "legal_words": {"play 8H": "Lead the 8 of hearts", "play KH": "Lead the king of hearts"},
        "log": ["You play the king of spades", "P1 plays the 7 of spades", "P2 throws the joker away"],
        "last_trick": "You win the trick with the king of spades; P2 threw the joker away"}),
    "meri": ({}, 8, 15, {
        "legal_words": {"play G2": "Play the 2 of Guru", "play GSu": "Play the Sun of Guru",
                        "play GUn": "Play the Un of Guru", "play IRe": "Play the Rei of Isu",
                        "play K9": "Play the 9 of Koppu", "play KUn": "Play the Un of Koppu",
                        "play O5": "Play the 5 of Ouru face down", "play OSu": "Play the Sun of Ouru face down"},
        "log": ["P3 plays the Sun of Isu; turned up: the 8 of Ouru", "P6 plays the 5 of Pao",
                "P7 plays a card face down"],
        "last_trick": "P6 takes the trick with the 8 of Ouru"}),
}


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_a_fixed_position_is_said_exactly(game, tmp_path, audit):
    options, seats, moves, told = EXAMPLES[game]
    db = f"sqlite:///{tmp_path / 'words.sqlite'}"
    table_id, tok, _ = stored_table(db, game, 7, options, seats, moves)
    with TestClient(create_app(db, audit=audit)) as client, client.websocket_connect("/ws") as ws:
        m = hello(ws, table_id, tok)
    assert m["view"]["to_act"] == 0
    assert m["legal_words"] == told["legal_words"]
    assert [e["text"] for e in m["log"]][-3:] == told["log"]
    assert (m["last_trick"] and m["last_trick"]["text"]) == told["last_trick"]
    audit.check()


def words_missing(m: dict) -> list[str]:
    """What a state message lacks of its words: a legal move, a log entry or the last trick
    with no sentence, or one that is only the engine's action string."""
    out = [f"move {a!r}" for a in m["view"].get("legal") or []
           if not (m["legal_words"].get(a) or "").strip() or m["legal_words"][a] == a]
    out += [f"log entry {e['i']}" for e in m["log"] if not (e.get("text") or "").strip() or e["text"] == e["action"]]
    if m["last_trick"] is not None and not (m["last_trick"].get("text") or "").strip():
        out.append("the last trick")
    return out


SETUPS = {"tor": ({"deals": 1}, 4), "yokir": ({"target": 1}, 3), "joker": ({"length": "short12"}, 4), "meri": ({}, 8)}


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_every_message_of_a_match_carries_its_words(game, app_client):
    assert game in games()
    options, seats = SETUPS[game]
    table = create(app_client, game, options, kinds=("person",) + ("computer",) * (seats - 1))
    seen = 0
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, table["id"], table["seats"][0]["token"])
        for _ in range(3000):
            if m["type"] == "state":
                seen += 1
                assert not words_missing(m), (m["sid"], words_missing(m))
                if m["finished"] or m["view"]["deal"] > 1:
                    break
                if m["view"]["to_act"] == 0 and m["view"]["legal"]:
                    ws.send_text(json.dumps({"type": "act", "action": m["view"]["legal"][0], "sid": m["sid"]}))
            m = receive(ws)
        else:
            raise AssertionError("the first deal did not end")
    assert seen > seats
    app_client.audit.check()


def test_a_computer_seat_names_its_level_in_words(app_client):
    spec = {"game": "yokir", "pace_ms": 0,
            "players": [{"kind": "person"}, {"kind": "computer", "level": "casual"},
                        {"kind": "computer", "level": "beginner"}]}
    table = app_client.post("/api/tables", json=spec).json()
    with app_client.websocket_connect("/ws") as ws:
        m = hello(ws, table["id"], table["seats"][0]["token"])
    assert [p.get("level_name") for p in m["players"]] == [None, "Casual", "Beginner"]
