"""Every registered parlor game as a PettingZoo AEC environment.

    from parlor.integrations.pettingzoo import env
    e = env("joker", schedule=[["1", "2"]], render_mode="ansi")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

- `env(game_id, seats=None, render_mode=None, **options)`: the table options as parlor takes them
  (`parlor play -o`), `seats` where the game allows a choice. Agents are "player_0".."player_{n-1}"
  (seat numbers). The match is a parlor Match: the authoritative rules, records included
  (`env.unwrapped.match.record()`).
- Actions: Discrete(Rules.num_actions), the game's fixed action ids (`action_names` lists them).
  An illegal action raises ValueError with the reason and changes nothing.
- Observations: {"observation": float32 tensor of the agent's view (encoding.Layout), "action_mask":
  int8, 1 for the legal ids of the agent to act, all 0 for the others}.
- Rewards: a deal's points to every seat when the deal ends (partners share team points); the
  points of a deal that ends as it is dealt (an instant win) come with the next step. The
  rewards add up to the match scores. All agents terminate when the match ends; nothing
  truncates. Tőr's rules let a deal go on for ever (a seat may take the top discard and
  discard it again a turn later), so a Tőr episode has no upper length: cap it yourself.
- Seeding: reset(seed=s) plays the deals of Match(rules, seed=s) (the same deals as
  `parlor selfplay --seed s`); a later reset() without a seed draws the next seed from s. A
  match that is over before anyone acts (every deal an instant win) is passed over for the
  next seed of that sequence.
- Rendering (render_mode "ansi" returns the text, "human" prints it): the table as the agent to
  act sees it (encoding.render); after the match, the score sheet. Never another seat's cards.
"""

import numbers
import secrets
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from parlor.core.errors import BadTable
from parlor.core.match import Match
from parlor.core.registry import text_of
from parlor.core.rng import Rng

from . import encoding


def env(game_id: str, seats: int | None = None, render_mode: str | None = None, **options):
    """The AEC environment of a parlor game (wrapped in OrderEnforcingWrapper)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game_id, seats=seats, render_mode=render_mode, **options))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "parlor_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, seats: int | None = None, render_mode: str | None = None, **options):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        try:
            self.table = encoding.table(game_id, options, seats)
        except BadTable as e:
            raise ValueError(str(e)) from None
        self.rules = self.table.rules
        self.layout = self.table.layout
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"parlor_{game_id}_v0")
        n, k = self.rules.seats, self.rules.num_actions
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents: list[str] = []
        self.action_spaces = {a: spaces.Discrete(k) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (k,), np.int8)}) for a in self.possible_agents}
        self.match: Match | None = None
        self._seeds: Rng | None = None

    # --- spaces and names
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def action_names(self) -> list[str]:
        return list(self.table.action_table)

    def _running(self) -> Match:
        """The match reset() began (the protocol's wrapper asks for nothing before it)."""
        assert self.match is not None, "reset() first"
        return self.match

    def _seat(self, agent) -> int:
        return self.possible_agents.index(agent)

    # --- the AEC protocol
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(int(seed))
            match_seed = int(seed)
        else:
            if self._seeds is None:
                self._seeds = Rng(secrets.randbits(64))
            match_seed = self._seeds.next_u64() >> 1
        self.match = Match(self.rules, match_seed)
        for _ in range(1000):  # a match over before anyone acts has nothing to learn from
            if not self.match.finished:
                break
            self.match = Match(self.rules, self._seeds.next_u64() >> 1)
        else:
            raise ValueError(f"{self.rules.id}: every match is over before anyone acts")
        self._paid = 0  # deal results already given out as rewards
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        seat = self._running().to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            self.agent_selection = self.agents[0]

    def observe(self, agent):
        seat = self._seat(agent)
        m = self._running()
        legal = m.rules.legal_ids(m.state) if not m.finished and m.to_act() == seat else []
        mask = np.zeros(self.rules.num_actions, np.int8)
        mask[legal] = 1
        return {"observation": self.layout.encode(m.view(seat), legal), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        m, rules = self._running(), self.rules
        state = m.state
        if not isinstance(action, numbers.Integral):  # an int, or numpy's (action_space.sample())
            # ValueError as for every refused step: one type for the caller to catch
            raise ValueError(f"{agent} must act with an action id, not {action!r}")  # noqa: TRY004
        a = int(action)
        if not 0 <= a < rules.num_actions:
            raise ValueError(f"action {a} is not an action id of {rules.id} (0 to {rules.num_actions - 1})")
        reason = rules.why_illegal_id(state, a)
        if reason is not None:
            raise ValueError(f"action {a} ({rules.action_str(state, a)}) is illegal for {agent}: {reason}")
        self._cumulative_rewards[agent] = 0.0
        m.apply(rules.action_str(state, a))
        self._clear_rewards()
        for result in m.results[self._paid:]:
            for s, points in enumerate(result.points):
                self.rewards[self.possible_agents[s]] += float(points)
        self._paid = len(m.results)
        if m.finished:
            self.terminations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- text
    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use \"ansi\" or \"human\").")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        m = self.match
        if m is None:
            return "(reset() first)"
        if m.finished:
            names = [f"seat {s}" for s in range(self.rules.seats)]
            return "The match is over.\n" + text_of(self.rules).score_sheet(m.results, names)
        seat = m.to_act()
        assert seat is not None  # the match is not finished
        return encoding.render(self.rules, m.view(seat))

    def close(self) -> None:
        pass
