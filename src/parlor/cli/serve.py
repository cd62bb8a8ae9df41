"""parlor serve: the game server for playing in a browser."""

import argparse
import socket

from parlor.core.words import say
from parlor.core.errors import UsageError
from parlor.session.keep import data_folder
from parlor.web.limits import MAX_TABLES


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help=say("run the game server: play in a browser"))
    p.add_argument("--host", default="127.0.0.1", help=say("address to listen on (default 127.0.0.1)"))
    p.add_argument("--port", type=int, default=8000, help=say("port (default 8000)"))
    p.add_argument("--db", default=None, metavar="URL",
                   help=say("database: a SQLite file path or sqlite:///FILE (default: "
                        "parlor-web.sqlite in the data folder), or postgresql://user:pw@host/db"))
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help=say("a host name the server answers to (repeatable; the loopback names always "
                        "for a loopback --host; * for any). Requests addressed to other names are "
                        "refused (DNS rebinding)"))
    p.add_argument("--expire-after", type=duration, default="7d", metavar="TIME",
                   help=say("close an unfinished table nobody has played at for this long: a number "
                            "with s, m, h or d (default 7d); a finished table's record is kept"))
    p.add_argument("--max-tables", type=int, default=MAX_TABLES, metavar="N",
                   help=say("unfinished tables one account, or one address for guests, may keep "
                            "(default {most})", most=MAX_TABLES))
    p.set_defaults(run=run)


UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def duration(text: str) -> float:
    """Seconds from "90s", "30m", "12h", "7d" (a bare number: seconds)."""
    text = text.strip().lower()
    unit = UNITS.get(text[-1:], None)
    number = text[:-1] if unit else text
    try:
        seconds = float(number) * (unit or 1)
    except ValueError:
        seconds = 0.0
    if not seconds > 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(say("{text} is not a time such as 90s, 30m, 12h or 7d",
                                             text=repr(text)))
    return seconds


def default_db() -> str:
    base = data_folder()  # where the terminal keeps an unfinished match too
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(say("cannot make the data folder {folder}: {reason}", folder=base,
                             reason=e.strerror)) from None
    return "sqlite:///" + str(base / "parlor-web.sqlite")


def check_address(host: str, port: int) -> None:
    """Bind the address once and let it go: an unknown host or a port in use is one line here,
    before any database is made, not an error after "serving on"."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds it
            probe.bind(address)
    except OSError as e:
        raise UsageError(say("cannot serve on {host}:{port}: {reason}", host=host, port=port,
                             reason=e.strerror)) from None


LOOPBACK = {"localhost", "127.0.0.1", "::1"}


def allowed_hosts(host: str, given: list[str]) -> set[str] | None:
    """The host names requests may be addressed to: those given, the bind address, and the
    loopback names for a loopback bind. None (any name): "*" given, or a bind on every address
    with no name given (the server cannot know the names it is reached by)."""
    names = {n.strip().lower().strip("[]") for n in given}
    if "*" in names or (host in ("0.0.0.0", "::", "") and not names):
        return None
    names.add(host.lower().strip("[]"))
    if host == "localhost" or host.startswith("127.") or host == "::1":
        names |= LOOPBACK
    return names


def run(args) -> int:
    import logging

    import uvicorn

    from parlor.web import create_app
    from parlor.web.store import Store

    if not 0 < args.port < 65536:
        raise UsageError(say("--port must be from 1 to 65535"))
    if args.max_tables < 1:
        raise UsageError(say("--max-tables must be at least 1"))
    check_address(args.host, args.port)
    db = args.db or default_db()
    store = Store(db)  # a database that cannot be opened or written: one line and exit 2, before serving
    try:
        store.check_writable()
    finally:
        store.close()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    print("parlor: " + say("serving on {address}  (database {database})", address=f"http://{args.host}:{args.port}/",
                           database=db.split("@")[-1]),
          flush=True)
    app = create_app(db, allowed_hosts=allowed_hosts(args.host, args.allowed_host),
                     expire_after=args.expire_after, max_tables=args.max_tables)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=65536)
    return 0
