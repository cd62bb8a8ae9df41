"""Random-playout throughput of a game, driven as a search bot drives the engine: a fresh deal,
one state copy (a determinization), then legal_ids/apply_id until the deal ends."""

import random
import statistics
import time

from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.core.rules import DealContext


def playout_rate(game_id: str, seconds: float = 1.0, runs: int = 5, seats: int | None = None,
                 options: dict | None = None) -> dict:
    """Median deals/s and actions/s over `runs` runs of `seconds` each."""
    rules = make_rules(game_id, options, seats)
    deal_rng = Rng(12345)
    choice = random.Random(12345).choice  # the same chooser ref_trick uses
    max_deals = rules.max_deals() or 1
    deal_rates, action_rates = [], []
    legal_ids, apply_id, to_act, copy = rules.legal_ids, rules.apply_id, rules.to_act, rules.copy
    for _ in range(runs):
        deals = actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(20):
                number = deals % max_deals + 1
                dealer = deals % rules.seats
                ctx = DealContext(number, dealer, (0,) * rules.seats)
                state = copy(rules.start(rules.shuffle_deal(number, dealer, deal_rng), ctx))
                while to_act(state) >= 0:
                    apply_id(state, choice(legal_ids(state)))
                    actions += 1
                deals += 1
        elapsed = time.perf_counter() - start
        deal_rates.append(deals / elapsed)
        action_rates.append(actions / elapsed)
    return {"game": game_id, "deals_per_s": statistics.median(deal_rates),
            "actions_per_s": statistics.median(action_rates)}


def ref_trick_rate(seconds: float = 1.0) -> dict:
    """The yardstick (shared/bench/ref_trick.py), measured in this process: card plays/s."""
    from parlor._ref_trick import play_deals
    rng = random.Random(12345)
    rates = []
    for _ in range(5):
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            play_deals(200, rng)
            n += 200
        rates.append(n / (time.perf_counter() - start))
    deals = statistics.median(rates)
    return {"deals_per_s": deals, "actions_per_s": deals * 36}
