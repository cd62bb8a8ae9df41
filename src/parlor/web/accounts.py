"""People's accounts: a name and a password (argon2), signed session cookies, ratings per game.

Accounts are optional: guests play as before. A name is kept as typed and compared without
regard to case ("Ana" and "ana" are one account). Passwords are hashed with argon2id
(argon2-cffi's defaults, rehashed on login when those grow). A session is a cookie signed with
the server's secret (itsdangerous), which the database keeps so that sessions outlive a restart;
logging out or changing the password ends every session of the account (its `generation`).
"""

import secrets
import time
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import Column, Float, Integer, String, Table, insert, select, update
from sqlalchemy.exc import IntegrityError

from parlor.core.errors import ParlorError
from parlor.core.match import Match
from parlor.core.ratings import Rating, rate
from parlor.core.words import say

from .store import Store, account_seats_t, metadata, seats_t, tables_t

MIN_PASSWORD, MAX_PASSWORD = 8, 256
MAX_ACCOUNT_NAME = 32
SESSION_DAYS = 30

accounts_t = Table(
    "web_accounts", metadata,
    Column("key", String(MAX_ACCOUNT_NAME * 4), primary_key=True),  # the name folded: one account per name
    Column("name", String(MAX_ACCOUNT_NAME * 4), nullable=False),
    Column("password", String(256), nullable=False),
    Column("generation", Integer, nullable=False, default=0),  # bumped to end every session
    Column("created", Float, nullable=False),
)

