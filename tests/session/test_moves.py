"""Why a person's typing names no legal move: read by the type of the rules' refusal, never by
its words."""

import pytest

from parlor.core.errors import UnknownAction
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.session import why_not


def _yokir_at_a_play() -> tuple[Match, str]:
    """Yokir with seat 0 to play a card, and a card seat 0 does not hold."""
    match = Match(make_rules("yokir"), seed=11)
    while match.to_act() != 0 or not match.legal()[0].startswith("play"):
        match.apply(match.legal()[0])
    hand = set(match.view(0)["hand"])
    return match, next(c for c in ("1A", "2A", "3A", "4A", "5A", "6A", "1T", "2T") if c not in hand)


def test_a_bare_card_is_refused_in_the_words_of_its_move_whatever_words_the_parser_uses(monkeypatch):
    match, missing = _yokir_at_a_play()
    rules = match.rules
    assert why_not(rules, match.state, match.legal(), missing.lower()) == f"seat 0 does not hold {missing}"
    parse = rules.parse_action

    def reworded(state, text):  # the same refusals, told in other first words
        try:
            return parse(state, text)
        except UnknownAction:
            raise UnknownAction(f"no move of Yokir reads {text!r}") from None
    monkeypatch.setattr(rules, "parse_action", reworded)
    assert why_not(rules, match.state, match.legal(), missing.lower()) == f"seat 0 does not hold {missing}"
    assert why_not(rules, match.state, match.legal(), "shuffle") is None


@pytest.mark.parametrize("typed, reason", [
    ("play zz", '"zz" is not a Yokir card (ranks 1-6, suits A L M T, e.g. 6L)'),  # a move with no such card
    ("call X", '"X" is not a suit (A, L, M or T)'),
    ("shuffle", None),  # no form of a move at all
])
def test_a_move_with_a_card_that_does_not_exist_is_told_why(typed, reason):
    match, _ = _yokir_at_a_play()
    assert why_not(match.rules, match.state, match.legal(), typed) == reason
