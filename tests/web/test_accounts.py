"""Accounts (web/accounts.py): argon2 passwords, signed sessions that end on log-out or a new
password, one account per name whatever its case, and ratings kept per game."""

import pytest

from parlor.core.ratings import Rating
from parlor.web.accounts import AccountError, Accounts
from parlor.web.store import Store


@pytest.fixture
def accounts(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    yield Accounts(store)
    store.close()


def test_a_person_registers_logs_in_and_the_cookie_names_them(accounts):
    cookie = accounts.register("Ana", "correct horse")
    assert accounts.account_of(cookie)["name"] == "Ana"
    again = accounts.log_in("ana", "correct horse")  # the name in any case
    assert accounts.account_of(again)["name"] == "Ana"


def test_the_password_is_stored_hashed_with_argon2(accounts):
    accounts.register("Ben", "a long secret")
    row = accounts._row("Ben")
    assert row.password.startswith("$argon2id$") and "a long secret" not in row.password


@pytest.mark.parametrize("name,password,reason", [
    ("", "long enough", "an account needs a name"), ("x" * 33, "long enough", "at most 32 characters"),
    ("Ana\n", "long enough", "only printable"), ("Cai", "short", "a password is 8 to 256 characters"),
])
def test_a_bad_name_or_password_is_one_clear_reason(accounts, name, password, reason):
    with pytest.raises(AccountError, match=reason):
        accounts.register(name, password)


def test_one_account_per_name_whatever_its_case(accounts):
    accounts.register("Zoe", "first password")
    with pytest.raises(AccountError, match="the name 'ZOE' is taken"):
        accounts.register("ZOE", "second password")


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(accounts):
    accounts.register("Dan", "right password")
    with pytest.raises(AccountError) as wrong:
        accounts.log_in("Dan", "wrong password")
    with pytest.raises(AccountError) as unknown:
        accounts.log_in("Nobody", "right password")
    assert str(wrong.value) == str(unknown.value) == "that name and password do not match an account"


def test_a_forged_or_tampered_cookie_is_nobody(accounts):
    cookie = accounts.register("Eve", "eve's password")
    assert accounts.account_of(cookie[:-2] + ("AA" if cookie[-2:] != "AA" else "BB")) is None
    assert accounts.account_of("not a cookie") is None and accounts.account_of(None) is None


def test_changing_the_password_ends_every_other_session(accounts):
    old = accounts.register("Fay", "old password")
    with pytest.raises(AccountError):
        accounts.change_password(old, "not the old one", "new password")
    new = accounts.change_password(old, "old password", "new password")
    assert accounts.account_of(old) is None and accounts.account_of(new)["name"] == "Fay"
    with pytest.raises(AccountError):
        accounts.log_in("Fay", "old password")
    accounts.log_out_everywhere(new)
    assert accounts.account_of(new) is None


def test_sessions_outlive_a_restart(tmp_path):
    url = f"sqlite:///{tmp_path / 'b.db'}"
    store = Store(url)
    cookie = Accounts(store).register("Gus", "gus password")
    store.close()
    store = Store(url)
    assert Accounts(store).account_of(cookie)["name"] == "Gus"
    store.close()


def test_ratings_are_kept_per_game_and_ranked(accounts):
    accounts.register("Hal", "hal password")
    accounts.register("Ivy", "ivy password")
    assert accounts.rating("hal", "joker") == (Rating(), 0)
    accounts.set_ratings("joker", {"hal": Rating(30, 5), "ivy": Rating(20, 5)})
    accounts.set_ratings("joker", {"hal": Rating(31, 4)})
    assert accounts.rating("hal", "joker") == (Rating(31, 4), 2)
    assert accounts.rating("hal", "tor") == (Rating(), 0)
    assert [(e["name"], e["matches"]) for e in accounts.leaderboard("joker")] == [("Hal", 2), ("Ivy", 1)]
    assert accounts.leaderboard("joker")[0]["rating"] == Rating(31, 4).shown
