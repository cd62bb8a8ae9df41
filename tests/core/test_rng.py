"""parlor's own generator: the published SplitMix64 sequence, and golden deals that must never
change (a record written today must deal the same cards on every machine and Python forever)."""

from collections import Counter

import pytest

from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng


def test_splitmix64_reference_vector():
    # Steele, Lea, Flood: SplitMix64 from state 0 gives these outputs (the xoshiro seeding reference).
    r = Rng(0)
    r.state = 0
    assert [r.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_golden_shuffle():
    assert Rng(7).shuffled(range(24)) == [10, 23, 21, 13, 8, 15, 1, 17, 19, 20, 4, 0, 5, 11, 3, 18,
                                          7, 2, 22, 12, 14, 16, 6, 9]


def test_golden_yokir_deal_from_seed_0():
    m = Match(make_rules("yokir"), 0)
    assert m.first_dealer == 2
    assert m.rules.deal_to_json(m.deals[0]) == {
        "dealer": 2,
        "hands": [["2M", "2L", "2A", "1T", "4L"], ["5M", "4A", "6A", "5T", "2T"], ["3A", "5A", "6T", "1M", "6M"]],
        "pile": ["4M", "3T", "5L", "6L", "3M", "4T", "1L", "3L", "1A"]}


def test_every_integer_seed_is_its_own_stream():
    firsts = {Rng(s).next_u64() for s in [0, -1, 1, -2, 2**64, 2**64 + 1, -(2**64)]}
    assert len(firsts) == 7
    with pytest.raises(TypeError):
        Rng(1.5)
    with pytest.raises(TypeError):
        Rng(True)


def test_below_and_shuffle_are_uniform():
    r = Rng(1)
    counts = Counter(r.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6)) and all(9_400 < n < 10_600 for n in counts.values())
    perms = Counter(tuple(r.shuffled(range(4))) for _ in range(48_000))
    assert len(perms) == 24 and all(1_700 < n < 2_300 for n in perms.values())
    # Positions of one card in a 75-card shuffle (the batched path with several draws).
    spots = Counter(r.shuffled(range(75)).index(0) for _ in range(30_000))
    assert len(spots) == 75 and all(280 < n < 530 for n in spots.values())
    with pytest.raises(ValueError):
        r.below(0)


class Draws(Rng):
    """A generator that returns the given 64-bit draws, to reach Lemire's rare rejection."""

    def __init__(self, draws):
        super().__init__(0)
        self.draws = iter(draws)

    def next_u64(self) -> int:
        return next(self.draws)


def test_below_rejects_the_few_draws_that_would_bias_it():
    # 2**64 = 1 (mod 3): of the 2**64 draws, the one whose product's low word is 0 falls in the
    # short bucket and is drawn again; without the rejection below(3) would answer 0 here.
    assert Draws([0, 1 << 63]).below(3) == 1
    assert Draws([0, 1 << 63]).below(4) == 0  # 2**64 = 0 (mod 4): nothing to reject


def test_copy_continues_identically():
    r = Rng(42)
    r.next_u64()
    c = r.copy()
    assert [r.below(100) for _ in range(10)] == [c.below(100) for _ in range(10)]
