"""Fixtures for the web tests: databases (SQLite always, PostgreSQL when PARLOR_TEST_PG is set),
the leak audit every message passes through, and a real uvicorn server on a free loopback port."""

import json
import os
import socket
import subprocess
import sys
import time
import uuid

import pytest

from parlor.web.public import codes_in, public_action, public_view, roles, table_lines

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
    state: no card in another seat's hand (a spectator: in any hand) appears anywhere in it
    unless every seat sees that card,
    its table lines come from the view it carries, and its log shows each action exactly as
    that seat saw it. Keeps the JSON of each message so tests can check what clients got."""

    def __init__(self):
        self.texts: set[str] = set()
        self.failures: list[str] = []
        self.count = 0

    def __call__(self, table, seat, msg):
        self.count += 1
        match = table.match
        codes = set(table.rules.deck.codes)
        views = [match.view(s) for s in range(table.rules.seats)]
        hands = [set(v["hand"]) for v in views]
        # Cards every seat's view shows are public even when a hand holds them (a face-up card
        # that was picked up); every other card of another seat's hand is hidden from this seat.
        public_cards = set.intersection(*(codes_in(v, codes) for v in views))
        hidden = set().union(*(h for s, h in enumerate(hands) if s != seat)) - public_cards
        # Cards in log entries and the last trick of an earlier deal were played in the open then
        # (their entries are checked below to be exactly what this seat saw); the rest of the
        # message must hold no card of another hand of the deal in play.
        now = {k: v for k, v in msg.items() if k not in ("lines", "last_trick", "log")}
        now["log"] = [e for e in msg["log"] if e["deal"] == match.deal_number]
        now["roles"] = list(msg["roles"])  # the cards; a role's words may name ranks ("between I2 and I1")
        if msg["roles"] != roles(table.rules, msg["view"]):
            self.failures.append(f"seat {seat}: card roles not built from the view sent")
        found = codes_in(now, codes)
        last = msg["last_trick"]
        if last is not None:  # a finished trick, maybe of an earlier deal: each card seen played,
            # or shown by the seat's own view of that deal (a face-down card turned up later)
            if last["deal"] == match.deal_number:
                then = [match.view(s) for s in range(table.rules.seats)]
            else:
                then = [match.closed_view(s) for s in range(table.rules.seats)]
            shown = codes_in(public_view(then) if seat is None else then[seat], codes)
            for actor, code in last["cards"]:
                played = [public_action(seen) if seat is None else seen[seat]
                          for deal, who, seen in match.log if deal == last["deal"] and who == actor]
                if code != "??" and code not in shown and not any(code in a.split() for a in played):
                    self.failures.append(f"seat {seat}: last trick card {code} was never seen played")
        leaked = found & hidden
        if leaked:
            where = [k for k, v in msg.items() if codes_in(v, leaked)]
            self.failures.append(f"seat {seat} at state {msg['sid']} got hidden cards {sorted(leaked)} in {where}")
        if msg["lines"] != table_lines(table.rules, msg["view"]):
            self.failures.append(f"seat {seat}: table lines not built from the view sent")
        for entry in msg["log"]:
            seen = match.log[entry["i"]][2]
            want = seen[seat] if seat is not None else None
            if seat is not None and entry["action"] != want:
                self.failures.append(f"seat {seat}: log entry {entry['i']} is {entry['action']!r}, "
                                     f"the seat saw {want!r}")
        if seat is not None and set(msg["view"]["hand"]) != hands[seat]:
            self.failures.append(f"seat {seat}: the view's hand is not the seat's hand")
        self.texts.add(json.dumps(msg, separators=(",", ":")))

    def check(self):
        assert self.count > 0, "no message was audited"
        assert not self.failures, self.failures[:5]


@pytest.fixture
def audit():
    return Audit()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`parlor serve` in a subprocess on a free loopback port."""

    def __init__(self, db: str):
        self.db = db
        self.port = free_port()
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "LiveServer":
        self.log = open(os.devnull, "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlor.cli.main", "serve", "--port", str(self.port),
             "--db", self.db], stdout=self.log, stderr=subprocess.STDOUT)
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

    def make(db: str) -> LiveServer:
        server = LiveServer(db).start()
        started.append(server)
        return server
    yield make
    for server in started:
        server.stop()
