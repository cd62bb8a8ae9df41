"""Long commands say where they are on a terminal (a rich progress display on standard error)
and print nothing extra when standard error is not one; standard output is the report alone."""

import json

import pytest
from terminal import parlor

COMMANDS = {"bench": ["bench", "yokir", "--seconds", "0.02"],
            "selfplay": ["selfplay", "yokir", "--games", "2", "-o", "target=1"]}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_progress_shows_on_a_terminal_only(name):
    _, out, err = parlor(COMMANDS[name], stderr_terminal=True)
    label = {"bench": "bench:", "selfplay": "yokir self-play"}[name]
    assert label in err
    _, out_plain, err_plain = parlor(COMMANDS[name], stderr_terminal=False)
    assert err_plain == "" and label not in out_plain


def test_bench_json_stays_json_with_progress_on_the_terminal():
    _, out, _ = parlor(COMMANDS["bench"] + ["--json"], stderr_terminal=True)
    assert json.loads(out)["games"][0]["game"] == "yokir"
