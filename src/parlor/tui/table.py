"""The table: the person's seat against the computer players, one Match behind it.

The match is driven by one worker at a time (`advance`): it asks each computer player for its
move in a thread (the screen stays live), waits the pacing delay, applies the move, and stops
when it is the person's turn. The person's move, from a card, a button or a list, is applied to
the match, and the worker starts again.
"""

import asyncio
import textwrap
import time
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, HorizontalScroll, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from parlor import records
from parlor.core.errors import ActionError, BadTable, ParlorError
from parlor.core.rules import team_letter
from parlor.core.text import GameText
from parlor.core.view import View
from parlor.core.words import N_, Seats, from_data, said, say, say_n
from parlor.session import cards_named, howto_text, person_seat, results_seen, rules_text
from parlor.session.keep import forget
from parlor.session.moves import move_keys
from parlor.session.lessons import LessonRun, lessons
from parlor.session.puzzles import PuzzleRun, puzzles

from .dialogs import ChoiceDialog, InputDialog, TextDialog
from .model import Moves, Session, TableConfig, group_moves
from .widgets import HandView, SaidFooter, SeatsView, TrickView, card_lines, codes_coloured

TABLE_CSS = """
#head { height: 1; background: $primary-background; color: $text; }
#body { height: 1fr; }
#left { width: 34; border: round $primary; border-title-color: $text; }
#left.wide { width: 44; }
#right { width: 1fr; border: round $primary; }
#log { height: 1fr; }
#info { height: 1fr; }
#status { height: 1; }
#status.mine { background: $warning 40%; text-style: bold; }
#status.doubt { background: $error 50%; }
#moves { height: 1; }
#moves Button { margin-right: 1; min-width: 6; }
"""


def compose_table(moves: bool) -> ComposeResult:
    """The table's layout, for play (with the move buttons) and for the replay viewer."""
    yield Static(id="head")
    with Horizontal(id="body"):
        with Vertical(id="left") as left:
            left.border_title = say("Seats")
            yield SeatsView(id="seats")
            with VerticalScroll(id="log"):
                yield Static(id="log-text")
        with Vertical(id="right") as right:
            right.border_title = say("Table")
            yield TrickView(id="trick")
            with VerticalScroll(id="info"):
                yield Static(id="info-text")
    yield Static(id="status")
    yield HandView(id="hand")
    if moves:
        yield HorizontalScroll(id="moves")
    yield SaidFooter(compact=True)


WIDE = 110  # a terminal this wide gives the seats and the log column more room (#left.wide)


def show_log(screen: Screen, entries: list[tuple[str, str]]) -> None:
    """The log column of a screen drawn by compose_table, scrolled to its end: each entry (text,
    style) wrapped to the column with its later lines indented, so that a long move ("Ben plays
    the Initiate of Thought") reads as one entry and the next starts at the edge."""
    width = max((screen.query_one("#log").size.width or 32) - 2, 12)  # the scroll bar's 2 columns
    lines = [Text(line, style=style) for text, style in entries
             for line in textwrap.wrap(text, width, subsequent_indent="  ")]
    screen.query_one("#log-text", Static).update(Text("\n").join(lines))
    log = screen.query_one("#log", VerticalScroll)
    screen.call_after_refresh(log.scroll_end, animate=False)


# The keys of every screen drawn by compose_table: up and down between the hand and the move
# buttons, a digit for a card of the hand (1-9, 0 the tenth).
HAND_KEYS: list[BindingType] = [
    Binding("up", "focus_hand(False)", show=False),
    Binding("down", "focus_hand(True)", show=False),
    *(Binding(str((i + 1) % 10), f"card({i})", show=False) for i in range(10)),
]


