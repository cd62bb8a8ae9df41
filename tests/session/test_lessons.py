"""The interactive lessons (session/lessons.py): every lesson of every game played through, its
scripted moves legal and its stated facts true; any other legal move refused with the lesson's
reason and an illegal one with the rules', changing nothing; a bad lesson file refused in one
line; the learner shown only their own seat's view."""

import json
from pathlib import Path

import pytest

import parlor
from parlor.core.errors import BadLesson
from parlor.core.registry import games
from parlor.session.lessons import LessonRun, lesson, lesson_files, lessons, load_lesson

LESSONS = [(g, n) for g in sorted(games()) for n, _ in lesson_files(g)]
YOKIR_2 = (Path(parlor.__file__).parent / "games/yokir/lessons/02-a-trick.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(games()))
def test_every_game_has_at_least_three_lessons_numbered_from_one(game):
    numbers = [one.number for one in lessons(game)]
    assert len(numbers) >= 3 and numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize(("game", "number"), LESSONS)
def test_a_lesson_plays_through_and_every_other_legal_move_is_refused_changing_nothing(game, number):
    one = lesson(game, number)
    run = LessonRun(one)
    while not run.done:
        step = run.step
        assert step is not None
        run.check_facts()  # every stated fact true (BadLesson-like failure otherwise)
        if not step.moves:
            assert not run.move("pass").taken  # a step to read takes no move
            assert run.next().taken
            continue
        before = (list(run.match.actions), run.view(), run.index)
        for other in run.match.legal():
            if other in step.moves:
                continue
            reply = run.move(other)
            assert not reply.taken and reply.text.startswith("Not the move here: ")
            assert step.why in reply.text
            assert (list(run.match.actions), run.view(), run.index) == before
        assert run.move(step.moves[-1]).taken  # any accepted move will do
        for action in step.then:
            assert action in run.match.actions[len(before[0]):]
    assert run.index == len(one.steps)
    for q in one.questions:
        assert 0 <= q.answer < len(q.choices) and q.explain


def test_an_illegal_move_gets_the_rules_reason_and_changes_nothing():
    run = LessonRun(lesson("yokir", 2))
    run.next()
    actions = list(run.match.actions)
    reply = run.move("play 3T")  # Architecture was led and the learner holds two
    assert not reply.taken
    assert reply.text == ("That is not allowed: Architecture was led and you must follow: you hold the Student of "
                          "Architecture, the Scribe of Architecture.")
    assert not run.move("6T").taken  # a card alone is read as its move, and refused the same way
    assert "is not a Yokir action" in run.move("fold").text
    assert run.match.actions == actions and run.index == 1
    assert run.move("2a").taken  # a short form in any case, as at the table


def test_a_card_when_the_step_asks_a_bid_gets_the_lessons_reason_not_the_move_grammar():
    run = LessonRun(lesson("meri", 1))
    run.next()  # step 2 asks to declare: no move names a card
    actions, why = list(run.match.actions), run.step.why
    for card in run.view()["hand"]:
        reply = run.move(card)
        assert not reply.taken and reply.text == f"Not the move here: {why}"
    assert run.match.actions == actions and run.index == 1
    assert "is not a Meri action" in run.move("fold").text  # no card: the rules' words still


def test_the_learner_sees_only_their_seat_and_the_facts_are_from_that_view():
    run = LessonRun(lesson("yokir", 2))
    view = json.dumps(run.view())
    others = run.match.deals[0].hands[1] + run.match.deals[0].hands[2]
    seen = {c for s, c in run.view()["trick"]}
    for code in run.match.rules.deck.names(others):
        assert code in seen or f'"{code}"' not in view
    assert run.view()["seat"] == 0 and run.names[0] == "You"


def test_a_run_is_rebuilt_from_what_the_learner_did():
    one = lesson("yokir", 2)
    run = LessonRun(one)
    run.next()
    run.move("play 2A")
    again = LessonRun.replay(one, run.taken)
    assert again.index == 2 and again.match.actions == run.match.actions
    with pytest.raises(BadLesson, match="move 2 of the lesson is not one it accepts"):
        LessonRun.replay(one, ["", "play 5A"])


@pytest.mark.parametrize(("change", "said"), [
    (("title = ", "titel = "), "02.toml: the lesson: unknown field 'titel'"),
    (("[deal]", "[deal"), "02.toml: not TOML: "),
    (('facts = { trump = "M", caller = 1, to_act = 0 }', 'facts = { trump = "L" }'),
     "02.toml: step 1: the fact trump is 'M', not 'L' as the lesson says"),
    (('before = ["pick", "discard 4T", "play 6A", "play 3A"]', 'before = ["pick", "discard 4T", "play 5A"]'),
     "02.toml: before move 3 (play 5A) is illegal: "),
    (('moves = ["play 2A"]', 'moves = ["play 6T"]'), "02.toml: step 2: the accepted move 'play 6T' is not legal here"),
    (('then = ["play 1M", "play 2M"]', 'then = ["play 1M", "play 2M", "play 5A"]'),
     "02.toml: step 2.then move 3 (play 5A) is the learner's to make"),
    (("answer = 2", "answer = 4"), "02.toml: question 2.answer must be the number of a choice, 1 to 3"),
    (("[[4L]] or [[3T]]", "[[4X]]"), "02.toml: [[4X]] is no card of yokir"),
    (('"5M", "1A"', '"5M", "5M"'), "02.toml: "),
    (('facts = { trick_winner = 1 }', 'facts = { secret = 1 }'), "02.toml: step 4: 'secret' is no fact of a position"),
    (('why = """Ben', 'whyy = """Ben'), "02.toml: step 2: unknown field 'whyy'"),
])
def test_a_bad_lesson_file_is_refused_in_one_line_naming_the_file_and_place(change, said):
    old, new = change
    assert old in YOKIR_2
    with pytest.raises(BadLesson) as e:
        load_lesson("yokir", 2, YOKIR_2.replace(old, new, 1), "02.toml")
    assert str(e.value).startswith(said) and "\n" not in str(e.value)


def test_a_lesson_whose_deal_ends_and_another_begins_is_refused():
    text = (Path(parlor.__file__).parent / "games/tor/lessons/03-drop-and-burn.toml").read_text(encoding="utf-8")
    with pytest.raises(BadLesson, match="03.toml: step 3: the deal ended and another began"):
        load_lesson("tor", 3, text.replace("options = { deals = 1 }\n", ""), "03.toml")


def test_an_unknown_lesson_says_which_there_are():
    with pytest.raises(BadLesson, match=r"yokir has no lesson 99 \(its lessons: 1, 2, 3"):
        lesson("yokir", 99)
