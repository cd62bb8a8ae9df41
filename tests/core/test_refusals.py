"""Refusals: the engine's English for records and logs, the person's language with cards in words."""

import pickle

import pytest

from parlor.core.errors import ActionError
from parlor.core.language import using
from parlor.core.match import Match
from parlor.core.registry import faces_of, games, make_rules, text_of
from parlor.core.rng import Rng
from parlor.core.words import YOU, Reason, not_held
from parlor.locale.catalogs import HERE


def _pot_ids() -> set[str]:
    from babel.messages.pofile import read_po
    with (HERE / "parlor.pot").open("rb") as f:
        return {m.id for m in read_po(f) if isinstance(m.id, str)}


def test_a_refusal_is_the_engines_english_and_its_template():
    r = make_rules("yokir")
    reason = not_held(0, ["6L"])
    assert reason == "seat 0 does not hold 6L" and isinstance(reason, str)
    assert pickle.loads(pickle.dumps(reason)) == reason
    assert text_of(r).refusal_words(reason, [YOU, "Ben", "Cai"], 0) == "you do not hold the Master of Leadership"
    assert text_of(r).refusal_words(reason, ["Ann", "Ben", "Cai"], 1) == "Ann does not hold the Master of Leadership"


def test_a_refusal_is_said_in_hungarian_and_georgian_with_the_cards_name():
    words = text_of(make_rules("tor", seats=2))
    with using("hu"):
        assert words.refusal_words(not_held(0, ["9H"]), [YOU, "Ben"], 0) == "nincs nálad kőr 9"
    with using("ka"):
        assert words.refusal_words(not_held(0, ["9H"]), [YOU, "Ben"], 0) == "შენ არ გაქვს გულის 9"


@pytest.mark.parametrize("game", sorted(games()))
def test_every_reason_the_rules_give_carries_a_template_of_the_catalog(game):
    """Random playouts try every action id at each step: each reason is a Reason whose
    templates (and those of the refusals inside it) are in parlor.pot."""
    pot, rng, seen = _pot_ids(), Rng(7), set()

    def check(reason):
        assert isinstance(reason, Reason), f"{game}: {reason!r} is no Reason"
        for t in (reason.template, reason.you):
            assert t is None or t in pot, f"{game}: {t!r} is not in parlor.pot"
        seen.add(reason.template)
        for v in reason.params.values():
            if isinstance(v, Reason):
                check(v)

    for seed in range(3):
        match = Match(make_rules(game), seed=seed)
        rules = match.rules
        for _ in range(150):
            if match.finished:
                break
            state = match.state
            ids = range(rules.num_actions)
            for a in ids if len(ids) <= 300 else rng.shuffled(ids)[:300]:
                reason = rules.why_illegal_id(state, a)
                if reason is not None:
                    check(reason)
            for text in ("play ZZ", "jump", "bid 99", "discard", "play"):
                try:
                    rules.check_action(state, text)
                except ActionError as e:
                    check(e.reason)
            match.apply(rng.choice(match.legal()))
    assert len(seen) >= 5


def test_the_card_faces_are_titled_in_each_language_in_one_process():
    english = faces_of("tor")["9H"].title
    with using("hu"):
        hungarian = faces_of("tor")["9H"].title
    assert english == "9H: 9 of hearts" and hungarian == "9H: kőr 9"
    assert faces_of("tor")["9H"].title == english


def test_a_hint_reason_is_said_in_finnish():
    from parlor.bots.hints import reason
    from parlor.bots.search import ActionStats
    st = ActionStats("play 9H")
    st.visits, st.trick_n, st.trick_won = 10, 10, 5
    with using("fi"):
        said = reason(st, 1.5)
    # Finnish writes its decimals and percentages as Finnish does (words.number, words.percent)
    assert said == "voittaa tikin 50\xa0% kokeilluista jaoista; odotusarvo +1,50 pistettä; kokeiltu 10 jaossa"
    assert reason(st, 1.5) == "wins the trick in 50% of sampled deals; expected +1.50 points; tried in 10 sampled deals"


def test_a_computers_problem_is_said_whole_in_the_language_in_use():
    from parlor.bots.base import BotProblem
    from parlor.session.seats import Player
    from parlor.session.table import TableSession
    players = [Player("person", "casual"), Player("computer", "casual"), Player("computer", "strong")]
    session = TableSession(Match(make_rules("yokir"), seed=1), players, [YOU, "Ana", "Ben"])
    problem = BotProblem(chose="jump")
    assert str(problem) == "chose 'jump', not a legal move"  # the log's English
    assert session.problem_words(1, problem) == ("Ana's computer player (Casual) chose \"jump\", which is not a "
                                                 "legal move; it played a random legal move instead.")
    with using("hu"):
        assert session.problem_words(2, BotProblem(error="ZeroDivisionError: division by zero")) == (
            "Ben gépi játékosa (Erős) hibázott (ZeroDivisionError: division by zero); helyette egy véletlen "
            "szabályos lépést tett.")
