"""Fixtures for the web tests: databases (SQLite always, PostgreSQL when PARLOR_TEST_PG is set),
the leak audit every message passes through, the app behind the ASGI test client, and a real
uvicorn server on a free loopback port."""

import itertools
import json
import os
import socket
import subprocess
import sys
import time
import uuid

import pytest
from starlette.testclient import TestClient

from parlor.web import create_app
from parlor.core.registry import text_of
from parlor.core.spectator import public_action, public_view
from parlor.web.public import codes_in, roles, sent_view, shown_cards, table_lines

PG_URL = os.environ.get("PARLOR_TEST_PG")


def _pg_database():
    """A fresh PostgreSQL database for one test; dropped afterwards."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    name = "parlor_test_" + uuid.uuid4().hex[:12]
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(PG_URL).set(database=name)
    return admin, name, url.render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.sqlite'}"
        return
    if not PG_URL:
        pytest.skip("PostgreSQL tests need PARLOR_TEST_PG (a server URL, e.g. "
                    "postgresql+psycopg://postgres:pw@127.0.0.1:5432/postgres); .ci/run sets it")
    admin, name, url = _pg_database()
    yield url
    from sqlalchemy import text
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


class Audit:
    """Checks every message the server builds, at the moment it is built, against the true
    state. Strict: a card code may appear in a message to seat S only where S may see it, which
    is
      - the seat's own view of the deal in play (match.view(S); a spectator: the public view of
        every seat's view), and the message must carry exactly that view, less a view's own log;
      - a log entry exactly as the seat saw the action (Match.log; a spectator: public_action),
        every entry compared whole, those of earlier deals too;
      - the last finished trick, each card of which the seat saw played or sees in its own view
        of that trick's deal.
    Every other card of the deck is hidden: another seat's hand, a face-down card, the stock, the
    undealt cards. The table lines, card roles and the cards shown must be built from the view sent. Keeps the
    JSON of each message so tests can check what clients got."""

    def __init__(self):
        self.texts: set[str] = set()
        self.failures: list[str] = []
        self.count = 0

    def __call__(self, table, seat, msg):
        self.count += 1
        match, rules = table.match, table.rules
        codes = set(rules.deck.codes)
        views = []
        for s in range(rules.seats):
            v = match.view(s)
            v["names"] = table.names
            views.append(v)
        mine = sent_view(public_view(rules, views) if seat is None else views[seat])

        def as_seen(seen: list[str]) -> str:
            return public_action(seen) if seat is None else seen[seat]

        if msg["view"] != mine:
            self.failures.append(f"seat {seat} at state {msg['sid']}: the view sent is not the "
                                 "seat's own view")
        # What the seat may name: its view, and the actions of the deal in play as it saw them.
        allowed = codes_in(mine, codes)
        for deal, _, seen in match.log:
            if deal == match.deal_number:
                allowed |= codes_in(as_seen(seen), codes)
        # Log entries are compared whole below, the last trick card by card, lines and roles are
        # built from the view; everything else may hold only allowed cards.
        rest = {k: v for k, v in msg.items() if k not in ("lines", "last_trick", "log", "roles")}
        rest["roles"] = list(msg["roles"])  # the cards; a role's words may name ranks ("between I2 and I1")
        if msg["roles"] != roles(text_of(rules), msg["view"]):
            self.failures.append(f"seat {seat}: card roles not built from the view sent")
        if msg["lines"] != table_lines(text_of(rules), msg["view"]):
            self.failures.append(f"seat {seat}: table lines not built from the view sent")
        if [list(x) for x in msg["shown"]] != [list(x) for x in shown_cards(text_of(rules), msg["view"])]:
            self.failures.append(f"seat {seat}: the cards shown not built from the view sent")
        found = codes_in(rest, codes)
        last = msg["last_trick"]
        if last is not None:  # a finished trick, maybe of an earlier deal: each card seen played,
            # or shown by the seat's own view of that deal (a face-down card turned up later)
            found |= codes_in({k: v for k, v in last.items() if k != "cards"}, codes)
            if last["deal"] == match.deal_number:
                then = [match.view(s) for s in range(rules.seats)]
            else:
                then = [match.closed_view(s) for s in range(rules.seats)]
            shown = codes_in(public_view(rules, then) if seat is None else then[seat], codes)
            for actor, code in last["cards"]:
                played = [as_seen(seen) for deal, who, seen in match.log
                          if deal == last["deal"] and who == actor]
                if code != "??" and code not in shown and not any(code in a.split() for a in played):
                    self.failures.append(f"seat {seat}: last trick card {code} was never seen played")
        leaked = found - allowed
        if leaked:
            where = [k for k, v in msg.items() if codes_in(v, leaked)]
            self.failures.append(f"seat {seat} at state {msg['sid']} got hidden cards {sorted(leaked)} in {where}")
        # The words: each said from what the seat may see, the move's as the seat saw it made.
        words, spoken = text_of(rules), table.spoken(seat, msg["view"])
        for entry in msg["log"]:
            deal, who, seen = match.log[entry["i"]]
            want = {"i": entry["i"], "deal": deal, "seat": who, "action": as_seen(seen),
                    "text": words.move_words(spoken, who, as_seen(seen))}
            if entry != want:
                self.failures.append(f"seat {seat}: log entry {entry!r}, the seat saw {want!r}")
        if msg["legal_words"] != {a: words.action_words(msg["view"], a) for a in msg["view"]["legal"]}:
            self.failures.append(f"seat {seat}: the moves' words not said from the view sent")
        if last is not None:
            then = mine if last["deal"] == match.deal_number else sent_view(
                public_view(rules, [dict(match.closed_view(s), names=table.names) for s in range(rules.seats)])
                if seat is None else dict(match.closed_view(seat), names=table.names))
            if last["text"] != words.trick_words(table.spoken(seat, then), then["tricks"][-1]):
                self.failures.append(f"seat {seat}: the last trick's words not said from its view")
        self.texts.add(json.dumps(msg, separators=(",", ":")))

    def check(self):
        assert self.count > 0, "no message was audited"
        assert not self.failures, self.failures[:5]


@pytest.fixture
def audit():
    return Audit()


_browsers = itertools.count(2)


def another_browser(client) -> None:
    """Whoever uses `client` next is another person on another machine: no cookies, and another
    address (a guest is one seat a table per address, whatever the cookies). The address is only
    the ASGI scope's: every request still goes to the app in this process."""
    client.cookies.clear()
    n = next(_browsers)
    client._transport.client = (f"127.0.{n // 250}.{n % 250 + 1}", 50000)


@pytest.fixture
def app_client(tmp_path, audit):
    seeds = itertools.count(1000)
    app = create_app(f"sqlite:///{tmp_path / 'p.sqlite'}", audit=audit, seeds=lambda: next(seeds))
    with TestClient(app) as client:
        client.audit = audit
        client.server = app.state.server
        yield client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`parlor serve` in a subprocess on a free loopback port."""

    def __init__(self, db: str, *args: str):
        self.db = db
        self.args = args  # more of parlor serve's options
        self.port = free_port()
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "LiveServer":
        self.log = open(os.devnull, "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlor.cli.main", "serve", "--port", str(self.port),
             "--db", self.db, *self.args], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"parlor serve exited with {self.proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("parlor serve did not start listening")

    def kill(self) -> None:
        """Stop at once, as a crash would: no shutdown code runs."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(f"sqlite:///{tmp_path / 'live.sqlite'}").start()
    yield server
    server.stop()


@pytest.fixture
def make_server():
    """Start `parlor serve` on a database (more than once: a restart); all stopped at the end."""
    started = []

    def make(db: str, *args: str) -> LiveServer:
        server = LiveServer(db, *args).start()
        started.append(server)
        return server
    yield make
    for server in started:
        server.stop()
