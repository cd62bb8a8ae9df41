"""The conformance suite (parlor.testing.check_game) over Meri's options: num_deals from 1 to 64
(the only option; always 8 seats), seed by seed."""

import pytest
from tiers import first_fast

from parlor.testing import check_game

CASES = [
    ({"num_deals": 1}, range(100, 108), 3),
    ({"num_deals": 2}, range(200, 204), 3),
    ({}, range(300, 302), 5),
    ({"num_deals": 64}, range(400, 401), 60),
]


def cases():
    """Each case seed by seed; the fast tier runs each case's first seed."""
    for options, seeds, deep_every in CASES:
        yield from first_fast((options, seed, deep_every) for seed in seeds)


@pytest.mark.parametrize("options,seed,deep_every", list(cases()), ids=lambda x: str(x))
def test_conformance(options, seed, deep_every):
    check_game("meri", 8, options, seeds=[seed], deep_every=deep_every)
