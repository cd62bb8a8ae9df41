"""The hot path's two builds: setup.py compiles the modules parlor/compiled.py lists, and
`parlor --version` says which build runs. The same tests pass on the pure and the compiled build."""

import importlib
from pathlib import Path

import pytest

from parlor.cli.main import main
from parlor.compiled import HOT, compiled_modules

SRC = Path(__file__).resolve().parents[2] / "src"


def test_every_hot_module_is_a_source_file_setup_py_can_compile():
    # setup.py compiles HOT's modules by path: a module renamed or moved would fail the compile,
    # and every install would quietly fall back to pure Python
    missing = [name for name in HOT if not (SRC / (name.replace(".", "/") + ".py")).is_file()]
    assert not missing and len(set(HOT)) == len(HOT)


def test_a_module_loaded_from_a_c_extension_counts_as_compiled(monkeypatch):
    search = importlib.import_module("parlor.bots.search")
    monkeypatch.setattr(search, "__file__", "/site/parlor/bots/search.cpython-311-x86_64-linux-gnu.so")
    assert "parlor.bots.search" in compiled_modules()
    monkeypatch.setattr(search, "__file__", "/site/parlor/bots/search.py")
    assert "parlor.bots.search" not in compiled_modules()


@pytest.mark.parametrize("as_extension", [False, True])
def test_version_says_which_build_runs(as_extension, monkeypatch, capsys):
    if as_extension:
        monkeypatch.setattr(importlib.import_module("parlor.bots.search"), "__file__", "/site/search.abi3.so")
    done = compiled_modules()
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    version, build = capsys.readouterr().out.splitlines()
    assert version == "parlor 0.1.0"
    if done:
        assert build.startswith(f"the hot path compiled with mypyc: {len(done)} of {len(HOT)} modules (")
        assert "parlor.bots.search" in build
    else:
        assert build.startswith("pure Python: the hot path is not compiled")
