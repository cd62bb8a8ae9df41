"""`parlor serve` ends every process it started when it stops: an expert searches in worker
processes started through a fork server (with multiprocessing's resource tracker beside it), and
none of them may outlive the server, whether it is stopped between searches or in the middle of
one, by SIGTERM (a service manager) or SIGINT (Ctrl+C)."""

import json
import os
import signal
import time

import pytest
from websockets.sync.client import connect

from .test_browser import api


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, read from /proc (psutil is not a dependency)."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError):
                continue
            children.setdefault(parent, []).append(int(name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie (an ended process its new parent has not reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def assert_ended(started: set[int]) -> None:
    """Every one of `started` ends within 10 s of the server's stop (any left are killed)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(running(p) for p in started):
        time.sleep(0.1)
    left = sorted(p for p in started if running(p))
    for p in left:  # leave the machine as it was
        os.kill(p, signal.SIGKILL)
    assert not left, f"still running after the server stopped: {left}"


@pytest.mark.slow
@pytest.mark.parametrize("sig,when", [(signal.SIGTERM, "after a move"), (signal.SIGINT, "mid-search")])
def test_stopping_the_server_ends_the_expert_processes(make_server, tmp_path, sig, when):
    server = make_server(f"sqlite:///{tmp_path / 'stop.sqlite'}")
    table = api(server, "/api/tables", {"game": "tor", "seats": 2, "pace_ms": 0,
                                        "players": [{"kind": "computer", "level": "expert"}] * 2})
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:  # the computers play while watched
        ws.send(json.dumps({"type": "hello", "table": table["id"], "token": None}))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if when == "mid-search":
                if len(descendants(server.proc.pid)) >= 3:  # fork server, tracker, a worker
                    break
                time.sleep(0.05)
            elif json.loads(ws.recv(timeout=120)).get("sid", 0) >= 1:
                break
        started = descendants(server.proc.pid)
        assert len(started) >= 3, "the expert started no search process"
        server.proc.send_signal(sig)
        server.proc.wait(30)
    assert_ended(started)
