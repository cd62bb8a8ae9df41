"""For every test: parlor's data folder (session/keep.py, the server's default database) is a
folder of the test run's own, so that no test keeps a match in, or reads one from, the home folder."""

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def data_folder_of_the_tests(tmp_path_factory):
    old = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))
    yield
    if old is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = old
