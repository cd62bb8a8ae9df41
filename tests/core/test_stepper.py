"""records.Stepper: a record's match at any action index, each step exact and none replayed twice."""

from parlor import records
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng


def test_the_stepper_matches_a_fresh_replay_at_every_index_and_reaches_the_end_without_replaying():
    rules = make_rules("yokir", {"target": 3})
    played, rng = Match(rules, seed=4), Rng(4)
    while not played.finished:
        legal = played.legal()
        played.apply(legal[rng.below(len(legal))])
    record = played.record()
    n = len(record["actions"])
    applied = []
    original = Match.apply

    def counting(self, action):
        applied.append(action)
        return original(self, action)

    Match.apply = counting
    try:
        stepper = records.Stepper(record)
        assert len(applied) == n  # the check replays the record once
        stepper.go(n)  # the end: the checked match itself
        assert len(applied) == n and stepper.index == n
        assert stepper.match.view(0) == played.view(0)
    finally:
        Match.apply = original
    for index in (0, 1, n // 2, n // 2 + 1, n - 1, n, 3, n):
        stepper.go(index)
        fresh = records.new_match(record)
        for action in record["actions"][:index]:
            fresh.apply(action)
        assert stepper.index == index
        assert [stepper.match.view(s) for s in range(3)] == [fresh.view(s) for s in range(3)]
