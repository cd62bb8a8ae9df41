"""The line-mode table: a person against computer players, one line at a time.

Works with screen readers and scripts: everything is plain text, moves are typed as their key in
the list (a card's only move has the card's number in the hand, as at the terminal table; any other
move a letter), the action string, or a short form that names one legal move ("6L" for "play 6L").
"""

from pathlib import Path

from parlor import records
from parlor.core.errors import ActionError
from parlor.core.match import Match
from parlor.core.words import Seats, listed, say, say_n
from parlor.session import TableSession, against_computers, match_input, results_seen, seat_names
from parlor.session.moves import card_moves, move_keys, short_form

HINTS_SHOWN = 3


def scores_line(session: TableSession) -> str:
    who = Seats(session.names)
    scores = [say("{seat} {points}", seat=who(s), points=v) for s, v in enumerate(session.match.scores)]
    return say("Scores: {scores}", scores=listed(scores, "  "))


def keys_of(session: TableSession, seat: int) -> dict[str, str]:
    """The seat's legal moves by their keys (session/moves.py move_keys)."""
    view = session.view(seat)
    return move_keys(view["legal"], view["hand"], session.rules.deck)


def table_lines(session: TableSession, seat: int) -> list[str]:
    """The table as `seat` sees it, in lines: the scores, the game's lines, the trick, the
    seat's hand numbered, and its moves by their keys (the line mode's table, also the lessons')."""
    view, who, words = session.view(seat), Seats(session.names), session.words
    lines = [scores_line(session)]
    lines += words.table_lines(view)
    if view["trick"]:
        lines.append(say("Trick: {cards}", cards=listed(
            say("{seat}: {card}", seat=who(s), card=words.card_words(c)) for s, c in view["trick"])))
    hand = []
    for i, code in enumerate(view["hand"], 1):
        role = words.card_role(view, code)
        hand.append(say("{number}) {card} ({role})", number=i, card=code, role=role.words) if role else
                    say("{number}) {card}", number=i, card=code))
    lines.append(say("Your hand: {cards}", cards=listed(hand, "  ")) if hand else say("Your hand: (empty)"))
    if view["legal"]:
        lines.append(say("Your turn: {wanted}.", wanted=words.wanted(view)))
        keys = move_keys(view["legal"], view["hand"], session.rules.deck)
        lines.append(say("Your moves: {moves}", moves=listed(
            (f"{k}) {words.action_words(view, a)}" for k, a in keys.items()), "  ")))
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
        self.names = self.session.names  # as the records keep them: the person is YOU
        self.who = Seats(self.names)  # the names said: the person is "You" in the language in use
        self.shown = len(match.log)
        self.tricks_said = self._tricks_in(self.session.view(human))
        self.results_shown = results_seen(match)
        self.headed = self.results_shown  # the last deal whose header was written

    def run(self) -> Match:
        """Play to the end or until the person leaves; the match as it then stands (a move taken
        back rebuilds it, so it may be another object than the one given)."""
        rules = self.match.rules
        self.write(say("{game}: you sit at seat {seat}. Type help for help.", game=rules.title, seat=self.human))
        computers = [say("{seat} ({player})", seat=self.who(s), player=self.session.bots[s].name)
                     for s in range(rules.seats) if not self.session.is_person(s)]
        self.write(say("Computer players: {players}.", players=listed(computers)))
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
        self.write(say("The match is over."))
        self.write(self.session.words.score_sheet(m.results, self.said_names()))
        winners = m.winners()
        self.write(say_n("Winner: {names}", "Winners: {names}", len(winners),
                         names=listed(self.who(w) for w in winners)) if winners else say("Winners: none, a draw"))
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
                    self.write(self.session.problem_words(seat, problem))
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
            self.write(say("The match is not over. Type save FILE to keep it (parlor play --load FILE goes on), "
                           "or press Enter to leave without saving."))
        while True:
            try:
                word, _, rest = self.read("> ").strip().partition(" ")
            except (EOFError, KeyboardInterrupt):
                word, rest = "", ""
            if word != "save":
                self.write(say("The match was left unfinished; it is kept.") if kept else
                           say("The match was left unfinished and not saved."))
                return
            if self._save(rest.strip()):
                return

    def _offer_save(self) -> None:
        """Once the match is over, its record may be kept (records.md: every game played can be
        saved). Anything but a save leaves at once, so a script that types on cannot loop here;
        only a save that failed asks again."""
        self.write(say("Type save FILE to keep the record of this match, or press Enter to leave."))
        while True:
            try:
                word, _, rest = self.read("> ").strip().partition(" ")
            except EOFError:
                return
            if word in ("help", "?", "sheet", "score", "scores"):
                self.write(self.session.words.score_sheet(self.match.results, self.said_names())
                           if word.startswith(("sheet", "score")) else self.help())
                continue
            if word != "save":
                self.write(say("The record was not saved."))
                return
            if self._save(rest.strip()):
                return

    def _kept(self) -> bool:
        """Whether the match is kept as it goes (session/keep.py), so leaving does not lose it."""
        return self.session.keep_in is not None and bool(self.match.actions)

    def _deal_header(self) -> None:
        m = self.match
        view = m.view(self.human)
        self.write(say("--- Deal {deal}, dealer {dealer}. {scores}", deal=m.deal_number,
                       dealer=self.who(view["dealer"]), scores=scores_line(self.session)))
        self.headed = m.deal_number

    def _show_log(self) -> None:
        m = self.match
        spoken = self.session.view(self.human)  # names the person "You": "You play the 7 of hearts"
        for _number, seat, seen in m.log[self.shown:]:
            self.write("  " + self.session.words.move_words(spoken, seat, seen[self.human]))
        self.shown = len(m.log)
        if self.results_shown == len(m.results):  # a deal's last trick is said with its end, below
            self._say_tricks(spoken)
        if self.session.keep_failed:
            self.write(self.session.keep_failed)
            self.session.keep_failed = None
        while self.results_shown < len(m.results):
            r = m.results[self.results_shown]
            pts = listed((say("{seat} {points:+d}", seat=self.who(s), points=p)
                          for s, p in enumerate(r.points)), "  ")
            self.results_shown += 1
            if self.headed < self.results_shown:  # a deal over as it was dealt, before any move
                self.headed = self.results_shown
                self.write(say("--- Deal {deal}", deal=self.results_shown))
            if self.results_shown == len(m.results) and m.closed_state is not None:
                # how the deal ended, as this seat saw it: the hands shown, the last trick
                closed = dict(m.closed_view(self.human), names=self.names)
                self._say_tricks(closed)
                for line in self.session.words.table_lines(closed):
                    self.write("  " + line)
            self.write(say("Deal {deal} over: {result}. {points}", deal=self.results_shown,
                           result=self.session.words.deal_result(r, self.names), points=pts))
        self.tricks_said = self._tricks_in(spoken)

    def said_names(self) -> list[str]:
        """Every seat's name as a sheet heads its column: the person's "You" said."""
        return [self.who(s) for s in range(len(self.names))]

    @staticmethod
    def _tricks_in(view) -> tuple[int, int]:
        """(the deal, how many of its tricks are done) in a view."""
        return view["deal"], len(view.get("tricks") or ())

    def _say_tricks(self, view) -> None:
        """Who took each trick finished since the last said, in the game's trick words (as the
        browser says the last trick)."""
        deal, said = self.tricks_said
        tricks = view.get("tricks") or []
        for trick in tricks[said if deal == view["deal"] else 0:]:
            if trick.get("winner") is not None:
                self.write("  " + self.session.words.trick_words(view, trick))
        self.tricks_said = self._tricks_in(view)

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
                           say("The match is not over and leaving loses it: type save FILE to keep it, "
                               "or quit again to leave."))
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
                self.write(self.session.words.score_sheet(m.results, self.said_names()))
                continue
            if word == "save":
                self._save(rest)
                continue
            legal = m.legal()
            keys = keys_of(self.session, self.human)
            action = match_input(text, legal, keys)
            if action is None and text.isdigit():
                self.write(self._card_number(text, keys))
                continue
            if action is None:
                reason = (self.session.why_refused(self.human, text)
                          or self.session.why_illegal(self.human, text)) if text else None
                self.write(say("Not a legal move: {reason}", reason=reason) if reason else
                           say("That names no single legal move; type a key from the list or help."))
                continue
            question = self.session.doubt(self.human, action) if self.session.ask_first else None
            if question is not None and action != doubted:  # asked once: the same move again makes it
                doubted = action
                self.write(say("{question} Type it again to make it, or make another move.", question=question))
                continue
            try:
                self.session.apply(action)
            except ActionError as e:
                self.write(say("Not a legal move: {reason}", reason=self.session.told(e.reason, self.human)))
                continue
            self.session.undone.clear()  # a new move: what was taken back cannot come again
            return True

    def _card_number(self, text: str, keys: dict[str, str]) -> str:
        """Why a number typed names no move: it is no card's, or the card it numbers has no move
        now, or several (then their keys)."""
        hand = self.match.view(self.human)["hand"]
        if not 1 <= int(text) <= len(hand):
            return say_n("There is no card {number}: your {count} card is numbered 1.",
                         "There is no card {number}: your {count} cards are numbered 1 to {count}.",
                         len(hand), number=text)
        code = hand[int(text) - 1]
        moves = card_moves(self.match.legal(), hand, self.match.rules.deck).get(code)
        if not moves:
            reason = self.session.why_refused(self.human, code)
            return (say("{card} cannot be played now: {reason}.", card=code, reason=reason) if reason else
                    say("{card} cannot be played now.", card=code))
        view = self.session.view(self.human)
        return say("{card} makes several moves: type one's key: {moves}", card=code, moves=listed(
            (f"{k}) {self.session.words.action_words(view, a)}"
             for k, a in keys.items() if a in moves), "  "))

    def _undo(self) -> None:
        refusal = self.session.why_no_take_back(self.human)
        if refusal:
            self.write(say("Cannot take back: {refusal}.", refusal=refusal))
            return
        self.session.take_back(self.human)
        self._rebuilt()
        self.write(say("Your last move and the computers' moves after it were taken back."))

    def _redo(self) -> None:
        if not self.session.redo():
            self.write(say("Nothing to redo."))
            return
        self.write(say("The moves taken back were played again."))
        self._show_log()

    def _rebuilt(self) -> None:
        """The session's match was rebuilt (a move taken back): read it from there."""
        self.match = self.session.match
        self.shown = len(self.match.log)
        self.tricks_said = self._tricks_in(self.session.view(self.human))
        self.results_shown = len(self.match.results)
        self.headed = self.match.deal_number

    def help(self) -> str:
        """The help, its examples this game's own: a move the person may make now (or the
        game's first move of its kind once the match is over)."""
        legal = self.match.legal() or ["play 6L"]
        move = next((a for a in legal if short_form(a, legal) != a), legal[0])
        return say("Type the key of a move in the list (a card's only move has the card's number in your hand), "
                   "the move itself ({move}), or a short form naming one legal move ({short}). Commands: help, "
                   "hand (show the table again), hint (the best moves, with reasons), undo and redo (take your "
                   "last move back, against computers), sheet (score sheet), save FILE (write the record), quit.",
                   move=move, short=short_form(move, legal))

    def _hint(self) -> None:
        """The best moves for the person, from their own view only (the session's hint level)."""
        m = self.match
        view = dict(self.session.view(self.human), names=self.names)
        hints = self.session.hints(self.human, view, len(m.actions))[:HINTS_SHOWN]
        keys = {a: k for k, a in keys_of(self.session, self.human).items()}
        for i, h in enumerate(hints, 1):
            self.write(say("Hint {number}: {key}) {move} - {reason}", number=i, key=keys[h["action"]],
                           move=self.session.words.action_words(view, h["action"]), reason=h["reason"]))

    def _save(self, name: str) -> bool:
        """Write the record to the file a person named; False (and why) when it could not be.
        An existing file is overwritten only when the person says so."""
        if not name:
            self.write(say("save needs a file name: save game.json"))
            return False
        path = Path(name).expanduser()
        if path.is_dir() or not path.name:
            self.write(say("Could not save to {name}: it is a folder; name a file in it, such as {example}",
                           name=name, example=path / "game.json"))
            return False
        if path.exists():
            try:
                answer = self.read(say("{name} exists. Overwrite it? (y/N) ", name=name)).strip().lower()
            except EOFError:
                answer = ""
            if answer not in ("y", "yes"):
                self.write(say("Not saved; the file was left as it was."))
                return False
        try:
            records.save(self.match, path)
        except (OSError, ValueError) as e:  # ValueError: a name holding a NUL character
            self.write(say("Could not save to {name}: {reason}", name=name, reason=getattr(e, "strerror", None) or e))
            return False
        self.write(say("Saved the record to {name}.", name=name))
        return True
