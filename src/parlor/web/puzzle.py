"""The browser's practice positions (/puzzle/<game>): the JSON the Puzzle page reads. No state
here: the page asks for a position and, with `move`, for the verdicts on it.

Everything about the position comes from the seat's own view (and the deal's moves as that seat
saw them); the verdicts name moves and expected points, never a hidden card. Their figures and
reasons come said in the asker's language ("shown": "+1,50"), for the page to show as they are."""

from typing import Any

from parlor.core.registry import game_class
from parlor.session.puzzles import Answer, PuzzleRun, puzzle, puzzles

from .learn import said_names

MAX_MOVE = 100


def puzzle_list(game_id: str) -> dict[str, Any]:
    game = game_class(game_id)
    return {"game": game_id, "title": game.title, "puzzles": [p.summary() for p in puzzles(game_id)]}


def puzzle_turn(game_id: str, number: int, body: object) -> dict[str, Any]:
    """Position `number` as its seat sees it; with `move` in the body, the verdict on that move."""
    run = PuzzleRun(puzzle(game_id, number))
    move = body.get("move") if isinstance(body, dict) else None
    answer = run.answer(move[:MAX_MOVE]) if isinstance(move, str) else None
    return _state(run, answer)


def _state(run: PuzzleRun, answer: Answer | None) -> dict[str, Any]:
    view = run.view()
    words = run.session.words
    return {
        "game": run.puzzle.game, "number": run.puzzle.number, "count": len(puzzles(run.puzzle.game)),
        "names": said_names(run.names), "seat": run.seat, "budget": run.puzzle.budget,
        "table": {
            "lines": words.table_lines(view),
            "hand": view["hand"],
            "trick": view["trick"],
            "melds": view.get("melds", []),
            "last_trick": run.session.match.last_trick(run.seat, view),
            "legal": view["legal"],
            "legal_words": [words.action_words(view, a) for a in view["legal"]],
            "wanted": words.wanted(view),
        },
        "log": [[run.names[s], move] for s, move in run.seen()],
        "log_words": [words.move_words(view, s, move) for s, move in run.seen()],
        "answer": None if answer is None else {
            "taken": answer.taken, "text": answer.text,
            "verdicts": [{"move": v.move, "words": v.words, "value": v.value, "shown": v.shown, "reason": v.reason,
                          "best": v.best, "obvious": v.obvious, "chosen": v.chosen} for v in answer.verdicts]},
    }
