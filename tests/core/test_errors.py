"""Each user error has its own type, raised where its cause is: text that names no action (and,
within it, text in no form of the game's actions), a real action not legal here, a malformed
record, a table that cannot be set up, a bad command-line value."""

import pytest

from parlor import records
from parlor.cli.common import parse_options
from parlor.cli.main import build_parser
from parlor.core.errors import (
    BadRecord,
    BadTable,
    IllegalAction,
    InvalidAction,
    UnknownAction,
    UsageError,
)
from parlor.core.match import Match
from parlor.core.registry import games, make_rules
from parlor.core.rng import Rng

# A card code no deck of the game has, written the way the game writes a move of one card.
NO_SUCH_CARD = {"joker": "play th", "meri": "play P10", "tor": "discard 10C", "yokir": "play 7A"}


def _at_a_one_card_move(game_id: str) -> tuple[Match, str]:
    """A match where the seat to act may make a one-card move (play C, discard C), and its verb."""
    match, rng = Match(make_rules(game_id), 3), Rng(3)
    while True:
        verbs = {a.split(" ")[0] for a in match.legal() if a.count(" ") == 1
                 and match.rules.deck.card(a.split(" ")[1]) is not None}
        if verbs & {"play", "discard"}:
            return match, min(verbs & {"play", "discard"})
        match.apply(rng.choice(match.legal()))


@pytest.mark.parametrize("game_id", sorted(games()))
def test_an_unknown_verb_a_card_that_does_not_exist_and_a_card_not_held(game_id):
    match, verb = _at_a_one_card_move(game_id)
    seat = match.to_act()
    with pytest.raises(UnknownAction) as unknown:
        match.apply("shuffle the deck")
    with pytest.raises(InvalidAction) as no_card:
        match.apply(NO_SUCH_CARD[game_id])
    assert not isinstance(no_card.value, UnknownAction)
    other = next(code for s in range(match.rules.seats) if s != seat
                 for code in match.view(s)["hand"] if code not in match.view(seat)["hand"])
    with pytest.raises(IllegalAction) as not_held:
        match.apply(f"{verb} {other}")
    assert "does not hold" in not_held.value.reason
    # each names where it happened, in the same words
    for e, text in ((unknown, "shuffle the deck"), (no_card, NO_SUCH_CARD[game_id]),
                    (not_held, f"{verb} {other}")):
        assert str(e.value).startswith(f'action {len(match.actions)} "{text}" by seat {seat} is illegal: ')


def test_an_action_after_the_end_is_illegal_not_invalid():
    match = Match(make_rules("yokir"), 1)
    while not match.finished:
        match.apply(match.legal()[0])
    with pytest.raises(IllegalAction, match="the match is over"):
        match.apply("pass")
    with pytest.raises(InvalidAction, match="is not an action string"):
        match.rules.check_action(Match(make_rules("yokir"), 1).state, None)


@pytest.mark.parametrize("make, reason", [
    (lambda: make_rules("chess"), 'unknown game "chess" (games: '),
    (lambda: make_rules("yokir", {"colour": "red"}), 'unknown option "colour" for yokir (options: '),
    (lambda: make_rules("yokir", {"target": 0}), 'option "target" must be an integer from 1 to 100, not 0'),
    (lambda: make_rules("yokir", {"target": {7}}), 'option "target" must be an integer from 1 to 100, not {7}'),
    (lambda: make_rules("tor", seats=9), "tor is played by 2 to 8 seats, not 9"),
    (lambda: Match(make_rules("tor", {"deals": 1}), 0, [Match(make_rules("tor"), 0).deals[0]] * 2),
     "deals has 2 entries but the match has only 1 deals"),
])
def test_a_table_that_cannot_be_set_up_is_bad_table(make, reason):
    with pytest.raises(BadTable) as e:
        make()
    assert e.value.reason.startswith(reason) and not isinstance(e.value, BadRecord)


def test_a_record_with_a_bad_field_or_a_bad_table_is_bad_record_in_the_same_words():
    with pytest.raises(BadRecord, match='^unknown field "deal" '):
        records.replay({"game": "yokir", "deal": [], "actions": []})
    with pytest.raises(BadRecord, match='^option "target" must be an integer from 1 to 100, not 0$'):
        records.replay({"game": "yokir", "options": {"target": 0}, "actions": []})
    with pytest.raises(BadRecord, match='^unknown game "chess"'):
        records.replay({"game": "chess", "actions": []})


def test_bad_command_line_values_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="--option takes NAME=VALUE, not \"target\""):
        parse_options(["target"])
    args = build_parser().parse_args(["play", "yokir", "--plain", "--seat", "7"])
    with pytest.raises(UsageError, match="--seat must be from 0 to 2"):
        args.run(args)
    args = build_parser().parse_args(["replay", str(tmp_path / "missing.json")])
    with pytest.raises(UsageError, match="^cannot read .*missing.json: No such file or directory$"):
        args.run(args)
