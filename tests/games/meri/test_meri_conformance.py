"""The conformance suite (parlor.testing.check_game) over Meri's options: num_deals from 1 to 64
(the only option; always 8 seats)."""

import pytest

from parlor.testing import check_game

CASES = [
    ({"num_deals": 1}, range(100, 108), 3),
    ({"num_deals": 2}, range(200, 204), 3),
    ({}, range(300, 302), 5),
    ({"num_deals": 64}, range(400, 401), 60),
]


@pytest.mark.parametrize("options,seeds,deep_every", CASES, ids=lambda x: str(x))
def test_conformance(options, seeds, deep_every):
    check_game("meri", 8, options, seeds=seeds, deep_every=deep_every)
