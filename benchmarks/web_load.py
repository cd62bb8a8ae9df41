"""Load on the web server: N tables at once, each with scripted people and computer players,
over WebSockets on loopback. A benchmark, not a test.

    python benchmarks/web_load.py --tables 10
    python benchmarks/web_load.py --tables 100 --db postgresql://...

Starts `parlor serve` on a free loopback port (its own process, a fresh SQLite file unless --db),
creates the tables (Yokir by default: two scripted people, one computer, pace 0) and a spectator
per table, plays every match to its end, and reports:
- moves per second over all tables (every move: people's and computers');
- latency from a move being applied on the server to each client receiving it (p50, p99, max),
  and a person's round trip from sending a move to its acknowledgement;
- with --attackers N, N tables of expert computers (two-seat Tőr, watched so they play) beside
  the measured ones, as issue 35's F1 attack: the measured tables' pace should stay near alone;
- proof that no move was lost or duplicated: every client saw each action index exactly once and
  in order, and each table's stored record holds exactly the moves the people sent at those
  indices and replays to the scores the clients were shown.
Traffic goes only to 127.0.0.1, and the run stops by itself (--timeout).
"""

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from websockets.asyncio.client import connect

from parlor import records


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method: str, url: str, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


class Client:
    """One socket: a person at a seat (plays a random legal move on its turn) or a spectator."""

    def __init__(self, url, table_id, token, seat, rng):
        self.url, self.table_id, self.token, self.seat, self.rng = url, table_id, token, seat, rng
        self.indices: list[int] = []  # action indices seen, in arrival order
        self.latencies: list[float] = []  # applied on the server -> received here
        self.round_trips: list[float] = []  # our move sent -> its acknowledgement received
        self.sent: dict[int, str] = {}  # index -> the move we sent there
        self.errors: list[str] = []
        self.final = None
        self._acted_sid = -1
        self._sent_at: dict[int, float] = {}

    async def run(self):
        async with connect(self.url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "table": self.table_id, "token": self.token}))
            async for text in ws:
                now = time.time()
                m = json.loads(text)
                if m["type"] == "error":
                    self.errors.append(m["message"])
                    continue
                if m["type"] != "state":
                    continue
                for e in m["log"]:
                    if not m["snapshot"]:
                        self.indices.append(e["i"])
                    sent = self._sent_at.pop(e["i"], None)
                    if sent is not None:
                        self.round_trips.append(now - sent)
                if m["snapshot"]:
                    self.indices.extend(e["i"] for e in m["log"])
                elif m["log"]:
                    self.latencies.append(now - m["ts"])
                if m["finished"]:
                    self.final = m
                    return
                v = m["view"]
                if self.seat is not None and v["to_act"] == self.seat and v["legal"] \
                        and m["sid"] > self._acted_sid:
                    self._acted_sid = m["sid"]
                    action = self.rng.choice(v["legal"])
                    self.sent[m["sid"]] = action
                    self._sent_at[m["sid"]] = time.time()
                    await ws.send(json.dumps({"type": "act", "action": action, "sid": m["sid"]}))


def pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def watch(ws_url: str, table_id: str, moves: dict) -> None:
    """A spectator at an attacker's table: its computers play while someone is there; `moves`
    keeps how many they have made."""
    async with connect(ws_url) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table_id, "token": None}))
        async for text in ws:
            moves[table_id] = json.loads(text).get("sid", moves.get(table_id, 0))


