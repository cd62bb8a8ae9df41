"""Engine and search speed beside the ref_trick yardstick, in CPU time of this process.

Engine: random deals played as a search drives the engine (a fresh deal, one state copy, then
legal_ids/apply_id to the deal's end). The deals and the random choices are made first, outside
the timed loop; the timed loop replays them, still asking for the legal moves at every step.
ref_trick's own loop shuffles and chooses inside its timing: that is the yardstick as written.
Search: ISMCTS with rules playouts (the strong level's kind of search) for a fixed number of iterations
from one fixed position per game; an iteration is one imagined world played to the deal's end."""

import random
import statistics
import time

from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.core.rules import DealContext

REF_CARDS = 36  # ref_trick plays 36 cards a deal


def _is_card_play(action: str) -> bool:
    return action.startswith("play ")  # every trick game's card play reads "play CARD ..."


def _recorded_deals(rules, count: int, seed: int) -> tuple[list, int, int]:
    """`count` random deals, each (deal, context, chosen action ids), and their card plays and
    actions counted."""
    deal_rng, choice = Rng(seed), random.Random(seed).choice
    max_deals = rules.max_deals() or 1
    deals, plays, actions = [], 0, 0
    for k in range(count):
        number, dealer = k % max_deals + 1, k % rules.seats
        ctx = DealContext(number, dealer, (0,) * rules.seats)
        deal = rules.shuffle_deal(number, dealer, deal_rng)
        state, chosen = rules.start(deal, ctx), []
        while rules.to_act(state) >= 0:
            action = choice(rules.legal_ids(state))
            plays += _is_card_play(rules.action_str(state, action))
            rules.apply_id(state, action)
            chosen.append(action)
        actions += len(chosen)
        deals.append((deal, ctx, chosen))
    return deals, plays, actions


def playout_rate(game_id: str, seconds: float = 1.0, runs: int = 5, seats: int | None = None,
                 options: dict | None = None) -> dict:
    """Median over `runs` runs of about `seconds` CPU seconds each: deals, actions and card plays
    per CPU second. `plays_per_s` counts card plays, or every action in a game without them (Tőr)."""
    rules = make_rules(game_id, options, seats)
    deals, plays, actions = _recorded_deals(rules, 40, 12345)
    unit = "card plays" if plays else "actions"
    plays = plays or actions
    legal_ids, apply_id, to_act, copy, start = rules.legal_ids, rules.apply_id, rules.to_act, rules.copy, rules.start
    rates: dict[str, list[float]] = {"deals_per_s": [], "actions_per_s": [], "plays_per_s": []}
    for _ in range(runs):
        rounds = 0
        begin = time.process_time()
        while time.process_time() - begin < seconds or not rounds:
            for deal, ctx, chosen in deals:
                state = copy(start(deal, ctx))
                for action in chosen:
                    legal_ids(state)
                    apply_id(state, action)
                assert to_act(state) < 0  # the replay is the recorded deal, to its end
            rounds += 1
        took = time.process_time() - begin
        for key, n in (("deals_per_s", len(deals)), ("actions_per_s", actions), ("plays_per_s", plays)):
            rates[key].append(n * rounds / took)
    return {"game": game_id, "unit": unit, **{k: statistics.median(v) for k, v in rates.items()}}


def ref_trick_rate(seconds: float = 1.0, runs: int = 5) -> dict:
    """The yardstick (shared/bench/ref_trick.py), measured in this process: deals and card plays
    per CPU second, median of `runs`."""
    from parlor._ref_trick import play_deals
    rng = random.Random(12345)
    rates = []
    for _ in range(runs):
        n, begin = 0, time.process_time()
        while time.process_time() - begin < seconds or not n:
            play_deals(200, rng)
            n += 200
        rates.append(n / (time.process_time() - begin))
    deals = statistics.median(rates)
    return {"deals_per_s": deals, "plays_per_s": deals * REF_CARDS}


def first_play_position(game_id: str, seed: int = 1):
    """A seat's view at the first card play of a deal (Joker: of deal 9, the first nine-card deal),
    reached by rules-bot play; for games without tricks, the first choice after 4 actions."""
    from parlor.bots import make_bot
    from parlor.core.match import Match
    rules = make_rules(game_id)
    match = Match(rules, seed)
    bot = make_bot("rules", rules)
    rng = Rng(seed)
    target_deal = 9 if game_id == "joker" else 1
    steps = 0
    while not match.finished:
        seat = match.to_act()
        assert seat is not None  # a match not finished has a seat to act
        view = match.view(seat)
        if (match.deal_number >= target_deal and len(view["legal"]) > 1
                and (view.get("phase") == "play" or (view.get("phase") is None and steps >= 4))):
            return rules, view
        match.apply(bot.choose(view, rng))
        steps += 1 if match.deal_number >= target_deal else 0
    raise RuntimeError(f"{game_id}: no position found")


def search_rate(game_id: str, iterations: int = 200, runs: int = 3) -> dict:
    """Iterations per CPU second of ISMCTS with rules playouts from first_play_position, median
    of `runs` searches of `iterations` each (a fixed amount of work, so it is the same search on
    every machine)."""
    from parlor.bots.search import Search
    rules, view = first_play_position(game_id)
    rates = []
    for k in range(runs):
        search = Search(rules, view, Rng(k), iterations=iterations, mode="ismcts", playout="rules")
        begin = time.process_time()
        search.run()
        rates.append(search.done / max(time.process_time() - begin, 1e-9))
    return {"game": game_id, "position": f"deal {view['deal']}, seat {view['seat']}, {len(view['legal'])} legal moves",
            "iterations_per_s": statistics.median(rates)}