class HandScreen(Screen):
    """A screen drawn by compose_table (the table, a lesson, a practice position): what its
    HAND_KEYS do, and its row of move buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.moves = Moves({}, [], {}, [])  # the seat's legal moves by card and by button
        self.buttons: dict[str, str] = {}  # a move button's id -> what it stands for
        self.button_round = 0  # each row's ids are new: a row just removed may still hold the old ones

    def show_buttons(self, labels: list[str], meanings: list[str]) -> None:
        """The row of move buttons, one a label, standing for its meaning (on_button_pressed)."""
        bar = self.query_one("#moves", HorizontalScroll)
        bar.remove_children()
        self.button_round += 1
        self.buttons = {}
        buttons = []
        for i, (label, meaning) in enumerate(zip(labels, meanings)):
            bid = f"mv-{self.button_round}-{i}"
            self.buttons[bid] = meaning
            buttons.append(Button(label, id=bid, compact=True))
        if buttons:
            bar.mount(*buttons)

    def action_card(self, index: int) -> None:
        self.query_one(HandView).pick(index)

    def action_focus_hand(self, down: bool) -> None:
        buttons = list(self.query_one("#moves").query(Button))
        if down and buttons and self.query_one(HandView).has_focus:
            buttons[0].focus()
        elif not down:
            self.query_one(HandView).focus()


def draw_table(screen: Screen, words: GameText, view: View, scores: list[int], me: int,
               extra: list[Text] | None = None) -> None:
    """The seats, the trick and the table's text of one seat's view (`extra` lines first), in
    the game's words."""
    rules = words.rules
    seats = screen.query_one(SeatsView)
    seats.show(words, view, scores, me, seats.size.width or 32)
    trick = screen.query_one(TrickView)
    trick.show(words, view)
    screen.query_one("#right").border_subtitle = trick.caption
    info = list(extra or []) + [codes_coloured(rules.id, line, rules.deck) for line in words.table_lines(view)]
    if words.suit_legend():  # suits nobody knows: their signs and names
        info.append(Text(words.suit_legend(), style="dim"))
    screen.query_one("#info-text", Static).update(Text("\n").join(info))


def describe_result(session: Session, number: int) -> Text:
    """A finished deal, for the summary between deals."""
    m, names, who = session.match, session.names, Seats(session.names)
    r = m.results[number - 1]
    totals = [sum(x.points[s] for x in m.results[:number]) for s in range(len(names))]
    headline = session.words.deal_result(r, names)
    t = Text(f"{headline}\n\n")
    rows = []  # (label, the seat whose figures stand for it)
    team_of = session.rules.team_of
    if team_of is not None:
        for team in sorted(set(team_of)):
            seats = [s for s in range(len(names)) if team_of[s] == team]
            rows.append((say("Team {team}: {seats}", team=team_letter(session.rules, seats[0]),
                             seats=who.several(seats)), seats[0]))
    else:
        rows = [(who(s), s) for s in range(len(names))]
    width = max(len(label) for label, _ in rows)
    for label, s in rows:
        mine = s == session.human or (team_of is not None and team_of[s] == team_of[session.human])
        t.append(say("{seat}  {points:>+6}   total {total:>6}", seat=label.ljust(width), points=r.points[s],
                     total=totals[s]) + "\n", style="bold" if mine else "")
    if number == len(m.results) and m.closed_state is not None:
        # how the deal ended, as this seat saw it: the hands shown and their totals, the last trick
        closed = dict(m.closed_view(session.human) or {}, names=names)
        t.append("\n")
        for line in session.words.table_lines(closed):
            if line == headline:
                continue  # Tőr's table ends with the result: said once, at the top
            t.append_text(codes_coloured(session.rules.id, line, session.rules.deck))
            t.append("\n")
    return t


LEAVE = N_("Leave the table?")


