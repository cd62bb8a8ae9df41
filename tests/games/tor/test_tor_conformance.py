"""The conformance suite on Tőr over every seat count the spec allows (2..8) and option sets that
stress the stake (1, 7, the maximum 1000) and the match length. (tests/conformance runs the
defaults: 12 deals, stake 1.) Seed by seed: the fast tier runs each case's first seed."""

import pytest
from tiers import first_fast

from parlor.testing import check_game

# (deals >= 2: parlor.testing trips over a match whose only deal ends at once, with no action)
OPTION_SETS = [{"deals": 2}, {"deals": 3, "stake": 7}, {"deals": 2, "stake": 1000}]


@pytest.mark.parametrize("seed", first_fast(range(4)), ids="seed{}".format)
@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_tor_conformance(seats, options, seed):
    check_game("tor", seats, options, seeds=[seed], deep_every=2)


@pytest.mark.parametrize("seed", first_fast(range(40, 48)), ids="seed{}".format)
def test_tor_conformance_long_deals(seed):
    """Deals that run until the stock is nearly or fully drawn: seeds whose random play lasts."""
    check_game("tor", 2, {"deals": 4}, seeds=[seed], deep_every=5)
