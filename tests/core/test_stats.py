"""A player's statistics (core/stats.py, games/<id>/stats.py, parlor stats): each game's facts
counted from its deals' results, and the sums over a player's records."""

import json

import pytest

from parlor.cli.main import main
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng
from parlor.core.rules import DealResult
from parlor.core.stats import facts_of, match_entry, summary


def counts(game: str, result: DealResult, seat: int) -> dict:
    rules = make_rules(game)
    return {f.key: int(f.count(rules, result, seat)) for f in facts_of(game)}


def test_yokir_counts_calls_marches_and_stopped_callers():
    march = DealResult(0, [0, 2, 0], "", {"caller": 1, "trump": "A", "tricks": [0, 5, 0]})
    euchred = DealResult(1, [1, 0, 1], "", {"caller": 1, "trump": "L", "tricks": [2, 2, 1]})
    assert counts("yokir", march, 1) == {"calls": 1, "calls_made": 1, "marches": 1, "defences": 0}
    assert counts("yokir", euchred, 1) == {"calls": 1, "calls_made": 0, "marches": 0, "defences": 0}
    assert counts("yokir", euchred, 0)["defences"] == 1 and counts("yokir", march, 0)["defences"] == 0
    dead = DealResult(2, [0, 0, 0], "", {"caller": None})
    assert set(counts("yokir", dead, 0).values()) == {0}


def test_joker_counts_bids_made_shtangas_and_premiums():
    deal = DealResult(0, [150, -200, 10, 300], "", {"bids": [1, 2, 0, 3], "tricks": [1, 0, 1, 3],
                                                   "premium": [0, 0, 0, 300]})
    assert counts("joker", deal, 0) == {"bids": 1, "bids_made": 1, "shtangas": 0, "premiums": 0}
    assert counts("joker", deal, 1) == {"bids": 1, "bids_made": 0, "shtangas": 1, "premiums": 0}
    assert counts("joker", deal, 2)["shtangas"] == 0  # a bid of 0 is no shtanga (§9)
    assert counts("joker", deal, 3) == {"bids": 1, "bids_made": 1, "shtangas": 0, "premiums": 1}
    gold = DealResult(0, [100, 0, 0, 800], "", {"bids": None, "tricks": [1, 0, 0, 8], "premium": [0] * 4})
    assert counts("joker", gold, 3)["bids"] == 0  # a deal without bidding asks for no bid


def test_tor_counts_drops_that_held_and_drops_burned():
    burned = DealResult(0, [-2, 1, 1, 0], "", {"end": "drop", "seats": [0], "totals": [9, 7, 12, 30],
                                                "hands": []})
    assert counts("tor", burned, 0)["drops"] == 1 and counts("tor", burned, 0)["drops_won"] == 0
    assert counts("tor", burned, 1)["burns"] == 1 and counts("tor", burned, 2)["burns"] == 0
    assert counts("tor", burned, 1)["stakes_won"] == 1
    tor = DealResult(0, [-2, 6, -2, -2], "", {"end": "tor", "seats": [1], "totals": [20, 50, 20, 20], "hands": []})
    assert counts("tor", tor, 1)["tors"] == 1 and counts("tor", tor, 1)["stakes_won"] == 6
    assert counts("tor", tor, 0)["tors"] == 0 and counts("tor", tor, 0)["stakes_won"] == 0


def test_meri_counts_its_teams_deals_and_combos():
    deal = DealResult(0, [3, -3] * 4, "", {"trump": "P", "taker": 2, "declared": True, "hidden_robai": False,
                                           "tricks": [5, 4], "team_points": [3, -3],
                                           "combos": [{"team": "A"}, {"team": "A"}, {"team": "B"}]})
    assert counts("meri", deal, 2) == {"team_deals_won": 1, "declared": 1, "combos": 2}
    assert counts("meri", deal, 0) == {"team_deals_won": 1, "declared": 0, "combos": 2}
    assert counts("meri", deal, 5) == {"team_deals_won": 0, "declared": 0, "combos": 1}


@pytest.mark.parametrize("game", sorted(games()))
def test_every_game_counts_its_facts_over_a_played_match(game):
    match, rng = Match(make_rules(game), 2), Rng(2)
    while not match.finished:
        legal = match.legal()
        match.apply(legal[rng.below(len(legal))])
    entries = [match_entry(match, s) for s in range(match.rules.seats)]
    assert sum(e["won"] for e in entries) == len(match.winners()) >= 1
    for e in entries:
        assert all(isinstance(n, int) and 0 <= n for n in e["facts"].values())
        assert all(f.label() for f in facts_of(game))
    row = summary(entries)[game]
    assert row["matches"] == match.rules.seats and row["average_score"] == sum(match.scores) / match.rules.seats


def test_an_unfinished_match_counts_in_no_figure():
    match = Match(make_rules("yokir"), 1)
    assert summary([match_entry(match, 0)]) == {}


def test_parlor_stats_finds_the_player_by_name_in_every_record(tmp_path, capsys):
    for seed, names in ((1, ["Ana", "Ben", "Cai"]), (2, ["Cai", "Ben", "Ana"])):
        match, rng = Match(make_rules("yokir", {"target": 2}), seed, names=names), Rng(seed)
        while not match.finished:
            legal = match.legal()
            match.apply(legal[rng.below(len(legal))])
        (tmp_path / f"m{seed}.json").write_text(json.dumps(match.record()))
    assert main(["stats", str(tmp_path), "--name", "Ana", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["yokir"]
    assert row["matches"] == 2  # Ana was seat 0 in one match and seat 2 in the other
    assert main(["stats", str(tmp_path), "--name", "Ana"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Yokir: 2 finished, ") and "  Marches (all 5 tricks): " in out
    assert main(["stats", str(tmp_path / "nothing.json"), "--seat", "0"]) == 2
    assert "no such file or folder" in capsys.readouterr().err
