"""parlor learn GAME [N]: the game's lessons listed, or lesson N played at the terminal table
(tui/lesson.py) or, with --plain or without a terminal, in the line mode.

In the line mode the learner types moves as at the line-mode table (a number from the list, the
move, a short form); a step that asks for no move is passed with Enter. The lesson's refusals
and the closing questions are written as plain lines, so a screen reader or a script can follow
them."""

import textwrap

from parlor.core.errors import UsageError
from parlor.core.words import from_data, say
from parlor.session.rules_text import CARD_MARK
from parlor.session.lessons import LessonRun, lesson, lessons

from .common import add_game_arg, line_mode
from .plain import table_lines

WIDTH = 78


def add_parser(sub) -> None:
    p = sub.add_parser("learn", help=say("learn a game: its lessons, or lesson N played step by step"))
    add_game_arg(p)
    p.add_argument("number", nargs="?", type=int, metavar="N", help=say("the lesson to play (without it: the list)"))
    p.add_argument("--plain", action="store_true", help=say("line mode: for screen readers and scripts"))
    p.set_defaults(run=run)


def run(args) -> int:
    if args.number is None:
        found = lessons(args.game)
        if not found:
            raise UsageError(say("{game} has no lessons yet", game=args.game))
        for one in found:
            print(say("{number}. {title}", number=one.number, title=from_data(one.title)))
        print(say("Play one with: parlor learn {game} {number}", game=args.game, number=found[0].number))
        return 0
    run_ = LessonRun(lesson(args.game, args.number))
    if line_mode(args, say("not a terminal; the lesson is in the line mode (--plain)")):
        LessonLine(run_).play()
    else:
        from parlor.tui.lesson import LessonApp
        LessonApp(run_).run()
    return 0


class LessonLine:
    """One lesson in the line mode: `read` and `write` as input and print (tests pass their own)."""

    def __init__(self, run: LessonRun, read=input, write=print):
        self.run, self.read, self.write = run, read, write
        self.game = run.lesson.game
        self.shown = 0  # the moves of the match written so far

    def said(self, text: str) -> str:
        """A sentence of the lesson, its card markers written as the cards' codes: the codes the
        hand shows and the learner types."""
        return CARD_MARK.sub(r"\1", from_data(text))

    def narrate(self, text: str) -> None:
        """A long sentence, wrapped for an 80-column terminal."""
        for line in textwrap.wrap(text, WIDTH):
            self.write(line)

    def play(self) -> bool:
        """The lesson to its end (True), or until the learner quits or the input ends (False)."""
        run = self.run
        self.write(say("Lesson {number}: {title}", number=run.lesson.number, title=self.said(run.lesson.title)))
        self.write(say("You play seat {seat}; the computers play the lesson's script. Type help for help.",
                       seat=run.lesson.seat))
        total = len(run.lesson.steps)
        while run.step is not None:
            self._show_moves()
            step = run.step
            self.write("")
            self.narrate(say("Step {number} of {total}. {text}", number=run.index + 1, total=total,
                             text=self.said(step.say)))
            if not (self._move() if step.moves else self._read_on()):
                return False
        self._show_moves()
        for i, q in enumerate(run.lesson.questions, 1):
            if not self._question(i, q):
                return False
        self.write("")
        self.write(say("Lesson {number} is done.", number=run.lesson.number))
        return True

    def _ask(self) -> str | None:
        """The learner's next line; None when they quit or the input ends."""
        try:
            text = self.read("> ").strip()
        except EOFError:
            self.write("")
            return None
        return None if text in ("quit", "exit") else text

    def _command(self, look_on_blank: bool) -> str | None:
        """The next line that is neither help nor a look at the table, which are answered here
        (None: quit, or the input ended)."""
        while True:
            text = self._ask()
            if text is None:
                return None
            if text in ("help", "?"):
                self.write(say("Type the number of a move, the move itself or a short form naming one move (a card's "
                               "code). At a step with no move, press Enter to go on. Commands: help, hand (show the "
                               "table again), quit."))
            elif text in ("hand", "table", "look") or (look_on_blank and text == ""):
                self._show_table()
            else:
                return text

    def _read_on(self) -> bool:
        self.write(say("(press Enter to go on)"))
        if self._command(look_on_blank=False) is None:
            return False
        self.run.next()
        return True

    def _move(self) -> bool:
        self._show_table()
        while True:
            text = self._command(look_on_blank=True)
            if text is None:
                return False
            reply = self.run.move(text)
            if reply.taken:
                return True
            self.narrate(self.said(reply.text))

    def _question(self, number: int, question) -> bool:
        self.write("")
        self.narrate(say("Question {number}: {text}", number=number, text=self.said(question.ask)))
        for i, choice in enumerate(question.choices, 1):
            self.write(say("  {number}) {choice}", number=i, choice=self.said(choice)))
        while True:
            text = self._ask()
            if text is None:
                return False
            if text.isdigit() and 1 <= int(text) <= len(question.choices):
                break
            self.write(say("Type the number of a choice, 1 to {last}.", last=len(question.choices)))
        if int(text) - 1 == question.answer:
            self.narrate(say("Right. {why}", why=self.said(question.explain)))
        else:
            self.narrate(say("Not quite: the answer is {number}. {why}", number=question.answer + 1,
                           why=self.said(question.explain)))
        return True

    def _show_moves(self) -> None:
        view, words = self.run.view(), self.run.session.words  # the learner is "You"
        for seat, move in self.run.seen(self.shown):
            self.write("  " + words.move_words(view, seat, move))
        self.shown = len(self.run.match.log)

    def _show_table(self) -> None:
        for line in table_lines(self.run.session, self.run.lesson.seat):
            self.write(line)
