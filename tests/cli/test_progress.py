"""Long commands say where they are on a terminal (a rich progress display on standard error)
and print nothing extra when standard error is not one; standard output is the report alone."""

import json
import os
import pty
import subprocess
import sys

import pytest

COMMANDS = {"bench": ["bench", "yokir", "--seconds", "0.02"],
            "selfplay": ["selfplay", "yokir", "--games", "2", "-o", "target=1"]}


def run(argv, stderr_terminal: bool):
    """The command's standard output and error, the error on a pseudo-terminal if asked."""
    cmd = [sys.executable, "-m", "parlor.cli.main", *argv]
    env = dict(os.environ, COLUMNS="100", TERM="xterm")
    if not stderr_terminal:
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
        return done.stdout, done.stderr
    main, child = pty.openpty()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=child, env=env, text=True)
    os.close(child)
    out = proc.stdout.read()
    seen = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        seen += chunk
    proc.wait(timeout=300)
    os.close(main)
    return out, seen.decode("utf-8", "replace")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_progress_shows_on_a_terminal_only(name):
    out, err = run(COMMANDS[name], stderr_terminal=True)
    label = {"bench": "bench:", "selfplay": "yokir self-play"}[name]
    assert label in err
    out_plain, err_plain = run(COMMANDS[name], stderr_terminal=False)
    assert err_plain == "" and label not in out_plain


def test_bench_json_stays_json_with_progress_on_the_terminal():
    out, _ = run(COMMANDS["bench"] + ["--json"], stderr_terminal=True)
    assert json.loads(out)["games"][0]["game"] == "yokir"
