"""One live table: the authoritative match, its seats, its connections, one serialised queue.

Every change to a table goes through its inbox and is made by its one worker task, one at a
time: a person's move, a computer's move. A move is checked (state id, turn, legality), stored,
then applied, then each audience gets its own message: a seat its Rules.view and the actions as
that seat saw them (Match.log), spectators the public view. Connections only ever receive text
through their own send queue, so a slow browser holds up nobody.
"""

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass
from functools import partial

from parlor import records
from parlor.bots import bot_names
from parlor.bots.levels import level_words
from parlor.core.errors import one_line
from parlor.core.fair import client_seed_problem
from parlor.core.language import ENGLISH, using
from parlor.core.match import Match
from parlor.core.options import is_int
from parlor.core.spectator import meet, public_action, public_view
from parlor.core.view import View
from parlor.core.words import YOU, say
from parlor.session import Player, TableSession

from . import fair as fairness
from . import public
from .accounts import rate_finished

log = logging.getLogger("parlor.web")

SNAPSHOT_LOG = 60  # log entries a fresh connection receives
QUEUE_LIMIT = 64  # messages waiting for one connection before it is resynchronised
RETRY_FIRST_S = 0.5  # a computer's first wait after the database refused its move
RETRY_MAX_S = 60.0  # and its longest
MAX_SEAT_NAME = 24  # characters of a seat's name


