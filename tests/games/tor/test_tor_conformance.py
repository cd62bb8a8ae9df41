"""The conformance suite on Tőr over every seat count the spec allows (2..8) and option sets that
stress the stake (1, 7, the maximum 1000) and the match length. (tests/conformance runs the
defaults: 12 deals, stake 1.)"""

import pytest

from parlor.testing import check_game

# (deals >= 2: parlor.testing trips over a match whose only deal ends at once, with no action)
OPTION_SETS = [{"deals": 2}, {"deals": 3, "stake": 7}, {"deals": 2, "stake": 1000}]


@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_tor_conformance(seats, options):
    check_game("tor", seats, options, seeds=range(4), deep_every=2)


def test_tor_conformance_long_deals():
    """Deals that run until the stock is nearly or fully drawn: seeds whose random play lasts."""
    check_game("tor", 2, {"deals": 4}, seeds=range(40, 48), deep_every=5)
