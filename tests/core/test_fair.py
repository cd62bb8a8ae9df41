"""Deals anyone can verify (core/fair.py, parlor verify): a fair match's deals come from the
committed server seed and the players' seeds, the record reveals the server seed only once the
match is over, and any change to a deal or a seed is found and named."""

import json

import pytest

from parlor.cli.main import main
from parlor.records import fair_problems as problems
from parlor.core.errors import BadRecord
from parlor.core.fair import Fair, commitment_of
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng


def played(game: str, fair: Fair, until_deal: int | None = None) -> Match:
    match, rng = Match(make_rules(game), 0, fair=fair), Rng(3)
    while not match.finished and (until_deal is None or match.deal_number < until_deal):
        legal = match.legal()
        match.apply(legal[rng.below(len(legal))])
    return match


def roundtrip(record: dict) -> dict:
    return json.loads(json.dumps(record))


@pytest.mark.parametrize("game", sorted(games()))
def test_a_finished_fair_match_reveals_its_seed_and_every_deal_verifies(game):
    fair = Fair.new("0f1e2d3c", "browser-two")
    record = roundtrip(played(game, fair).record())
    assert record["fair"]["server_seed"] == fair.server_seed
    assert record["fair"]["commitment"] == commitment_of(fair.server_seed)
    count, found = problems(record)
    assert found == [] and count == len(record["deals"]) > 1


def test_the_seed_stays_secret_while_the_match_is_played():
    fair = Fair.new("abc")
    match = played("yokir", fair, until_deal=2)
    assert not match.finished
    record = roundtrip(match.record())
    assert "server_seed" not in record["fair"] and fair.server_seed not in json.dumps(record)
    with pytest.raises(BadRecord, match="not revealed"):
        problems(record)
    # the server keeps the seed for itself (to go on dealing after a restart)
    assert match.record(reveal=True)["fair"]["server_seed"] == fair.server_seed


def test_every_players_seed_changes_the_cards():
    server = Fair.new("one")
    other = Fair(server.commitment, ((1, "two"),), server.server_seed)
    rules = make_rules("tor")
    first = [Match(rules, 0, fair=f).deals[0].hands for f in (server, other)]
    assert first[0] != first[1]
    assert Match(rules, 0, fair=server).deals[0].hands == first[0]  # and the same seeds deal the same


def test_a_seed_added_later_seeds_the_deals_from_then_on_and_verifies():
    fair = Fair.new("creator")
    later = fair.adding("joiner", 3)
    assert [later.seed_for(f"deal {n}", n) == fair.seed_for(f"deal {n}", n) for n in (1, 2, 3, 4)] == [
        True, True, False, False]
    match, rng = Match(make_rules("yokir"), 0, fair=fair), Rng(5)
    while not match.finished:
        if match.deal_number == 2 and match.fair is fair:
            match.fair = later  # the joiner sat down during deal 2
        legal = match.legal()
        match.apply(legal[rng.below(len(legal))])
    record = roundtrip(match.record())
    assert record["fair"]["client_seeds"] == [[1, "creator"], [3, "joiner"]]
    assert problems(record)[1] == []


def test_a_changed_hand_is_found_and_named():
    record = roundtrip(played("joker", Fair.new("abc")).record())
    hands = record["deals"][2]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # two cards swapped between seats 0 and 1
    record["actions"] = []  # the moves of a doctored deal need not be legal: check the deals alone
    _, found = problems(record)
    assert len(found) == 2 and found[0].startswith("deal 3: seat 0's hand differs")
    assert found[1].startswith("deal 3: seat 1's hand differs")


def test_a_server_seed_that_is_not_the_committed_one_is_found():
    record = roundtrip(played("yokir", Fair.new()).record())
    record["fair"]["server_seed"] = "0" * 64
    assert problems(record) == (0, ["the server seed does not match the commitment published before the first deal"])


@pytest.mark.parametrize("fair,reason", [
    ([], "fair must be an object"),
    ({"version": 2, "commitment": "0" * 64}, "fair.version must be 1"),
    ({"version": 1, "commitment": "xyz"}, "fair.commitment must be 64 lower-case hexadecimal digits"),
    ({"version": 1, "commitment": "0" * 64, "client_seeds": [[1, "a\nb"]]}, "fair.client_seeds must be a list"),
    ({"version": 1, "commitment": "0" * 64, "client_seeds": ["ab"]}, "fair.client_seeds must be a list"),
    ({"version": 1, "commitment": "0" * 64, "client_seeds": [[0, "ab"]]}, "fair.client_seeds must be a list"),
    ({"version": 1, "commitment": "0" * 64, "server_seed": "0" * 63}, "fair.server_seed must be 64"),
    ({"version": 1, "commitment": "0" * 64, "salt": 1}, "unknown field fair.salt"),
])
def test_a_malformed_fair_field_is_one_clear_line(fair, reason, tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "yokir", "fair": fair, "actions": []}))
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert reason in err and len(err.strip().splitlines()) == 1


def test_parlor_verify_says_verified_or_what_differs(tmp_path, capsys):
    record = roundtrip(played("meri", Fair.new("abc")).record())
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.startswith("verified: the server seed matches its commitment and all 8 deals")
    record["deals"][0]["pile"] = record["deals"][0]["pile"][::-1]
    record["actions"] = []
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["verify", str(bad), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["verified"] is False and out["differences"][0].startswith("deal 1: the undealt cards differ")


def test_a_record_without_fair_seeds_is_not_called_verified(tmp_path, capsys):
    path = tmp_path / "plain.json"
    path.write_text(json.dumps({"game": "yokir", "seed": 4, "actions": []}))
    assert main(["verify", str(path)]) == 2
    assert "no fair-deal seeds" in capsys.readouterr().err
