"""Accounts in the browser (web/people.py): sign up, log in and out, change the password, the
throttle on failed log-ins, the cross-site refusals, the leaderboard; on SQLite and PostgreSQL."""

import pytest
from starlette.testclient import TestClient

from parlor.core.ratings import Rating, computer_rating
from parlor.web import create_app
from parlor.web.people import FAILS_PER_NAME, SESSION_COOKIE, Throttle


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url)) as c:
        yield c


def _post(client, path, body, **headers):
    return client.post(path, json=body, headers=headers)


def test_sign_up_names_the_browser_and_the_cookie_is_httponly_and_lax(client):
    assert client.get("/api/account").json() == {"name": None}
    r = _post(client, "/api/account/signup", {"name": " Ana ", "password": "correct horse"})
    assert r.status_code == 200 and r.json() == {"name": "Ana"}
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert client.get("/api/account").json() == {"name": "Ana"}


def test_log_out_then_log_in_and_a_wrong_password_is_one_line(client):
    _post(client, "/api/account/signup", {"name": "Ben", "password": "ben's password"})
    assert _post(client, "/api/account/logout", {}).json() == {"name": None}
    assert client.get("/api/account").json() == {"name": None}
    wrong = _post(client, "/api/account/login", {"name": "ben", "password": "not it at all"})
    assert wrong.status_code == 400
    assert wrong.json() == {"error": "that name and password do not match an account"}
    assert client.get("/api/account").json() == {"name": None}
    right = _post(client, "/api/account/login", {"name": "BEN", "password": "ben's password"})
    assert right.json() == {"name": "Ben"}  # the name as it was signed up
    assert client.get("/api/account").json() == {"name": "Ben"}


def test_log_out_ends_the_session_in_every_browser(client):
    _post(client, "/api/account/signup", {"name": "Cai", "password": "cai password"})
    first = client.cookies[SESSION_COOKIE]
    client.cookies.clear()  # another browser
    _post(client, "/api/account/login", {"name": "Cai", "password": "cai password"})
    other = client.cookies[SESSION_COOKIE]
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, first)
    _post(client, "/api/account/logout", {})
    client.cookies.set(SESSION_COOKIE, other)
    assert client.get("/api/account").json() == {"name": None}


def test_a_taken_name_and_a_short_password_are_refused_in_one_line(client):
    _post(client, "/api/account/signup", {"name": "Dan", "password": "dan password"})
    taken = _post(client, "/api/account/signup", {"name": "dan", "password": "other password"})
    assert taken.status_code == 400 and taken.json() == {"error": "the name 'dan' is taken"}
    short = _post(client, "/api/account/signup", {"name": "Dee", "password": "short"})
    assert short.json() == {"error": "a password is 8 to 256 characters"}
    missing = _post(client, "/api/account/signup", {"name": "Dee"})
    assert missing.json() == {"error": "the form needs the field password"}


def test_changing_the_password_keeps_this_browser_and_needs_the_old_one(client):
    _post(client, "/api/account/signup", {"name": "Eve", "password": "old password"})
    bad = _post(client, "/api/account/password", {"old": "not the old", "new": "new password"})
    assert bad.status_code == 400 and "do not match" in bad.json()["error"]
    ok = _post(client, "/api/account/password", {"old": "old password", "new": "new password"})
    assert ok.json() == {"name": "Eve"}
    assert client.get("/api/account").json() == {"name": "Eve"}
    _post(client, "/api/account/logout", {})
    assert "error" in _post(client, "/api/account/login", {"name": "Eve", "password": "old password"}).json()
    assert _post(client, "/api/account/login", {"name": "Eve", "password": "new password"}).json() == {"name": "Eve"}


def test_a_guest_cannot_change_a_password(client):
    r = _post(client, "/api/account/password", {"old": "whatever one", "new": "new password"})
    assert r.status_code == 400 and r.json() == {"error": "log in first"}


def test_failed_log_ins_for_a_name_are_throttled_even_with_the_right_password(client):
    _post(client, "/api/account/signup", {"name": "Fay", "password": "fay password"})
    client.cookies.clear()
    for _ in range(FAILS_PER_NAME):
        assert _post(client, "/api/account/login", {"name": "Fay", "password": "a guess!!"}).status_code == 400
    r = _post(client, "/api/account/login", {"name": "fay", "password": "fay password"})
    assert r.status_code == 429 and r.json() == {"error": "too many failed log-ins; wait 15 minutes and try again"}
    assert SESSION_COOKIE not in r.headers.get("set-cookie", "")


