"""The line-mode table: a person against computer players, one line at a time.

Works with screen readers and scripts: everything is plain text, moves are typed as a number
from the list, the action string, or a short form that names one legal move ("6L" for "play 6L").
"""

from pathlib import Path

from parlor import records
from parlor.core.errors import ActionError
from parlor.core.match import Match
from parlor.core.rules import name_seats
from parlor.core.words import say
from parlor.session import TableSession, against_computers, match_input, results_seen, seat_names
from parlor.session.moves import short_form

HELP = """Type the number of a move, the move itself ({move}), or a short form naming one
legal move ({short}). Commands: help, hand (show the table again), hint (the best moves, with
reasons), undo and redo (take your last move back, against computers), sheet (score sheet),
save FILE (write the record), quit."""
HINTS_SHOWN = 3


def table_lines(session: TableSession, seat: int) -> list[str]:
    """The table as `seat` sees it, in lines: the scores, the game's lines, the trick, the
    seat's hand and its moves, numbered (the line mode's table, also the lessons')."""
    view, names, words = session.view(seat), session.names, session.words
    lines = ["Scores: " + "  ".join(f"{names[s]} {v}" for s, v in enumerate(session.match.scores))]
    lines += words.table_lines(view)
    if view["trick"]:
        lines.append("Trick: " + ", ".join(f"{names[s]} {c}" for s, c in view["trick"]))
    hand = []
    for code in view["hand"]:
        role = words.card_role(view, code)
        hand.append(f"{code} ({role.words})" if role else code)
    lines.append("Your hand: " + (" ".join(hand) or "(empty)"))
    if view["legal"]:
        lines.append(say("Your turn: {wanted}.", wanted=words.wanted(view)))
    lines.append("Your moves: " + "  ".join(f"{i}) {a}" for i, a in enumerate(view["legal"], 1)))
    return lines


