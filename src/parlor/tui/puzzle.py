"""A practice position at the terminal table: the table's own layout (tui/table.py) with the
question above it. The person picks a card or a move button as at a match; the search's verdict
on every legal move is then shown (session/puzzles.py), and n goes to the next position.
Everything drawn is the seat's own view."""

from typing import ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.widgets import Button, Static

from parlor.core.words import N_, say
from parlor.session.puzzles import Answer, PuzzleRun, puzzle, puzzles, verdict_lines

from .lesson import LESSON_CSS, PracticeScreen
from .model import group_moves
from .table import HAND_KEYS, draw_table, show_log
from .widgets import HandView


# the verdicts: one line or two for each legal move, up to a dozen moves
PUZZLE_CSS = LESSON_CSS + """
#say-box { max-height: 18; }
"""


class PuzzleScreen(PracticeScreen):
    CSS = PUZZLE_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", N_("next position")),
        Binding("a", "again", N_("try again")),
        Binding("q", "leave", N_("leave")),
        *HAND_KEYS,
    ]

    def __init__(self, run: PuzzleRun, over_table: bool = False) -> None:
        super().__init__(over_table)
        self.run = run
        self.answer: Answer | None = None  # the verdict once a move is chosen
        self.refusal = ""  # why the last thing tried is no move

    def redraw(self) -> None:
        run = self.run
        rules, words = run.session.rules, run.session.words
        view = run.view()
        asks = self.answer is None
        moves = group_moves(view["legal"], view["hand"], rules.deck)
        self.moves = moves
        head = Text(f" {rules.title} ", style="bold reverse")
        head.append(say("  practice position {number} of {count}", number=run.puzzle.number,
                        count=len(puzzles(rules.id))))
        self.query_one("#head", Static).update(head)
        if self.answer is None:
            text = Text(say("Your move: {wanted}. Find the best one.", wanted=words.wanted(view)))
        else:
            text = Text("\n".join(verdict_lines(self.answer)))
        self.narrate(text)
        draw_table(self, words, view, run.session.match.scores, run.seat)
        roles = {c: words.card_role(view, c) for c in view["hand"]}
        self.query_one(HandView).show(rules.id, view["hand"], 0, set(view["hand"]) if asks else set(), roles, asks)
        show_log(self, [(words.move_words(view, s, move), "") for s, move in run.seen()[-60:]])
        self.query_one("#status", Static).update(
            " " + self.refusal if self.refusal else
            say(" Your move: a card or a button below.") if asks else
            say(" Press n for the next position, a to try this one again, q to leave."))
        wanted = list(moves.buttons) + [a for acts in moves.groups.values() for a in acts] if asks else []
        self.show_buttons([words.action_words(view, a) for a in wanted], wanted)

    def try_move(self, text: str) -> None:
        if self.answer is not None:
            return
        answer = self.run.answer(text)
        self.refusal = "" if answer.taken else answer.text
        self.answer = answer if answer.taken else None
        self.redraw()

    def action_next(self) -> None:
        found = puzzles(self.run.puzzle.game)
        number = self.run.puzzle.number % len(found) + 1
        self.app.switch_screen(PuzzleScreen(PuzzleRun(puzzle(self.run.puzzle.game, number)), self.over_table))

    def action_again(self) -> None:
        self.answer, self.refusal = None, ""
        self.redraw()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        move = self.buttons.get(event.button.id or "")
        if move is not None:
            event.stop()
            self.try_move(move)


class PuzzleApp(App):
    """The terminal table holding the practice positions, from one of them."""
    TITLE = "parlor"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, run: PuzzleRun) -> None:
        super().__init__()
        self.run_ = run

    def on_mount(self) -> None:
        self.push_screen(PuzzleScreen(self.run_))
