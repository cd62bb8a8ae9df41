"""The review of a finished match in the terminal: the person's choices weighed (session/review.py),
with a progress bar while the search works in a thread, then the review's text."""

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, ProgressBar, Static

from parlor.core.errors import ParlorError
from parlor.core.words import say
from parlor.session import review

from .dialogs import DIALOG_CSS


class _Closed(Exception):
    """The screen was closed while the search worked: stop it."""


class ReviewScreen(ModalScreen[None]):
    DEFAULT_CSS = DIALOG_CSS + """
    ReviewScreen { align: center middle; }
    ReviewScreen .dialog { width: 100; max-width: 100%; max-height: 100%; }
    ReviewScreen ScrollableContainer { height: auto; max-height: 40; }
    ReviewScreen ProgressBar { margin: 1 0; }
    """
    BINDINGS = [Binding("escape", "close", "close")]

    def __init__(self, record: dict, seat: int, budget: int = review.BUDGET) -> None:
        super().__init__()
        self.record, self.seat, self.budget = record, seat, budget
        self.closed = False
        self.data: dict | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(say("Review of the match"), classes="dialog-title")
            yield ProgressBar(id="progress", show_eta=False)
            with ScrollableContainer(id="body"):
                yield Static(say("Replaying the match…"), id="text")
            with Horizontal(classes="buttons"):
                yield Button(say("Close"), id="b-close", compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()
        self.run_worker(self._work, thread=True, group="review", exit_on_error=False)

    def _work(self) -> None:
        def progress(done: int, total: int) -> None:
            if self.closed:
                raise _Closed
            self.app.call_from_thread(self._progress, done, total)
        try:
            data = review.review(self.record, self.seat, self.budget, progress=progress)
        except _Closed:
            return
        except ParlorError as e:  # a record that does not replay: said in its line
            self.app.call_from_thread(self.query_one("#text", Static).update, e.reason)
            return
        self.app.call_from_thread(self._show, data)

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)
        self.query_one("#text", Static).update(say("Weighing your choices: {done} of {total} done.",
                                                   done=done, total=total))

    def _show(self, data: dict) -> None:
        self.data = data
        self.query_one(ProgressBar).display = False
        self.query_one("#text", Static).update(Text("\n".join(review.lines(data))))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.closed = True
        self.dismiss(None)
