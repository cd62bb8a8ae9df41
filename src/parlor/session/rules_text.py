"""The rules of each game, as Markdown: shown by `parlor rules`, the terminal and the browser."""

from importlib.resources import files

from parlor.core.registry import game_class


def rules_text(game_id: str) -> str:
    game_class(game_id)  # unknown game: a clear error
    return files("parlor").joinpath("rules", f"{game_id}.md").read_text(encoding="utf-8")
