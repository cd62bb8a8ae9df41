"""Small modal dialogs: choose one of a list, read a text, type a line."""

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Markdown, OptionList, Static

from parlor.core.words import say
from parlor.session.moves import LETTERS

DIALOG_CSS = """
.dialog { width: auto; max-width: 76; height: auto; max-height: 22; border: round $accent;
          background: $surface; padding: 0 1; }
.dialog-title { text-style: bold; width: auto; }
.dialog OptionList { height: auto; max-height: 16; width: auto; min-width: 30; }
.dialog .buttons { height: auto; width: auto; margin-top: 1; }
.dialog .buttons Button { margin-right: 1; min-width: 8; }  /* as wide as its label: five fit in 78 columns */
"""



class ChoiceDialog(ModalScreen[str | None]):
    """A list of choices; arrows and Enter, a choice's key, or a click. Escape: none. The keys
    are letters unless the caller gives its own: at the table a digit is always a card of the
    hand, in the hand's numbering, so a list of moves gives a card's move that card's digit."""

    DEFAULT_CSS = DIALOG_CSS + "ChoiceDialog { align: center middle; }"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "close")]

    def __init__(self, title: str, choices: list[str], labels: list | None = None,
                 text: str | Text | None = None, keys: list[str] | None = None) -> None:
        super().__init__()
        self.title_text, self.choices = title, list(choices)
        self.labels = labels or self.choices
        self.text = text
        self.keys = list(keys) if keys is not None else list(LETTERS[:len(self.choices)])

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            if self.text is not None:
                yield Static(self.text)
            numbered = []
            for i, label in enumerate(self.labels):
                key = self.keys[i] if i < len(self.keys) else ""
                t = Text(f"{key}) " if key else "   ", style="dim")
                t.append_text(label if isinstance(label, Text) else Text(str(label)))
                numbered.append(t)
            yield OptionList(*numbered, id="choices")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[event.option_index])

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character in self.keys:
            event.stop()
            self.dismiss(self.choices[self.keys.index(event.character)])


class TextDialog(ModalScreen[str | None]):
    """A text to read (a score sheet, the rules, a deal's summary) with buttons; Escape or
    Enter closes with the first button's id."""

    DEFAULT_CSS = DIALOG_CSS + """
    TextDialog { align: center middle; }
    TextDialog .dialog { width: 100%; max-width: 80; }  /* at 80 columns, edge to edge: with a column
        left each side, the table's borders showed beside the dialog's ("╭╭") */
    TextDialog ScrollableContainer { height: auto; max-height: 16; }
    TextDialog .wide { width: auto; }
    """
    BINDINGS = [Binding("escape", "close", "close")]

    def __init__(self, title: str, body, buttons: list[tuple[str, str]] | None = None,
                 markdown: bool = False, wrap: bool = True) -> None:
        super().__init__()
        self.title_text, self.body = title, body
        self.buttons = buttons or [("close", say("Close"))]
        self.markdown, self.wrap = markdown, wrap

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            with ScrollableContainer(id="body"):
                if self.markdown:
                    yield Markdown(self.body)
                else:
                    body = self.body if isinstance(self.body, Text) else Text(str(self.body))
                    if not self.wrap:
                        body.no_wrap = True
                    yield Static(body, classes="" if self.wrap else "wide")
            with Horizontal(classes="buttons"):
                for key, label in self.buttons:
                    yield Button(label, id=f"b-{key}", compact=True)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None  # every button here has an id
        self.dismiss(event.button.id[2:])

    def action_close(self) -> None:
        self.dismiss(self.buttons[0][0] if self.buttons[0][0] in ("close", "next") else None)


class InputDialog(ModalScreen[str | None]):
    """One line of text (a file name); Enter accepts, Escape cancels."""

    DEFAULT_CSS = DIALOG_CSS + "InputDialog { align: center middle; } InputDialog Input { width: 60; }"
    BINDINGS = [Binding("escape", "dismiss(None)", "cancel")]

    def __init__(self, title: str, value: str = "") -> None:
        super().__init__()
        self.title_text, self.value = title, value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(self.value, id="line")
            yield Label(say("Enter: accept   Escape: cancel"), classes="dim")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)