class TableScreen(HandScreen):
    CSS = TABLE_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        # the footer shows as many as 80 columns hold, in this order: quitting must be among them
        # (the descriptions are templates: SaidFooter says them)
        Binding("h", "hint", N_("hint")),
        Binding("m", "moves", N_("moves")),
        Binding("l", "last_trick", N_("last trick")),
        Binding("t", "sheet", N_("scores")),
        Binding("s", "save", N_("save")),
        Binding("q", "quit_table", N_("quit")),
        Binding("u", "take_back", N_("take back")),
        Binding("U", "redo", N_("redo"), show=False),
        # replay, new match and load are offered where they are wanted (the match's end, the
        # start), so the footer keeps to what a deal needs and fits 80 columns with the rules key
        Binding("v", "replay", N_("replay"), show=False),
        Binding("e", "review", N_("review"), show=False),  # at the match's end: the status line says it
        Binding("n", "restart", N_("new match"), show=False),
        Binding("r", "rules", N_("rules")),
        Binding("k", "learn", N_("learn"), show=False),  # also the Rules dialog's Learn button
        Binding("o", "load", N_("load"), show=False),
        Binding("left", "button_step(-1)", show=False),
        Binding("right", "button_step(1)", show=False),
        *HAND_KEYS,
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.results_shown = results_seen(session.match)
        self.log_shown = 0
        self.thinking: int | None = None
        self.final_shown = False
        self.drawn_for: tuple | None = None  # (generation, actions) the screen shows
        self.doubted: str | None = None  # the move just asked about (TableSession.doubt)

    @property
    def delay(self) -> float:
        return self.session.config.delay

    # --- layout
    def compose(self) -> ComposeResult:
        yield from compose_table(moves=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game without tricks (Tőr) has no last trick: its key is neither shown nor bound."""
        if action == "last_trick" and "tricks" not in self.session.rules.view_schema:
            return False
        return True

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        self.redraw()
        self.advance()

    # --- drawing: the person's view only
    def redraw(self, closed: bool = False) -> None:
        """The table as the person sees it; `closed`: the deal that just ended, as it ended."""
        s = self.session
        m, rules = s.match, s.rules
        ended = m.closed_view(s.human) if closed else None
        view = dict(ended, names=s.names) if ended is not None else s.view()
        game = rules.id
        mine = s.human_to_act() and not m.finished and ended is None
        self.moves = group_moves(view["legal"], view["hand"], rules.deck) if mine else Moves({}, [], {}, [])
        total = rules.max_deals()
        who = Seats(s.names)
        head = Text(f" {rules.title} ", style="bold reverse")
        # the person is "You" at this table: the header says their seat, not the name again
        head.append("  " + (say("deal {deal}/{total}  ·  dealer {dealer}  ·  your seat {seat}",
                                deal=m.deal_number, total=total, dealer=who(view["dealer"]), seat=s.human) if total else
                            say("deal {deal}  ·  dealer {dealer}  ·  your seat {seat}",
                                deal=m.deal_number, dealer=who(view["dealer"]), seat=s.human)))
        self.query_one("#head", Static).update(head)
        draw_table(self, s.words, view, m.scores, s.human)
        roles = {c: s.words.card_role(view, c) for c in view["hand"]}
        self.query_one(HandView).show(game, view["hand"], int(view.get("hand_hidden") or 0),
                                      set(self.moves.by_card), roles, mine and bool(self.moves.by_card))
        self._draw_log()
        self.doubted = None
        self._draw_status(mine, view)
        self._draw_buttons()
        self.drawn_for = (s.generation, len(m.actions))
        if s.keep_failed:
            self.notify(s.keep_failed, severity="error", timeout=8)
            s.keep_failed = None

    def on_resize(self) -> None:
        self.query_one("#left").set_class(self.app.size.width >= WIDE, "wide")
        if self.drawn_for is not None:
            self.call_after_refresh(self._draw_log)  # wrapped again to the column's new width

    def _draw_log(self) -> None:
        s = self.session
        entries = []
        deal = None
        spoken = s.view()  # the person is "You": "You play the 7 of hearts"
        for number, seat, seen in s.match.log[-60:]:
            if number != deal:
                deal = number
                entries.append((say("— deal {deal} —", deal=number), "dim"))
            entries.append((s.words.move_words(spoken, seat, seen[s.human]), "bold" if seat == s.human else ""))
        show_log(self, entries)

    def _draw_status(self, mine: bool, view: View) -> None:
        s = self.session
        status = self.query_one("#status", Static)
        status.set_class(mine, "mine")
        status.set_class(False, "doubt")
        if s.match.finished:
            winners = s.match.winners()
            status.update(" " + (say("The match is over. Winners: {names}.  n: new match  v: replay  e: review  "
                                     "t: scores", names=Seats(s.names).several(winners)) if winners else
                                 say("The match is over, a draw.  n: new match  v: replay  e: review  t: scores")))
        elif mine:
            status.update(" " + self._turn_line(view))
        else:  # a computer to act thinks only once no dialog waits for the person (advance)
            status.update(say(" {seat} is thinking…", seat=Seats(s.names)(self.thinking))
                          if self.thinking is not None else "")

    def _turn_line(self, view: View) -> str:
        """What is wanted of the person, then the keys that do it: the hand's numbers are the
        cards' own, the same in every list (ChoiceDialog)."""
        wanted = self.session.words.wanted(view)
        last = min(len(view["hand"]), 10) % 10
        cards, below = bool(self.moves.by_card), bool(self.moves.buttons or self.moves.groups)
        if cards and len(view["hand"]) == 1:  # not "1-1 cards"
            if below:
                return say("Your turn: {wanted}  (1 the card, ↓ moves, m all)", wanted=wanted)
            return say("Your turn: {wanted}  (1 the card, m all)", wanted=wanted)
        if cards and below:
            return say("Your turn: {wanted}  (1-{last} cards, ↓ moves, m all)", wanted=wanted, last=last)
        if cards:
            return say("Your turn: {wanted}  (1-{last} cards, m all)", wanted=wanted, last=last)
        return say("Your turn: {wanted}  (↓ moves, m all)", wanted=wanted)

    def _draw_buttons(self) -> None:
        bar = self.query_one("#moves", HorizontalScroll)
        wanted = list(self.moves.buttons) + [acts[0] if len(acts) == 1 else f"{verb}…"
                                             for verb, acts in self.moves.groups.items()]
        labels = [self.button_words(meaning) for meaning in wanted]
        current = [str(b.label) for b in bar.query(Button)]
        if current == labels:
            return
        if isinstance(self.focused, Button) and self.focused.parent is bar:
            self.query_one(HandView).focus()
        self.show_buttons(labels, wanted)

    def button_words(self, meaning: str) -> str:
        """A move button's label: the move in the game's words ("Bid 2"), or a verb's several
        moves as the kind of move they are ("meld…")."""
        s = self.session
        if meaning.endswith("…"):
            return say("{kind}…", kind=self.kind_words(meaning[:-1]))
        return s.words.action_words(s.view(), meaning)

    def kind_words(self, verb: str) -> str:
        """The kind of move a verb's legal moves are, in the game's words (GameText.wanted)."""
        view = self.session.view()
        return self.session.words.wanted(dict(view, legal=self.moves.groups.get(verb) or [verb]))

    # --- the match moves on
    @work(exclusive=True, group="play")
    async def advance(self) -> None:
        s = self.session
        while True:
            await self._until_on_top()
            m, generation = s.match, s.generation
            while self.results_shown < len(m.results):
                self.results_shown += 1
                # the deal as it ended stays on the table behind its summary, not the next one dealt
                self.redraw(closed=self.results_shown == len(m.results) and m.closed_state is not None)
                await self._deal_summary(self.results_shown)
                if generation != s.generation:
                    return
            if m.finished:
                self.redraw()
                if not self.final_shown:
                    self.final_shown = True
                    await self._final()
                return
            seat = m.to_act()
            assert seat is not None  # the match is not finished
            if seat == s.human:
                legal = m.legal()
                if s.config.auto_forced and len(legal) == 1:
                    self.redraw()
                    await asyncio.sleep(self.delay)
                    if generation != s.generation or m.to_act() != seat:
                        return
                    self.notify(say("{move} (your only move)", move=s.words.action_words(s.view(), legal[0])),
                                timeout=2)
                    s.apply(legal[0])
                    continue
                self.redraw()
                return
            self.thinking = seat
            self.redraw()
            start = time.monotonic()
            view = m.view(seat)  # the bot gets its own seat's view, exactly as the match gives it
            action = await asyncio.to_thread(s.choose, seat, view)
            wait = self.delay - (time.monotonic() - start)
            if wait > 0:
                await asyncio.sleep(wait)
            await self._until_on_top()
            if generation != s.generation or m.to_act() != seat:
                return  # the table was restarted or loaded meanwhile
            s.apply(action)
            while s.bot_errors:
                self.notify(s.bot_errors.pop(0), severity="error", timeout=8)
            self.thinking = None
            self.redraw()

    async def _until_on_top(self) -> None:
        """The table waits while another screen (the replay viewer, the rules, a score sheet) is
        on top: no move is made unseen, and no deal's summary lands on top of that screen."""
        while self.app.screen is not self:
            await asyncio.sleep(0.05)

    async def _deal_summary(self, number: int) -> None:
        s = self.session
        if number >= len(s.match.results) and s.match.finished:
            return  # the last deal: the final scores say it
        body = describe_result(s, number)
        choice = await self.app.push_screen_wait(TextDialog(
            say("Deal {deal} is over", deal=number), body, [("next", say("Next deal")), ("sheet", say("Score sheet"))]))
        if choice == "sheet":
            await self.app.push_screen_wait(TextDialog(
                say("Score sheet"), s.words.score_sheet(s.match.results[:number], s.said_names()), wrap=False))

    async def _final(self) -> None:
        s = self.session
        m = s.match
        winners = m.winners()
        body = Text((say_n("Winner: {names}", "Winners: {names}", len(winners), names=Seats(s.names).several(winners))
                     if winners else
                     say("Winners: none, a draw")) + "\n\n", style="bold")
        if m.results:
            body.append_text(describe_result(s, len(m.results)))
            body.append("\n")
        body.append(s.words.score_sheet(m.results, s.said_names()))
        choice = await self.app.push_screen_wait(TextDialog(
            say("The match is over"), body,
            [("close", say("Close")), ("new", say("New match")), ("replay", say("Replay")), ("review", say("Review")),
             ("save", say("Save"))], wrap=False))
        if choice == "new":
            self.action_restart(confirm=False)
        elif choice == "replay":
            self.action_replay()
        elif choice == "review":
            self.action_review()
        elif choice == "save":
            self.action_save()

    # --- the person's moves
    def play(self, action: str) -> None:
        s = self.session
        if not s.human_to_act():
            self.notify(s.not_your_turn(), severity="warning")
            return
        question = s.doubt(s.human, action) if s.ask_first and action != self.doubted else None
        if question is not None:  # asked once: the same move again makes it
            self.doubted = action
            status = self.query_one("#status", Static)
            status.update(" " + say("{question} Again to confirm.", question=question))
            status.set_class(True, "doubt")
            return
        try:
            s.apply(action)
        except ActionError as e:
            self.notify(say("Not a legal move: {reason}", reason=s.told(e.reason, s.human)), severity="error")
            return
        s.undone.clear()  # a new move: what was taken back cannot come again
        self.redraw()
        self.advance()

    def action_take_back(self) -> None:
        """Undo the person's last move and the computers' after it (against computers only)."""
        s = self.session
        refusal = s.why_no_take_back(s.human)
        if refusal:
            self.notify(say("Cannot take back: {refusal}.", refusal=refusal), severity="warning")
            return
        self.workers.cancel_group(self, "play")  # a computer thinking now thinks for a gone state
        s.take_back(s.human)
        self._moved_back(say("Your last move was taken back (U plays it again)."))

    def action_redo(self) -> None:
        s = self.session
        self.workers.cancel_group(self, "play")
        if not s.redo():
            self.notify(say("Nothing to play again."), severity="warning")
        else:
            self._moved_back(say("The moves taken back were played again."))

    def _moved_back(self, message: str) -> None:
        s = self.session
        s.generation += 1  # a move thought out before this is dropped
        self.thinking = None
        self.results_shown = len(s.match.results)
        self.final_shown = s.match.finished
        self.notify(message, timeout=3)
        self.redraw()
        self.advance()

    def choose_among(self, title: str, actions: list[str], keys: list[str] | None = None) -> None:
        if not actions:
            return
        if len(actions) == 1:
            self.play(actions[0])
            return
        s = self.session
        view = s.view()
        labels = [codes_coloured(s.rules.id, s.words.action_words(view, a), s.rules.deck) for a in actions]

        def done(choice: str | None) -> None:
            if choice:
                self.play(choice)
        self.app.push_screen(ChoiceDialog(title, actions, labels, keys=keys), done)

    def all_moves(self) -> tuple[list[str], list[str]]:
        """The list of all moves and its keys (session/moves.py move_keys): a card's only move
        has the card's own key in the hand (the tenth card's is 0), every other move a letter."""
        hand = self.query_one(HandView).cards
        keys = move_keys(self.moves.legal, hand, self.session.rules.deck, numbered=10)
        return list(keys.values()), ["0" if k == "10" else k for k in keys]

    def on_hand_view_chosen(self, event: HandView.Chosen) -> None:
        actions = self.moves.by_card.get(event.code, [])
        if not actions:
            s = self.session
            self.notify(s.why_not(event.code) if s.human_to_act() else s.not_your_turn(), timeout=4)
            return
        self.choose_among(say("{card}: which move?", card=event.code), actions)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        label = self.buttons.get(event.button.id or "")
        if label is None:
            return
        event.stop()
        if label.endswith("…"):
            verb = label[:-1]
            self.choose_among(say("{kind}: which one?", kind=self.kind_words(verb)), self.moves.groups[verb])
        else:
            self.play(label)

    def action_button_step(self, step: int) -> None:
        """←/→ along the move buttons (the hand has its own arrows)."""
        buttons = list(self.query_one("#moves").query(Button))
        if self.focused in buttons:
            buttons[(buttons.index(self.focused) + step) % len(buttons)].focus()

    def action_moves(self) -> None:
        if not self.moves.legal:
            self.notify(self.session.not_your_turn(), timeout=2)
            return
        self.choose_among(say("Your moves"), *self.all_moves())

    # --- keys
    @work(exclusive=True, group="hint")
    async def action_hint(self) -> None:
        s = self.session
        if not s.human_to_act():
            self.notify(s.not_your_turn(), timeout=2)
            return
        self.notify(say("Thinking about a hint…"), timeout=1)
        asked = (s.generation, len(s.match.actions))
        action, why = await asyncio.to_thread(s.hint)
        if self.session is not s or (s.generation, len(s.match.actions)) != asked:
            return  # the position moved on while the hint was thought out: it would mislead
        if action is None:
            self.notify(why, timeout=4)
            return
        for code in action.split(" "):
            self.query_one(HandView).point_to(code)
        hand = self.query_one(HandView).cards
        card = next((c for c, acts in self.moves.by_card.items() if acts == [action] and c in hand), None)
        words = s.words.action_words(s.view(), action)
        move = words if card is None else say("{move} (key {key})", move=words, key=(hand.index(card) + 1) % 10)
        self.notify(say("Hint: {move} — {why}", move=move, why=why) if why else say("Hint: {move}", move=move),
                    timeout=6)

    def action_last_trick(self) -> None:
        s = self.session
        view = s.view()
        last = s.match.last_trick(s.human, view)
        if last is not None and last["deal"] != view["deal"]:
            closed = s.match.closed_view(s.human)  # the deal before: its cards' roles
            assert closed is not None  # the last trick is of a closed deal
            view = closed
        if last is None:
            self.notify(say("No trick has been finished yet."), timeout=2)
            return
        rows = [Text(), Text(), Text(), Text()]
        for p, code in last["cards"]:
            rows[0].append(f"{Seats(s.names)(p)[:6]:<7}", style="bold" if p == last["winner"] else "")
            for r, line in enumerate(card_lines(s.rules.id, code, s.words.card_role(view, code))):
                rows[r + 1].append_text(line)
                rows[r + 1].append("  ")
        body = Text("\n").join(rows)
        if last["winner"] is not None:
            body.append("\n\n" + s.words.trick_words(dict(view, names=s.names), last))
        self.app.push_screen(TextDialog(say("The last trick"), body))

    def action_sheet(self) -> None:
        s = self.session
        self.app.push_screen(TextDialog(say("Score sheet"), s.words.score_sheet(s.match.results, s.said_names()),
                                        wrap=False))

    def action_rules(self) -> None:
        """How to play, with a button to the full rules."""
        game, title = self.session.rules.id, self.session.rules.title
        try:
            howto, full = cards_named(game, howto_text(game)), rules_text(game)
        except (OSError, BadTable):
            howto = full = say("The rules text is not available.")
        legend = self.session.words.suit_legend()
        if legend:  # the signs of suits nobody knows, first (the table's text has them last)
            howto = legend + "\n\n" + howto

        def chosen(button: str | None) -> None:
            if button == "full":
                self.app.push_screen(TextDialog(say("Full rules of {game}", game=title), full, markdown=True))
            elif button == "learn":
                self.action_learn()

        self.app.push_screen(TextDialog(say("Rules of {game}", game=title), howto,
                                        [("close", say("Close")), ("full", say("Full rules")),
                                         ("learn", say("Learn"))],
                                        markdown=True), chosen)

    def action_learn(self) -> None:
        """This game's lessons and practice positions, over the table (q comes back to it)."""
        from .lesson import LessonScreen  # they draw with this module's table
        from .puzzle import PuzzleScreen
        game = self.session.rules.id
        found = lessons(game)
        choices = [str(one.number) for one in found] + (["puzzles"] if puzzles(game) else [])
        labels = [say("Lesson {number}: {title}", number=one.number, title=from_data(one.title)) for one in found]
        if puzzles(game):
            labels.append(say("Practice positions ({count})", count=len(puzzles(game))))
        if not choices:
            self.notify(say("{game} has no lessons yet", game=self.session.rules.title), timeout=3)
            return

        def chosen(choice: str | None) -> None:
            if choice == "puzzles":
                self.app.push_screen(PuzzleScreen(PuzzleRun(puzzles(game)[0]), over_table=True))
            elif choice:
                one = next(o for o in found if str(o.number) == choice)
                self.app.push_screen(LessonScreen(LessonRun(one), over_table=True))
        self.app.push_screen(ChoiceDialog(say("Learn {game}", game=self.session.rules.title), choices, labels),
                             chosen)

    def action_save(self, then=None) -> None:
        """Ask for a file and save the record there; `then()` runs once it is saved."""
        s = self.session
        default = f"{s.rules.id}-{s.match.seed}.json"

        def done(path: str | None) -> None:
            if not path:
                return
            try:
                records.save(s.match, path)
            except OSError as e:
                self.notify(say("Could not save to {name}: {reason}", name=path, reason=e.strerror), severity="error")
                return
            self.notify(say("Saved the record to {name}.", name=path))
            if then is not None:
                then()
        self.app.push_screen(InputDialog(say("Save the record to the file:"), default), done)

    def action_load(self) -> None:
        def done(path: str | None) -> None:
            if path:
                self.load(path)
        self.app.push_screen(InputDialog(say("Load a record from the file:"), ""), done)

    def load(self, path: str | Path) -> bool:
        """Continue the match in a record file; False (and a message) when it cannot be read."""
        try:
            match = records.replay(records.read(path))
        except ParlorError as e:
            self.notify(say("Cannot load {name}: {reason}", name=path, reason=e), severity="error", timeout=6)
            return False
        old = self.session.config
        seat = person_seat(match.names, old.human if old.human < match.rules.seats else 0)
        config = TableConfig(match.rules.id, dict(match.rules.options), match.rules.seats, seat,
                             old.levels, old.delay, match.seed, old.auto_forced, old.ask_first, old.keep_in)
        self.workers.cancel_group(self, "play")
        generation = self.session.generation
        self.session = Session(config, match)
        self.session.generation = generation + 1
        self.results_shown = results_seen(match)
        self.final_shown = False
        self.notify(say("Loaded {name}: {game}, deal {deal}.", name=path, game=match.rules.title,
                        deal=match.deal_number))
        self.redraw()
        self.advance()
        return True

    def action_replay(self) -> None:
        from .replay import ReplayScreen
        s = self.session
        self.app.push_screen(ReplayScreen(s.match.record(), s.names, s.human))

    def action_review(self) -> None:
        """Your choices in the finished match weighed by the search (tui/review.py)."""
        from .review import ReviewScreen
        s = self.session
        if not s.match.finished:
            self.notify(say("The review is for a finished match: it weighs every choice you made."), timeout=3)
            return
        self.app.push_screen(ReviewScreen({**s.match.record(), "names": list(s.names)}, s.human))

    def action_restart(self, confirm: bool = True) -> None:
        def done(choice: str | None) -> None:
            if choice != "restart":
                return
            self.workers.cancel_group(self, "play")
            self.session.restart()
            self.results_shown = 0
            self.final_shown = False
            self.notify(say("A new match: the scores start from nothing."), timeout=3)
            self.redraw()
            self.advance()
        if not confirm or self.session.match.finished:
            done("restart")
            return
        self.app.push_screen(ChoiceDialog(say("Start a new match? The scores are cleared."),
                                          ["restart", "cancel"],
                                          [say("New match (scores cleared)"), say("Go on playing")]), done)

    def action_quit_table(self) -> None:
        """q, and Ctrl+Q anywhere: a match in play is never lost to one key; asked twice, it goes.
        Where the match is kept as it goes, leaving keeps it unless the person says to forget it."""
        s = self.session

        def done(choice: str | None) -> None:
            if choice == "forget":
                if s.keep_in is not None:
                    forget(s.keep_in, s.rules.id)
                self.app.exit()
            elif choice in ("keep", "quit"):
                self.app.exit()
            elif choice == "save":
                self.action_save(then=self.app.exit)
        if s.match.finished or getattr(self.app.screen, "title_text", None) == said(LEAVE):
            self.app.exit()
            return
        if s.keep_in is not None and s.match.actions:
            choices = ["keep", "save", "forget", "stay"]
            labels = [say("Quit, and keep the match: parlor play {game} goes on with it", game=s.rules.id),
                      say("Save it to a file too, then quit"), say("Quit, and forget this match"), say("Stay")]
        else:
            choices = ["save", "quit", "stay"]
            labels = [say("Save, then quit"), say("Quit without saving"), say("Stay")]
        self.app.push_screen(ChoiceDialog(said(LEAVE), choices, labels), done)
