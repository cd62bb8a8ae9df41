"""Random positions of every registered game, for the bot tests."""

from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng


def game_ids() -> list[str]:
    return sorted(games())


def positions(game_id: str, count: int, seed: int = 0, every: int = 1, seats: int | None = None):
    """Yield (rules, match, seat, deal_actions) at `count` positions of random matches: every
    `every`-th decision, matches seeded from `seed` on. The match is live: use it before the next."""
    rules = make_rules(game_id, None, seats)
    rng = Rng(seed * 101 + 17)
    found = 0
    k = 0
    while found < count:
        match = Match(rules, seed * 1000 + k)
        k += 1
        deal_no, deal_actions = 0, []
        step = 0
        while not match.finished and found < count:
            if match.deal_number != deal_no:
                deal_no, deal_actions = match.deal_number, []
            seat = match.to_act()
            if step % every == 0:
                found += 1
                yield rules, match, seat, deal_actions
            action = rng.choice(match.legal())
            match.apply(action)
            deal_actions.append(action)
            step += 1