ratings_t = Table(
    "web_ratings", metadata,
    Column("account", String(MAX_ACCOUNT_NAME * 4), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
)

secrets_t = Table(
    "web_secrets", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

_hasher = PasswordHasher()


@cache
def _dummy_hash() -> str:
    return _hasher.hash(secrets.token_hex(16))


def read_ratings(c, game: str, keys: list[str]) -> dict[str, Rating]:
    """Inside a transaction: these accounts' ratings in a game (a new account's: the start),
    their rows locked until it ends, so that two matches finishing at once both count."""
    rows = c.execute(select(ratings_t).where(ratings_t.c.game == game, ratings_t.c.account.in_(keys))
                     .with_for_update()).all()
    found = {r.account: Rating(r.mu, r.sigma) for r in rows}
    return {key: found.get(key, Rating()) for key in keys}


def write_ratings(c, game: str, new: dict[str, Rating]) -> None:
    """Inside a transaction: each account's new rating after one more rated match."""
    for key, r in new.items():
        done = c.execute(update(ratings_t).where(ratings_t.c.account == key, ratings_t.c.game == game)
                         .values(mu=r.mu, sigma=r.sigma, matches=ratings_t.c.matches + 1))
        if done.rowcount == 0:
            c.execute(insert(ratings_t).values(account=key, game=game, mu=r.mu, sigma=r.sigma, matches=1))


def rate_finished(c, *, match: Match, holders: dict[int, str], computers: dict[int, str],
                  abandoned: frozenset[int]) -> None:
    """Inside the transaction that stores a rated match as finished: each account's new rating
    (`holders`: seat -> account key; `computers`: seat -> level; `abandoned`: seats ranked last)."""
    game = match.rules.id
    old = read_ratings(c, game, list(holders.values()))
    new = rate(match, {s: old[key] for s, key in holders.items()}, computers, abandoned)
    write_ratings(c, game, {holders[s]: r for s, r in new.items()})


class AccountError(ParlorError):
    """A name taken, a wrong password, a password too short: said to the person in one line."""


def name_key(name: str) -> str:
    """The name as accounts are told apart: "Ana" and " ana" are one."""
    return name.strip().casefold()


def name_problem(name: object) -> str | None:
    if not isinstance(name, str) or not name.strip():
        return say("an account needs a name")
    if len(name.strip()) > MAX_ACCOUNT_NAME:
        return say("a name is at most {count} characters", count=MAX_ACCOUNT_NAME)
    if not name.isprintable():
        return say("a name holds only printable characters")
    return None


def password_problem(password: object) -> str | None:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return say("a password is {least} to {most} characters", least=MIN_PASSWORD, most=MAX_PASSWORD)
    return None


class Accounts:
    """Accounts, sessions and ratings in the server's database (synchronous, like Store: the
    server calls it from its database thread)."""

    def __init__(self, store: Store):
        self.engine = store.engine
        metadata.create_all(self.engine, tables=[accounts_t, ratings_t, account_seats_t, secrets_t])
        self.cookies = URLSafeTimedSerializer(self._secret(), salt="parlor-session")

    def _secret(self) -> str:
        with self.engine.begin() as c:
            row = c.execute(select(secrets_t.c.value).where(secrets_t.c.name == "session")).first()
            if row is not None:
                return row[0]
            value = secrets.token_hex(32)
            try:
                c.execute(insert(secrets_t).values(name="session", value=value))
            except IntegrityError:  # another server process wrote it first
                pass
        with self.engine.connect() as c:
            return c.execute(select(secrets_t.c.value).where(secrets_t.c.name == "session")).scalar_one()

    # --- accounts
    def register(self, name: str, password: str) -> str:
        """A new account; its session cookie's value."""
        for problem in (name_problem(name), password_problem(password)):
            if problem:
                raise AccountError(problem)
        try:
            with self.engine.begin() as c:
                c.execute(insert(accounts_t).values(key=name_key(name), name=name.strip(), created=time.time(),
                                                    password=_hasher.hash(password), generation=0))
        except IntegrityError:
            raise AccountError(say("the name {name} is taken", name=repr(name.strip()))) from None
        return self._session(name_key(name), 0)

    def log_in(self, name: str, password: str) -> str:
        row = self._row(name) if isinstance(name, str) else None
        try:
            if not isinstance(password, str):
                raise VerificationError
            # no account: a hash is checked all the same, so the time taken tells no name apart
            _hasher.verify(row.password if row is not None else _dummy_hash(), password)
            if row is None:
                raise VerificationError
        except (VerificationError, InvalidHashError):
            raise AccountError(say("that name and password do not match an account")) from None
        if _hasher.check_needs_rehash(row.password):
            with self.engine.begin() as c:
                c.execute(update(accounts_t).where(accounts_t.c.key == row.key)
                          .values(password=_hasher.hash(password)))
        return self._session(row.key, row.generation)

    def change_password(self, cookie: str | None, old: str, new: str) -> str:
        """A new session cookie; every other session of the account ends."""
        account = self.account_of(cookie)
        if account is None:
            raise AccountError(say("log in first"))
        problem = password_problem(new)
        if problem:
            raise AccountError(problem)
        self.log_in(account["name"], old)
        with self.engine.begin() as c:
            c.execute(update(accounts_t).where(accounts_t.c.key == account["key"])
                      .values(password=_hasher.hash(new), generation=accounts_t.c.generation + 1))
        return self._session(account["key"], account["generation"] + 1)

    def log_out_everywhere(self, cookie: str | None) -> None:
        account = self.account_of(cookie)
        if account is not None:
            with self.engine.begin() as c:
                c.execute(update(accounts_t).where(accounts_t.c.key == account["key"])
                          .values(generation=accounts_t.c.generation + 1))

    def account_of(self, cookie: str | None) -> dict | None:
        """The account a session cookie belongs to, or None (no cookie, forged, expired, ended)."""
        if not cookie:
            return None
        try:
            key, generation = self.cookies.loads(cookie, max_age=SESSION_DAYS * 86400)
        except (BadSignature, ValueError, TypeError):
            return None
        row = self._row_by_key(key)
        if row is None or row.generation != generation:
            return None
        return {"key": row.key, "name": row.name, "generation": row.generation}

    def find(self, name: str) -> dict | None:
        """The account of this name (in any case), or None."""
        row = self._row(name)
        return None if row is None else {"key": row.key, "name": row.name}

    def _session(self, key: str, generation: int) -> str:
        return self.cookies.dumps([key, generation])

    def _row(self, name: str):
        return self._row_by_key(name_key(name))

    def _row_by_key(self, key: str):
        with self.engine.connect() as c:
            return c.execute(select(accounts_t).where(accounts_t.c.key == key)).first()

    # --- seats (taken with the seat itself: Store.create_table, Store.update_seat)
    def seats_held(self, account_key: str, limit: int = 50) -> dict[str, str]:
        """Table id -> the seat token of each seat the account holds (its newest tables first);
        a seat given to a computer since is left out."""
        q = (select(seats_t.c.table_id, seats_t.c.token)
             .join(account_seats_t, (account_seats_t.c.table_id == seats_t.c.table_id)
                   & (account_seats_t.c.seat == seats_t.c.seat))
             .join(tables_t, tables_t.c.id == seats_t.c.table_id)
             .where(account_seats_t.c.account == account_key, seats_t.c.kind == "person")
             .order_by(tables_t.c.created.desc()).limit(limit))
        with self.engine.connect() as c:
            return {r.table_id: r.token for r in c.execute(q)}

    # --- ratings
    def rating(self, account_key: str, game: str) -> tuple[Rating, int]:
        """An account's rating in a game and the rated matches behind it."""
        with self.engine.connect() as c:
            row = c.execute(select(ratings_t).where(ratings_t.c.account == account_key,
                                                    ratings_t.c.game == game)).first()
        return (Rating(), 0) if row is None else (Rating(row.mu, row.sigma), row.matches)

    def set_ratings(self, game: str, new: dict[str, Rating]) -> None:
        """After one rated match: each account's new rating, all in one transaction."""
        with self.engine.begin() as c:
            write_ratings(c, game, new)

    def ratings_of(self, account_key: str) -> dict[str, dict]:
        """The account's rating in each game it played rated, and the rated matches behind it."""
        with self.engine.connect() as c:
            rows = c.execute(select(ratings_t).where(ratings_t.c.account == account_key)).all()
        return {r.game: {"rating": Rating(r.mu, r.sigma).shown, "matches": r.matches} for r in rows}

    def finished_seats(self, account_key: str, limit: int = 200) -> list[tuple[str, int, str]]:
        """(table id, seat, record text) of the account's latest finished matches."""
        q = (select(tables_t.c.id, account_seats_t.c.seat, tables_t.c.record)
             .join(account_seats_t, account_seats_t.c.table_id == tables_t.c.id)
             .where(account_seats_t.c.account == account_key, tables_t.c.status == "finished")
             .order_by(tables_t.c.finished.desc()).limit(limit))
        with self.engine.connect() as c:
            return [(r.id, r.seat, r.record) for r in c.execute(q)]

    def leaderboard(self, game: str, limit: int = 50) -> list[dict]:
        """The game's rated people, best shown rating first."""
        with self.engine.connect() as c:
            joined = ratings_t.join(accounts_t, accounts_t.c.key == ratings_t.c.account)
            rows = c.execute(select(ratings_t, accounts_t.c.name).select_from(joined)
                             .where(ratings_t.c.game == game)).all()
        board = [{"name": r.name, "rating": Rating(r.mu, r.sigma).shown, "matches": r.matches} for r in rows]
        board.sort(key=lambda e: (-e["rating"], e["name"].casefold()))
        return board[:limit]
