"""An unfinished match kept as it goes (autosave), so that `parlor play GAME` can go on with it:
one record a game in the data folder, written after every move, gone once the match is over."""

import os
from pathlib import Path

from parlor import records
from parlor.core.errors import ParlorError
from parlor.core.match import Match


def data_folder() -> Path:
    """parlor's data folder, the server's too: $XDG_DATA_HOME/parlor, else ~/.local/share/parlor
    (where platformdirs puts an application's data on Linux)."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "parlor"


def kept_path(folder: Path, game: str) -> Path:
    return folder / "unfinished" / f"{game}.json"


def keep(match: Match, folder: Path) -> None:
    """Keep `match` in `folder` as it stands (records.save writes it whole or not at all); a match
    over, or not begun, is not kept. OSError when the folder cannot be written."""
    path = kept_path(folder, match.rules.id)
    if match.finished or not match.actions:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    records.save(match, path)


def kept(folder: Path, game: str) -> Match | None:
    """The unfinished match of `game` kept in `folder`, or None (none kept, one over, or a file
    that is no longer a record this version reads)."""
    path = kept_path(folder, game)
    if not path.exists():
        return None
    try:
        match = records.replay(records.read(path))
    except (ParlorError, OSError):
        return None
    return None if match.finished else match


def forget(folder: Path, game: str) -> None:
    kept_path(folder, game).unlink(missing_ok=True)
