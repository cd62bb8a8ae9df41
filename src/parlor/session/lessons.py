"""Interactive lessons: a scripted explicit deal in which the learner makes the moves each step
asks for, the computers' moves scripted, every step narrated, then a closing question or two.

A lesson is a data file, `games/<id>/lessons/NN-name.toml`, numbered by its file name:

    title = "A trick"
    seat = 0                    # the learner's seat
    options = {}                # table options (optional), seats = N where the game allows it
    before = ["pass"]           # the computers' moves before the first step (optional)
    [deal]                      # an explicit deal, as records write one (docs/records.md)
    dealer = 2
    hands = [["1L", ...], ...]
    pile = [...]
    [[step]]
    say = "What the learner reads ([[1L]] marks a card, as in the how-to pages)."
    facts = {to_act = 0, trump = "L"}   # true before the learner moves; checked on loading
    moves = ["play 1L"]         # the moves accepted here (none: the step is read and passed)
    why = "Why another legal move is not the move here."
    then = ["play 2L", "play 3L"]       # the computers' replies, played after the learner's move
    [[question]]
    ask = "Which card is the highest trump?"
    choices = ["[[1L]]", "[[6L]]"]
    answer = 1                  # 1-based
    explain = "Why that is the answer."

Facts are read from the learner's own view, or are public: `to_act` (seat), `trick_winner`
(who won the last finished trick), `points` (the last finished deal's points), `legal` (the
learner's legal moves), and any other key of the learner's view (`trump`, `caller`, ...).
A lesson is played through when it is loaded (every scripted move legal, every fact true), so a
wrong file is refused with one line (BadLesson) and never reaches a learner.

The lesson's sentences are data: each is its own message id (core/words.py from_data).
"""

import re
import tomllib
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from parlor.core.errors import BadLesson, ParlorError
from parlor.core.match import Match
from parlor.core.registry import game_class, make_rules
from parlor.core.view import View
from parlor.core.words import from_data, say

from .moves import match_input, move_keys
from .rules_text import card_marks
from .seats import against_computers, seat_names, standin_level
from .table import TableSession

FILE_NAME = re.compile(r"^(\d\d)-[a-z0-9-]+\.toml$")
TOP_KEYS = {"title", "seat", "seats", "options", "before", "deal", "step", "question"}
STEP_KEYS = {"say", "facts", "moves", "why", "then"}
QUESTION_KEYS = {"ask", "choices", "answer", "explain"}
PUBLIC_FACTS = ("to_act", "trick_winner", "points", "legal")


