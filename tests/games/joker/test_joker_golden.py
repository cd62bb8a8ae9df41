"""Golden records: each replays to the report worked out by hand from shared/rules/joker.md.

- worked_example.json: §17 verbatim.
- premium_double.json / premium_cross_out.json: the §17 premium example. Its literal third deal
  (150, -200, -200, 50) cannot be played (seat 0's exact 2 needs a deal of 3+ cards, and then
  somebody else must take a trick), so the record is a playable chapter with the same figures per
  seat: seat 0 makes every bid with best 150; seats 1, 2, 3 fail with best 100, 20, 50.
  double: seat 0 +150 on the last deal; cross_out: -100, -20, -50 for seats 1, 2, 3.
- gold_misere.json: a golden deal (100 a trick) and a misère deal where one seat takes all nine
  (+900, the others 0); the misère ends with a joker led low that nobody follows (it wins).
- dark_nt_per_card.json: a dark deal (bids, then trump), a no-trump deal with two take jokers in
  one trick, shtanga per card, one-deal chapters with the premium earned by several seats.
- draw.json: four rotated 1-card deals, all totals equal: winners [].
"""

from pathlib import Path

import pytest

from parlor.testing import check_golden

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_the_golden_files_are_there():
    names = {p.name for p in GOLDEN}
    assert {"worked_example.json", "premium_double.json", "premium_cross_out.json"} <= names


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden(path):
    check_golden(path)
