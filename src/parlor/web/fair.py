"""Fair deals at the browser table (core/fair.py, docs/records.md "Fair deals").

The match's first deal is dealt when the table is made, so the commitment comes first: the lobby
asks for one (`Commitments.offer`), picks its own seed, and makes the table with both; the server
seed behind that commitment was fixed before the browser's seed was known. Each person who sits
down later sends a seed in hello, and it seeds every deal from the next one on. The table keeps
its seeds in its settings (the database only; never sent), and the finished record reveals them.
"""

import secrets
from collections import OrderedDict

from parlor.core.fair import Fair, client_seed_problem, commitment_of
from parlor.core.words import say

PENDING_LIMIT = 1000  # commitments offered and not yet used; the oldest are forgotten first


class Commitments:
    """Server seeds committed to and not yet used by a table: commitment -> server seed."""

    def __init__(self) -> None:
        self._pending: OrderedDict[str, str] = OrderedDict()

    def offer(self) -> str:
        seed = secrets.token_hex(32)
        commitment = commitment_of(seed)
        self._pending[commitment] = seed
        while len(self._pending) > PENDING_LIMIT:
            self._pending.popitem(last=False)
        return commitment

    def take(self, asked: object) -> Fair | str:
        """The fair seeds a create request's `fair` field asks for ({"commitment": C,
        "seed": S}), each commitment used once; or why not."""
        if not isinstance(asked, dict) or set(asked) != {"commitment", "seed"}:
            return say('fair must be an object with a "commitment" from /api/fair and a "seed"')
        problem = client_seed_problem(asked["seed"])
        if problem is not None:
            return say("fair.seed: {problem}", problem=problem)
        server_seed = self._pending.pop(asked["commitment"], None) if isinstance(asked["commitment"], str) else None
        if server_seed is None:
            return say("fair.commitment is not one this server offered, or it was used already: "
                             "ask /api/fair for a fresh one")
        return Fair(asked["commitment"], ((1, asked["seed"]),), server_seed)


def stored(fair: Fair, seats: list[int]) -> dict:
    """The settings entry of a fair table: its seeds and the seats whose person added one."""
    return {**fair.to_json(reveal=True), "seats": seats}


def loaded(settings: dict) -> Fair | None:
    entry = settings.get("fair")
    if entry is None:
        return None
    return Fair.parse({k: v for k, v in entry.items() if k != "seats"})


def public(fair: Fair | None) -> dict | None:
    """What every seat and spectator is told: the commitment and the players' seeds so far."""
    return None if fair is None else fair.to_json(reveal=False)
