"""The game server without HTTP: tables by id, creating and joining them, the socket protocol.

Client messages (JSON objects, one a WebSocket text frame):
    {"type": "hello", "table": ID, "token": SEAT_TOKEN or null,   sit down (null: spectate);
     "seed": S, "lang": "hu"}                                      a fair table: this person's seed; read this language
    {"type": "act", "action": "play 3A", "sid": N}                 a move chosen at state N
    {"type": "hint", "sid": N}                                     hints for your turn
    {"type": "fill", "seat": N}          the host gives a never-joined friend's seat to a computer
                                         (anyone seated may once the host is away past the grace)
    {"type": "reissue", "seat": N}       the host gives a friend's seat a new link (the old stops working)
    {"type": "ping"}
Server messages: "state" (the view of your seat and what happened since), "hint", "error"
(one line; nothing changed), "pong".
"""

import asyncio
import contextvars
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from sqlalchemy.exc import SQLAlchemyError

from parlor.bots import bot_names
from parlor.bots import pool as lanes
from parlor.core import jsontext
from parlor.core.errors import ParlorError, one_line, shown
from parlor.core.fair import Fair
from parlor.core.language import ENGLISH, known, using
from parlor.core.match import Match
from parlor import records
from parlor.bots.levels import OFFERED, level_words
from parlor.core.options import Option, is_int
from parlor.core.words import say, say_n
from parlor.core.registry import games, make_rules, text_class
from parlor.core.rules import team_letter
from parlor.session import NAMES, fresh_seed, standin_level
from parlor.session.review import BUDGET as REVIEW_BUDGET, seat_of

from . import fair as fairness
from . import limits, schedule
from .replay import Replays
from .review import Reviews
from .store import Store, Unavailable
from .table import MAX_SEAT_NAME, Conn, Table

log = logging.getLogger("parlor.web")

DEFAULT_PACE_MS = 900
DEFAULT_GRACE_S = 60
MAX_TURN_S = 600


class BadRequest(ParlorError):
    """A request the server refuses, with the reason (HTTP 400)."""


class NotFound(ParlorError):
    """An unknown table (HTTP 404)."""


def game_catalogue() -> list[dict]:
    """Every game as the lobby offers it, in the language in use."""
    from .faces import faces, suits
    out = []
    for gid, cls in games().items():
        text = text_class(gid)
        out.append({
            "id": gid, "title": cls.title, "about": text.about_words(), "min_seats": cls.min_seats,
            "max_seats": cls.max_seats, "default_seats": cls.default_seats,
            # each seat's team letter, as the terminal names them (null: no teams)
            "teams": ([team_letter(cls, s) for s in range(len(cls.team_of))]
                      if cls.team_of is not None else None),
            "options": [_option_entry(o, *text.option_label(o)) for o in cls.option_schema],
            "faces": faces(gid),
            "suits": suits(gid),
            "tricks": "tricks" in cls.view_schema,  # a trick game: the table offers its last trick
        })
    return out


def _option_entry(o: Option, label: str, words: dict) -> dict:
    """An option as the lobby offers it: its label, its choices in words; a JSON option's
    `parts` (the words of what it is built of; a JSON option without them is not offered)."""
    kind = ("choice" if o.choices else "bool" if isinstance(o.default, bool) else
            "int" if is_int(o.default) else "str" if isinstance(o.default, str) else "json")
    entry = {"name": o.name, "label": label, "default": o.default, "allowed": o.allowed,
             "type": kind, "choices": [{"value": v, "words": words.get(v, str(v))} for v in o.choices]}
    if kind == "json":
        entry["parts"] = dict(words)
    return entry


def level_catalogue() -> list[dict]:
    """The levels a person picks, each in a line (never the other bots: `random`, `search`,
    an integration's)."""
    known = bot_names()
    return [{"id": level, "name": level_words(level)[0], "words": level_words(level)[1]}
            for level in OFFERED if level in known]