@dataclass(frozen=True)
class Step:
    say: str
    facts: dict[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()  # empty: a step to read, passed with "next"
    why: str = ""
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Question:
    ask: str
    choices: tuple[str, ...]
    answer: int  # 0-based here (1-based in the file, as people count)
    explain: str


@dataclass(frozen=True)
class Lesson:
    game: str
    number: int
    title: str
    seat: int
    seats: int | None
    options: dict[str, Any]
    deal: dict[str, Any]  # as a record writes it
    before: tuple[str, ...]
    steps: tuple[Step, ...]
    questions: tuple[Question, ...]

    def summary(self) -> dict[str, Any]:
        return {"number": self.number, "title": from_data(self.title), "steps": len(self.steps)}


@dataclass(frozen=True)
class Reply:
    """What became of a move the learner tried: taken (the lesson went on) or refused, and the
    sentence to show them (the refusal's reason)."""
    taken: bool
    text: str = ""


# --- reading lesson files

def lesson_files(game_id: str) -> list[tuple[int, str]]:
    """The game's lesson files, by number: (number, file name)."""
    game_class(game_id)  # an unknown game: a clear error
    folder = files("parlor").joinpath("games", game_id, "lessons")
    if not folder.is_dir():
        return []
    found = sorted((int(m[1]), m[0]) for p in folder.iterdir() if (m := FILE_NAME.match(p.name)))
    return found


def lessons(game_id: str) -> list[Lesson]:
    """Every lesson of the game, in order."""
    return [lesson(game_id, n) for n, _ in lesson_files(game_id)]


def lesson(game_id: str, number: int) -> Lesson:
    """Lesson `number` of the game, loaded and checked."""
    for n, name in lesson_files(game_id):
        if n == number:
            text = files("parlor").joinpath("games", game_id, "lessons", name).read_text(encoding="utf-8")
            return load_lesson(game_id, number, text, name)
    have = ", ".join(str(n) for n, _ in lesson_files(game_id)) or "none"
    raise BadLesson(say("{game} has no lesson {number} (its lessons: {have})",
                        game=game_id, number=number, have=have))


def load_lesson(game_id: str, number: int, text: str, where: str) -> Lesson:
    """A lesson from its file's text, played through once to check it; BadLesson with one line
    naming the file (`where`) and the place when it cannot be taught."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BadLesson(f"{where}: not TOML: {e}") from None
    try:
        result = _parse(game_id, number, raw)
        _play_through(result)
    except _Bad as e:
        raise BadLesson(f"{where}: {e}") from None
    except ParlorError as e:  # the deal, a table option or a move, in the engine's words
        raise BadLesson(f"{where}: {e.reason}") from None
    return result


class _Bad(Exception):
    """A fault in a lesson file, where it is (the file's name is added by load_lesson)."""


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise _Bad(message)


def _text(raw: dict, key: str, where: str, required: bool = True) -> str:
    value = raw.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise _Bad(f"{where}.{key} must be a text" + ("" if required else " (or left out)"))
    return value


def _moves(raw: dict, key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    _need(isinstance(value, list) and all(isinstance(m, str) for m in value),
          f"{where}.{key} must be a list of move strings")
    return tuple(value)


def _unknown(raw: dict, known: set[str], where: str) -> None:
    extra = sorted(set(raw) - known)
    if extra:
        raise _Bad(f"{where}: unknown field {extra[0]!r}")


def _parse(game_id: str, number: int, raw: dict) -> Lesson:
    _unknown(raw, TOP_KEYS, "the lesson")
    title = _text(raw, "title", "the lesson")
    seat, seats = raw.get("seat"), raw.get("seats")
    options = raw.get("options", {})
    _need(isinstance(options, dict), "options must be a table of table options")
    _need(seats is None or type(seats) is int, "seats must be a whole number")
    rules = make_rules(game_id, options, seats)
    if type(seat) is not int or not 0 <= seat < rules.seats:
        raise _Bad(f"seat must be the learner's seat, 0 to {rules.seats - 1}")
    _need(isinstance(raw.get("deal"), dict), "deal must be an explicit deal: dealer, hands and pile")
    steps_raw = raw.get("step")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise _Bad("a lesson needs at least one [[step]]")
    steps = []
    for i, s in enumerate(steps_raw, 1):
        where = f"step {i}"
        _need(isinstance(s, dict), f"{where} must be a table")
        _unknown(s, STEP_KEYS, where)
        facts = s.get("facts", {})
        _need(isinstance(facts, dict), f"{where}.facts must be a table")
        moves = _moves(s, "moves", where)
        why = _text(s, "why", where, required=False)
        _need(not moves or bool(why.strip()), f"{where}.why must say why another move is not the move here")
        steps.append(Step(_text(s, "say", where), facts, moves, why, _moves(s, "then", where)))
    questions = []
    for i, q in enumerate(raw.get("question", []), 1):
        where = f"question {i}"
        _need(isinstance(q, dict), f"{where} must be a table")
        _unknown(q, QUESTION_KEYS, where)
        choices = q.get("choices")
        _need(isinstance(choices, list) and len(choices) >= 2 and all(isinstance(c, str) for c in choices),
              f"{where}.choices must be two or more texts")
        answer = q.get("answer")
        _need(type(answer) is int and 1 <= answer <= len(choices),
              f"{where}.answer must be the number of a choice, 1 to {len(choices)}")
        questions.append(Question(_text(q, "ask", where), tuple(choices), answer - 1, _text(q, "explain", where)))
    lesson = Lesson(game_id, number, title, seat, seats, options, raw["deal"], _moves(raw, "before", "the lesson"),
                    tuple(steps), tuple(questions))
    deck = set(rules.deck.codes)
    for text in _texts(lesson):
        bad = [c for c in card_marks(text) if c not in deck]
        if bad:
            raise _Bad(f"[[{bad[0]}]] is no card of {game_id}")
    return lesson


def _texts(lesson: Lesson) -> list[str]:
    """Every sentence of the lesson, for checks."""
    texts = [lesson.title]
    for s in lesson.steps:
        texts += [s.say, s.why]
    for q in lesson.questions:
        texts += [q.ask, *q.choices, q.explain]
    return texts


def _play_through(lesson: Lesson) -> None:
    """Play the lesson through, checking every fact: with the first accepted move of each step,
    and again with each other accepted move in turn (the rest of the way with the first ones), so
    that every move the lesson accepts is followed by legal scripted moves and true facts."""
    first = [step.moves[0] if step.moves else "" for step in lesson.steps]
    ways = [first] + [first[:i] + [alt] + first[i + 1:]
                      for i, step in enumerate(lesson.steps) for alt in step.moves[1:]]
    for way in ways:
        run = LessonRun(lesson)
        for did in way:
            run.check_facts()
            if did:
                reply = run.move(did)
                _need(reply.taken, f"step {run.index + 1}: {did!r} is refused: {reply.text}")
            else:
                run.next()
            _need(run.match.deal_number == 1, f"step {run.index}: the deal ended and another began; a "
                  "lesson plays one deal, so make it the match's last (its table options)")


# --- playing a lesson

class LessonRun:
    """One learner's way through a lesson: the match dealt from its explicit deal, the learner at
    its seat (named "You"), computers' moves from the script. `taken` lists what the learner did
    at each step passed (the move, or "" for a step read), so a stateless front end (the web) can
    send it back and have the run rebuilt (`replay`)."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        rules = make_rules(lesson.game, lesson.options, lesson.seats)
        deal = rules.parse_deal(lesson.deal, 1, "deal")
        match = Match(rules, 0, [deal])
        n = rules.seats
        self.session = TableSession(match, against_computers(n, lesson.seat, [standin_level()]),
                                    seat_names(n, lesson.seat))
        self.names = self.session.names
        self.index = 0
        self.taken: list[str] = []
        self._script(lesson.before, "before")

    @classmethod
    def replay(cls, lesson: Lesson, taken: list[str]) -> "LessonRun":
        """The run after the learner did `taken` (what `taken` held): BadLesson when it is not a
        way through this lesson."""
        run = cls(lesson)
        for i, did in enumerate(taken):
            step = run.step
            if step is None or (did not in step.moves if step.moves else did != ""):
                raise BadLesson(say("move {number} of the lesson is not one it accepts", number=i + 1))
            run.move(did) if step.moves else run.next()
        return run

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def step(self) -> Step | None:
        """The step in play; None once every step is passed (then the questions)."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def view(self) -> View:
        """What the learner sees: their seat's view, with the table's names."""
        return self.session.view(self.lesson.seat)

    def seen(self, since: int = 0) -> list[tuple[int, str]]:
        """The moves made since action `since`, as the learner saw them: (seat, move)."""
        return [(seat, shown[self.lesson.seat]) for _, seat, shown in self.match.log[since:]]

    def move(self, text: str) -> Reply:
        """The learner tries `text` (a move, a short form, a card): taken when the step accepts
        it (then the computers' scripted replies are played); else refused, changing nothing,
        with the lesson's reason for another legal move or the rules' for an illegal one."""
        step, seat = self.step, self.lesson.seat
        if step is None or not step.moves:
            return Reply(False, say("There is no move to make here: read on."))
        legal = self.match.legal()  # the learner is to act at a step asking a move (check_facts)
        view = self.view()
        action = match_input(text, legal, move_keys(legal, view["hand"], self.match.rules.deck))
        if action is None:
            # text naming no legal move has a reason: the rules' for the move it was meant as;
            # a card of the hand when no move names a card (a bid asked): the lesson's
            reason = self.session.why_refused(seat, text)
            if reason is None and text in view["hand"]:
                return Reply(False, say("Not the move here: {why}", why=from_data(step.why)))
            reason = reason or self.session.why_illegal(seat, text)
            return Reply(False, say("That is not allowed: {reason}.", reason=reason))
        if action not in step.moves:
            return Reply(False, say("Not the move here: {why}", why=from_data(step.why)))
        self.match.apply(action)
        self._script(step.then, f"step {self.index + 1}.then")
        self.taken.append(action)
        self.index += 1
        return Reply(True)

    def next(self) -> Reply:
        """Pass a step that asks for no move."""
        step = self.step
        if step is None or step.moves:
            return Reply(False, say("Make the move the lesson asks for first."))
        self.taken.append("")
        self.index += 1
        return Reply(True)

    def _script(self, moves: tuple[str, ...], where: str) -> None:
        """Play the computers' scripted moves; BadLesson when one is the learner's or illegal."""
        for i, action in enumerate(moves, 1):
            to_act = self.match.to_act()
            _need(to_act != self.lesson.seat, f"{where} move {i} ({action}) is the learner's to make")
            try:
                self.match.apply(action)
            except ParlorError as e:
                raise _Bad(f"{where} move {i} ({action}) is illegal: {e.reason}") from None

    # --- facts about the position, as the learner may know them
    def fact(self, name: str) -> Any:
        seat = self.lesson.seat
        if name == "to_act":
            return self.match.to_act()
        if name == "trick_winner":
            last = self.match.last_trick(seat)
            return None if last is None else last["winner"]
        if name == "points":
            return self.match.results[-1].points if self.match.results else None
        if name == "legal":
            return self.match.legal() if self.match.to_act() == seat else []
        view = self.match.view(seat)
        if name not in view:
            raise _Bad(f"step {self.index + 1}: {name!r} is no fact of a position: "
                       f"{', '.join(PUBLIC_FACTS)} or a key of the learner's view")
        return view[name]

    def check_facts(self) -> None:
        """Every fact the step states is true now (and the learner is to move, if it asks a move)."""
        step = self.step
        assert step is not None
        where = f"step {self.index + 1}"
        for name, said in step.facts.items():
            actual = self.fact(name)
            _need(actual == said, f"{where}: the fact {name} is {actual!r}, not {said!r} as the lesson says")
        if step.moves:
            _need(self.match.to_act() == self.lesson.seat,
                  f"{where} asks the learner for a move but seat {self.match.to_act()} is to act")
            legal = self.match.legal()
            for m in step.moves:
                _need(m in legal, f"{where}: the accepted move {m!r} is not legal here")
