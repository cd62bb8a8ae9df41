"""The Textual application: the start screen, then the table."""

from textual.app import App

from parlor.core.match import Match

from .model import Session, TableConfig
from .setup import StartScreen
from .table import TableScreen


class ParlorApp(App):
    TITLE = "parlor"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, config: TableConfig, match: Match | None = None, skip_start: bool = False):
        super().__init__()
        self.config = config
        self.initial_match = match
        self.skip_start = skip_start or match is not None

    def on_mount(self) -> None:
        self.push_screen(StartScreen(self.config))
        if self.skip_start:
            self.push_screen(TableScreen(Session(self.config, self.initial_match)))

    async def action_quit(self) -> None:
        """Ctrl+Q: at a match in play, the table asks first, as q does."""
        table = self.table
        if table is None:
            self.exit()
        else:
            table.action_quit_table()

    @property
    def table(self) -> TableScreen | None:
        """The table screen, when one is open (tests and callers read the match through it)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None