class PlainTable:
    """The person at seat `human`, computers at the others (`bots` by seat, repeated)."""

    def __init__(self, match: Match, human: int, bots: list[str], read=input, write=print,
                 ask_first: bool = True, keep_in: Path | None = None):
        self.match, self.human, self.read, self.write = match, human, read, write
        n = match.rules.seats
        self.session = TableSession(match, against_computers(n, human, bots),
                                    seat_names(n, human, match.names))
        self.session.ask_first, self.session.keep_in = ask_first, keep_in
        self.names = self.session.names
        self.shown = len(match.log)
        self.results_shown = results_seen(match)
        self.headed = self.results_shown  # the last deal whose header was written

    def run(self) -> Match:
        """Play to the end or until the person leaves; the match as it then stands (a move taken
        back rebuilds it, so it may be another object than the one given)."""
        rules = self.match.rules
        self.write(f"{rules.title}: you are {self.names[self.human]} (seat {self.human}). Type help for help.")
        computers = [f"{self.names[s]} ({self.session.bots[s].name})" for s in range(rules.seats)
                     if not self.session.is_person(s)]
        self.write("Computer players: " + ", ".join(computers) + ".")
        if self.session.words.suit_legend():
            self.write(self.session.words.suit_legend())
        self._show_log()  # a deal over as it was dealt, before any move
        try:
            if not self._play():
                return self.match
        except KeyboardInterrupt:  # Ctrl+C, at a prompt or while a computer thinks
            self.write("")
            self._offer_save_unfinished()
            return self.match
        m = self.match
        self.write("The match is over.")
        self.write(self.session.words.score_sheet(m.results, self.names))
        winners = m.winners()
        self.write("Winners: " + (", ".join(self.names[w] for w in winners) if winners else "none, a draw"))
        self._offer_save()
        return m

    def _play(self) -> bool:
        """The moves until the match ends (True) or the person leaves (False)."""
        deal = 0
        while not self.match.finished:
            m = self.match  # read again each move: taking a move back rebuilds it
            if m.deal_number != deal:
                deal = m.deal_number
                self._deal_header()
            seat = m.to_act()
            assert seat is not None  # the match is not finished
            if self.session.is_person(seat):
                if not self._human_turn():
                    return False
            else:
                action, problem = self.session.computer_move(seat, m.view(seat), len(m.actions))
                if problem:
                    self.write(f"({self.names[seat]}'s {self.session.bots[seat].name} player "
                               f"{problem}; it played a random legal move instead)")
                self.session.apply(action)
            self._show_log()
        return True

    def _offer_save_unfinished(self) -> None:
        """Leaving before the end (Ctrl+C, Ctrl+D, input ended): one chance to keep the match (where
        it is kept as it goes, one chance to save a copy too)."""
        kept = self._kept()
        if kept:
            self.write(say("The match is not over, and it is kept: parlor play {game} --plain goes on with it. "
                           "Type save FILE to save a copy too, or press Enter to leave.", game=self.match.rules.id))
        else:
            self.write("The match is not over. Type save FILE to keep it (parlor play --load FILE goes on), "
                       "or press Enter to leave without saving.")
        while True:
            try:
                word, _, rest = self.read("> ").strip().partition(" ")
            except (EOFError, KeyboardInterrupt):
                word, rest = "", ""
            if word != "save":
                self.write(say("The match was left unfinished; it is kept.") if kept else
                           "The match was left unfinished and not saved.")
                return
            if self._save(rest.strip()):
                return

    def _offer_save(self) -> None:
        """Once the match is over, its record may be kept (records.md: every game played can be
        saved). Anything but a save leaves at once, so a script that types on cannot loop here;
        only a save that failed asks again."""
        self.write("Type save FILE to keep the record of this match, or press Enter to leave.")
        while True:
            try:
                word, _, rest = self.read("> ").strip().partition(" ")
            except EOFError:
                return
            if word in ("help", "?", "sheet", "score", "scores"):
                self.write(self.session.words.score_sheet(self.match.results, self.names)
                           if word.startswith(("sheet", "score")) else self.help())
                continue
            if word != "save":
                self.write("The record was not saved.")
                return
            if self._save(rest.strip()):
                return

    def _kept(self) -> bool:
        """Whether the match is kept as it goes (session/keep.py), so leaving does not lose it."""
        return self.session.keep_in is not None and bool(self.match.actions)

    def _deal_header(self) -> None:
        m = self.match
        view = m.view(self.human)
        scores = "  ".join(f"{self.names[s]} {v}" for s, v in enumerate(m.scores))
        self.write(f"--- Deal {m.deal_number}, dealer {self.names[view['dealer']]}. Scores: {scores}")
        self.headed = m.deal_number

    def _show_log(self) -> None:
        m = self.match
        for _number, seat, seen in m.log[self.shown:]:
            self.write(f"  {self.names[seat]}: {seen[self.human]}")
        self.shown = len(m.log)
        if self.session.keep_failed:
            self.write(self.session.keep_failed)
            self.session.keep_failed = None
        while self.results_shown < len(m.results):
            r = m.results[self.results_shown]
            pts = "  ".join(f"{self.names[s]} {p:+d}" for s, p in enumerate(r.points))
            self.results_shown += 1
            if self.headed < self.results_shown:  # a deal over as it was dealt, before any move
                self.headed = self.results_shown
                self.write(f"--- Deal {self.results_shown}")
            if self.results_shown == len(m.results) and m.closed_state is not None:
                # how the deal ended, as this seat saw it: the hands shown, the last trick
                closed = dict(m.closed_view(self.human), names=self.names)
                for line in self.session.words.table_lines(closed):
                    self.write("  " + line)
            self.write(f"Deal {self.results_shown} over: {self.session.words.deal_result(r, self.names)}. {pts}")

    def show_table(self) -> None:
        for line in table_lines(self.session, self.human):
            self.write(line)

    def _human_turn(self) -> bool:
        """One move by the person; False when they quit."""
        m = self.match
        self.show_table()
        quitting = False
        doubted = None  # the move just asked about (TableSession.doubt)
        while True:
            try:
                text = self.read("> ").strip()
            except EOFError:  # Ctrl+D, or the end of what a script typed
                self.write("")
                self._offer_save_unfinished()
                return False
            word, _, rest = text.partition(" ")
            if word in ("quit", "exit"):
                if quitting:
                    return False
                quitting = True
                self.write(say("The match is not over; it is kept (parlor play {game} --plain goes on with it): "
                               "type quit again to leave, or save FILE to save a copy.", game=m.rules.id)
                           if self._kept() else
                           "The match is not over and leaving loses it: type save FILE to keep it, "
                           "or quit again to leave.")
                continue
            quitting = False
            if word in ("help", "?"):
                self.write(self.help())
                continue
            if word == "hint":
                self._hint()
                continue
            if word in ("undo", "redo"):
                self._undo() if word == "undo" else self._redo()
                return True  # the table is drawn again for whoever is to act

            if word in ("hand", "table", "look"):
                self.show_table()
                continue
            if word in ("sheet", "score", "scores"):
                self.write(self.session.words.score_sheet(m.results, self.names))
                continue
            if word == "save":
                self._save(rest)
                continue
            legal = m.legal()
            action = match_input(text, legal)
            if action is None and text.isdigit():
                self.write(f"There is no move {text}: the moves are numbered 1 to {len(legal)}.")
                continue
            if action is None:
                reason = (self.session.why_refused(self.human, text)
                          or self.session.why_illegal(self.human, text)) if text else None
                self.write(f"Not a legal move: {reason}" if reason else
                           "That names no single legal move; type a number from the list or help.")
                continue
            question = self.session.doubt(self.human, action) if self.session.ask_first else None
            if question is not None and action != doubted:  # asked once: the same move again makes it
                doubted = action
                self.write(say("{question} Type it again to make it, or make another move.", question=question))
                continue
            try:
                self.session.apply(action)
            except ActionError as e:
                self.write(name_seats(str(e), self.names, self.human))
                continue
            self.session.undone.clear()  # a new move: what was taken back cannot come again
            return True

    def _undo(self) -> None:
        refusal = self.session.why_no_take_back(self.human)
        if refusal:
            self.write(f"Cannot take back: {refusal}.")
            return
        self.session.take_back(self.human)
        self._rebuilt()
        self.write("Your last move and the computers' moves after it were taken back.")

    def _redo(self) -> None:
        if not self.session.redo():
            self.write("Nothing to redo.")
            return
        self.write("The moves taken back were played again.")
        self._show_log()

    def _rebuilt(self) -> None:
        """The session's match was rebuilt (a move taken back): read it from there."""
        self.match = self.session.match
        self.shown = len(self.match.log)
        self.results_shown = len(self.match.results)
        self.headed = self.match.deal_number

    def help(self) -> str:
        """The help, its examples this game's own: a move the person may make now (or the
        game's first move of its kind once the match is over)."""
        legal = self.match.legal() or ["play 6L"]
        move = next((a for a in legal if short_form(a, legal) != a), legal[0])
        return HELP.format(move=move, short=short_form(move, legal))

    def _hint(self) -> None:
        """The best moves for the person, from their own view only (the session's hint level)."""
        m = self.match
        view = dict(self.session.view(self.human), names=self.names)
        hints = self.session.hints(self.human, view, len(m.actions))[:HINTS_SHOWN]
        legal = m.legal()
        for i, h in enumerate(hints, 1):
            number = legal.index(h["action"]) + 1
            self.write(f"Hint {i}: {number}) {h['action']} - {h['reason']}")

    def _save(self, name: str) -> bool:
        """Write the record to the file a person named; False (and why) when it could not be.
        An existing file is overwritten only when the person says so."""
        if not name:
            self.write("save needs a file name: save game.json")
            return False
        path = Path(name).expanduser()
        if path.is_dir() or not path.name:
            self.write(f"Could not save to {name}: it is a folder; name a file in it, such as {path / 'game.json'}")
            return False
        if path.exists():
            try:
                answer = self.read(f"{name} exists. Overwrite it? (y/N) ").strip().lower()
            except EOFError:
                answer = ""
            if answer not in ("y", "yes"):
                self.write("Not saved; the file was left as it was.")
                return False
        try:
            records.save(self.match, path)
        except (OSError, ValueError) as e:  # ValueError: a name holding a NUL character
            self.write(f"Could not save to {name}: {getattr(e, 'strerror', None) or e}")
            return False
        self.write(f"Saved the record to {name}.")
        return True
