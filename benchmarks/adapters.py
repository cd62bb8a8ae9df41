"""Steps per second of the research adapters beside the native API, per game.

    python benchmarks/adapters.py [GAME ...] [--seconds 2]

Every column plays uniformly random legal moves through whole short matches (the test tables:
Yokir target 2, Tőr 2 deals, Joker schedule [["2","9"]], Meri 1 deal; other games their smallest
options) and counts decisions (player actions) per second, chance outcomes not counted:

    native ids      parlor.bench.playout_rate: Rules.legal_ids / apply_id, deal after deal (search)
    native Match    Match.legal / apply with action strings (what front ends use)
    openspiel       pyspiel state.legal_actions / apply_action, dealing card by card at chance nodes
    openspiel+obs   the same, plus the acting seat's information-state tensor at every decision
    pettingzoo      env.last() (observation tensor and mask) and env.step() per decision
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "integrations"))

from integration_tables import game_ids, short_options  # noqa: E402

from parlor.bench import playout_rate  # noqa: E402
from parlor.core.match import Match  # noqa: E402
from parlor.core.registry import make_rules  # noqa: E402
from parlor.core.rng import Rng  # noqa: E402


def _timed(run, seconds: float) -> float:
    """Decisions per second of run(), called until `seconds` have passed (run returns its count)."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        n += run()
    return n / (time.perf_counter() - start)


def native_ids(rules, seconds):
    rate = playout_rate(rules.id, seconds=seconds, runs=1, seats=rules.seats, options=rules.options)
    return rate["actions_per_s"]


def native_match(rules, seconds):
    rng = Rng(2)

    def run():
        m = Match(rules, rng.next_u64() >> 2)
        n = 0
        while not m.finished:
            m.apply(rng.choice(m.legal()))
            n += 1
        return n
    return _timed(run, seconds)


def openspiel(rules, seconds, observe=False):
    import parlor.integrations.openspiel as adapter
    game = adapter.load(rules)
    rs = np.random.RandomState(3)

    def run():
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rs.randint(len(outcomes))][0])  # all equally likely
                continue
            if observe:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rs.randint(len(legal))])
            n += 1
        return n
    return _timed(run, seconds)


def pettingzoo(rules, game_id, seconds):
    from parlor.integrations.pettingzoo import raw_env
    e = raw_env(game_id, seats=rules.seats, **rules.options)
    rs = np.random.RandomState(4)

    def run():
        e.reset(seed=int(rs.randint(1 << 30)))
        n = 0
        for agent in e.agent_iter():
            obs, _, terminated, _, _ = e.last()
            if terminated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rs.randint(len(legal))]))
            n += 1
        return n
    return _timed(run, seconds)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args(argv)
    columns = ("native ids", "native Match", "openspiel", "openspiel+obs", "pettingzoo")
    print(f"decisions per second ({args.seconds:g} s each)")
    print(f"{'game':8}" + "".join(f"{c:>15}" for c in columns))
    for game_id in args.games or game_ids():
        rules = make_rules(game_id, short_options(game_id))
        rates = [native_ids(rules, args.seconds), native_match(rules, args.seconds),
                 openspiel(rules, args.seconds), openspiel(rules, args.seconds, observe=True),
                 pettingzoo(rules, game_id, args.seconds)]
        print(f"{game_id:8}" + "".join(f"{r:>15,.0f}" for r in rates))


if __name__ == "__main__":
    main()