class Conn:
    """One WebSocket (or any sender of text): its own queue and writer task."""

    def __init__(self, send, lang: str = ENGLISH):
        self._send = send  # async callable(text)
        self.lang = lang  # every message to this socket is said in its language
        self.queue: asyncio.Queue = asyncio.Queue()
        self.table: Table | None = None
        self.seat: int | None = None
        self.account: dict | None = None  # the logged-in person's account ({"key", "name"}), if any
        self.closed = False
        self.resyncs = 0
        self._writer = asyncio.create_task(self._write())

    def push(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            if self.table is None:
                # Not at a table, nothing to resynchronise from: only error lines and pongs wait,
                # and a client that reads none of them gets no more (the queue stays bounded).
                return
            # Too slow to keep up: what waits is stale anyway; one fresh snapshot replaces it.
            while not self.queue.empty():
                self.queue.get_nowait()
            self.resyncs += 1
            text = self.table.snapshot_text(self)
        self.queue.put_nowait(text)

    def error(self, message: str, **extra) -> None:
        self.push(json.dumps({"type": "error", "message": one_line(message), **extra}))

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self._send(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the socket went away; the reader will notice
            self.closed = True

    async def close(self) -> None:
        self.closed = True
        self._writer.cancel()
        try:
            await self._writer
        except (asyncio.CancelledError, Exception):  # noqa: BLE001
            pass


@dataclass
class Seat(Player):
    """A seat's stored row: who plays it, its name, a person's seat token, and the key of the
    account that holds it (None: a guest's, or nobody's yet)."""
    name: str
    token: str
    claimed: bool
    account: str | None = None


class Table:
    def __init__(self, server, row: dict, match: Match):
        self.server = server
        self.id: str = row["id"]
        self.match = match
        self.rules = match.rules
        self.settings: dict = row["settings"]
        self.created: float = row["created"]
        known = bot_names()
        # a level this server no longer has (an optional extra gone since the table was made)
        # is played, and shown, as the first bot
        self.seats = [Seat(r["kind"], r["level"] if r["level"] in known else known[0], r["name"],
                           r["token"], bool(r["claimed"]), r.get("account")) for r in row["seat_rows"]]
        self.session = TableSession(match, self.seats, list(row["names"]))
        n = self.rules.seats
        self.conns: dict = {s: set() for s in range(n)}
        self.conns[None] = set()  # spectators
        now = time.monotonic()
        self.away_since: list[float | None] = [now] * n  # after a restart every person is away
        self.inbox: asyncio.Queue = asyncio.Queue()
        # held while a move is checked, stored and applied, and while a seat attaches: a person
        # coming back sees the table after any move already on its way, never in between
        self.changing = asyncio.Lock()
        self.worker: asyncio.Task | None = None
        self.bot_task: asyncio.Task | None = None
        # seat -> ((state id, language), its answer)
        self.hints: dict[int, tuple[tuple[int, str], asyncio.Future]] = {}
        self.hint_tasks: set[asyncio.Task] = set()  # the loop keeps only weak references to tasks
        self.grace_ends: dict[int, asyncio.TimerHandle] = {}  # seat -> its grace's end, timed
        self.applied_at = time.time()
        # how many deal results every socket here holds: a state message carries only the later
        # ones (a snapshot all of them), so a long match's messages do not grow with its deals
        self.results_told = len(self.match.results)
        # the last move or a person's arrival (expiry); a row the store did not load: its making
        self.touched: float = row.get("touched", row["created"])
        self.views = self._all_views()
        self.last_trick: list = self._last_tricks()
        self.stored_finish = row["status"] == "finished"
        self.stopping = False
        self.failed_writes = 0  # moves in a row the database refused: the computers back off
        self.turn_clock: tuple[int, float] | None = None  # a timed turn: (state id, its end, monotonic)
        self.expired_turn: int | None = None  # the state id whose person's time ran out

    @classmethod
    def from_row(cls, server, row: dict) -> "Table":
        """Rebuild a table from its stored row by replaying its record."""
        record = {"game": row["game"], "options": row["options"], "seats": row["seats"],
                  "names": row["names"], "seed": row["seed"], "actions": row["actions"]}
        fair = fairness.loaded(row["settings"])
        if fair is not None:
            record["fair"] = fair.to_json(reveal=True)
        return cls(server, row, records.replay(record))

    # --- reading
    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def sid(self) -> int:
        """The state id: how many actions have been applied."""
        return len(self.match.actions)

    def seat_of_token(self, token) -> int | None:
        for s, seat in enumerate(self.seats):
            if seat.kind == "person" and isinstance(token, str) and token == seat.token:
                return s
        return None

    @property
    def rated(self) -> bool:
        return bool(self.settings.get("rated"))

    def seat_of_account(self, account: dict | None) -> int | None:
        """The seat this account already holds here (one person, one seat a table)."""
        for s, seat in enumerate(self.seats):
            if account is not None and seat.kind == "person" and seat.account == account["key"]:
                return s
        return None

    def seat_of_guest(self, guest: str | None) -> int | None:
        """The seat a guest (limits.owner_key of their address) already holds here: the one they
        made the table with, or one they joined from the lobby (settings "guests")."""
        if guest is None:
            return None
        if self.settings.get("owner") == guest and self.host_seat() is not None:
            return self.host_seat()
        return self.settings.get("guests", {}).get(guest)

    def claim_refusal(self, account: dict | None, guest: str | None = None) -> str | None:
        """Why this person may not take a free seat here, or None. `guest`: a guest's address
        key, for a seat taken from the lobby (one address, one guest seat a table, whatever
        the cookies: docs/decisions.md)."""
        if self.rated and account is None:
            return say("this table is rated: log in to take a seat")
        mine = self.seat_of_account(account) if account is not None else self.seat_of_guest(guest)
        if mine is not None:
            return say("you already sit at seat {seat} of this table", seat=mine)
        return None

    async def take_seat(self, seat: int, token: str, account: dict | None, name: str | None = None,
                        guest: str | None = None) -> None:
        """A person takes a free seat under a new token (the invite link stops working), held by
        their account if they have one, else (`guest`, their address key) remembered as that
        guest's; at a rated table it bears the account's name. Stored first, in one write."""
        info = self.seats[seat]
        if account is not None and self.rated:
            name = account["name"][:MAX_SEAT_NAME]
        values: dict = {"claimed": True, "token": token, "account": account["key"] if account else None}
        if name is not None and name != info.name:
            values["name"] = name
        settings = None
        if account is None and guest is not None:
            settings = {**self.settings, "guests": {**self._guests_but(seat), guest: seat}}
        await self.server.db(self.server.store.update_seat, self.id, seat, settings=settings, **values)
        if settings is not None:
            self.settings = settings
        info.claimed, info.token, info.account = True, token, values["account"]
        if "name" in values:
            info.name = self.names[seat] = values["name"]
            if self.match.names:  # the record the match will be stored as names them too
                self.match.names[seat] = values["name"]
            self.views = self._all_views()

    def _guests_but(self, seat: int) -> dict:
        """The guests' seats (settings "guests") without whoever held `seat`."""
        return {g: s for g, s in self.settings.get("guests", {}).items() if s != seat}

    def computer_controls(self, seat: int) -> bool:
        """A computer plays this seat now: a computer seat, or a person gone past the grace."""
        info = self.seats[seat]
        if info.kind == "computer":
            return True
        if self.conns[seat] or not info.claimed:
            return False
        away = self.away_since[seat]
        return away is not None and time.monotonic() - away >= self.settings["grace_s"]

    def players(self) -> list[dict]:
        out = []
        for s, info in enumerate(self.seats):
            p: dict[str, object] = {"name": info.name, "kind": info.kind}
            if info.kind == "computer":
                p["level"] = info.level
                p["level_name"] = level_words(info.level)[0]  # the badge says "Strong", not "strong"
            else:
                p["connected"] = bool(self.conns[s])
                p["joined"] = info.claimed
                p["standin"] = self.computer_controls(s)
            out.append(p)
        return out

    def is_open(self) -> bool:
        return (not self.match.finished and self.settings.get("open", False)
                and any(s.kind == "person" and not s.claimed for s in self.seats))

    def summary(self) -> dict:
        return {"id": self.id, "game": self.rules.id, "title": self.rules.title,
                "players": self.players(), "deal": self.match.deal_number,
                "finished": self.match.finished, "rated": self.rated,
                "free": [s for s, info in enumerate(self.seats)
                         if info.kind == "person" and not info.claimed]}

    # --- views and messages
    def _all_views(self) -> list[View]:
        return [self.session.view(s) for s in range(self.rules.seats)]

    def spoken(self, seat: int | None, view: View) -> View:
        """The view the words said to `seat` speak from: its own seat named "You" ("You bid 2",
        "You win the trick"); a spectator's, the table's names."""
        if seat is None:
            return view
        names = list(self.names)
        names[seat] = YOU
        return dict(view, names=names)

    def _log_entry(self, index: int, seat: int | None, spoken: View) -> dict:
        deal, actor, seen = self.match.log[index]
        action = seen[seat] if seat is not None else public_action(seen)
        return {"i": index, "deal": deal, "seat": actor, "action": action,
                "text": self.session.words.move_words(spoken, actor, action)}

    def message(self, seat: int | None, log_from: int, snapshot: bool = False) -> dict:
        """What `seat` (None: a spectator) is sent about the table as it is now."""
        m = self.match
        words = self.session.words
        told = 0 if snapshot else min(self.results_told, len(m.results))
        if seat is None:
            view = public.sent_view(public_view(self.rules, self.views))
            last = self._public_last_trick()
        else:
            view = public.sent_view(self.views[seat])
            last = self._seat_last_trick(seat)
        spoken = self.spoken(seat, view)
        msg = {
            "type": "state", "table": self.id, "sid": self.sid, "seat": seat,
            "snapshot": snapshot, "ts": self.applied_at,
            "view": view,
            "lines": public.table_lines(self.session.words, view),
            "roles": public.roles(self.session.words, view),
            "shown": public.shown_cards(words, view),
            "facts": public.seat_facts(words, view),
            "legal_words": {a: words.action_words(view, a) for a in view["legal"]},
            "log": [self._log_entry(i, seat, spoken) for i in range(max(0, log_from), self.sid)],
            "last_trick": last,
            "players": self.players(),
            "results_from": told,
            "results": [{"dealer": r.dealer, "points": list(r.points),
                         "text": self.session.words.deal_result(r, self.names)}
                        for r in m.results[told:]],
            "scores": list(m.scores),
            # the whole sheet, but only when it changed (the browser keeps the last one)
            "sheet": self.session.words.score_sheet(m.results, self.names) if told < len(m.results) or snapshot
            else None,
            "finished": m.finished,
            "winners": m.winners(),
            "again": self.settings.get("again") if seat is not None else None,  # the next match
            "turn_left": self.turn_left(),  # seconds; the browser counts down from its arrival
        }
        if snapshot:
            msg["game"] = {"id": self.rules.id, "title": self.rules.title,
                           "options": self.rules.options, "seats": self.rules.seats}
            msg["settings"] = {**{k: self.settings[k] for k in ("pace_ms", "grace_s", "hints")},
                               "rated": self.rated, "turn_s": self.settings.get("turn_s", 0)}
            msg["fair"] = fairness.public(m.fair)
            host = self.host_seat()
            msg["host"] = host
            if seat is not None:  # the seat's own link, which changes when an invite is claimed
                msg["token"] = self.seats[seat].token
            if seat is not None and seat == host:
                msg["invites"] = [{"seat": s, "name": info.name, "token": info.token}
                                  for s, info in enumerate(self.seats)
                                  if s != seat and info.kind == "person" and not info.claimed]
                # the friends' seats whose link the host may replace (Table.reissue)
                msg["reissue"] = [s for s, info in enumerate(self.seats)
                                  if s != seat and info.kind == "person" and not m.finished]
        return msg

    def host_seat(self) -> int | None:
        """The creator's seat: the first person seat. It is claimed when the table is made, so
        nobody joins it and it is never given to a computer: the host stays the creator."""
        persons = [s for s, info in enumerate(self.seats) if info.kind == "person"]
        return persons[0] if persons else None

    def may_fill(self, seat: int | None) -> bool:
        """Whether `seat` may give never-joined seats to computers: the host, or anyone seated
        once a computer holds the host's seat (the host gone past the grace, or never come)."""
        host = self.host_seat()
        if seat is None or host is None:
            return False
        return seat == host or self.computer_controls(host)

    def _text(self, seat: int | None, log_from: int, snapshot: bool = False, lang: str = ENGLISH) -> str:
        with using(lang):
            msg = self.message(seat, log_from, snapshot)
            if self.server.audit is not None:
                self.server.audit(self, seat, msg)
        return json.dumps(msg, separators=(",", ":"))

    def snapshot_text(self, conn: Conn) -> str:
        return self._text(conn.seat, self.sid - SNAPSHOT_LOG, snapshot=True, lang=conn.lang)

    def _send_all(self, log_from: int, skip: Conn | None = None) -> None:
        """Each audience its message, said once in each language its sockets read. Every socket
        here gets it (the skipped one has just had a snapshot), so each then holds every result."""
        for audience, conns in self.conns.items():
            texts: dict[str, str] = {}
            for c in list(conns):
                if c is not skip:
                    if c.lang not in texts:
                        texts[c.lang] = self._text(audience, log_from, lang=c.lang)
                    c.push(texts[c.lang])
        self.results_told = len(self.match.results)

    def broadcast(self, log_from: int | None = None) -> None:
        self._send_all(self.sid if log_from is None else log_from)

    # --- connections
    async def hello(self, conn: Conn, token, seed=None) -> None:
        """Seat a connection by its seat token (none: a spectator). The token is looked up under
        the lock: a seat just given to a computer, or just taken by a joiner with a new token,
        no longer answers to the old link. `seed`: the person's seed for a fair table."""
        async with self.changing:
            seat = None
            if token not in (None, ""):
                seat = self.seat_of_token(token)
                if seat is None:  # a link already used, or a seat given away: its holder watches
                    await self._attach(conn, None)
                    conn.error(say("this seat link is no longer valid (it was used already, or the "
                                   "seat was given to someone else): you are watching the table"))
                    return
                refusal = None if self.seats[seat].claimed else self.claim_refusal(conn.account)
                if refusal is not None:  # the invite stays unused: after logging in it seats its holder
                    await self._attach(conn, None)
                    conn.error(say("{reason}; you are watching the table", reason=refusal))
                    return
                if seed is not None:
                    await self._add_seed(conn, seat, seed)
            await self._attach(conn, seat)

    async def _add_seed(self, conn: Conn, seat: int, seed) -> None:
        """A person's first seed at a fair table seeds every deal from the next one on (the
        deal in play was dealt already); later ones, and any at a finished match, are ignored."""
        entry = self.settings.get("fair")
        fair = self.match.fair
        if entry is None or fair is None or seat in entry["seats"] or self.match.finished:
            return
        problem = client_seed_problem(seed)
        if problem is not None:
            conn.error(say("your seed was not used: {problem}", problem=problem))
            return
        fair = fair.adding(seed, self.match.deal_number + 1)
        settings = {**self.settings, "fair": fairness.stored(fair, entry["seats"] + [seat])}
        try:
            await self.server.db(self.server.store.update_settings, self.id, settings)
        except Exception as e:  # noqa: BLE001 - stored first or not used at all
            log.error("table %s: storing a seat's seed failed: %s", self.id, e)
            return
        self.settings = settings
        self.match.fair = fair

    async def _attach(self, conn: Conn, seat: int | None) -> None:
        conn.table, conn.seat = self, seat
        if seat is not None:
            self.touched = self.server.clock()
        self.conns[seat].add(conn)
        if seat is not None:
            self.away_since[seat] = None
            self._untime_grace(seat)
            if not self.seats[seat].claimed:
                # An invite link is claimed once: its holder gets the seat under a new token (the
                # snapshot carries it), and whoever holds the link afterwards watches (issue 35, F8).
                await self.take_seat(seat, secrets.token_urlsafe(16), conn.account)
        conn.push(self.snapshot_text(conn))
        if seat is not None:
            self.broadcast_others(conn)
            self.plan()
        elif self.bot_task is None or self.bot_task.done():
            self.plan()  # a spectator wakes computers that waited for someone to be here

    def broadcast_others(self, skip: Conn) -> None:
        """Tell everyone else who is here now (no new actions)."""
        self._send_all(self.sid, skip)

    def detach(self, conn: Conn) -> None:
        seat = conn.seat
        self.conns[seat].discard(conn)
        conn.table = None
        if seat is not None and not self.conns[seat]:
            self.start_grace(seat)
            self.broadcast()
            self.plan()

    # --- the grace before a computer holds an empty person's seat
    def start_grace(self, seat: int) -> None:
        """The seat's person is away from now on."""
        self.away_since[seat] = time.monotonic()
        self._time_grace(seat)

    def _time_grace(self, seat: int) -> None:
        """Be told when the seat's grace runs out: nothing else happens then, yet from then on a
        computer holds the seat, and with the host's, anyone seated may fill never-joined seats."""
        self._untime_grace(seat)
        away = self.away_since[seat]
        if away is None or not self.seats[seat].claimed or self.stopping:
            return
        left = away + self.settings["grace_s"] - time.monotonic()
        if left > 0:  # a grace of 0 is over at once, and detach and join tell everyone
            self.grace_ends[seat] = asyncio.get_running_loop().call_later(
                left, self._grace_over, seat)

    def _untime_grace(self, seat: int) -> None:
        timer = self.grace_ends.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def _grace_over(self, seat: int) -> None:
        del self.grace_ends[seat]
        if not self.computer_controls(seat):
            self._time_grace(seat)  # a clock tick early: look again
            return
        self.broadcast()
        self.plan()

    def has_conns(self) -> bool:
        return any(self.conns.values())

    def stand_ins_play(self) -> bool:
        """Whether the stand-ins of people away play now. At a table listed in the lobby, only
        while a person is seated here: a stranger watching an abandoned open table does not have
        it played to its end (issue 35, F8). A private table's watchers have its link from its
        players, and the stand-ins play for them."""
        return self.seated_here() or not self.settings.get("open", False)

    def seated_here(self) -> bool:
        """Whether a person is at the table in one of its seats (spectators are not counted)."""
        return any(conns for seat, conns in self.conns.items() if seat is not None)

    # --- the worker: every change, one at a time
    def start(self) -> None:
        self.worker = asyncio.create_task(self._work())
        for seat in range(self.rules.seats):
            self._time_grace(seat)  # a host who never comes, everyone after a restart
        self.plan()

    async def stop(self) -> None:
        """Stop the computer, let the worker finish what is queued (never half a move), end."""
        self.stopping = True
        for task in list(self.hint_tasks):
            task.cancel()
        for seat in list(self.grace_ends):
            self._untime_grace(seat)
        if self.bot_task is not None:
            self.bot_task.cancel()
        if self.worker is not None:
            await self.inbox.put(None)
            try:
                await asyncio.wait_for(self.worker, 10)
            except (asyncio.CancelledError, TimeoutError, Exception):  # noqa: BLE001
                pass

    async def submit(self, seat: int, action, sid, conn: Conn | None, bot: bool = False) -> None:
        await self.inbox.put((seat, action, sid, conn, bot))

    async def _work(self) -> None:
        # a match whose last move was stored but not its end (a crash between the two)
        async with self.changing:
            await self._store_finish()
        while True:
            item = await self.inbox.get()
            if item is None:
                return
            seat, action, sid, conn, bot = item
            try:
                # a person's refusals in their socket's language
                async with self.changing:
                    with using(conn.lang if conn is not None else ENGLISH):
                        await self._act(seat, action, sid, conn, bot)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a bug must not take the table down
                log.exception("table %s: action %r failed", self.id, action)
                if conn is not None:
                    with using(conn.lang):
                        conn.error(say("the server could not process that move; nothing was played"),
                                   sid=self.sid)

    def _refusal(self, seat: int, action, sid, bot: bool) -> str | None:
        if self.match.finished:
            return self.session.turn_refusal()
        if not isinstance(sid, int) or isinstance(sid, bool):
            return say('a move needs "sid": the state id it was chosen on')
        if sid != self.sid:
            return self._moved_on(seat, action, sid)
        if self.match.to_act() != seat:
            return self.session.turn_refusal()
        timed_out = bot and self.expired_turn == sid  # the stand-in's one move for a person out of time
        if not timed_out and bot != self.computer_controls(seat):
            return (say("a computer was holding your seat; it is yours again now, so choose your move again")
                    if not bot else say("the person is back"))
        if not isinstance(action, str):
            return say("the action must be a string such as one of your legal moves")
        reason = self.session.why_illegal(seat, action)
        if reason is not None:
            return say("that move is not allowed: {reason}", reason=reason)
        return None

    def _moved_on(self, seat: int, action, sid) -> str:
        """A move chosen at an earlier state (a double click, a second tab, a late click): said
        as what happened since, never as state numbers."""
        log = self.match.log
        if isinstance(sid, int) and 0 <= sid < len(log) and log[sid][1] == seat and self.match.actions[sid] == action:
            if action.split()[0] == "play":
                return say("the table moved on: that card was already played")
            return say("the table moved on: that move was already made")
        return say("the table moved on since you chose that move; nothing was played, look again")

    async def _act(self, seat: int, action, sid, conn: Conn | None, bot: bool) -> None:
        refusal = self._refusal(seat, action, sid, bot)
        if refusal is not None:
            if conn is not None:
                conn.error(refusal, sid=self.sid)
            return
        index = self.sid
        if bot and not await self._abandoned(seat):
            self.failed_writes += 1
            self.plan()
            return
        try:
            await self.server.db(self.server.store.append_action, self.id, index, action)
        except Exception as e:  # noqa: BLE001 - stored first or not played at all
            self.failed_writes += 1
            log.error("table %s: storing action %d failed (%d in a row): %s", self.id, index,
                      self.failed_writes, e)
            if conn is not None:
                conn.error(say("the move could not be saved; nothing was played"), sid=self.sid)
            self.plan()
            return
        self.failed_writes = 0
        self.match.apply(action)
        self.applied_at = time.time()
        self.touched = self.server.clock()
        self.views = self._all_views()
        self.last_trick = self._last_tricks()
        await self._store_finish()
        self.broadcast(index)
        self.plan()

    async def _store_finish(self) -> None:
        """A finished match's record, and at a rated table everyone's new rating, stored in one
        transaction: once, whatever crashes or restarts come between (Store.finish)."""
        if not self.match.finished or self.stored_finish:
            return
        then = None
        holders = {s: info.account for s, info in enumerate(self.seats)
                   if info.kind == "person" and info.account is not None}
        persons = [s for s, info in enumerate(self.seats) if info.kind == "person"]
        # a match over before every person seat was taken (a deal won outright when the table
        # was made, before the friend's invite was claimed) is rated for nobody
        if self.rated and len(holders) == len(persons):
            computers = {s: info.level for s, info in enumerate(self.seats) if s not in holders}
            abandoned = frozenset(self.settings.get("abandoned", []))
            then = partial(rate_finished, match=self.match, holders=holders, computers=computers,
                           abandoned=abandoned)
        try:
            await self.server.db(self.server.store.finish, self.id, self.match.record(), then)
            self.stored_finish = True
        except Exception as e:  # noqa: BLE001
            log.error("table %s: storing the finished record failed: %s", self.id, e)

    async def _abandoned(self, seat: int) -> bool:
        """A computer is about to move for a person gone past the grace at a rated table: the
        person abandoned the match and is ranked last (stored before the move). False: the
        database refused, and nothing is played."""
        gone = self.settings.get("abandoned", [])
        # a person still here whose move a computer makes (a turn timer) abandoned nothing
        away = self.seats[seat].kind == "person" and not self.conns[seat] and self.computer_controls(seat)
        if not self.rated or not away or seat in gone:
            return True
        settings = {**self.settings, "abandoned": sorted([*gone, seat])}
        try:
            await self.server.db(self.server.store.update_settings, self.id, settings)
        except Exception as e:  # noqa: BLE001 - stored first or not played at all
            log.error("table %s: storing that seat %d abandoned failed: %s", self.id, seat, e)
            return False
        self.settings = settings
        return True

    def _last_tricks(self) -> list:
        """Each seat's last finished trick, with its winner (Match.last_trick)."""
        return [self.match.last_trick(s, view) for s, view in enumerate(self.views)]

    def _seat_last_trick(self, seat: int) -> dict | None:
        """The seat's last trick with, as "text", the trick in words (in the language in use)
        from that seat's view of its deal."""
        last = self.last_trick[seat]
        if last is None:
            return None
        view = self.views[seat]
        then = view if view.get("tricks") else self._closed_view(seat)
        return dict(last, text=self.session.words.trick_words(self.spoken(seat, then), then["tricks"][-1]))

    def _closed_view(self, seat: int) -> View:
        """The seat's view of the deal last finished, which holds the last trick before the
        deal in play has one."""
        closed = self.match.closed_view(seat)
        assert closed is not None, "a last trick of no deal"
        return dict(closed, names=self.names)

    def _public_last_trick(self) -> dict | None:
        """The spectators' last trick: what every seat's holds alike, in words from the public
        view of its deal."""
        if not any(self.last_trick):
            return None
        last = meet(self.last_trick)
        views = self.views
        if not views[0].get("tricks"):
            views = [self._closed_view(s) for s in range(self.rules.seats)]
        then = public_view(self.rules, views)
        return dict(last, text=self.session.words.trick_words(then, then["tricks"][-1]))

    # --- computer players
    async def fill(self, conn: Conn, seat) -> None:
        """The host gives the seat of a friend who never came to a computer, for good: the
        invitation link stops working, so no one can take the seat (and see its cards) later.
        Once a computer holds the host's seat, anyone seated may: the table never waits forever
        for a host who is not coming back."""
        if not self._seat_number(conn, seat):
            return
        async with self.changing:
            if not self.may_fill(conn.seat):
                conn.error(say("only the host can give a seat to a computer, or anyone seated once "
                               "the host has been away for {seconds} s", seconds=self.settings["grace_s"]))
                return
            info = self.seats[seat]
            if info.kind != "person" or info.claimed:
                conn.error(say("seat {seat} is not waiting for a friend; nothing changed", seat=seat))
                return
            try:
                await self.server.db(self.server.store.update_seat, self.id, seat,
                                     kind="computer")
            except Exception as e:  # noqa: BLE001 - stored first or not changed at all
                log.error("table %s: storing the seat change failed: %s", self.id, e)
                conn.error(say("the change could not be saved; nothing changed"))
                return
            info.kind = "computer"
            self.broadcast()
            self.plan()

    def _seat_number(self, conn: Conn, seat) -> bool:
        if not is_int(seat) or not 0 <= seat < self.rules.seats:
            conn.error(say('"seat" must be a seat number from 0 to {last}', last=self.rules.seats - 1))
            return False
        return True

    async def reissue(self, conn: Conn, seat) -> None:
        """The host gives a friend's seat a new link: the old one (the friend's, or a leaked
        invite) stops working, whoever sits there with it watches, and the new link is an
        invite, claimed once, by an account at a rated table."""
        if not self._seat_number(conn, seat):
            return
        async with self.changing:
            host = self.host_seat()
            if conn.seat is None or conn.seat != host:
                conn.error(say("only the host can give a seat a new link"))
                return
            info = self.seats[seat]
            if seat == host or info.kind != "person" or self.match.finished:
                conn.error(say("seat {seat} is not a friend's seat at a match in play; nothing changed", seat=seat))
                return
            token = secrets.token_urlsafe(16)
            # the guest who sat there no longer holds it: they may join another seat
            settings = {**self.settings, "guests": self._guests_but(seat)}
            try:
                await self.server.db(self.server.store.update_seat, self.id, seat, token=token,
                                     claimed=False, account=None, settings=settings)
            except Exception as e:  # noqa: BLE001 - stored first or not changed at all
                log.error("table %s: storing the seat's new link failed: %s", self.id, e)
                conn.error(say("the change could not be saved; nothing changed"))
                return
            info.token, info.claimed, info.account = token, False, None
            self.settings = settings
            self._untime_grace(seat)
            for old in list(self.conns[seat]):  # the old link's holder: now a spectator
                self.conns[seat].discard(old)
                self.conns[None].add(old)
                old.seat = None
                old.error(say("the host gave this seat a new link: you are watching the table"))
                old.push(self.snapshot_text(old))
            for c in self.conns[host]:  # the host's invites hold the new link
                c.push(self.snapshot_text(c))
            self.broadcast()
            self.plan()

    def plan(self) -> None:
        """Start the computer's next move if a computer is (or will be) to act."""
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        self.bot_task = None
        m = self.match
        if m.finished or self.stopping or not self.has_conns():
            return  # with nobody here (seated or watching), the computers wait for someone
        seat = m.to_act()
        if seat is None:
            return
        info = self.seats[seat]
        pace = self.settings["pace_ms"] / 1000
        if info.kind == "computer":
            wait = pace
        elif self.conns[seat] or not info.claimed or self.away_since[seat] is None:
            self._time_turn(seat)
            return  # a person plays (or will join)
        elif not self.stand_ins_play():
            return
        else:
            grace_left = self.away_since[seat] + self.settings["grace_s"] - time.monotonic()
            wait = max(grace_left, 0) + pace
        self.bot_task = asyncio.create_task(self._bot_turn(seat, self.sid, wait + self.retry_delay()))

    # --- the turn timer (settings "turn_s"; 0: none)
    def _turn_deadline(self) -> float | None:
        """When the turn of the person to act ends (time.monotonic), at a timed table: counted
        from the first time this state is looked at, so a reconnection does not restart it. None
        when no person seated here is to act."""
        turn_s = self.settings.get("turn_s", 0)
        seat = self.match.to_act()
        if (not turn_s or self.match.finished or seat is None or self.seats[seat].kind != "person"
                or not self.seats[seat].claimed or not self.conns[seat]):
            return None
        if self.turn_clock is None or self.turn_clock[0] != self.sid:
            self.turn_clock = (self.sid, time.monotonic() + turn_s)
        return self.turn_clock[1]

    def turn_left(self) -> float | None:
        """The seconds left of the timed turn (what the countdown shows), or None: no clock
        of the server's and the browser's need agree."""
        deadline = self._turn_deadline()
        return None if deadline is None else round(max(deadline - time.monotonic(), 0), 1)

    def _time_turn(self, seat: int) -> None:
        """At a timed table, the person's stand-in makes one move when the time is up; the seat
        stays the person's."""
        deadline = self._turn_deadline()
        if deadline is not None:
            self.bot_task = asyncio.create_task(
                self._bot_turn(seat, self.sid, max(deadline - time.monotonic(), 0), timed=True))

    def retry_delay(self) -> float:
        """How long a computer waits before trying again a move the database refused: doubling
        from half a second with each refusal in a row, at most a minute (a database that is
        down is not asked many times a second)."""
        if not self.failed_writes:
            return 0.0
        return min(RETRY_FIRST_S * 2 ** (self.failed_writes - 1), RETRY_MAX_S)

    async def _bot_turn(self, seat: int, sid: int, wait: float, timed: bool = False) -> None:
        if wait > 0:
            await asyncio.sleep(wait)
        if not self.has_conns():
            return  # everyone left while it waited: the next to come plans again
        if self.seats[seat].kind == "person" and not timed and not self.stand_ins_play():
            return
        if timed:
            if self.sid != sid:
                return
            self.expired_turn = sid
        elif self.sid != sid or not self.computer_controls(seat):
            if self.sid == sid:
                self.plan()  # not yet past the grace (a clock tick early): look again
            return
        view = self.match.view(seat)
        action, problem = await self.server.computers.run(self, self.session.computer_move,
                                                          seat, view, sid, log)
        if problem:
            log.error("table %s: the %s player %s", self.id, self.seats[seat].level, problem)
        await self.submit(seat, action, sid, None, bot=True)

    # --- hints
    def ask_hint(self, conn: Conn, sid) -> None:
        """Work out a hint in a task of its own: the asker's next move does not wait for it."""
        task = asyncio.create_task(self._answer_hint(conn, sid))
        self.hint_tasks.add(task)
        task.add_done_callback(self.hint_tasks.discard)

    async def _answer_hint(self, conn: Conn, sid) -> None:
        try:
            await self.hint(conn, sid)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a bug must not go unanswered
            log.exception("table %s: hint failed", self.id)
            conn.error(say("the hint could not be worked out"), sid=self.sid)

    async def hint(self, conn: Conn, sid) -> None:
        seat = conn.seat
        if seat is None:
            conn.error(say("spectators get no hints"))
            return
        if not self.settings.get("hints", True):
            conn.push(json.dumps({"type": "hint", "sid": self.sid, "hints": [],
                                  "message": say("hints are switched off at this table")}))
            return
        if sid != self.sid or self.match.to_act() != seat:
            conn.error(say("a hint is for your turn, at the table's current state"), sid=self.sid)
            return
        # One search per seat at a time, and one per state: a second tab (or click) asking at
        # the same state in the same language gets the same answer, from the same search.
        asked = self.hints.get(seat)
        if asked is None or asked[0] != (sid, conn.lang):
            if asked is not None and not asked[1].done():
                conn.error(say("a hint is already being worked out for your seat; ask again in a "
                               "moment"), sid=self.sid)
                return
            view = self.match.view(seat)  # the seat's own view only: a hint knows what you know
            # the table's hints wait in a queue of their own, beside its computers' moves
            search = self.server.computers.run((self, "hints"), self._work_out_hint, view, seat,
                                               sid, conn.lang)
            asked = self.hints[seat] = ((sid, conn.lang), search)
        # shielded: one asker going away must not cancel the search the others wait for
        answer = await asyncio.shield(asked[1])
        conn.push(json.dumps({"type": "hint", "sid": sid, **answer}))

    def _work_out_hint(self, view: View, seat: int, sid: int, lang: str) -> dict:
        """The hints for `seat` from its view at state `sid`, said in `lang` (on a scheduler
        thread, which has no language of its own)."""
        with using(lang):
            try:
                hints = self.session.hints(seat, view, sid)
            except Exception:  # noqa: BLE001
                log.exception("table %s: hint failed", self.id)
                return {"hints": [], "message": say("the hint could not be worked out")}
            hints = [{"action": h["action"], "value": h.get("value"), "reason": h.get("reason", "")}
                     for h in hints]
            return {"hints": hints, "message": "" if hints else say("no hint for this position")}
