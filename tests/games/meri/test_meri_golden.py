"""Golden records: each replays to the report worked out by hand from shared/rules/meri.md.
They are written by golden_builder.py, whose comments give the hand computation of each; the
builder writes the expected reports from those hand figures, not from the engine.

- worked_example.json: section 16 (tricks 1-3 and its trick-9 example) completed into a whole
  deal: Sun-Un in trick 1, Meri tricks with no combo, Tenka face down under Monchi, trick 9 led by
  the dealer's card. A 9, B 0.
- worked_example_three_tricks.json: the same record stopped after trick 3 (mid-deal report).
- combo_un_sota, combo_sota_robai_declared (2), combo_sota_robai_hidden (5),
  combo_robai_rei_hidden (5), combo_robai_rei_declared (2), combo_low_pair_round (G8 over G9),
  combo_low_pair_long (Isu trump, I2 over I1), combo_ninth_trick (5),
  combo_ninth_hidden_no_stacking (5, not 10), combo_pao_trump_tenka_robai (Tenka is the trump
  Robai when Pao is trump): one combo each (10.2, 10.3).
- no_combo_partner_pair: the winner's partner's pair card does not count.
- no_combo_tenka: Tenka never stands in for the trump Robai (two deals).
- indicator_robai_not_hidden: the indicator is the trump Robai: eight forced passes, the dealer
  takes it, and its Robai-Rei is worth 2.
- several_combos: two combos in one deal add up.
- draw.json: equal team totals: winners [].
"""

import json
from pathlib import Path

import pytest

from parlor import records
from parlor.testing import check_golden

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
NAMES = {"worked_example", "worked_example_three_tricks", "combo_un_sota",
         "combo_sota_robai_declared", "combo_sota_robai_hidden", "combo_robai_rei_hidden",
         "combo_robai_rei_declared", "combo_low_pair_round", "combo_low_pair_long",
         "combo_ninth_trick", "combo_ninth_hidden_no_stacking", "combo_pao_trump_tenka_robai",
         "no_combo_partner_pair", "no_combo_tenka", "indicator_robai_not_hidden",
         "several_combos", "draw"}


def test_the_golden_files_are_there():
    assert NAMES <= {p.stem for p in GOLDEN}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden(path):
    check_golden(path)


# The combo each golden deal must show in its detail (the points alone could agree by chance).
COMBOS = {
    "worked_example": ["t1 GSu>GUn +2 A"],
    "combo_un_sota": ["t1 GUn>GSo +2 B"],
    "combo_sota_robai_declared": ["t2 GSo>GRo +2 A"],
    "combo_sota_robai_hidden": ["t1 GSo>GRo +5 A"],
    "combo_robai_rei_hidden": ["t1 GRo>GRe +5 B"],
    "combo_robai_rei_declared": ["t2 GRo>GRe +2 A"],
    "combo_low_pair_round": ["t1 G8>G9 +2 A"],
    "combo_low_pair_long": ["t1 I2>I1 +2 A"],
    "combo_ninth_trick": ["t9 GSu>GUn +5 A"],
    "combo_ninth_hidden_no_stacking": ["t9 GRo>GRe +5 B"],
    "combo_pao_trump_tenka_robai": ["t1 PSo>PRo +5 A"],
    "no_combo_partner_pair": [],
    "no_combo_tenka": [],
    "indicator_robai_not_hidden": ["t2 ORo>ORe +2 A"],
    "several_combos": ["t1 GUn>GSo +2 B", "t9 G8>G9 +5 A"],
    "draw": [],
}


@pytest.mark.parametrize("name", sorted(COMBOS))
def test_golden_combos(name):
    rec = json.loads((Path(__file__).parent / "golden" / f"{name}.json").read_text())["record"]
    match = records.replay(rec)
    found = [c for r in match.results for c in r.data["combos"]]
    shown = [f"t{c['trick']} {c['won']}>{c['beaten']} +{c['value']} {c['team']}" for c in found]
    assert shown == COMBOS[name]
    for r in match.results:
        assert sum(r.data["team_points"]) == 9  # 10.4: the two teams' points add up to 9


def test_the_detail_names_the_taker_as_a_seat_the_front_ends_put_a_name_to():
    from parlor.core.registry import text_of
    rec = json.loads((Path(__file__).parent / "golden" / "worked_example.json").read_text())["record"]
    match = records.replay(rec)
    r = match.results[0]
    assert r.detail.startswith(f"trump G; taker seat {r.data['taker']} (declared); ")
    shown = text_of(match.rules).deal_result(r, [f"P{s}" for s in range(8)])
    assert shown.startswith(f"trump: Guru; taker P{r.data['taker']} (declared); ")
