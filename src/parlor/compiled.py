"""The hot path that `pip install .` compiles with mypyc (setup.py), and which build is running.

The same source serves both builds: where the compile cannot be done the modules install as pure
Python (docs/experiments/compiled.md)."""

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

# The engines (rules, cards, scoring), the search and the playout policies; setup.py reads this
# list by path, so this file imports nothing of parlor.
HOT = tuple(f"parlor.games.{game}.{part}" for game in ("joker", "meri", "tor", "yokir")
            for part in ("cards", "rules", "scoring")) + tuple(
    f"parlor.bots.{name}" for name in ("search", "joker", "meri", "tor", "yokir"))


def compiled_modules() -> list[str]:
    """The modules of HOT that run compiled here (loaded from a C extension)."""
    return [name for name in HOT if (importlib.import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))]
