"""Where tables live between actions: SQLAlchemy Core over SQLite (default) or PostgreSQL.

Four tables. `web_tables`: one row a table (game, options, seats, the secret seed, settings,
status, the final record once finished). `web_seats`: who sits where (a person or a computer
with its level, the seat's secret token, whether it was claimed). `web_account_seats`: the
account that holds a person's seat, written with the seat it names. `web_actions`: the actions in
order, primary key (table, index), so an action stored twice is refused by the database itself.

Everything is synchronous and short; the server calls it from one dedicated thread so the event
loop never waits on the disk and SQLite never sees two writers.
"""

import json
import time

from sqlalchemy import (Boolean, Column, Float, Integer, MetaData, String, Table, Text,
                        create_engine, delete, event, func, insert, select, update)
from sqlalchemy.exc import IntegrityError

from parlor.core.errors import ParlorError
from parlor.core.words import say

metadata = MetaData()

tables_t = Table(
    "web_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Integer, nullable=False),
    Column("names", Text, nullable=False),
    Column("seed", String(40), nullable=False),  # text: a 64-bit seed fits every database
    Column("settings", Text, nullable=False),
    Column("status", String(16), nullable=False),  # playing | finished | closed (it expired)
    Column("created", Float, nullable=False),
    Column("finished", Float),
    Column("record", Text),
)

seats_t = Table(
    "web_seats", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # person | computer
    Column("level", String(32), nullable=False),
    Column("name", String(64), nullable=False),
    Column("token", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False, default=False),
)

# The seats people took while logged in: "My tables" lists them in any browser of the account, a
# rated table rates them. One seat a table for an account (web_account_seats' primary key).
MAX_ACCOUNT_KEY = 128  # a folded account name: accounts.MAX_ACCOUNT_NAME (32) characters, 4 bytes each
account_seats_t = Table(
    "web_account_seats", metadata,
    Column("account", String(MAX_ACCOUNT_KEY), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, nullable=False),
)

