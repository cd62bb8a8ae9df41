"""The browser's lessons (/learn/<game>): the JSON the Learn page reads. The server keeps no
lesson state: the page sends what the learner did so far (`taken`) with each request, and the
run is rebuilt from it (LessonRun.replay), which costs a few dozen moves of a scripted deal.

Everything about the position comes from the learner's own view (and the moves as that seat saw
them made); the narration keeps its card markers, which the page draws as cards."""

from typing import Any

from parlor.core.errors import BadLesson
from parlor.core.registry import game_class
from parlor.core.words import Seats, from_data, say
from parlor.session.lessons import LessonRun, Reply, lesson, lessons

MAX_TAKEN = 200  # far more steps than a lesson has


def lesson_list(game_id: str) -> dict[str, Any]:
    game = game_class(game_id)
    return {"game": game_id, "title": game.title, "lessons": [one.summary() for one in lessons(game_id)]}


def lesson_turn(game_id: str, number: int, body: object) -> dict[str, Any]:
    """The lesson after what the learner did (`taken`), and then one more thing if the body asks
    it: `move` (a move, a short form or a card's code) or `next` (pass a step to read)."""
    if not isinstance(body, dict):
        body = {}
    taken = body.get("taken", [])
    if not (isinstance(taken, list) and len(taken) <= MAX_TAKEN and all(isinstance(t, str) for t in taken)):
        raise BadLesson(say("taken must be a list of the moves made in the lesson"))
    one = lesson(game_id, number)
    run = LessonRun.replay(one, taken)
    reply: Reply | None = None
    move = body.get("move")
    if isinstance(move, str):
        reply = run.move(move[:100])
    elif body.get("next"):
        reply = run.next()
    return _state(run, reply)


def said_names(names: list[str]) -> list[str]:
    """The seats' names as the page shows them: the learner's neutral "You" said in the reader's language."""
    seats = Seats(names)
    return [seats(s) for s in range(len(names))]


def _state(run: LessonRun, reply: Reply | None) -> dict[str, Any]:
    one, seat = run.lesson, run.lesson.seat
    view = run.view()
    words = run.session.words
    step = run.step
    legal = view["legal"] if step is not None and step.moves else []
    return {
        "game": one.game, "number": one.number, "title": from_data(one.title),
        "steps": len(one.steps), "index": run.index, "taken": run.taken,
        "step": None if step is None else {"say": from_data(step.say), "asks_move": bool(step.moves)},
        "reply": None if reply is None else {"taken": reply.taken, "text": reply.text},
        "names": said_names(run.names), "seat": seat,
        "table": {
            "lines": words.table_lines(view),
            "hand": view["hand"],
            "trick": view["trick"],
            "melds": view.get("melds", []),  # Tőr's, on the table
            "last_trick": run.match.last_trick(seat, view),
            "legal": legal,
            "legal_words": [words.action_words(view, a) for a in legal],
        },
        "log": [[run.names[s], move] for s, move in run.seen()],
        "log_words": [words.move_words(view, s, move) for s, move in run.seen()],
        "questions": [] if step is not None else [
            {"ask": from_data(q.ask), "choices": [from_data(c) for c in q.choices], "answer": q.answer,
             "explain": from_data(q.explain)} for q in one.questions],
    }
