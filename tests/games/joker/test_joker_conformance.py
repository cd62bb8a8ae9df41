"""The conformance suite (parlor.testing.check_game) over every Joker option combination the spec
allows: length x shtanga x premium x first_dealer, and schedules reaching every deal token.

Whole classic/short/full matches are long, so the full product runs one seed each with the costly
per-step checks (leaks, resampling, illegal input) thinned; short schedules covering every deal
token (turned 1..8, 9, nt, dark, gold, misere) run the costly checks densely. The fast tier runs
a few option combinations that between them take every value (every schedule among them), and
the first schedule's first seed densely."""

import pytest
from tiers import first_fast, tiered_product

from parlor.testing import check_game

LENGTHS = ("classic24", "short12", "full40")
SHTANGAS = (-100, -200, "per_card")
PREMIUMS = ("double", "cross_out")
FIRST_DEALERS = (0, 1, 2, 3, "random")

SCHEDULES = (
    [["1", "2", "3", "4"], ["9", "nt"]],
    [["dark", "5"], ["gold"], ["misere", "6"]],
    [["7", "8", "dark"], ["gold", "misere", "nt"], ["9"]],
)


@pytest.mark.parametrize("length,shtanga,premium,first_dealer",
                         tiered_product(LENGTHS, SHTANGAS, PREMIUMS, FIRST_DEALERS))
def test_every_option_combination(length, shtanga, premium, first_dealer):
    options = {"length": length, "shtanga": shtanga, "premium": premium, "first_dealer": first_dealer}
    check_game("joker", 4, options, seeds=range(1), deep_every=37)


@pytest.mark.parametrize("seed", first_fast(range(2)), ids="seed{}".format)
@pytest.mark.parametrize("schedule", first_fast(SCHEDULES), ids=lambda s: "+".join("-".join(c) for c in s))
def test_schedules_densely(schedule, seed):
    check_game("joker", 4, {"schedule": schedule}, seeds=[seed], deep_every=1)


@pytest.mark.parametrize("shtanga,premium,first_dealer", tiered_product(SHTANGAS, PREMIUMS, FIRST_DEALERS))
def test_schedules_with_every_option(shtanga, premium, first_dealer):
    index = (SHTANGAS.index(shtanga) + 2 * PREMIUMS.index(premium) + FIRST_DEALERS.index(first_dealer)) % 3
    options = {"schedule": SCHEDULES[index], "shtanga": shtanga, "premium": premium,
               "first_dealer": first_dealer, "length": LENGTHS[index]}
    check_game("joker", 4, options, seeds=range(1), deep_every=4)
