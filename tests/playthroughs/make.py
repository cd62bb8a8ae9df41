"""Playthroughs, in the manner of OpenSpiel's: seeded matches of uniformly random legal moves,
written out one item a line so that any change to what a seat or a spectator sees shows as a
line-by-line diff.

    python tests/playthroughs/make.py   # rewrites every tests/playthroughs/<name>.txt

Rewrite them only for a change to the views, the moves or the results made on purpose, in a
commit of its own that says what changed; test_playthroughs.py regenerates each file in memory
and compares it line by line.

At every step (the position before action number `step`): each seat's view, the spectator's view
(core.spectator.public_view), the legal moves, the move drawn from the match's Rng, and that
move as each seat and the spectator see it made. At the end of each deal: every seat's final
view of it (Match.closed_view) and the match's report; a match cut short ends with its report.
Each item is canonical JSON behind a short label ("step 12 view 3 {...}").
"""

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from parlor.core import spectator
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng

FOLDER = Path(__file__).parent


@dataclass(frozen=True)
class Playthrough:
    name: str  # the file is FOLDER / f"{name}.txt"
    game: str
    options: dict | None = None
    seats: int | None = None
    seed: int = 1
    steps: int | None = None  # stop after this many moves, or play the match out

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"


PLAYTHROUGHS = (
    Playthrough("yokir", "yokir"),
    # Deal kinds that change the view: a turned trump, nine cards, no trump, bids in the dark
    # (a premium chapter), then gold and misère (no premium).
    Playthrough("joker", "joker", {"schedule": [["1", "9", "nt", "dark"], ["gold", "misere"]]}),
    # Random play mostly drops: these seeds also meld (161), lay off (119) and have a deal won
    # by a low hand as it is dealt (both).
    Playthrough("tor_2_seats", "tor", None, 2, seed=161),
    Playthrough("tor_8_seats", "tor", None, 8, seed=119),
    # Seed 2's first deal has the trump Robai declared; seed 1's has it hidden. The first moves
    # of deal 2 show the change of deal.
    Playthrough("meri_declared_robai", "meri", seed=2, steps=80),
    Playthrough("meri_hidden_robai", "meri", seed=1, steps=80),
)


def canonical(item) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def lines(p: Playthrough) -> Iterator[str]:
    """The playthrough's lines, without line ends."""
    rules = make_rules(p.game, p.options, p.seats)
    match = Match(rules, p.seed)
    rng = Rng(p.seed)
    seats = range(rules.seats)
    yield f"game {rules.id}"
    yield f"options {canonical(rules.options)}"
    yield f"seats {rules.seats}"
    yield f"seed {p.seed}"
    ended = 0  # deals whose end is written

    def deal_ends() -> Iterator[str]:
        nonlocal ended
        if len(match.results) > ended:  # one or more deals ended (a deal can end as it is dealt)
            ended = len(match.results)
            for seat in seats:
                yield f"deal {ended} end view {seat} {canonical(match.closed_view(seat))}"
            yield f"deal {ended} end report {canonical(match.report())}"

    yield from deal_ends()
    step = 0
    while True:
        views = [match.view(seat) for seat in seats]
        for seat in seats:
            yield f"step {step} view {seat} {canonical(views[seat])}"
        yield f"step {step} view spectator {canonical(spectator.public_view(rules, views))}"
        legal = match.legal()
        yield f"step {step} legal {canonical(legal)}"
        if match.finished or step == p.steps:
            break
        move = rng.choice(legal)
        yield f"step {step} move {canonical(move)}"
        action = rules.check_action(match.state, move)
        seen = [rules.public_action(match.state, action, seat) for seat in seats]
        for seat in seats:
            yield f"step {step} seen {seat} {canonical(seen[seat])}"
        yield f"step {step} seen spectator {canonical(spectator.public_action(seen))}"
        match.apply(move)
        yield from deal_ends()
        step += 1
    if not match.finished:
        yield f"stopped report {canonical(match.report())}"


def write(p: Playthrough) -> None:
    with p.path.open("w", encoding="utf-8", newline="\n") as out:
        for line in lines(p):
            out.write(line + "\n")


def main() -> None:
    for p in PLAYTHROUGHS:
        write(p)
        print(f"{p.path.name}: {p.path.stat().st_size / 1e6:.2f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
