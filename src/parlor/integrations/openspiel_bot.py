"""OpenSpiel's ISMCTS as a parlor bot: the `openspiel-ismcts` entrant of `parlor arena`, so that
parlor's own search can be compared with a well-known baseline at equal time per move.

For each decision the bot builds, from its seat's view alone, a state of the one-deal OpenSpiel
game of that deal (openspiel.deal_game / state_from_view: the hidden cards drawn by the game's
resampler) and runs open_spiel.python.algorithms.ismcts from it. Every simulation starts from a
fresh world drawn by `resample_from_infostate` from the same view, so the search knows what the
seat knows and no more. The search values the deal's points (not the match standing).

Settings (`make_bot("openspiel-ismcts:seconds=0.5", rules)`):
    simulations   simulations per decision (default 200; unlimited when `seconds` is given)
    seconds       wall-clock time per decision (people, and equal-time comparisons)
    uct_c         UCT exploration constant (default: 2 x the standard deviation of a seat's deal
                  points in random play, so that it suits the game's point scale)
    rollouts      random rollouts per leaf evaluation (default 1)
A forced move (one legal action) is answered at once. Under the same rng, `simulations` budgets
play the same moves.
"""

import json
import statistics
import time

import numpy as np
import pyspiel  # the bot exists only where open_spiel imports
from open_spiel.python.algorithms import ismcts, mcts

from parlor.bots.base import Bot
from parlor.core.errors import BadSettings
from parlor.core.rng import Rng
from parlor.core.rules import Rules
from parlor.core.view import View

from . import openspiel as adapter
from .encoding import random_deal_results

DEFAULT_SIMULATIONS = 200


_SCALES: dict = {}


def points_scale(rules: Rules) -> float:
    """The standard deviation of one seat's deal points in random play (48 seeded deals)."""
    key = (rules.id, json.dumps(rules.options, sort_keys=True), rules.seats)
    if key not in _SCALES:
        points = [p for r in random_deal_results(rules, 48, 90210) for p in r.points]
        _SCALES[key] = max(statistics.pstdev(points), 1e-3)
    return _SCALES[key]


class OpenSpielISMCTSBot(Bot):
    name = "openspiel-ismcts"

    def __init__(self, rules: Rules, simulations: int | None = None, seconds: float | None = None,
                 uct_c: float | None = None, rollouts: int = 1, **settings):
        super().__init__(rules, **settings)  # refuses a setting the bot does not have
        if seconds is None and simulations is None:
            simulations = DEFAULT_SIMULATIONS
        if simulations is not None and (not isinstance(simulations, int) or simulations < 1):
            raise BadSettings(f"simulations must be a positive integer, not {simulations!r}")
        if seconds is not None and not seconds > 0:
            raise BadSettings(f"seconds must be positive, not {seconds!r}")
        self.simulations, self.seconds = simulations, seconds
        self.uct_c = float(uct_c) if uct_c is not None else 2.0 * points_scale(rules)
        self.rollouts = int(rollouts)
        self._games: dict[int, object] = {}

    def _game(self, number: int):
        if number not in self._games:
            self._games[number] = adapter.deal_game(self.rules, number)
        return self._games[number]

    def choose(self, view: View, rng: Rng) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        game = self._game(view["deal"])
        random_state = np.random.RandomState(rng.next_u64() & 0xFFFFFFFF)
        worlds = rng.fork()
        state = adapter.state_from_view(game, view, worlds.fork())
        search = _Search(game, mcts.RandomRolloutEvaluator(self.rollouts, random_state), self.uct_c,
                         self.simulations, self.seconds, random_state)
        search.set_resampler(lambda s, player: s.resample_from_infostate(player, worlds.random))
        policy = search.run_search(state)
        best = max(p for _, p in policy)
        actions = sorted(a for a, p in policy if p == best)
        action = actions[random_state.randint(len(actions))]
        return self.rules.action_str(state._core.state, int(action))


class _Search(ismcts.ISMCTSBot):
    """ISMCTSBot whose run_search stops after `simulations` or `seconds`, whichever comes first."""

    def __init__(self, game, evaluator, uct_c, simulations, seconds, random_state):
        super().__init__(game, evaluator, uct_c, simulations or 0, random_state=random_state,
                         final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        self.limit, self.seconds = simulations, seconds

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while n < 1 or ((self.limit is None or n < self.limit)
                        and (deadline is None or time.perf_counter() < deadline)):
            world = self.sample_root_state(state)
            if self.get_state_key(world) != key:
                raise pyspiel.SpielError("a resampled world looks different to the searching seat")
            self.run_simulation(world)
            n += 1
        return self.get_final_policy(state, self._root_node)