def test_the_throttle_forgets_failures_past_its_window():
    now = [0.0]
    throttle = Throttle(window=60, clock=lambda: now[0])
    throttle.failed("name:fay")
    throttle.failed("name:fay")
    assert throttle.count("name:fay") == 2
    now[0] = 61
    assert throttle.count("name:fay") == 0 and "name:fay" not in throttle.fails


def test_a_page_of_another_site_cannot_log_in_or_out(client):
    _post(client, "/api/account/signup", {"name": "Gus", "password": "gus password"})
    r = _post(client, "/api/account/logout", {}, origin="https://evil.example")
    assert r.status_code == 403
    assert client.get("/api/account").json() == {"name": "Gus"}


def test_a_form_that_is_not_json_is_refused(client):
    """A cross-site HTML form can post only urlencoded, multipart or plain text."""
    r = client.post("/api/account/signup", content="name=Hal&password=hal+password",
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415 and r.json() == {"error": "send the form as JSON"}


def test_the_leaderboard_ranks_rated_people_and_places_the_computer_levels(client):
    accounts = client.portal.call(client.app.state.people.accounts)
    for name in ("Ivy", "Jon"):
        _post(client, "/api/account/signup", {"name": name, "password": f"{name} password"})
    accounts.set_ratings("joker", {"ivy": Rating(30, 3), "jon": Rating(22, 4)})
    data = client.get("/api/leaderboard/joker").json()
    assert data["title"] == "Joker (Georgian)"
    assert [(e["name"], e["rating"], e["matches"]) for e in data["board"]] == [
        ("Ivy", Rating(30, 3).shown, 1), ("Jon", Rating(22, 4).shown, 1)]
    levels = {e["level"]: e for e in data["levels"]}
    assert levels["expert"]["rating"] == computer_rating("joker", "expert").shown
    assert levels["expert"]["name"] == "Expert computer"
    assert client.get("/api/leaderboard/tor").json()["board"] == []
    unknown = client.get("/api/leaderboard/chess")
    assert unknown.status_code == 404 and unknown.json()["error"].startswith("no game \"chess\"")


def test_the_account_and_leaderboard_pages_are_served(client):
    assert "Sign up" in client.get("/account").text
    assert "Leaderboard" in client.get("/leaderboard").text


def _table(client, **extra):
    r = client.post("/api/tables", json={"game": "yokir", "pace_ms": 0, **extra,
                                         "players": [{"kind": "person"}, {"kind": "person"}, {"kind": "computer"}]})
    assert r.status_code == 200, r.text
    return r.json()


def test_an_accounts_tables_follow_it_to_another_browser(client):
    _post(client, "/api/account/signup", {"name": "Kim", "password": "kim password"})
    made = _table(client, open=True)
    client.cookies.clear()  # a guest, another browser, takes the other seat
    _post(client, "/api/account/signup", {"name": "Lou", "password": "lou password"})
    joined = client.post(f"/api/tables/{made['id']}/join", json={"seat": 1}).json()
    client.cookies.clear()  # Kim on another browser: no seat cookie, nothing in its storage
    assert client.post("/api/mine", json={"tables": {}}).json()["tables"] == []
    _post(client, "/api/account/login", {"name": "kim", "password": "kim password"})
    mine = client.post("/api/mine", json={"tables": {}}).json()["tables"]
    assert [(m["id"], m["seat"], m["token"]) for m in mine] == [(made["id"], 0, made["seats"][0]["token"])]
    client.cookies.clear()
    _post(client, "/api/account/login", {"name": "lou", "password": "lou password"})
    mine = client.post("/api/mine", json={"tables": {}}).json()["tables"]
    assert [(m["id"], m["seat"], m["token"]) for m in mine] == [(made["id"], 1, joined["token"])]


def test_a_guests_tables_are_not_an_accounts(client):
    made = _table(client)  # made as a guest
    _post(client, "/api/account/signup", {"name": "Mo", "password": "mo password"})
    client.cookies.clear()
    _post(client, "/api/account/login", {"name": "Mo", "password": "mo password"})
    assert all(m["id"] != made["id"] for m in client.post("/api/mine", json={"tables": {}}).json()["tables"])
