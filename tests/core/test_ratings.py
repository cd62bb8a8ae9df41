"""People's ratings (core/ratings.py): OpenSkill Plackett-Luce per game, sides ranked by final
score (Meri's teams together), computers at fixed ratings fitted from the ladder, abandoning a
rated match counted as a loss."""

import pytest

from parlor.core.match import Match
from parlor.core.ratings import START, Rating, computer_rating, level_mu, rate, sides
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng


def finished(game: str, seed: int, options=None) -> Match:
    match, rng = Match(make_rules(game, options), seed), Rng(seed)
    while not match.finished:
        legal = match.legal()
        match.apply(legal[rng.below(len(legal))])
    return match


@pytest.mark.parametrize("game", sorted(games()))
def test_the_levels_stand_in_ladder_order_with_casual_where_a_person_starts(game):
    mu = level_mu(game)
    assert mu["casual"] == START == Rating().mu
    assert mu["random"] < mu["casual"] < mu["strong"] < mu["expert"]
    assert set(mu) == {"random", "beginner", "casual", "strong", "expert"}


def test_each_rung_sits_above_the_level_it_beat():
    from parlor.core.ratings import LADDER
    for game, rungs in LADDER.items():
        mu = level_mu(game)
        for upper, lower, share, fair, other, other_fair, _ in rungs:
            assert (mu[upper] > mu[lower]) == (share / fair > other / other_fair), (game, upper, lower)
    assert level_mu("meri")["beginner"] > START  # Meri's beginner won more than casual (docs/strength.md)


def test_a_rung_that_wins_more_often_sits_further_above():
    joker, meri = level_mu("joker"), level_mu("meri")
    # Joker's expert won 59% of its matches against strong, Meri's 52% against 38%
    assert joker["expert"] - joker["strong"] > 0 and meri["expert"] - meri["strong"] > 0
    assert (joker["strong"] - joker["casual"]) > (joker["expert"] - joker["strong"])


def test_the_winner_gains_the_loser_loses_and_computers_do_not_move():
    match = finished("tor", 3, None)
    winner = max(range(match.rules.seats), key=lambda s: match.scores[s])
    loser = min(range(match.rules.seats), key=lambda s: match.scores[s])
    people = {winner: Rating(), loser: Rating()}
    computers = {s: "strong" for s in range(match.rules.seats) if s not in people}
    new = rate(match, people, computers)
    assert set(new) == {winner, loser}
    assert new[winner].mu > START > new[loser].mu
    assert new[winner].sigma < Rating().sigma  # a match played is something learned
    assert computer_rating("tor", "strong") == computer_rating("tor", "strong")


def test_beating_a_stronger_computer_is_worth_more():
    match = finished("joker", 1, {"length": "short12"})
    person = max(range(4), key=lambda s: match.scores[s])
    others = [s for s in range(4) if s != person]
    gains = {level: rate(match, {person: Rating()}, dict.fromkeys(others, level))[person].mu - START
             for level in ("beginner", "expert")}
    assert gains["expert"] > gains["beginner"] > 0


def test_meris_teams_are_one_side_each():
    match = finished("meri", 2)
    assert sides(match) == [[0, 2, 4, 6], [1, 3, 5, 7]]
    team_a_won = match.scores[0] > match.scores[1]
    people = {0: Rating(), 1: Rating()}
    new = rate(match, people, {s: "casual" for s in range(2, 8)})
    assert (new[0].mu > new[1].mu) == team_a_won


def test_abandoning_a_rated_match_is_a_loss_even_ahead():
    match = finished("yokir", 4, {"target": 2})
    leader = max(range(3), key=lambda s: match.scores[s])
    new = rate(match, {leader: Rating()}, {s: "casual" for s in range(3) if s != leader},
               abandoned=frozenset({leader}))
    assert new[leader].mu < START


def test_an_unfinished_match_is_not_rated():
    with pytest.raises(ValueError):
        rate(Match(make_rules("yokir"), 0), {0: Rating()}, {1: "casual", 2: "casual"})


def test_the_shown_figure_is_cautious():
    assert Rating().shown == round(START - 3 * Rating().sigma) == 0
