"""The front ends share a table through parlor.session, never through each other: no module of
tui/ or web/ imports cli/, and the session layer imports none of the front ends."""

import ast
from pathlib import Path

import pytest

import parlor

SRC = Path(parlor.__file__).parent
FORBIDDEN = {"tui": {"cli"}, "web": {"cli"}, "session": {"cli", "tui", "web"}}


def imported(text: str, package: list[str]) -> list[tuple[int, str]]:
    """(line, module) of every import in a module's `text`, anywhere in it; relative imports are
    read from `package` (["parlor", "tui"]), and `from parlor import cli` names parlor.cli."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def parlor_package(module: str) -> str | None:
    """The package of parlor a module is in (parlor.cli.plain: cli)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "parlor" else None


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_front_end_imports_another_through_the_line_mode(layer):
    modules = sorted((SRC / layer).rglob("*.py"))
    assert modules
    wrong = []
    for path in modules:
        package = ["parlor", *path.relative_to(SRC).parent.parts]
        wrong += [f"{path.relative_to(SRC.parent)}:{line} imports {module}"
                  for line, module in imported(path.read_text(encoding="utf-8"), package)
                  if parlor_package(module) in FORBIDDEN[layer]]
    assert not wrong, "\n".join(wrong)


def test_every_spelling_of_an_import_is_read():
    """The check above can fail: each way of importing cli/ from tui/ is seen, a late one too."""
    text = ("import parlor.cli.plain\nfrom parlor.cli import plain\nfrom parlor import cli\n"
            "from ..cli.common import bot_list\nfrom . import model\n"
            "def f():\n    from parlor.cli.main import main\n")
    packages = [parlor_package(m) for _, m in imported(text, ["parlor", "tui"])]
    assert packages == ["cli", "cli", "cli", "cli", "tui", "cli"]
