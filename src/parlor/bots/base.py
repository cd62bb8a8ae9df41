"""The bot contract and the table of bots by name."""

from parlor.core.errors import BadRecord
from parlor.core.rng import Rng
from parlor.core.rules import Rules


class Bot:
    """Chooses an action string for the seat whose view it is given, from view["legal"]."""

    name = "bot"

    def __init__(self, rules: Rules):
        self.rules = rules

    def choose(self, view: dict, rng: Rng) -> str:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random among the legal actions: for tests, benchmarks and a baseline."""

    name = "random"

    def choose(self, view: dict, rng: Rng) -> str:
        return rng.choice(view["legal"])


_BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def bot_names() -> list[str]:
    return list(_BOTS)


def make_bot(name: str, rules: Rules) -> Bot:
    cls = _BOTS.get(name)
    if cls is None:
        raise BadRecord(f"unknown bot {name!r} (bots: {', '.join(_BOTS)})")
    return cls(rules)
