"""A match dealt from outside (Match.dealt_outside): given the deals a seeded match dealt, it plays
the same match; given a World, it takes up a deal under way; copies are independent."""

import pytest

from parlor.core.errors import BadTable, IllegalAction
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng
from parlor.core.rules import World

GAMES = games()


def _short(game_id: str):
    return make_rules(game_id, {"joker": {"schedule": [["1", "2"]]}, "tor": {"deals": 2},
                                "meri": {"num_deals": 2}, "yokir": {"target": 2}}.get(game_id, {}))


def _play(match: Match, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if match.finished or match.state is None:
            return
        legal = match.rules.legal_ids(match.state)
        match.apply_id(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_deals_of_a_seeded_match_given_from_outside_play_the_same_match(game_id):
    rules = _short(game_id)
    seeded = Match(rules, 5)
    rng = Rng(1)
    while not seeded.finished:
        legal = seeded.legal()
        seeded.apply(legal[rng.below(len(legal))])
    outside = Match.dealt_outside(rules, seeded.first_dealer)
    assert outside.state is None and outside.to_act() is None and outside.legal() == []
    k = 0
    for number, deal in enumerate(seeded.deals, 1):
        outside.deal(deal)
        while k < len(seeded.actions) and seeded.log[k][0] == number:
            outside.apply(seeded.actions[k])
            k += 1
        assert outside.finished or outside.state is None  # the deal is over: it waits for the next
    assert k == len(seeded.actions)
    assert outside.report() == seeded.report()
    assert outside.log == seeded.log


@pytest.mark.parametrize("game_id", GAMES)
def test_a_world_takes_up_the_deal_where_it_stands(game_id):
    rules = _short(game_id)
    match = next(m for m in (Match(rules, seed) for seed in range(20))
                 if _play(m, Rng(2), 3) or not m.finished)
    seat = match.to_act()
    view = match.view(seat)
    world = rules.sample_world(view, Rng(4))
    outside = Match.dealt_outside(rules, match.first_dealer, match.deal_number,
                                  scores=match.scores, results=match.results)
    outside.deal(world)
    assert outside.view(seat) == view
    assert outside.deal_actions == world.actions and outside.deals == [world.deal]
    assert outside.to_act() == match.to_act() and outside.legal() == match.legal()
    with pytest.raises(BadTable):
        outside.deal(world)  # a deal is in play


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_plays_on_alone_and_illegal_ids_change_nothing(game_id):
    rules = _short(game_id)
    match = Match.dealt_outside(rules, 0, last_deal=1)
    match.deal(rules.shuffle_deal(1, rules.dealer_of(0, 1), Rng(9)))
    twin = match.copy()
    _play(twin, Rng(3), 30)
    assert match.deal_actions == [] and match.actions == []
    assert len(twin.deal_actions) == len(twin.actions) > 0
    illegal = next(a for a in range(rules.num_actions) if a not in rules.legal_ids(match.state))
    before = match.view(match.to_act())
    with pytest.raises(IllegalAction):
        match.apply_id(illegal)
    assert match.view(match.to_act()) == before and match.actions == []
    _play(match, Rng(3), 10_000)
    assert match.finished and len(match.results) == 1  # last_deal=1: one deal, then the end


def test_the_world_must_be_of_the_deal_the_match_waits_for():
    rules = _short("joker")
    match = Match(rules, 1)
    world = rules.sample_world(match.view(match.to_act()), Rng(0))
    outside = Match.dealt_outside(rules, match.first_dealer, first_deal=2)
    with pytest.raises(BadTable):
        outside.deal(world)
    assert isinstance(world, World)
