"""The full-screen terminal table (Textual): a person against the computer players.

`parlor play GAME` opens it; `parlor play GAME --plain` keeps the line mode. The game state lives
in a Match (parlor.core.match); the widgets draw the person's view only.
"""

from .model import Moves, Session, TableConfig, group_moves


def run(config: "TableConfig", match=None, skip_start: bool = False) -> None:
    from .app import ParlorApp
    ParlorApp(config, match, skip_start).run()


__all__ = ["run", "Session", "TableConfig", "Moves", "group_moves"]
