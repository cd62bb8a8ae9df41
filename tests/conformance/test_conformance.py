"""The conformance suite over every registered game, seat count and option set, seed by seed
(the fast tier runs each case's first seed)."""

import pytest
from tiers import first_fast

from parlor.core.registry import games
from parlor.testing import check_game

# Option sets worth covering beyond the defaults, per game.
OPTION_SETS = {
    "yokir": [{}, {"target": 1}, {"target": 3}],
}


def cases():
    for game_id, cls in games().items():
        seat_counts = range(cls.min_seats, cls.max_seats + 1)
        for seats in seat_counts:
            for options in OPTION_SETS.get(game_id, [{}]):
                yield pytest.param(game_id, seats, options, id=f"{game_id}-{seats}-{options}")


@pytest.mark.parametrize("seed", first_fast(range(6)), ids="seed{}".format)
@pytest.mark.parametrize("game_id,seats,options", list(cases()))
def test_conformance(game_id, seats, options, seed):
    check_game(game_id, seats, options, seeds=[seed], deep_every=3)
