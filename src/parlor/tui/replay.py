"""The replay viewer: step through any record, forward and back, as one seat saw it or with every
hand shown. The one screen that may show all hands: the whole record is known to whoever holds it.
The record of a match not yet over (the one being played, or one saved to go on with later) is
seen only as one seat saw it: the person's ("You" in a record saved here) or the one asked for."""

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from parlor.core.registry import text_of
from parlor.core.words import N_, Seats, say
from parlor.records import Stepper
from parlor.session import person_seat, seat_names

from .table import TABLE_CSS, compose_table, draw_table, show_log
from .widgets import HandView, card_text


class ReplayScreen(Screen):
    CSS = TABLE_CSS + "#hands { height: auto; max-height: 10; }"
    BINDINGS = [
        Binding("right", "step(1)", N_("next"), priority=True), Binding("left", "step(-1)", N_("back"), priority=True),
        Binding("pagedown", "step(10)", "+10"), Binding("pageup", "step(-10)", "-10"),
        Binding("home", "jump(0)", N_("start")), Binding("end", "jump(-1)", N_("end")),
        Binding("d", "next_deal", N_("next deal")),
        Binding("tab", "seat(1)", N_("seat")), Binding("a", "all_hands", N_("all hands")),
        Binding("escape", "close", N_("close")), Binding("q", "close", show=False),
    ]

    def __init__(self, record: dict, names: list[str] | None = None, seat: int | None = None) -> None:
        super().__init__()
        self.stepper = Stepper(record)
        rules = self.stepper.match.rules
        self.rules = rules
        self.words = text_of(rules)
        self.names = names or record.get("names") or seat_names(rules.seats, -1)
        if seat is None:
            seat = person_seat(self.names, 0)
        self.seat = seat if 0 <= seat < rules.seats else 0
        self.all_hands = False
        # saved mid-match and replayed here, then loaded again: the other hands must not show
        self.own_seat_only = not self.stepper.end.finished

    def compose(self) -> ComposeResult:
        yield from compose_table(moves=False)

    def on_mount(self) -> None:
        self.query_one(HandView).can_focus = False  # the arrows step through the record
        self.redraw()

    def redraw(self) -> None:
        st, rules = self.stepper, self.rules
        m = st.match
        game = rules.id
        view = dict(m.view(self.seat), names=self.names)
        name = Seats(self.names)
        head = Text(" " + say("Replay") + " ", style="bold reverse")
        head.append(" " + (say("{game}  ·  action {number}/{total}  ·  deal {deal}  ·  every hand", game=rules.title,
                               number=st.index, total=len(st.actions), deal=m.deal_number) if self.all_hands else
                           say("{game}  ·  action {number}/{total}  ·  deal {deal}  ·  as {name} (seat {seat}) saw it",
                               game=rules.title, number=st.index, total=len(st.actions), deal=m.deal_number,
                               name=name(self.seat), seat=self.seat)))
        self.query_one("#head", Static).update(head)
        hands = []
        if self.all_hands:  # each seat's own hand, from its own view
            for s in range(rules.seats):
                line = Text(f"{name(s)[:6]:<7}", style="bold")
                for code in m.view(s)["hand"]:
                    line.append_text(card_text(game, code))
                    line.append(" ")
                hands.append(line)
            hands.append(Text(""))
        draw_table(self, self.words, view, m.scores, self.seat, hands)
        roles = {c: self.words.card_role(view, c) for c in view["hand"]}
        self.query_one(HandView).show(game, view["hand"], int(view.get("hand_hidden") or 0), set(), roles, False)
        entries = []
        for i, (_number, seat, seen) in enumerate(m.log[-40:]):
            text = m.actions[len(m.log) - len(m.log[-40:]) + i] if self.all_hands else seen[self.seat]
            entries.append((self.words.move_words(view, seat, text), ""))
        show_log(self, entries)
        if st.index == 0:
            status = (say("The start of the record. → next action, ← back.") if self.own_seat_only else
                      say("The start of the record. → next action, ← back, Tab another seat, a all hands."))
        else:
            number, seat, seen = m.log[-1]
            text = m.actions[-1] if self.all_hands else seen[self.seat]
            status = say("Action {number}: {move}", number=st.index, move=self.words.move_words(view, seat, text))
        if m.finished and st.index == len(st.actions):
            status = say("{status}  —  the match is over", status=status)
        self.query_one("#status", Static).update(" " + status)

    def action_step(self, step: int) -> None:
        self.stepper.go(self.stepper.index + step)
        self.redraw()

    def action_jump(self, index: int) -> None:
        self.stepper.go(len(self.stepper.actions) if index < 0 else index)
        self.redraw()

    def action_next_deal(self) -> None:
        st = self.stepper
        deal = st.match.deal_number
        while st.index < len(st.actions) and st.match.deal_number == deal:
            st.go(st.index + 1)
        self.redraw()

    def others_hidden(self) -> bool:
        if self.own_seat_only:
            self.notify(say("The match is not over: the other hands stay hidden."), timeout=3)
        return self.own_seat_only

    def action_seat(self, step: int) -> None:
        if self.others_hidden():
            return
        self.all_hands = False
        self.seat = (self.seat + step) % self.rules.seats
        self.redraw()

    def action_all_hands(self) -> None:
        if self.others_hidden():
            return
        self.all_hands = not self.all_hands
        self.redraw()

    def action_close(self) -> None:
        self.app.pop_screen()
