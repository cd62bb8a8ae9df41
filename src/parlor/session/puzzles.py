"""Practice positions: a choice from real play where the search's best move beats the obvious one.

The positions are data, `games/<id>/puzzles.json`, mined by benchmarks/mine_puzzles.py (its
header says how): each holds the record up to the choice, the seat to move, the obvious move (the
casual level's), the best one, the margin, and every legal move's verdict (expected points and
reason, weighed by the review's search from the seat's view, session/review.py). A reason is kept
as data (bots/hints.py `why`) and said when shown, in the reader's language, its figures too.

    puzzles(game) -> [Puzzle]        puzzle(game, n) -> Puzzle (n from 1)
    PuzzleRun(p): .view() the seat's view, .answer(text) -> Answer (verdicts, or why not a move)

The person sees the seat's view only; the verdicts name moves and expected points, no hidden card.
"""

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from parlor import records
from parlor.bots.hints import figure, said_reason
from parlor.core.errors import UsageError
from parlor.core.registry import game_class
from parlor.core.view import View
from parlor.core.words import say

from .moves import match_input
from .seats import against_computers, seat_names, standin_level
from .table import TableSession


@dataclass(frozen=True)
class Candidate:
    move: str
    value: float  # the seat's expected points from the deal after the move
    why: dict  # its reason as data (bots/hints.py), said when shown


@dataclass(frozen=True)
class Puzzle:
    game: str
    number: int
    record: dict[str, Any]  # the match up to the choice
    seat: int
    obvious: str
    best: str
    margin: float
    candidates: tuple[Candidate, ...]  # every legal move, best first
    budget: int

    def summary(self) -> dict[str, Any]:
        return {"number": self.number, "moves": len(self.candidates)}


@cache
def puzzles(game_id: str) -> tuple[Puzzle, ...]:
    game_class(game_id)  # an unknown game is refused in the registry's words
    path = files("parlor.games").joinpath(game_id, "puzzles.json")
    if not path.is_file():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Puzzle(game_id, k, p["record"], p["seat"], p["obvious"], p["best"], p["margin"],
               tuple(Candidate(c["move"], c["value"], c["why"]) for c in p["candidates"]), data["budget"])
        for k, p in enumerate(data["puzzles"], 1))


def puzzle(game_id: str, number: int) -> Puzzle:
    found = puzzles(game_id)
    if not found:
        raise UsageError(say("{game} has no practice positions yet", game=game_id))
    if not 1 <= number <= len(found):
        raise UsageError(say("no position {number}: {game} has positions 1 to {last}", number=number,
                             game=game_id, last=len(found)))
    return found[number - 1]


@dataclass(frozen=True)
class Verdict:
    move: str  # the action
    words: str  # the move in the game's words
    value: float
    shown: str  # the value as the reader writes it ("+1,50")
    reason: str  # said in the language in use
    best: bool
    obvious: bool
    chosen: bool


@dataclass(frozen=True)
class Answer:
    taken: bool  # False: the text named no legal move; `text` says why
    text: str  # the verdict on the move chosen, or why it is no move
    verdicts: tuple[Verdict, ...] = ()


class PuzzleRun:
    """One position in play: the match replayed to the choice, the person at the seat ("You")."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        match = records.replay(puzzle.record)
        n = match.rules.seats
        self.session = TableSession(match, against_computers(n, puzzle.seat, [standin_level()]),
                                    seat_names(n, puzzle.seat))
        self.names = self.session.names
        self.seat = puzzle.seat

    def view(self) -> View:
        return self.session.view(self.seat)

    def seen(self) -> list[tuple[int, str]]:
        """The moves of the deal so far, as the seat saw them: (seat, move)."""
        match = self.session.match
        return [(seat, shown[self.seat]) for deal, seat, shown in match.log if deal == match.deal_number]

    def answer(self, text: str) -> Answer:
        """The verdict on the move `text` names (a number, the move, a short form), or why it is none."""
        view = self.view()
        action = match_input(text, view["legal"])
        if action is None:
            reason = self.session.why_refused(self.seat, text)
            if reason is None and text in view["hand"]:  # a card when no move names one (a bid asked)
                return Answer(False, say("{card} cannot be played now.", card=self.session.words.card_words(text)))
            reason = reason or self.session.why_illegal(self.seat, text)
            return Answer(False, say("That is not allowed: {reason}.", reason=reason))
        p = self.puzzle
        words = self.session.words
        verdicts = tuple(Verdict(c.move, words.action_words(view, c.move), c.value, figure(c.value, 2, signed=True),
                                 said_reason(c.why), c.move == p.best, c.move == p.obvious, c.move == action)
                         for c in p.candidates)
        mine = next(v for v in verdicts if v.chosen)
        best = next(v for v in verdicts if v.best)
        if mine.best:
            plain = next(v for v in verdicts if v.obvious)
            text = say("Right: “{move}” is the search's best move here, {margin} points better than "
                       "the obvious “{obvious}”.", move=mine.words, margin=figure(mine.value - plain.value, 2),
                       obvious=plain.words)
        else:
            text = say("Not the best: “{best}” is expected to bring {lost} points more than “{move}”.",
                       best=best.words, lost=figure(best.value - mine.value, 2), move=mine.words)
        return Answer(True, text, verdicts)


def verdict_lines(answer: Answer) -> list[str]:
    """Every candidate's verdict for a person to read (the line mode, the terminal table)."""
    out = [answer.text]
    for v in answer.verdicts:
        marks = []
        if v.best:
            marks.append(say("best"))
        if v.obvious:
            marks.append(say("obvious"))
        if v.chosen:
            marks.append(say("your move"))
        line = say("  {move}: {reason}", move=v.words, reason=v.reason)  # the reason says the expected points
        if marks:
            line = say("{line} ({marks})", line=line, marks=", ".join(marks))
        out.append(line)
    return out
