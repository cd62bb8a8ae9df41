"""The start screen: the game, its table options, the seats, each opponent's level, your seat."""

import json
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static
from textual.widgets.select import NoSelection

from parlor import records
from parlor.bots.levels import level_words
from parlor.core.errors import ParlorError
from parlor.core.options import Option
from parlor.core.registry import games, text_class
from parlor.core.words import N_, Seats, listed, say, say_n
from parlor.session import default_level, levels, person_seat, seat_names

from .dialogs import InputDialog
from .model import DELAYS, Session, TableConfig
from .widgets import SaidFooter

SETUP_CSS = """
StartScreen { align: center top; }
#form { width: 80; max-width: 100%; height: 1fr; padding: 0 1; }
#title { text-style: bold; height: 1; margin-bottom: 1; }
.row { height: auto; width: 1fr; }
.row > Label { width: 26; padding-right: 1; }
.row > Select { width: 24; }
.row > Input { width: 24; }
.doc { color: $text-muted; width: 1fr; height: auto; padding-left: 1; }
.error { color: $error; width: 1fr; height: auto; padding-left: 1; }
.section { text-style: bold; margin-top: 1; height: 1; }
#actions { height: auto; margin-top: 1; }
#game-part, #seat-part { height: auto; }
#actions Button { margin-right: 1; }
"""

NO_VALUE = ""


def chosen(value: object) -> Any:  # Any: a Select's messages do not say its values' type
    """The value of a Select made with allow_blank=False (every one here but "every opponent"):
    it always has one."""
    assert not isinstance(value, NoSelection)
    return value


