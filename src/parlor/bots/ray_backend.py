"""Run arena jobs on a Ray cluster (optional extra `ray`).

`address` is a running cluster's address (`HOST:PORT`, or `auto` for the one `ray start` left on
this machine), or `local` to start a private local Ray for this run (loopback only, stopped
afterwards). Each job is one match (play_job), seeded from the arena's seed alone, so the results
equal those of any other backend.
"""

import socket
from typing import Any

from parlor.core.errors import UsageError

from .arena import play_job


def run_on_ray(jobs: list[dict], address: str):
    """Yield (job index, result) as the cluster finishes them."""
    try:
        import ray
    except ImportError:
        raise UsageError("--ray needs Ray (pip install 'parlor[ray]')") from None
    started = False
    if not ray.is_initialized():
        if address not in ("local", "auto"):
            _check_reachable(address)
        kwargs: dict[str, Any] = dict(include_dashboard=False, log_to_driver=False, logging_level="ERROR",
                      configure_logging=True)
        try:
            if address == "local":
                import os
                ray.init(num_cpus=os.cpu_count() or 1, _node_ip_address="127.0.0.1", **kwargs)
            else:
                ray.init(address=address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise UsageError(f"cannot reach the Ray cluster at {address}: {str(e).splitlines()[0]}") from None
        started = True
    try:
        remote = ray.remote(play_job)
        pending = {remote.remote(job): i for i, job in enumerate(jobs)}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _check_reachable(address: str) -> None:
    """Connect to HOST:PORT once, within seconds, before ray.init: Ray retries an address it cannot
    reach for many minutes, in native code where even SIGTERM waits."""
    host, colon, port = address.split("://", 1)[-1].rpartition(":")  # ray://HOST:PORT too
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--ray takes HOST:PORT, auto or local, not {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as e:
        raise UsageError(f"cannot reach the Ray cluster at {address}: {e.strerror or e}") from None
