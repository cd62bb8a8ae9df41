"""No leaks through the adapters: what a seat is given (OpenSpiel's information-state and
observation strings and tensors, PettingZoo's observation and action mask) stays the same when the
cards it cannot see are permuted (parlor.testing._swap_hidden builds such twin deals)."""

import numpy as np
import pytest
from integration_tables import game_ids, short_options

import parlor.integrations.openspiel as adapter
from parlor.core.rng import Rng
from parlor.integrations.pettingzoo import raw_env
from parlor.testing import _swap_hidden

GAMES = game_ids()


def _openspiel_seen(state, seat):
    return (state.information_state_string(seat), state.observation_string(seat),
            state.information_state_tensor(seat), state.observation_tensor(seat),
            state.legal_actions(seat))


@pytest.mark.parametrize("game_id", GAMES)
def test_twins_look_the_same_through_both_adapters(game_id):
    e = raw_env(game_id, **short_options(game_id))
    rules = e.rules
    game = adapter.load(rules)
    rng, choose = Rng(99), np.random.RandomState(5)
    twins = differs = 0
    for seed in range(3):
        e.reset(seed=seed)
        m = e.match
        deal, start = m.deal_number, 0
        step = 0
        while not m.finished:
            if m.deal_number != deal:
                deal, start = m.deal_number, len(m.actions)
            if step % 3 == 0:
                for seat in range(rules.seats):
                    twin = _swap_hidden(rules, m, seat, m.actions[start:], rng)
                    if twin is None:
                        continue
                    other = twin[0]
                    assert other is not None, twin[1]
                    agent = e.possible_agents[seat]
                    # OpenSpiel: the true state and the twin, seen from `seat`.
                    a = adapter.state_from_parlor(game, m.state)
                    b = adapter.state_from_parlor(game, other)
                    differs += any(a.information_state_string(p) != b.information_state_string(p)
                                   for p in range(rules.seats))
                    assert _openspiel_seen(a, seat) == _openspiel_seen(b, seat), twin[1]
                    # PettingZoo: the same agent observing the true match and the twin.
                    seen = e.observe(agent)
                    real, m.state = m.state, other
                    try:
                        again = e.observe(agent)
                    finally:
                        m.state = real
                    assert np.array_equal(seen["observation"], again["observation"]), twin[1]
                    assert np.array_equal(seen["action_mask"], again["action_mask"])
                    twins += 1
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(choose.choice(np.flatnonzero(mask))))
            step += 1
    assert twins > 0 and differs > 0  # the twins differed, only not for their seat
