"""Random positions of every registered game, for the bot tests."""

from parlor.bots import make_bot
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


def heuristic_positions(rules, count: int, wanted, seed: int = 0):
    """Yield (match, seat, view) at `count` positions of the first two deals of matches the
    `rules` bots play, seeded from `seed` on, where `wanted(view, k)` holds (k: the decision's
    number in its match). The match is live: use it before the next."""
    bot = make_bot("rules", rules)
    found = 0
    while found < count:
        match, k = Match(rules, seed), 0
        while not match.finished and match.deal_number <= 2 and found < count:
            seat = match.to_act()
            view = match.view(seat)
            if wanted(view, k):
                found += 1
                yield match, seat, view
            match.apply(bot.choose(view, Rng(k)))
            k += 1
        seed += 1


def world_weights(worlds) -> list[float]:
    """The chance of each of search's imagined worlds (equal without inference)."""
    n, cum = len(worlds.worlds), worlds.weights
    return [1.0 / n] * n if cum is None else [cum[0]] + [cum[i] - cum[i - 1] for i in range(1, n)]


def true_place_share(worlds, truth, seat) -> float:
    """The weighted share of imagined worlds that put each hidden card in its true hand."""
    def cards(h):
        return {c for c in range(128) if h >> c & 1} if isinstance(h, int) else set(h)
    w = world_weights(worlds)
    hands = [[cards(h) for h in x.hands] for x in worlds.worlds]
    total = count = 0
    for p, hand in enumerate(truth.hands):
        if p != seat:
            for c in cards(hand):
                total += sum(wi for wi, x in zip(w, hands) if c in x[p])
                count += 1
    return total / count
