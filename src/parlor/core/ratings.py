"""Ratings of people per game: OpenSkill's Plackett-Luce model (TrueSkill is patented).

A finished match ranks its sides by final score (Meri: its two teams; every other game: each seat
alone), ties sharing a rank; a person who abandoned a rated match is ranked below everyone. Only
people's ratings move. A computer seat plays at its level's fixed rating, fitted from the
ladder's arenas (docs/strength.md): a new person starts where the casual level stands (25, the
model's usual start), and each rung above or below sits as far as its share of matches won
against the rung below says under the model's own win probability.
"""

import math
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .match import Match

MODEL = PlackettLuce()
START = MODEL.mu  # a new person, and the casual level: 25
COMPUTER_SIGMA = 1.0  # a level's strength is known, not learned

# The ladder (docs/strength.md): (level, the rung below, its share of matches won and the fair
# share, the rung below's share and fair share, matches played); beginner is placed by its arena
# against casual (docs/strength.md, "Ratings of the levels").
LADDER: dict[str, list[tuple[str, str, float, float, float, float, int]]] = {
    "yokir": [("casual", "random", 1.00, 0.67, 0.00, 0.33, 120), ("strong", "casual", 0.79, 0.67, 0.21, 0.33, 180),
              ("expert", "strong", 0.38, 0.33, 0.62, 0.67, 360),
              ("casual", "beginner", 0.367, 0.333, 0.633, 0.667, 60)],
    "joker": [("casual", "random", 1.00, 0.50, 0.00, 0.50, 40), ("strong", "casual", 0.85, 0.50, 0.15, 0.50, 40),
              ("expert", "strong", 0.59, 0.50, 0.41, 0.50, 128),
              ("casual", "beginner", 0.625, 0.50, 0.375, 0.50, 40)],
    "tor": [("casual", "random", 0.99, 0.50, 0.01, 0.50, 80), ("strong", "casual", 0.32, 0.25, 0.67, 0.75, 128),
            ("expert", "strong", 0.60, 0.50, 0.40, 0.50, 192),
            ("casual", "beginner", 1.00, 0.50, 0.00, 0.50, 40)],
    "meri": [("casual", "random", 0.85, 0.50, 0.07, 0.50, 40), ("strong", "casual", 0.92, 0.50, 0.08, 0.50, 24),
             ("expert", "strong", 0.52, 0.50, 0.38, 0.50, 96),
             ("casual", "beginner", 0.35, 0.50, 0.60, 0.50, 40)],
}


def _gap(share: float, fair: float, other: float, other_fair: float, matches: int) -> float:
    """How far apart two rungs sit: the odds of one seat of the upper against one of the lower
    (each share against its fair share, kept off 0 and 1 by half a match), as a difference of mu
    under Plackett-Luce's win probability for two players of COMPUTER_SIGMA."""
    def smooth(p: float) -> float:
        return (p * matches + 0.5) / (matches + 1)
    odds = (smooth(share) / fair) / (smooth(other) / other_fair)
    c = math.sqrt(2 * (COMPUTER_SIGMA ** 2 + MODEL.beta ** 2))
    return c * math.log(odds)


def level_mu(game: str) -> dict[str, float]:
    """Every measured level's fixed mu in one game: casual at START, each other level placed from
    a rung that joins it to a level already placed."""
    mu = {"casual": START}
    rungs = list(LADDER[game])
    while rungs:
        for rung in rungs:
            upper, lower, share, fair, other, other_fair, matches = rung
            gap = _gap(share, fair, other, other_fair, matches)
            if lower in mu:
                mu[upper] = mu[lower] + gap
            elif upper in mu:
                mu[lower] = mu[upper] - gap
            else:
                continue
            rungs.remove(rung)
            break
        else:
            raise ValueError(f"{game}: a rung of the ladder joins no placed level")
    return mu


@dataclass(frozen=True)
class Rating:
    mu: float = START
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        """The figure on a leaderboard: a cautious estimate (mu − 3σ, OpenSkill's ordinal), so a
        newcomer's few lucky matches do not put them on top."""
        return round(self.mu - 3 * self.sigma)


def computer_rating(game: str, level: str) -> Rating:
    return Rating(level_mu(game)[level], COMPUTER_SIGMA)


def sides(match: Match) -> list[list[int]]:
    """The seats that share a result: Meri's teams, else each seat alone."""
    team_of = match.rules.team_of
    if team_of is None:
        return [[s] for s in range(match.rules.seats)]
    return [[s for s in range(match.rules.seats) if team_of[s] == t] for t in sorted(set(team_of))]


def rate(match: Match, ratings: dict[int, Rating], computers: dict[int, str],
         abandoned: frozenset[int] = frozenset()) -> dict[int, Rating]:
    """People's new ratings after a finished match. `ratings`: each person's seat and rating;
    `computers`: each computer seat's level (fixed ratings, never changed); `abandoned`: people's
    seats that left the match, ranked last."""
    if not match.finished:
        raise ValueError("only a finished match is rated")
    groups = sides(match)
    levels = level_mu(match.rules.id)
    seated = {s: ratings[s] if s in ratings else Rating(levels[computers[s]], COMPUTER_SIGMA)
              for group in groups for s in group}
    teams = [[MODEL.rating(mu=seated[s].mu, sigma=seated[s].sigma) for s in group] for group in groups]
    scores = [match.scores[g[0]] for g in groups]
    # rank 1 is best; equal scores share a rank; a side with a seat that abandoned comes last
    ranks = [1 + sum(other > score for other in scores) for score in scores]
    for i, group in enumerate(groups):
        if abandoned & set(group):
            ranks[i] = len(groups) + 1
    new = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return {s: Rating(r.mu, r.sigma) for group, rated in zip(groups, new) for s, r in zip(group, rated)
            if s in ratings}
