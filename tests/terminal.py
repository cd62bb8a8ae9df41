"""parlor run as a command, its standard error on a pseudo-terminal when asked (as a person's
terminal would be: the progress displays show only there)."""

import os
import pty
import subprocess
import sys


def parlor(argv: list[str], stderr_terminal: bool, timeout: float = 300) -> tuple[int, str, str]:
    """The command's exit code, standard output and standard error."""
    cmd = [sys.executable, "-m", "parlor.cli.main", *argv]
    env = dict(os.environ, COLUMNS="100", TERM="xterm")
    if not stderr_terminal:
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
        return done.returncode, done.stdout, done.stderr
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
    code = proc.wait(timeout=timeout)
    os.close(main)
    return code, out, seen.decode("utf-8", "replace")
