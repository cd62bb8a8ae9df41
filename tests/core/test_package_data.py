"""Every file the program reads besides its Python modules is installed with it: a file under
src/parlor not matched by pyproject's package-data is missing after `pip install .` (the
editable install the tests use would never notice)."""

import tomllib
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "parlor"


def test_every_data_file_is_in_the_package_data():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["parlor"]
    data = [PurePosixPath(p.relative_to(PACKAGE).as_posix()) for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert data  # the rules texts at least
    missing = [str(p) for p in data if not any(p.match(pattern) and len(p.parts) == len(PurePosixPath(pattern).parts)
                                               for pattern in patterns)]
    assert not missing, f"not installed by pip install . (add to [tool.setuptools.package-data]): {missing}"