class Server:
    def __init__(self, db_url: str, *, audit=None, bot_threads: int = schedule.THREADS, seeds=None,
                 review_budget: int = REVIEW_BUDGET, expire_after: float = limits.EXPIRE_AFTER_S,
                 max_tables: int = limits.MAX_TABLES, clock=time.time):
        self.db_url = db_url
        self.expire_after = expire_after  # seconds an unfinished table may lie untouched
        self.max_tables = max_tables  # unfinished tables one account or address may keep
        self.clock = clock  # tests: a fake clock for expiry
        self.sweeper: asyncio.Task | None = None
        self.audit = audit  # tests: called with (table, seat, message) for every message built
        self.store: Store | None = None
        self.tables: dict[str, Table] = {}
        self.db_pool = ThreadPoolExecutor(1, thread_name_prefix="parlor-db")
        # every table's computer moves and hints, in turn (their searches in lanes.own_searches)
        self.computers = schedule.Scheduler(bot_threads)
        # Slow work a person asks for (a replay, a loaded table) has one thread of its own:
        # however much is asked, computer moves and hints never queue behind it, and the loop
        # never runs it.
        self.request_pool = ThreadPoolExecutor(1, thread_name_prefix="parlor-request")
        self.replays = Replays()
        self.reviews = Reviews(review_budget)
        self._seeds = seeds  # tests: a callable giving each new table's seed
        self.conns: set[Conn] = set()
        self.commitments = fairness.Commitments()

    @property
    def open_store(self) -> Store:
        """The store, open from start() on (requests come only after it)."""
        assert self.store is not None, "the server has not started"
        return self.store

    async def db(self, fn, *args, **kwargs):
        """Run a store call on the database thread (SQLite: one writer; PostgreSQL: a few). A
        call the database fails (it refuses writes, it is gone) is Unavailable: one line for the
        person, the driver's words in the log."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.db_pool, partial(fn, *args, **kwargs))
        except SQLAlchemyError as e:
            log.warning("database: %s failed: %s", fn.__name__, one_line(str(e).split("\n")[0]))
            raise Unavailable(say("the server's database is failing right now, so nothing was "
                                  "changed; try again in a while")) from None

    def requested(self, fn, *args) -> asyncio.Future:
        """Run a person's slow request on the request thread, in the request's language (an
        executor's thread has its own context); await the future for its result."""
        return asyncio.get_running_loop().run_in_executor(
            self.request_pool, partial(contextvars.copy_context().run, fn, *args))

    # --- life
    async def start(self) -> None:
        lanes.own_searches()  # ended in stop()
        self.store = await self.db(Store, self.db_url)
        if not self.store.url.startswith("sqlite"):
            # PostgreSQL takes concurrent writers: tables need not queue behind each other's
            # commits (each table still awaits its own writes one at a time, in order).
            self.db_pool.shutdown(wait=True)
            self.db_pool = ThreadPoolExecutor(4, thread_name_prefix="parlor-db")
        for tid in await self.db(self.store.ids, "playing"):
            row = await self.db(self.store.load, tid)
            try:
                table = Table.from_row(self, row)
            except ParlorError as e:
                log.error("table %s cannot be resumed: %s", tid, e)
                continue
            self.tables[tid] = table
            table.start()
        log.info("resumed %d unfinished tables", len(self.tables))
        self.sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        for conn in list(self.conns):
            await conn.close()
        for table in list(self.tables.values()):
            await table.stop()
        if self.store is not None:
            await self.db(self.open_store.close)
        self.db_pool.shutdown(wait=True)
        lanes.shutdown()  # the search processes, mid-search or idle
        self.computers.shutdown()
        self.request_pool.shutdown(wait=False, cancel_futures=True)
        self.reviews.close()

    # --- expiry
    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(limits.EXPIRE_CHECK_S)
            try:
                await self.expire()
            except Exception:  # noqa: BLE001 - a failed sweep is tried again at the next
                log.exception("closing idle tables failed")

    async def expire(self) -> list[str]:
        """Close the unfinished tables nobody has touched for `expire_after` (they leave the
        lobby, their links no longer open them); finished tables keep their records."""
        closed = []
        for table in limits.idle(list(self.tables.values()), self.clock(), self.expire_after):
            await self.db(self.open_store.close_table, table.id)
            await table.stop()
            self.tables.pop(table.id, None)
            for conn in [c for conns in table.conns.values() for c in conns]:
                conn.table, conn.seat = None, None
                with using(conn.lang):
                    conn.error(say("this table was closed: nobody played at it for a long time"))
            closed.append(table.id)
        if closed:
            log.info("closed %d idle tables", len(closed))
        return closed

    # --- tables
    async def create_table(self, spec, account: dict | None = None, owner: str | None = None) -> dict:
        """A new table as `spec` says, made by the person with this account (None: a guest),
        who takes its first person seat. `owner`: whom it counts against (limits.owner_key: an
        account or a guest's address), who may keep at most `max_tables` unfinished."""
        if not isinstance(spec, dict):
            raise BadRequest(say("a table is described by a JSON object"))
        if owner is not None and limits.kept_by(self.tables.values(), owner) >= self.max_tables:
            raise BadRequest(say_n("you already have {count} unfinished table, the most one person "
                                   "may keep: finish it before making another",
                                   "you already have {count} unfinished tables, the most one person "
                                   "may keep: finish one before making another", self.max_tables))
        known = {"game", "options", "seats", "players", "pace_ms", "grace_s", "hints", "open", "fair",
                 "rated", "turn_s"}
        for key in spec:
            if key not in known:
                raise BadRequest(say("unknown field {key} (fields: {fields})", key=shown(key),
                                     fields=", ".join(sorted(known))))
        rules = make_rules(spec.get("game"), spec.get("options") or {}, spec.get("seats"))
        n = rules.seats
        players = spec.get("players")
        if players is None:
            players = [{"kind": "person"}] + [{"kind": "computer"}] * (n - 1)
        if not isinstance(players, list) or len(players) != n:
            raise BadRequest(say("players must list {n} seats", n=n))
        levels = bot_names()
        seat_rows = []
        for s, p in enumerate(players):
            if not isinstance(p, dict):
                raise BadRequest(say("players[{s}] must be an object", s=s))
            kind = p.get("kind")
            if kind not in ("person", "computer"):
                raise BadRequest(say('players[{s}].kind must be "person" or "computer"', s=s))
            if kind == "person" and "level" in p:
                raise BadRequest(say("players[{s}].level is for computer seats: a person's seat is "
                                     "held by the {level} computer while they are away",
                                     s=s, level=standin_level()))
            level = standin_level() if kind == "person" else p.get("level") or levels[0]
            if level not in levels:
                raise BadRequest(say("players[{s}].level must be one of {levels}", s=s,
                                     levels=", ".join(levels)))
            name = p.get("name") or (say("Player {n}", n=s + 1) if kind == "person" else NAMES[s % len(NAMES)])
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_SEAT_NAME:
                raise BadRequest(say("the name of seat {seat} must be 1 to {most} characters", seat=s,
                                     most=MAX_SEAT_NAME))
            seat_rows.append({"seat": s, "kind": kind, "level": level, "name": name.strip(),
                              "token": secrets.token_urlsafe(16), "claimed": False})
        persons = [r for r in seat_rows if r["kind"] == "person"]
        if persons:  # the creator's seat (Table.host_seat) is theirs from the start
            persons[0]["claimed"] = True
            persons[0]["account"] = account["key"] if account else None
        settings: dict = {
            "pace_ms": _int_field(spec, "pace_ms", DEFAULT_PACE_MS, 0, 10_000),
            "grace_s": _int_field(spec, "grace_s", DEFAULT_GRACE_S, 0, 3600),
            "hints": _bool_field(spec, "hints", True),
            "open": _bool_field(spec, "open", False),
            # a person's time for a move; when it is up their stand-in makes one (0: no timer)
            "turn_s": _int_field(spec, "turn_s", 0, 0, MAX_TURN_S),
        }
        if _bool_field(spec, "rated", False):
            # every person seat an account's: the creator's now, each friend's when it is taken
            if account is None:
                raise BadRequest(say("log in to make a rated table: ratings are kept for accounts"))
            if not persons:
                raise BadRequest(say("a rated table needs your own seat: ratings are for people"))
            persons[0]["name"] = account["name"][:MAX_SEAT_NAME]
            settings["rated"] = True
        if owner is not None:
            settings["owner"] = owner
        fair: Fair | None = None
        if "fair" in spec:  # the lobby's commitment and its browser's seed (web/fair.py)
            taken = self.commitments.take(spec["fair"])
            if isinstance(taken, str):
                raise BadRequest(taken)
            fair = taken
            settings["fair"] = fairness.stored(fair, [persons[0]["seat"]] if persons else [])
        table = await self._open_table(rules, seat_rows, settings, fair)
        return {"id": table.id, "host": table.host_seat(),
                "seats": [{"seat": r["seat"], "kind": r["kind"], "name": r["name"],
                           "level": r["level"],
                           **({"token": r["token"]} if r["kind"] == "person" else {})}
                          for r in seat_rows]}

    async def _open_table(self, rules, seat_rows: list[dict], settings: dict,
                          fair: Fair | None = None) -> Table:
        """A new table of `rules` with these seats and settings, on a fresh deal, playing;
        `fair`: its deals are shuffled from these seeds."""
        names = [r["name"] for r in seat_rows]
        seed = self._seeds() if self._seeds else fresh_seed()
        match = Match(rules, seed, names=names, fair=fair)
        table_id = secrets.token_urlsafe(6)
        await self.db(self.open_store.create_table, table_id, rules.id, rules.options, rules.seats,
                      names, seed, settings, seat_rows)
        row = await self.db(self.open_store.load, table_id)
        table = Table(self, row, match)
        table.touched = self.clock()  # made now (the store's own times are the wall clock's)
        self.tables[table_id] = table
        table.start()
        return table

    async def play_again(self, table_id: str, token) -> dict:
        """The next match of a finished table: the same seats (people with the same seat
        tokens, computers at the same levels), options and settings, a fresh deal. Made once;
        every player of the old table who asks with their token gets their seat at it."""
        table = await self.table(table_id)
        if table is None:
            raise NotFound(say("there is no table {table}", table=shown(table_id)))
        seat = table.seat_of_token(token)
        if seat is None:
            raise BadRequest(say("only a player of this table can play again: open it from your seat's link"))
        async with table.changing:  # two players asking at once: one new table
            if not table.match.finished:
                raise BadRequest(say("the match is not over yet"))
            again = table.settings.get("again")
            if again is None:
                settings = {k: v for k, v in table.settings.items() if k not in ("again", "fair", "abandoned")}
                rows = [{"seat": s, "kind": i.kind, "level": i.level, "name": i.name,
                         "token": i.token, "claimed": i.claimed, "account": i.account}
                        for s, i in enumerate(table.seats)]
                # a fair table's next match: a fresh commitment; each person's hello adds a
                # seed from its second deal (nobody's seed can come before its first)
                fair = Fair.new() if table.match.fair is not None else None
                if fair is not None:
                    settings["fair"] = fairness.stored(fair, [])
                new = await self._open_table(make_rules(table.rules.id, table.rules.options,
                                                        table.rules.seats), rows, settings, fair)
                again = new.id
                await self.db(self.open_store.update_settings, table_id, {**table.settings, "again": again})
                table.settings["again"] = again
                table.broadcast()
        return {"id": again, "seat": seat, "token": table.seats[seat].token}

    async def mine(self, held: dict) -> list[dict]:
        """The tables where this browser holds a seat (`held`: table id -> seat token), newest
        first: each with the seat, whether it is finished, and its next match if there is one."""
        rows = await self.db(self.open_store.seats_held, held)
        catalogue = games()
        return [{**r, "title": catalogue[r["game"]].title if r["game"] in catalogue else r["game"]}
                for r in rows]

    async def join(self, table_id: str, body, held: str | None = None, account: dict | None = None,
                   address: str | None = None) -> dict:
        """A free seat of an open table for whoever asks first. `held`: the seat token this
        browser already holds at the table, if any (one browser, one seat); `account`: the
        person's, if logged in (one account, one seat); else `address`, the guest's (one
        guest address, one seat, whatever the cookies)."""
        table = self.tables.get(table_id)
        if table is None:
            raise NotFound(say("there is no open table {table}", table=shown(table_id)))
        if not isinstance(body, dict):
            raise BadRequest(say('join with a JSON object: {{"seat": N, "name": ...}}'))
        seat = body.get("seat")
        if not table.settings.get("open"):
            raise BadRequest(say("this table is private: join it through an invite link"))
        if not is_int(seat) or not 0 <= seat < len(table.seats):
            raise BadRequest(say("seat must be from 0 to {last}", last=len(table.seats) - 1))
        info = table.seats[seat]
        name = body.get("name") or info.name
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_SEAT_NAME:
            raise BadRequest(say("name must be 1 to {most} characters", most=MAX_SEAT_NAME))
        async with table.changing:  # two people asking for one seat: the first gets it
            if info.kind != "person" or info.claimed or table.match.finished:
                raise BadRequest(say("seat {seat} is not free", seat=seat))
            mine = table.seat_of_token(held)
            if mine is not None:
                raise BadRequest(say("you already sit at seat {seat} of this table", seat=mine))
            guest = limits.owner_key(None, address) if account is None and address is not None else None
            refusal = table.claim_refusal(account, guest)
            if refusal is not None:
                raise BadRequest(refusal)
            token = secrets.token_urlsafe(16)  # the invite link for this seat stops working
            await table.take_seat(seat, token, account, name.strip(), guest)
            # the grace before a stand-in plays starts now, not when the table was made
            table.start_grace(seat)
            table.broadcast()
            table.plan()
        return {"id": table_id, "seat": seat, "token": token}

    def lobby(self, pages: dict | None = None) -> dict:
        """The lobby's lists of live tables a page at a time (`pages`: list name -> {"offset",
        "limit"}; a list not named: its first page), each with its offset and total length."""
        pages = pages or {}
        live = [t for t in self.tables.values() if not t.match.finished]
        out: dict[str, object] = {}
        for name, tables in (("open", [t for t in live if t.is_open()]),
                             ("playing", [t for t in live if t.settings.get("open")])):
            asked = pages.get(name) or {}
            page = limits.page_of(tables, asked.get("offset"), asked.get("limit"))
            out[name] = [t.summary() for t in page.pop("items")]
            out[name + "_page"] = page
        return out

    async def finished(self, offset=None, limit=None) -> dict:
        """A page of the finished tables listed in the lobby, newest first."""
        page = limits.page_of([], offset, limit)
        rows = await self.db(self.open_store.finished_list, page["limit"], page["offset"])
        total = await self.db(self.open_store.finished_count)
        return {"finished": rows, "finished_page": {"offset": page["offset"], "limit": page["limit"],
                                                    "total": total}}

    async def table(self, table_id) -> Table | None:
        """A live table, loading a finished one from the store (for its final view)."""
        if not isinstance(table_id, str):
            return None
        table = self.tables.get(table_id)
        if table is None:
            row = await self.db(self.open_store.load, table_id)
            if row is None:
                return None
            if row["status"] == "closed":
                raise BadRequest(say("this table was closed: nobody played at it for a long time"))
            loaded = await self.requested(Table.from_row, self, row)  # a replay: off the loop
            table = self.tables.get(table_id)  # another hello may have loaded it meanwhile
            if table is None:
                table = self.tables[table_id] = loaded
                table.start()
        return table

    async def record(self, table_id: str) -> dict:
        row = await self.db(self.open_store.load, table_id)
        if row is None:
            raise NotFound(say("there is no table {table}", table=shown(table_id)))
        if row["status"] != "finished":
            raise BadRequest(say("the record (with the seed and every deal) is available when the match ends"))
        return row["record"]

    async def verify(self, record) -> dict:
        """`parlor verify` on a record (a replay: off the loop): verified, or what differs."""
        if not isinstance(record, dict):
            raise BadRequest(say("a record is a JSON object"))
        count, found = await self.requested(records.fair_problems, record)
        return {"verified": not found, "deals": count, "differences": found}

    async def replay_step(self, table_id: str, step) -> dict:
        """A finished match after `step` actions, every hand shown."""
        record = await self.record(table_id)
        total = len(record["actions"])
        if not is_int(step) or not 0 <= step <= total:
            raise BadRequest(say("step must be from 0 to {total}", total=total))
        return await self.requested(self.replays.step, table_id, record, step)

    async def review(self, table_id: str, seat, token: str | None = None) -> dict:
        """How far the review of a seat of a finished match has come, or the review (web/review.py).
        Anyone with the link may review any seat once the match is over (its record is public
        then); without `seat`, the seat `token` holds, else seat 0."""
        row = await self.db(self.open_store.load, table_id)
        if row is None:
            raise NotFound(say("there is no table {table}", table=shown(table_id)))
        if row["status"] != "finished":
            raise BadRequest(say("a match is reviewed when it is over"))
        record = row["record"]
        if seat is None:
            seat = next((r["seat"] for r in row["seat_rows"] if token is not None and r["token"] == token), 0)
        return self.reviews.status(table_id, seat_of(record, seat), record, self.requested)

    # --- the socket protocol
    def connect(self, send, lang: str = ENGLISH, account: dict | None = None) -> Conn:
        """A new socket, read in `lang` (its page's Accept-Language) until its hello names one,
        of the person with this account (None: a guest)."""
        conn = Conn(send, lang)
        conn.account = account
        self.conns.add(conn)
        return conn

    async def disconnect(self, conn: Conn) -> None:
        self.conns.discard(conn)
        table = conn.table
        if table is not None:
            table.detach(conn)
            if table.match.finished and not table.has_conns():
                await table.stop()
                self.tables.pop(table.id, None)
        await conn.close()

    async def handle(self, conn: Conn, text) -> None:
        """One client message, answered in the socket's language (a hello may choose it). Bad
        input gets one error line and changes nothing."""
        with using(conn.lang):
            msg = self._read(conn, text)
        if msg is None:
            return
        lang = msg.get("lang")  # the page's language; one parlor does not speak is passed over
        if msg.get("type") == "hello" and conn.table is None and isinstance(lang, str) and known(lang):
            conn.lang = lang
        with using(conn.lang):
            await self._dispatch(conn, msg)

    def _read(self, conn: Conn, text) -> dict | None:
        """The message as a JSON object, or None after telling the socket what is wrong."""
        if not isinstance(text, str):
            conn.error(say("send JSON text messages"))
            return None
        try:
            msg = read_json(text)
        except BadRequest as e:
            conn.error(say("malformed message: {reason}", reason=e.reason))
            return None
        if not isinstance(msg, dict):
            conn.error(say('malformed message: expected a JSON object with a "type"'))
            return None
        return msg

    async def _dispatch(self, conn: Conn, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "ping":
            conn.push('{"type":"pong"}')
        elif kind == "hello":
            await self._hello(conn, msg)
        elif kind in ("act", "hint", "fill", "reissue"):
            table = conn.table
            if table is None:
                conn.error(say('say hello first: {{"type": "hello", "table": ID, "token": ...}}'))
            elif conn.seat is None:
                conn.error({"act": say("spectators watch; they cannot play"),
                            "hint": say("spectators get no hints"),
                            "fill": say("spectators watch; they cannot give a seat to a computer"),
                            "reissue": say("spectators watch; they cannot change a seat's link")}[kind])
            elif kind == "act":
                await table.submit(conn.seat, msg.get("action"), msg.get("sid"), conn)
            elif kind == "hint":
                table.ask_hint(conn, msg.get("sid"))
            elif kind == "fill":
                await table.fill(conn, msg.get("seat"))
            else:
                await table.reissue(conn, msg.get("seat"))
        else:
            conn.error(say("unknown message type {kind} (types: hello, act, hint, fill, reissue, ping)",
                           kind=shown(kind)))

    async def _hello(self, conn: Conn, msg: dict) -> None:
        if conn.table is not None:
            conn.error(say("this connection is already at a table"))
            return
        try:
            table = await self.table(msg.get("table"))
        except ParlorError as e:
            conn.error(say("that table cannot be opened: {reason}", reason=e))
            return
        if table is None:
            conn.error(say("there is no table {table}", table=shown(msg.get("table"))))
            return
        await table.hello(conn, msg.get("token"), msg.get("seed"))


def read_json(text: str | bytes):
    """A JSON request or message, or BadRequest with what is wrong with it (the field that
    holds a string that is no text named)."""
    try:
        value = jsontext.loads(text)
    except jsontext.BadJSON as e:
        raise BadRequest(e.reason) from None
    where = jsontext.not_text(value)
    if where is not None:  # it could be neither stored nor sent back
        raise BadRequest(say("{field} must be text: it holds an unpaired surrogate escape such as \\ud800",
                             field=where or "the message"))
    return value


def _int_field(spec: dict, key: str, default: int, lo: int, hi: int) -> int:
    value = spec.get(key, default)
    if not is_int(value) or not lo <= value <= hi:
        raise BadRequest(say("{key} must be an integer from {lo} to {hi}", key=key, lo=lo, hi=hi))
    return value


def _bool_field(spec: dict, key: str, default: bool) -> bool:
    value = spec.get(key, default)
    if not isinstance(value, bool):
        raise BadRequest(say("{key} must be true or false", key=key))
    return value
