"""Placing hidden cards under what a seat knows."""

import pytest

from parlor.core.rng import Rng
from parlor.core.sampling import follow_suit, place_cards


def test_respects_constraints_and_sizes():
    cards = list(range(12))
    low = sum(1 << c for c in range(6))
    high = sum(1 << c for c in range(6, 12))
    for seed in range(50):
        a, b = place_cards(cards, [6, 6], [low, high], Rng(seed))
        assert sorted(a) == list(range(6)) and sorted(b) == list(range(6, 12))


def test_tight_constraints_use_the_fallback_and_still_fit():
    cards = list(range(20))
    only_even = sum(1 << c for c in range(0, 20, 2))
    anything = (1 << 20) - 1
    for seed in range(30):
        parts = place_cards(cards, [10, 5, 5], [only_even, anything, anything], Rng(seed))
        assert sorted(parts[0]) == list(range(0, 20, 2))
        assert sorted(parts[1] + parts[2]) == list(range(1, 20, 2))


def test_unconstrained_placement_varies_and_is_reproducible():
    cards = list(range(10))
    full = (1 << 10) - 1
    seen = {tuple(place_cards(cards, [5, 5], [full, full], Rng(s))[0]) for s in range(20)}
    assert len(seen) > 15
    assert place_cards(cards, [5, 5], [full, full], Rng(3)) == place_cards(cards, [5, 5], [full, full], Rng(3))


def test_impossible_placement_is_an_error():
    with pytest.raises(ValueError):
        place_cards([0, 1], [1, 1], [0b01, 0b01], Rng(0))
    with pytest.raises(ValueError):
        place_cards([0, 1], [1], [0b11], Rng(0))


def test_follow_suit_tells_who_played_what_and_who_showed_out():
    suit = [c // 4 for c in range(16)]  # four suits of four cards
    tricks = [[(1, 0), (2, 1), (0, 5)],  # seat 0 did not follow suit 0
              [(0, 6), (1, 9)]]  # the trick in play: seat 1 did not follow suit 1
    played, void = follow_suit(tricks, 3, suit)
    assert played == [[5, 6], [0, 9], [1]]
    assert void == [1 << 0, 1 << 1, 0]
    assert follow_suit(tricks, 3) == (played, [0, 0, 0])  # without suits: no voids
    assert follow_suit([[]], 2, suit) == ([[], []], [0, 0])