async def run_load(base: str, ws_url: str, n: int, args) -> dict:
    rng = random.Random(args.seed)
    attackers, attacker_moves = [], {}
    for _ in range(args.attackers):
        t = http("POST", base + "/api/tables", {
            "game": "tor", "seats": 2, "options": {"deals": 1000}, "pace_ms": 0,
            "players": [{"kind": "computer", "level": "expert"}] * 2})
        attacker_moves[t["id"]] = 0
        attackers.append(asyncio.create_task(watch(ws_url, t["id"], attacker_moves)))
    await asyncio.sleep(1 if attackers else 0)  # their searches under way
    kinds = ["person"] * args.people + ["computer"] * (3 - args.people)
    tables, clients = [], []
    t0 = time.time()
    for _ in range(n):
        spec = {"game": "yokir", "options": {"target": args.target}, "pace_ms": 0,
                "grace_s": 3600, "players": [{"kind": k, "level": args.level} if k == "computer"
                                             else {"kind": k} for k in kinds]}
        t = http("POST", base + "/api/tables", spec)
        tables.append(t)
        for s in t["seats"]:
            if s["kind"] == "person":
                clients.append((t["id"], Client(ws_url, t["id"], s["token"], s["seat"],
                                                random.Random(rng.random()))))
        clients.append((t["id"], Client(ws_url, t["id"], None, None, None)))
    start = time.time()
    await asyncio.wait_for(asyncio.gather(*(c.run() for _, c in clients)), args.timeout)
    elapsed = time.time() - start
    for task in attackers:
        task.cancel()

    # --- nothing lost, nothing duplicated
    problems = []
    total_moves = 0
    by_table: dict[str, list[Client]] = {}
    for tid, c in clients:
        by_table.setdefault(tid, []).append(c)
    for t in tables:
        record = http("GET", f"{base}/api/tables/{t['id']}/record")
        actions = record["actions"]
        total_moves += len(actions)
        for c in by_table[t["id"]]:
            if c.indices != list(range(len(actions))):
                problems.append(f"table {t['id']} seat {c.seat}: saw indices out of order, missing "
                                "or twice")
            for i, a in c.sent.items():
                if actions[i] != a:
                    problems.append(f"table {t['id']}: stored move {i} is {actions[i]!r}, sent {a!r}")
            if c.final["scores"] != records.replay(record).scores:
                problems.append(f"table {t['id']}: the record does not replay to the scores shown")
            if c.errors:
                problems.append(f"table {t['id']} seat {c.seat}: errors {c.errors[:2]}")
    lat = [x for _, c in clients for x in c.latencies]
    rtt = [x for _, c in clients for x in c.round_trips]
    return {
        "tables": n, "attackers": args.attackers, "clients": len(clients), "moves": total_moves,
        # the attackers' own moves meanwhile: proof that their searches ran
        "attacker_moves": list(attacker_moves.values()),
        "setup_s": round(start - t0, 2), "play_s": round(elapsed, 2),
        "moves_per_s": round(total_moves / elapsed, 1),
        "updates": len(lat),
        "latency_ms": {"p50": round(pct(lat, .5) * 1000, 2), "p99": round(pct(lat, .99) * 1000, 2),
                       "max": round(max(lat) * 1000, 2) if lat else None,
                       "mean": round(statistics.mean(lat) * 1000, 2) if lat else None},
        "round_trip_ms": {"p50": round(pct(rtt, .5) * 1000, 2), "p99": round(pct(rtt, .99) * 1000, 2)},
        "lost_or_duplicated": problems,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--people", type=int, default=2, choices=(1, 2, 3), help="scripted people a table")
    ap.add_argument("--level", default="random", help="the computer players' level")
    ap.add_argument("--target", type=int, default=3, help="Yokir target: the match length")
    ap.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--attackers", type=int, default=0, help="expert all-computer Tőr tables beside them")
    args = ap.parse_args(argv)
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="parlor-load-")
    db = args.db or f"sqlite:///{os.path.join(tmp, 'load.sqlite')}"
    server = subprocess.Popen([sys.executable, "-m", "parlor.cli.main", "serve", "--port", str(port),
                               "--db", db,
                               # every table comes from this one address: past the per-address limit
                               "--max-tables", str(args.tables + args.attackers + 1)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        result = asyncio.run(run_load(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws",
                                      args.tables, args))
    finally:
        server.terminate()
        server.wait(10)
    result["database"] = db.split("@")[-1] if args.db else "sqlite (fresh file)"
    print(json.dumps(result, indent=1))
    return 1 if result["lost_or_duplicated"] else 0


if __name__ == "__main__":
    sys.exit(main())
