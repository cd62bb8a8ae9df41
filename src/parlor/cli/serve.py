"""parlor serve: the game server for playing in a browser."""

import os
from pathlib import Path


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="run the game server: play in a browser")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None, metavar="URL",
                   help="database: a SQLite file path or sqlite:///FILE (default: "
                        "parlor-web.sqlite in the data folder), or postgresql://user:pw@host/db")
    p.set_defaults(run=run)


def default_db() -> str:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "parlor"
    base.mkdir(parents=True, exist_ok=True)
    return "sqlite:///" + str(base / "parlor-web.sqlite")


def run(args) -> int:
    import logging

    import uvicorn

    from parlor.core.errors import BadRecord
    from parlor.web import create_app

    if not 0 < args.port < 65536:
        raise BadRecord("--port must be from 1 to 65535")
    db = args.db or default_db()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    print(f"parlor: serving on http://{args.host}:{args.port}/  (database {db.split('@')[-1]})",
          flush=True)
    uvicorn.run(create_app(db), host=args.host, port=args.port, log_level="warning",
                ws_max_size=65536)
    return 0
