"""The suite's two tiers (README, "Tests"): `pytest -m "not slow"` is the fast tier a developer
runs all the time, plain `pytest` the full suite CI runs. A case marked slow keeps its check in the
fast tier in a smaller size where it can (the same check on fewer seeds, games or option sets);
a few long measurements (the arena's margins, ray, the Tőr samplers' scores) are the full suite's
alone."""

import itertools
from collections.abc import Iterable
from typing import Any

import pytest


def slow(*values: Any) -> Any:
    """One parametrize case that only the full suite runs."""
    return pytest.param(*values, marks=pytest.mark.slow)


def first_fast(values: Iterable[Any]) -> list[Any]:
    """Parametrize cases: the fast tier runs the first, the full suite all of them."""
    cases = list(values)
    return cases[:1] + [slow(*v) if isinstance(v, tuple) else slow(v) for v in cases[1:]]


def tiered_product(*value_lists: Iterable[Any]) -> list[Any]:
    """The cases of itertools.product(*value_lists): the fast tier runs a few that between them
    take every value of every list (the i-th of each, cycling), the full suite all of them."""
    lists = [list(values) for values in value_lists]
    fast = {tuple(values[i % len(values)] for values in lists) for i in range(max(map(len, lists)))}
    return [case if case in fast else slow(*case) for case in itertools.product(*lists)]