actions_t = Table(
    "web_actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


# An open table's settings text holds this (create_table writes the settings with json.dumps).
LISTED = json.dumps({"open": True})[1:-1]
_LISTED_FINISHED = (tables_t.c.status == "finished", tables_t.c.settings.contains(LISTED))


class StoreError(ParlorError):
    """The database refused a write (a duplicate action, an unreachable server...)."""


class Unavailable(StoreError):
    """The database failed a call (it refuses writes, it is unreachable): nothing was changed,
    and asking again later may work (HTTP 503)."""


def normalise_url(url: str) -> str:
    """postgresql://... means the psycopg 3 driver; a bare path means a SQLite file."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    if "://" not in url:
        return "sqlite:///" + url
    return url


class Store:
    def __init__(self, url: str):
        self.url = normalise_url(url)
        try:
            if self.url.startswith("sqlite"):
                self.engine = create_engine(self.url, connect_args={"check_same_thread": False,
                                                                    "timeout": 30})
                event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = create_engine(self.url, pool_pre_ping=True)
            metadata.create_all(self.engine)
        except ModuleNotFoundError as e:
            advice = ("pip install 'parlor[postgres]'" if self.url.startswith("postgresql")
                      else "parlor keeps its tables in SQLite or PostgreSQL")
            raise StoreError(f"cannot open {url}: the driver {e.name} is not installed ({advice})") from None
        except Exception as e:  # noqa: BLE001 - any driver error becomes one line
            raise StoreError(f"cannot open the database {url}: {_first_line(e)}") from None

    def close(self) -> None:
        self.engine.dispose()

    def check_writable(self) -> None:
        """Refuse a database that can be read but not written (a read-only file, a user without
        the right to write): a server on it would show every move and keep none. A row is
        written and rolled back."""
        try:
            with self.engine.connect() as c, c.begin() as t:
                c.execute(actions_t.insert().values(table_id="", idx=-1, action="", at=0.0))
                t.rollback()
        except Exception as e:  # noqa: BLE001 - any driver error becomes one line
            raise StoreError(say("cannot write to the database {url}: {why}", url=_shown_url(self.url),
                                 why=_first_line(e))) from None

    # --- writing
    def create_table(self, table_id: str, game: str, options: dict, seats: int, names: list,
                     seed: int, settings: dict, seat_rows: list[dict]) -> None:
        """A new table; a seat row's "account" (if any) holds that seat, in the same transaction."""
        with self.engine.begin() as c:
            c.execute(tables_t.insert().values(
                id=table_id, game=game, options=json.dumps(options), seats=seats,
                names=json.dumps(names), seed=str(seed), settings=json.dumps(settings),
                status="playing", created=time.time()))
            c.execute(seats_t.insert(), [dict(table_id=table_id, **{k: v for k, v in row.items() if k != "account"})
                                         for row in seat_rows])
            holders = [dict(account=row["account"], table_id=table_id, seat=row["seat"])
                       for row in seat_rows if row.get("account")]
            if holders:
                c.execute(account_seats_t.insert(), holders)

    def append_action(self, table_id: str, index: int, action: str) -> None:
        """Store action number `index`; refused if that index is already stored."""
        try:
            with self.engine.begin() as c:
                c.execute(actions_t.insert().values(table_id=table_id, idx=index, action=action,
                                                    at=time.time()))
        except IntegrityError:
            raise StoreError(f"action {index} of table {table_id} is already stored") from None

    def update_seat(self, table_id: str, seat: int, settings: dict | None = None, **values) -> None:
        """Change a seat's row; a new `name` is written into the table's names too (the match's
        record, the finished list and a restart read those), a new "account" (a key, or
        None: nobody's) as the seat's holder, and new table `settings` (which guest holds
        it), all in the same transaction."""
        with self.engine.begin() as c:
            if settings is not None:
                c.execute(update(tables_t).where(tables_t.c.id == table_id).values(
                    settings=json.dumps(settings)))
            if "account" in values:
                account = values.pop("account")
                c.execute(delete(account_seats_t).where(account_seats_t.c.table_id == table_id,
                                                        account_seats_t.c.seat == seat))
                if account is not None:
                    c.execute(insert(account_seats_t).values(account=account, table_id=table_id, seat=seat))
            c.execute(update(seats_t).where(seats_t.c.table_id == table_id,
                                            seats_t.c.seat == seat).values(**values))
            if "name" in values:
                stored = c.execute(select(tables_t.c.names).where(tables_t.c.id == table_id)).scalar_one()
                names = json.loads(stored)
                names[seat] = values["name"]
                c.execute(update(tables_t).where(tables_t.c.id == table_id).values(names=json.dumps(names)))

    def update_settings(self, table_id: str, settings: dict) -> None:
        with self.engine.begin() as c:
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(
                settings=json.dumps(settings)))

    def close_table(self, table_id: str) -> None:
        """An unfinished table closed for good (it expired): never resumed, never listed."""
        with self.engine.begin() as c:
            c.execute(update(tables_t).where(tables_t.c.id == table_id, tables_t.c.status == "playing")
                      .values(status="closed", finished=time.time()))

    def finish(self, table_id: str, record: dict, then=None) -> bool:
        """Store a table as finished with its record, and run `then(connection)` (a rated
        table's new ratings) in the same transaction: both are kept or neither. A table already
        finished is left as it is and `then` not run again; whether it was finished now."""
        with self.engine.begin() as c:
            done = c.execute(update(tables_t).where(tables_t.c.id == table_id, tables_t.c.status == "playing")
                             .values(status="finished", finished=time.time(), record=json.dumps(record)))
            if done.rowcount != 1:
                return False
            if then is not None:
                then(c)
            return True

    # --- reading
    def load(self, table_id: str) -> dict | None:
        """A table's row, its seats and its actions, or None."""
        with self.engine.connect() as c:
            row = c.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = c.execute(select(seats_t).where(seats_t.c.table_id == table_id)
                              .order_by(seats_t.c.seat)).mappings().all()
            done = c.execute(select(actions_t.c.action, actions_t.c.at)
                             .where(actions_t.c.table_id == table_id).order_by(actions_t.c.idx)).all()
            holders = dict(c.execute(select(account_seats_t.c.seat, account_seats_t.c.account)
                                     .where(account_seats_t.c.table_id == table_id)).all())
        table = _table_dict(row, [dict(s, account=holders.get(s["seat"])) for s in seats], [a.action for a in done])
        table["touched"] = max([row["created"]] + [a.at for a in done[-1:]])  # the last move, or its making
        return table

    def ids(self, status: str | None = None) -> list[str]:
        q = select(tables_t.c.id).order_by(tables_t.c.created)
        if status:
            q = q.where(tables_t.c.status == status)
        with self.engine.connect() as c:
            return list(c.execute(q).scalars().all())

    def finished_list(self, limit: int = 50, offset: int = 0) -> list[dict]:
        """The latest finished tables that were open (listed in the lobby), from the `offset`th
        on; a private table's names and record are for those who have its link."""
        q = (select(tables_t.c.id, tables_t.c.game, tables_t.c.names, tables_t.c.finished)
             .where(*_LISTED_FINISHED)
             .order_by(tables_t.c.finished.desc(), tables_t.c.id).offset(offset).limit(limit))
        with self.engine.connect() as c:
            return [{"id": r.id, "game": r.game, "names": json.loads(r.names), "finished": r.finished}
                    for r in c.execute(q)]

    def finished_count(self) -> int:
        """How many finished tables the lobby lists."""
        with self.engine.connect() as c:
            return c.execute(select(func.count()).select_from(tables_t).where(*_LISTED_FINISHED)).scalar_one()

    def seats_held(self, held: dict[str, str], limit: int = 50) -> list[dict]:
        """For each table id -> seat token of `held` that is a seat there, newest first: the
        table's game, names, status, the seat (its token: the browser's own, from its cookie or
        its storage) and the next match's id (settings "again")."""
        q = (select(tables_t.c.id, tables_t.c.game, tables_t.c.names, tables_t.c.status,
                    tables_t.c.settings, tables_t.c.created, seats_t.c.seat, seats_t.c.token)
             .join(seats_t, seats_t.c.table_id == tables_t.c.id)
             .where(tables_t.c.id.in_(list(held)[:limit]), seats_t.c.kind == "person")
             .order_by(tables_t.c.created.desc()))
        with self.engine.connect() as c:
            return [{"id": r.id, "game": r.game, "names": json.loads(r.names), "status": r.status,
                     "seat": r.seat, "token": r.token, "again": json.loads(r.settings).get("again")}
                    for r in c.execute(q) if held.get(r.id) == r.token]

    def action_count(self, table_id: str) -> int:
        with self.engine.connect() as c:
            return len(c.execute(select(actions_t.c.idx).where(actions_t.c.table_id == table_id))
                       .all())


def _table_dict(row, seats, actions) -> dict:
    return {
        "id": row["id"], "game": row["game"], "options": json.loads(row["options"]),
        "seats": row["seats"], "names": json.loads(row["names"]), "seed": int(row["seed"]),
        "settings": json.loads(row["settings"]), "status": row["status"],
        "created": row["created"], "finished": row["finished"],
        "record": json.loads(row["record"]) if row["record"] else None,
        "seat_rows": [dict(s) for s in seats], "actions": list(actions),
    }


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL: readers never block the writer; NORMAL: a commit is in the WAL file before the
    # server acknowledges the action, so a killed server loses nothing it acknowledged.
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def _shown_url(url: str) -> str:
    """A database URL without its password (what comes before the "@")."""
    return url.split("@")[-1]


def _first_line(e: Exception) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__
