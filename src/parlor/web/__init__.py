"""Play in the browser: an authoritative game server (Starlette + uvicorn) and its static pages.

- store.py: tables, seats and actions in SQLite or PostgreSQL (SQLAlchemy Core).
- table.py: one live table, its serialised queue, per-seat messages, computer players.
- server.py: tables by id, creating and joining them, the WebSocket protocol.
- public.py: what a page draws from a view (table lines, card roles); the spectators' view
  itself is parlor.core.spectator.
- faces.py: how each card is drawn (the game's faces, core/text.py), as the game catalogue sends it.
- app.py: the ASGI app. static/: plain JS modules and CSS, no build step.

The choices behind it (state ids, storing before applying, restarts, stand-ins, spectators) are in
docs/decisions.md, "Web server and front ends".
"""


def create_app(db_url: str, **kwargs):
    from .app import create_app as make
    return make(db_url, **kwargs)


__all__ = ["create_app"]
