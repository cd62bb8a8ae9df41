"""A person's statistics page (/people/<name>): per game, from the records of the finished
matches their account played, the numbers exact; an unfinished match and another person's seat
count nowhere. SQLite and PostgreSQL."""

import random

from starlette.testclient import TestClient

from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.web import create_app
from parlor.web.accounts import Accounts
from parlor.web.store import Store


def tor_match(seed: int, moves: int) -> Match:
    """A one-deal two-seat Tőr match played at random (these seeds: each ends in a drop)."""
    match = Match(make_rules("tor", {"deals": 1}, 2), seed, names=["A", "B"])
    rng = random.Random(moves)
    while not match.finished:
        match.apply(rng.choice(match.view(match.to_act())["legal"]))
    return match


def stored(store: Store, table_id: str, match: Match, holders: dict[int, str], finish: bool = True) -> None:
    rows = [{"seat": s, "kind": "person", "level": "casual", "name": n, "token": table_id + n, "claimed": True,
             "account": holders.get(s)} for s, n in enumerate("AB")]
    settings = {"pace_ms": 0, "grace_s": 60, "hints": True, "open": False}
    store.create_table(table_id, "tor", match.rules.options, 2, ["A", "B"], match.seed, settings, rows)
    if finish:
        store.finish(table_id, match.record())


def test_a_persons_statistics_are_counted_exactly_from_the_stored_records(db_url):
    store = Store(db_url)
    accounts = Accounts(store)
    accounts.register("Ana", "a good password")
    accounts.register("Ben", "a good password")
    # seed 7: seat 1 drops at 46 against 30 and is burned, -2 (Ana there: lost, a drop)
    stored(store, "t7", tor_match(7, 5), {1: "ana", 0: "ben"})
    # seed 8: seat 0 drops at 33 against 38 and holds, +1 (Ana there: won, a drop that held)
    stored(store, "t8", tor_match(8, 1), {0: "ana"})
    # seed 9: seat 0 drops at 38 against 23 and is burned (Ana at seat 1 burns it: won, +2)
    stored(store, "t9", tor_match(9, 2), {1: "ana"})
    stored(store, "open", tor_match(8, 1), {0: "ana"}, finish=False)  # still in play: no result
    store.close()
    with TestClient(create_app(db_url)) as client:
        data = client.get("/api/people/ANA").json()
        assert data["name"] == "Ana" and [g["game"] for g in data["games"]] == ["tor"]
        tor = data["games"][0]
        assert (tor["matches"], tor["wins"], tor["average_score"]) == (3, 2, 0.3)  # (−2 + 1 + 2) / 3
        assert {f["key"]: f["count"] for f in tor["facts"]} == {
            "stakes_won": 3, "deals_won": 2, "tors": 0, "outs": 0, "drops": 2, "drops_won": 1, "burns": 1}
        assert tor["facts"][0]["label"] == "Stakes won" and (tor["rating"], tor["rated_matches"]) == (None, 0)
        ben = client.get("/api/people/Ben").json()["games"][0]
        assert (ben["matches"], ben["wins"], ben["average_score"]) == (1, 1, 2.0)
        missing = client.get("/api/people/Nobody")
        assert missing.status_code == 404 and missing.json()["error"] == 'nobody has an account named "Nobody"'
        assert client.get("/people/Ana").status_code == 200
