"""The search player's settings: one frozen record, checked once when it is made, so that a bad
value is refused when the bot is named (one line), never at its first move."""

import math
from dataclasses import dataclass, fields
from typing import Any

from parlor.core.errors import BadSettings

# The settings that name a way of searching: their choices.
CHOICES: dict[str, tuple[str, ...]] = {
    "mode": ("ismcts", "flat"),
    "playout": ("rules", "random"),
    "assume": ("rules", "search"),
    "others": ("tree", "policy"),
}


@dataclass(frozen=True)
class SearchSettings:
    """Every setting of the search (bots/search.py says what each does). The defaults are the
    `search` bot's; the levels (bots/levels.py) replace some."""

    iterations: int = 1000  # the budget, in iterations (split over lanes)
    mode: str = "ismcts"  # ismcts | flat
    playout: str = "rules"  # rules: the game's playout policy | random
    c: float = 0.7  # UCB exploration, times the range of utilities seen
    pool: int = 200  # worlds drawn once per search (at most `iterations`)
    infer: bool = True  # weigh worlds by the game's inference (and refine them)
    steps: int | None = None  # the budget, in simulated actions (None: no limit)
    seconds: float | None = None  # a wall-clock limit, for people (None: none)
    match_aware: bool | None = None  # value the match standing (None: the game's way)
    detail: bool = False  # collect the hint statistics (bots/hints.py)
    epsilon: float = 0.0  # the chance of a random move in a policy playout
    others: str = "policy"  # policy: the other seats play their heuristic | tree: they search
    widen: float = 0.5  # progressive widening below the root (0: none)
    deviation: float = 1.0  # below 1: weigh worlds by how well they explain the others' play
    assume: str = "rules"  # whom the other seats play like: rules | search
    lanes: int = 1  # independent searches whose root statistics are summed
    processes: int = 1  # OS processes the lanes run in (never changes the answer)
    anchor: float = 1.0  # keep the heuristic's move unless beaten by this many standard errors
    per_move: int | None = None  # iterations per legal move, in place of `iterations`

    @classmethod
    def of(cls, **values: Any) -> "SearchSettings":
        """Settings from names and values, refusing a name the search does not have."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise BadSettings(f"unknown setting {unknown[0]!r}")
        return cls(**values)

    def __post_init__(self) -> None:
        for name, (must, ok) in _CHECKS.items():
            value = getattr(self, name)
            if not (ok(value) or value is None and name in _MAY_BE_NONE):
                raise BadSettings(f"{name} must be {must}, not {value!r}")
        for name, choices in CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise BadSettings(f"{name} must be {' or '.join(choices)}, not {value!r}")


def _is_number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _whole(v: object) -> bool:
    return _is_number(v) and isinstance(v, int) and v >= 1


# The numeric and yes/no settings: (what a value must be, the test).
_CHECKS: dict[str, tuple[str, Any]] = {
    "iterations": ("a whole number of at least 1", _whole),
    "pool": ("a whole number of at least 1", _whole),
    "lanes": ("a whole number of at least 1", _whole),
    "processes": ("a whole number of at least 1", _whole),
    "steps": ("a whole number of at least 1", _whole),
    "per_move": ("a whole number of at least 1", _whole),
    "seconds": ("above 0", lambda v: _is_number(v) and v > 0),
    "c": ("at least 0", lambda v: _is_number(v) and v >= 0),
    "widen": ("at least 0", lambda v: _is_number(v) and v >= 0),
    "anchor": ("at least 0", lambda v: _is_number(v) and v >= 0),
    "epsilon": ("from 0 to 1", lambda v: _is_number(v) and 0 <= v <= 1),
    "deviation": ("above 0 and at most 1", lambda v: _is_number(v) and 0 < v <= 1),
    "infer": ("true or false", lambda v: isinstance(v, bool)),
    "detail": ("true or false", lambda v: isinstance(v, bool)),
    "match_aware": ("true or false", lambda v: isinstance(v, bool)),
}
_MAY_BE_NONE = {"steps", "per_move", "seconds", "match_aware"}
