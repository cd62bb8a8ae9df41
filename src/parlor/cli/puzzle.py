"""parlor puzzle GAME [N]: the game's practice positions counted, or position N played at the
terminal table (tui/puzzle.py) or, with --plain or without a terminal, in the line mode.

In the line mode the table is written as the seat sees it; the person types a move as at the
line-mode table (a number from the list, the move, a short form) and reads the search's verdict
on every legal move."""


from parlor.core.errors import UsageError
from parlor.core.words import say
from parlor.session.puzzles import PuzzleRun, puzzle, puzzles, verdict_lines

from .common import add_game_arg, line_mode
from .plain import table_lines



def add_parser(sub) -> None:
    p = sub.add_parser("puzzle", help=say("practise: positions from real play, the search's verdict on your move"))
    add_game_arg(p)
    p.add_argument("number", nargs="?", type=int, metavar="N",
                   help=say("the position to play (without it: how many there are)"))
    p.add_argument("--plain", action="store_true", help=say("line mode: for screen readers and scripts"))
    p.set_defaults(run=run)


def run(args) -> int:
    if args.number is None:
        found = puzzles(args.game)
        if not found:
            raise UsageError(say("{game} has no practice positions yet", game=args.game))
        print(say("{game} has {count} practice positions, 1 to {count}.", game=args.game, count=len(found)))
        print(say("Play one with: parlor puzzle {game} {number}", game=args.game, number=1))
        return 0
    run_ = PuzzleRun(puzzle(args.game, args.number))
    if line_mode(args, say("not a terminal; the position is in the line mode (--plain)")):
        PuzzleLine(run_).play()
    else:
        from parlor.tui.puzzle import PuzzleApp
        PuzzleApp(run_).run()
    return 0


class PuzzleLine:
    """One position in the line mode: `read` and `write` as input and print (tests pass their own)."""

    def __init__(self, run: PuzzleRun, read=input, write=print):
        self.run, self.read, self.write = run, read, write

    def play(self) -> bool:
        """The position to its verdict (True), or until the person quits or the input ends (False)."""
        run = self.run
        count = len(puzzles(run.puzzle.game))
        self.write(say("Position {number} of {count}: find the best move for seat {seat}. Type help for help.",
                       number=run.puzzle.number, count=count, seat=run.seat))
        view = run.view()  # the person is "You": "You play the 7 of hearts"
        for seat, move in run.seen():
            self.write("  " + run.session.words.move_words(view, seat, move))
        self._show_table()
        while True:
            try:
                text = self.read("> ").strip()
            except EOFError:
                self.write("")
                return False
            if text in ("quit", "exit"):
                return False
            if text in ("help", "?"):
                self.write(say("Type the number of a move, the move itself or a short form naming one move (a card's "
                               "code). Commands: help, hand (show the table again), quit."))
                continue
            if text in ("hand", "table", "look", ""):
                self._show_table()
                continue
            answer = run.answer(text)
            if not answer.taken:
                self.write(answer.text)
                continue
            for line in verdict_lines(answer):
                self.write(line)
            return True

    def _show_table(self) -> None:
        for line in table_lines(self.run.session, self.run.seat):
            self.write(line)