def parse_value(text: str):
    """An option typed by a person: JSON where it parses (7, [["1","2"]]), else a bare word."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def shown(value) -> str:
    return "" if value is None else value if isinstance(value, str) else json.dumps(value)


class StartScreen(Screen):
    CSS = SETUP_CSS
    BINDINGS = [Binding("ctrl+s", "start", N_("start")), Binding("escape", "app.quit", N_("quit"))]

    def __init__(self, config: TableConfig) -> None:
        super().__init__()
        self.config = config
        self.game = config.game if config.game in games() else next(iter(games()))
        self.errors: dict[str, str] = {}
        self.built = (0, -1)  # (seats, your seat) the seat rows were made for

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static(say("parlor — choose a table, then Start (Ctrl+S)"), id="title")
            with Horizontal(classes="row"):
                yield Label(say("Game"))
                yield Select([(cls.title, gid) for gid, cls in games().items()], value=self.game,
                             allow_blank=False, id="game", compact=True)
            yield Vertical(id="game-part")
            yield Static(say("Pace and moves"), classes="section")
            with Horizontal(classes="row"):
                yield Label(say("Computer's pace"))
                delays = sorted(set(DELAYS) | {self.config.delay})
                yield Select([(say("{seconds:g} s a move", seconds=d), d) for d in delays], value=self.config.delay,
                             allow_blank=False, id="delay", compact=True)
            with Horizontal(classes="row"):
                yield Label(say("Seed (blank: random)"))
                yield Input(shown(self.config.seed), id="seed", compact=True, placeholder=say("random"))
                yield Static("", id="err-seed", classes="error")
            yield Checkbox(say("Play my forced moves for me"), self.config.auto_forced, id="auto", compact=True)
            yield Checkbox(say("Ask before a likely slip: breaking a meld, burying a trump"),
                           self.config.ask_first, id="ask", compact=True)
            with Horizontal(id="actions"):
                yield Button(say("Start"), id="start", variant="primary", compact=True)
                yield Button(say("Load a record…"), id="load", compact=True)
                yield Button(say("Replay a record…"), id="replay", compact=True)
                yield Button(say("Quit"), id="quit", compact=True)
        yield SaidFooter(compact=True)

    async def on_mount(self) -> None:
        await self.build_game_part(keep=True)
        self.query_one("#start", Button).focus(scroll_visible=False)  # Enter starts
        form = self.query_one("#form", VerticalScroll)
        self.call_after_refresh(form.scroll_home, animate=False)  # the game and its options first

    # --- the parts that depend on the game and the seats
    async def build_game_part(self, keep: bool = False) -> None:
        cls = games()[self.game]
        cfg = self.config
        given = cfg.options if keep and cfg.game == self.game else {}
        seats = cfg.seats if keep and cfg.game == self.game and cfg.seats else cls.default_seats
        part = self.query_one("#game-part", Vertical)
        await part.remove_children()
        self.errors = {}
        rows: list[Widget] = []
        if cls.option_schema:
            rows.append(Static(say("Table options"), classes="section"))
        text = text_class(self.game)
        for opt in cls.option_schema:
            value = given.get(opt.name, opt.default)
            label, words = text.option_label(opt)
            widget: Widget
            if opt.choices:
                widget = Select([(words.get(c, shown(c)), i) for i, c in enumerate(opt.choices)],
                                value=next((i for i, c in enumerate(opt.choices)
                                            if type(c) is type(value) and c == value), 0),
                                allow_blank=False, id=f"opt-{opt.name}", compact=True)
            else:
                widget = Input(shown(value), id=f"opt-{opt.name}", compact=True,
                               placeholder=say("(absent)") if opt.default is None else shown(opt.default))
            rows.append(Horizontal(Label(label), widget,
                                   Static(text.option_doc(opt), classes="doc", id=f"doc-{opt.name}"),
                                   classes="row"))
        rows.append(Static(say("Seats"), classes="section"))
        if cls.min_seats != cls.max_seats:
            rows.append(Horizontal(Label(say("Players")), Select(
                [(str(n), n) for n in range(cls.min_seats, cls.max_seats + 1)], value=seats,
                allow_blank=False, id="seats", compact=True), classes="row"))
        else:
            rows.append(Horizontal(Label(say("Players")), Static(f"{cls.min_seats}"), classes="row"))
        rows.append(Vertical(id="seat-part"))
        await part.mount(*rows)
        await self.build_seat_part(seats, cfg.human if keep else 0, cfg.levels if keep else [])

    async def build_seat_part(self, seats: int, human: int, chosen: list[str]) -> None:
        cls = games()[self.game]
        human = human if 0 <= human < seats else 0
        self.built = (seats, human)
        names = [Seats(seat_names(seats, human))(s) for s in range(seats)]
        part = self.query_one("#seat-part", Vertical)
        await part.remove_children()
        places = [(say("seat {seat}", seat=s), s) for s in range(seats)]
        rows: list[Widget] = [Horizontal(Label(say("Your seat")), Select(places, value=human, allow_blank=False,
                                                                         id="human", compact=True), classes="row")]
        team_of = cls.team_of
        if team_of is not None:
            mates = [names[s] for s in range(seats) if s != human and team_of[s] == team_of[human]]
            others = sum(1 for s in range(seats) if team_of[s] != team_of[human])
            rows.append(Static(say_n("Teams: you with {mates} against {count} other player.",
                                     "Teams: you with {mates} against the other {count} players.", others,
                                     mates=listed(mates)), classes="doc"))
        options = [(level_words(name)[0], name) for name in levels()]  # a level by its name in words
        fallback = default_level()
        rows.append(Horizontal(Label(say("Every opponent")), Select(options, prompt=say("(set each below)"),
                                                               id="all-levels", compact=True), classes="row"))
        for s in range(seats):
            if s == human:
                continue
            level = chosen[s % len(chosen)] if chosen else fallback
            if level not in {name for _, name in options}:
                level = fallback
            label = say("{name} (seat {seat})", name=names[s], seat=s)
            if team_of is not None:
                label = (say("{name} (seat {seat}, partner)", name=names[s], seat=s) if team_of[s] == team_of[human]
                         else say("{name} (seat {seat}, opponent)", name=names[s], seat=s))
            rows.append(Horizontal(Label(label),
                                   Select(options, value=level, allow_blank=False, id=f"level-{s}",
                                          compact=True), classes="row"))
        await part.mount(*rows)

    def seats(self) -> int:
        found = self.query("#seats")
        return chosen(found.first(Select).value) if found else games()[self.game].default_seats

    def human(self) -> int:
        return chosen(self.query_one("#human", Select).value)

    def chosen_levels(self, seats: int) -> list[str]:
        out = []
        for s in range(seats):
            found = self.query(f"#level-{s}")
            out.append(chosen(found.first(Select).value) if found else default_level())
        return out

    # --- events
    @on(Select.Changed, "#game")
    async def game_changed(self, event: Select.Changed) -> None:
        if event.value != self.game:
            self.game = chosen(event.value)
            await self.build_game_part()

    @on(Select.Changed, "#seats")
    async def seats_changed(self, event: Select.Changed) -> None:
        if event.value != self.built[0]:
            seats = chosen(event.value)
            await self.build_seat_part(seats, self.human(), self.chosen_levels(seats))

    @on(Select.Changed, "#human")
    async def human_changed(self, event: Select.Changed) -> None:
        if event.value != self.built[1]:
            seats = self.seats()
            await self.build_seat_part(seats, chosen(event.value), self.chosen_levels(seats))

    @on(Select.Changed, "#all-levels")
    def all_levels(self, event: Select.Changed) -> None:
        if event.value is Select.NULL:
            return
        for sel in self.query(Select):
            if sel.id and sel.id.startswith("level-"):
                sel.value = event.value

    @on(Input.Changed)
    def input_changed(self, event: Input.Changed) -> None:
        self.check_input(event.input)

    def check_input(self, widget: Input) -> str | None:
        """The reason a typed option or seed is refused, shown beside it; None when fine."""
        wid = widget.id or ""
        text = widget.value.strip()
        reason = None
        if wid == "seed":
            if text and not text.lstrip("-").isdigit():
                reason = say("a whole number, or blank")
            target = self.query_one("#err-seed", Static)
        elif wid.startswith("opt-"):
            name = wid[4:]
            opt = self.option(name)
            if text or opt.default is not None:
                value = parse_value(text)
                if not opt.check(value):
                    reason = say("Not allowed. {rule}", rule=text_class(self.game).option_doc(opt))
            target = self.query_one(f"#doc-{name}", Static)
            target.set_class(reason is not None, "error")
            target.set_class(reason is None, "doc")
            if reason is None:
                target.update(text_class(self.game).option_doc(opt))
        else:
            return None
        if reason is not None:
            target.update(reason)
        elif wid == "seed":
            target.update("")
        return reason

    def option(self, name: str) -> Option:
        return next(o for o in games()[self.game].option_schema if o.name == name)

    def collect(self) -> TableConfig | None:
        cls = games()[self.game]
        options = {}
        bad = []
        for opt in cls.option_schema:
            widget = self.query_one(f"#opt-{opt.name}")
            if isinstance(widget, Select):
                options[opt.name] = opt.choices[chosen(widget.value)]
                continue
            assert isinstance(widget, Input)  # an option without choices is typed
            if self.check_input(widget):
                bad.append(text_class(self.game).option_label(opt)[0])
                continue
            text = widget.value.strip()
            if text:
                options[opt.name] = parse_value(text)
        seed_input = self.query_one("#seed", Input)
        if self.check_input(seed_input):
            bad.append(say("Seed"))
        if bad:
            self.notify(say("Fix {fields} first.", fields=listed(bad)), severity="error")
            return None
        seed_text = seed_input.value.strip()
        seats = self.seats()
        return TableConfig(self.game, options, seats, self.human(), self.chosen_levels(seats),
                           chosen(self.query_one("#delay", Select).value),
                           int(seed_text) if seed_text else None,
                           self.query_one("#auto", Checkbox).value,
                           ask_first=self.query_one("#ask", Checkbox).value, keep_in=self.config.keep_in)

    def action_start(self) -> None:
        config = self.collect()
        if config is None:
            return
        try:
            session = Session(config)
        except ParlorError as e:
            self.notify(str(e), severity="error")
            return
        from .table import TableScreen
        self.app.push_screen(TableScreen(session))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id
        if bid == "start":
            self.action_start()
        elif bid == "quit":
            self.app.exit()
        elif bid == "load":
            self.app.push_screen(InputDialog(say("Load a record from the file:")), self.load)
        elif bid == "replay":
            self.app.push_screen(InputDialog(say("Replay the record in the file:")), self.replay)

    def load(self, path: str | None) -> None:
        if not path:
            return
        config = self.collect() or TableConfig(self.game)
        try:
            match = records.replay(records.read(path))
        except ParlorError as e:
            self.notify(say("Cannot load {name}: {reason}", name=path, reason=e), severity="error", timeout=6)
            return
        config.game, config.options, config.seats = match.rules.id, dict(match.rules.options), match.rules.seats
        config.seed = match.seed
        config.human = person_seat(match.names, config.human)
        from .table import TableScreen
        self.app.push_screen(TableScreen(Session(config, match)))

    def replay(self, path: str | None) -> None:
        if not path:
            return
        try:
            record = records.read(path)
            from .replay import ReplayScreen
            screen = ReplayScreen(record)
        except ParlorError as e:
            self.notify(say("Cannot replay {name}: {reason}", name=path, reason=e), severity="error", timeout=6)
            return
        self.app.push_screen(screen)
