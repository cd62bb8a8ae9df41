"""The seat rows of the terminal table (issue 32): over whole random matches of every game, each
row fits the 32 columns of the seats' box at 80 columns uncut, and its facts are said in the
game's words: never a fact's raw code ("pass", "call T") nor a bare suit letter."""

import random
import re

import pytest

from parlor.core.match import Match
from parlor.core.registry import games, make_rules, text_of
from parlor.tui.widgets import seat_rows

SHORT = {"yokir": {"target": 3}, "tor": {"deals": 2}, "joker": {"schedule": [["1", "2", "9"]]},
         "meri": {"num_deals": 1}}
NAMES = ["You", "Ben", "Cai", "Dan", "Eva", "Fil", "Gus", "Hal"]


def fact_text(row) -> str:
    """The row's facts: its italic part."""
    return " ".join(row.plain[span.start:span.end] for span in row.spans if "italic" in str(span.style))


@pytest.mark.parametrize("game", sorted(games()))
@pytest.mark.parametrize("seed", [1, 2])
def test_seat_rows_fit_and_say_every_fact_in_words(game, seed):
    rules = make_rules(game, SHORT[game])
    words, rng = text_of(rules), random.Random(seed)
    match = Match(rules, seed)
    letters = set(words.suits) | {"S", "H", "D", "C"}
    shown = set()
    while not match.finished:
        view = dict(match.view(0), names=NAMES[:rules.seats])
        scores = [sum(r.points[s] for r in match.results) for s in range(rules.seats)]
        codes = {v for facts in view.get("seat_facts") or () for v in facts.values() if isinstance(v, str)}
        for row in seat_rows(words, view, scores, 0, 32):
            assert row.cell_len <= 32 and "…" not in row.plain, row.plain
            facts = fact_text(row)
            shown.add(facts)
            for code in codes:
                assert not re.search(rf"\b{re.escape(code.split()[0])}\b", facts), (code, row.plain)
            assert not set(re.findall(r"\b[A-Z]\b", facts)) & letters, row.plain
        match.apply(rng.choice(match.legal()))
    if game != "tor":  # Tőr's seats have no facts
        assert shown - {""}, "no seat fact was ever shown"
