"""Widgets of the table. Each draws a seat's view it is given (a dict) and nothing else: no
widget holds game state, and none ever sees another seat's hidden cards."""

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from parlor.core.rules import team_letter
from parlor.core.text import GameText, Role
from parlor.core.view import View, last_trick
from parlor.core.words import Seats, said, say

from .cards import face, role_short
from .model import seat_facts, shown_cards

CARD_W = 5
FACE_BG = "grey93"
DIM_BG = "grey58"
CURSOR_BG = "gold1"
BACK = Text("░░░░░", style="bright_blue on navy_blue")
TEAM_STYLE = {"A": "bold cyan", "B": "bold magenta"}


def card_lines(game: str, code: str, role: Role | None = None, bg: str = FACE_BG) -> list[Text]:
    """A card drawn in 3 rows of CARD_W columns: code and suit symbol, the symbol, its role."""
    if code == "??" or not code:
        return [BACK.copy(), BACK.copy(), BACK.copy()]
    f = face(game, code)
    style = f"bold {f.ink} on {bg}"
    top = f"{code:<3}{f.sign:>2}"[:CARD_W] if len(code) < 4 else code[:CARD_W]
    mid = f"{f.sign:^{CARD_W}}"
    short = role_short(role)
    low = f"{short:^{CARD_W}}"
    role_style = f"bold black on {bg}" if short else style
    return [Text(f"{top:<{CARD_W}}", style=style), Text(mid, style=style), Text(low, style=role_style)]


def fit(rows: list[Text], width: int) -> Text:
    """Rows cut to the widget's width, never wrapped."""
    for row in rows:
        row.truncate(max(width, 1), overflow="crop")
    return Text("\n").join(rows)


def blank_lines() -> list[Text]:
    return [Text(" " * CARD_W), Text("  ·  ", style="dim"), Text(" " * CARD_W)]


def card_text(game: str, code: str) -> Text:
    """A card inline in a line of text: its code in the suit colour, then the symbol."""
    if code == "??":
        return Text("▒▒", style="bright_blue")
    f = face(game, code)
    return Text(code + f.sign, style=f"bold {f.ink} on {FACE_BG}")


def codes_coloured(game: str, line: str, deck) -> Text:
    """A line of table text with every card code in it drawn as a card."""
    out = Text()
    for i, word in enumerate(line.split(" ")):
        if i:
            out.append(" ")
        core = word.rstrip(".,;:)")
        lead = ""
        if core.startswith("("):
            lead, core = "(", core[1:]
        if core and deck.card(core) is not None:
            out.append(lead)
            out.append_text(card_text(game, core))
            out.append(word[len(lead) + len(core):])
        else:
            out.append(word)
    return out


class HandView(Widget, can_focus=True):
    """The person's hand as cards; the legal ones bright, a cursor on one. Enter, a click or a
    number key chooses a card (the table then offers the moves that name it)."""

    DEFAULT_CSS = """
    HandView { height: 4; width: 1fr; }
    HandView:focus { background: $boost; }
    """
    BINDINGS = [Binding("left", "move(-1)", show=False), Binding("right", "move(1)", show=False),
                Binding("enter", "choose", show=False)]

    class Chosen(Message):
        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    cursor = reactive(0)

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.game = ""
        self.cards: list[str] = []
        self.hidden = 0
        self.playable: set[str] = set()
        self.roles: dict[str, Role | None] = {}
        self.active = False  # the person is to act

    def show(self, game: str, cards: list[str], hidden: int, playable: set[str],
             roles: dict, active: bool) -> None:
        old = self.cards[self.cursor] if self.cards and self.cursor < len(self.cards) else None
        self.game, self.cards, self.hidden = game, list(cards), hidden
        self.playable, self.roles, self.active = set(playable), roles, active
        if old in self.cards:
            self.cursor = self.cards.index(old)
        if active and self.cards and self.cards[min(self.cursor, len(self.cards) - 1)] not in playable:
            first = next((i for i, c in enumerate(self.cards) if c in playable), None)
            if first is not None:
                self.cursor = first
        self.cursor = min(self.cursor, max(0, len(self.cards) - 1))
        self.refresh()

    def slot(self) -> int:
        n = len(self.cards) + self.hidden
        return CARD_W + 1 if n * (CARD_W + 1) <= max(self.size.width, 1) else CARD_W

    def render(self) -> Text:
        rows = [Text(), Text(), Text(), Text()]
        slot = self.slot()
        gap = " " * (slot - CARD_W)
        for i, code in enumerate(self.cards):
            bg = FACE_BG
            if self.active and code not in self.playable:
                bg = DIM_BG
            if self.active and i == self.cursor and self.has_focus:
                bg = CURSOR_BG
            for r, line in enumerate(card_lines(self.game, code, self.roles.get(code), bg)):
                rows[r].append_text(line)
                rows[r].append(gap)
            key = str((i + 1) % 10) if i < 10 else " "
            mark = "▲" if self.active and i == self.cursor else " "
            label_style = "bold" if code in self.playable and self.active else "dim"
            rows[3].append(f"{mark}{key:^{CARD_W - 2}}{mark}"[:CARD_W] + gap, style=label_style)
        if self.cards and self.has_focus:
            code = self.cards[min(self.cursor, len(self.cards) - 1)]
            role = self.roles.get(code)
            rows[3].append(f" {code}: {role.words}" if role else "", style="italic")
        for _ in range(self.hidden):
            for r in range(3):
                rows[r].append_text(BACK.copy())
                rows[r].append(gap)
        if not self.cards and not self.hidden:
            rows[1] = Text(say("(no cards)"), style="dim")
        return fit(rows, self.size.width)

    def action_move(self, step: int) -> None:
        if not self.cards:
            return
        i = self.cursor
        for _ in range(len(self.cards)):
            i = (i + step) % len(self.cards)
            if not self.active or self.cards[i] in self.playable:
                break
        self.cursor = i
        self.refresh()

    def action_choose(self) -> None:
        if self.cards and self.active:
            self.post_message(self.Chosen(self.cards[self.cursor]))

    def pick(self, index: int) -> None:
        """Number keys: the card in that place."""
        if 0 <= index < len(self.cards) and self.active:
            self.cursor = index
            self.refresh()
            self.post_message(self.Chosen(self.cards[index]))

    def point_to(self, code: str) -> None:
        if code in self.cards:
            self.cursor = self.cards.index(code)
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        self.focus()
        index = event.x // self.slot()
        if 0 <= index < len(self.cards) and event.x % self.slot() < CARD_W:
            self.pick(index)

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class TrickView(Widget):
    """The trick in play (face-down cards as backs), beside the face-up cards of the table (up
    card, trump indicator, discard pile); between tricks, the last trick, dimmed, its winner
    marked. `caption` says which trick it is."""

    DEFAULT_CSS = "TrickView { height: 5; width: 1fr; }"

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.shown: list[tuple[str, list[Text], str]] = []  # (label above, card rows, label below)
        self.played: list[tuple[str, list[Text], str]] = []
        self.caption = ""

    def show(self, words: GameText, v: View) -> None:
        game, names = v["game"], Seats(v["names"])
        self.shown = [(label, card_lines(game, code, words.card_role(v, code)), "")
                      for label, code in shown_cards(v)]
        trick = v.get("trick") or []
        modes = dict(v.get("trick_modes") or ())  # a joker's mode, under its card
        winner = None
        self.caption = say("the trick") if trick else ""
        cards = trick
        if not trick:
            last = last_trick(v)
            if last:
                cards, winner = last["cards"], last["winner"]
                modes = {}
                self.caption = (say("last trick, won by {seat}", seat=names(winner)) if winner is not None else
                                say("last trick"))
        self.played = []
        for p, code in cards:
            below = modes.get(p, "")
            if winner == p:
                below = "★" + say("won")
            rows = card_lines(game, code, words.card_role(v, code) if code != "??" else None,
                              FACE_BG if trick else DIM_BG)
            self.played.append((names(p), rows, below))
        self.refresh()

    def render(self) -> Text:
        width = max(self.size.width, 1)
        shown, played = list(self.shown), self.played
        while shown and (len(shown) + len(played)) * CARD_W > width:
            shown.pop()  # no room: the trick first (the table's text names these cards too)
        slots = shown + played
        if shown and played and (len(slots) + 1) * (CARD_W + 1) <= width:
            slots = shown + [("", blank_lines(), "")] + played
        slot = CARD_W + 1 if len(slots) * (CARD_W + 1) <= width else CARD_W
        room = slot if slot > CARD_W else CARD_W - 1
        rows = [Text() for _ in range(5)]
        # a label runs on over the slots after it that have none, up to the next label
        # ("felfordított lap" over one card was cut to "felfor")
        top = [" "] * max(len(slots) * slot, width)
        labelled = [i for i, (label, _, _) in enumerate(slots) if label]
        for i, nxt in zip(labelled, labelled[1:] + [None]):
            end = nxt * slot - 1 if nxt is not None else len(top)  # a column free before the next
            label = slots[i][0][:end - i * slot]
            top[i * slot:i * slot + len(label)] = label
        rows[0].append("".join(top), style="bold")
        for _, card, below in slots:
            for r in range(3):
                rows[r + 1].append_text(card[r])
                rows[r + 1].append(" " * (slot - CARD_W))
            rows[4].append(f"{below[:room]:<{slot}}", style="italic")
        if not slots:
            rows[2] = Text(say("(no cards on the table)"), style="dim")
        return fit(rows, width)


class SeatsView(Widget):
    """One line a seat: whose turn, name, team, dealer, cards in hand, score, bid, tricks won."""

    DEFAULT_CSS = "SeatsView { height: auto; width: 1fr; }"

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.lines: list[Text] = []

    def show(self, words: GameText, view: View, scores: list[int], human: int, width: int = 32) -> None:
        self.lines = seat_rows(words, view, scores, human, width)
        self.refresh(layout=True)

    def render(self) -> Text:
        return fit([line.copy() for line in self.lines], self.size.width)


def seat_rows(words: GameText, view: View, scores: list[int], human: int, width: int) -> list[Text]:
    """One row a seat, at most `width` columns: whose turn, team, name, dealer, cards in hand,
    score, then its facts in words, in short words where the long ones do not fit, cut last."""
    names, n = Seats(view["names"]), view["seats"]
    name_w = min(6, max(len(names(s)) for s in range(n)))
    score_w = max(3, *(len(str(x)) for x in scores))
    lines = []
    for s in range(n):
        t = Text()
        to_act = view.get("to_act") == s
        t.append("▶" if to_act else " ", style="bold yellow")
        team = team_letter(words.rules, s)
        if team:
            t.append(team + " ", style=TEAM_STYLE.get(team, ""))
        name_style = ("bold" if s == human else "") + (" reverse" if to_act else "")
        t.append(f"{names(s)[:name_w]:<{name_w}}", style=name_style)
        t.append(" D" if view.get("dealer") == s else "  ", style="bold green")
        t.append(f"{view['hand_sizes'][s]:>2}▯", style="dim")
        t.append(f" {scores[s]:>{score_w}}")
        facts = ", ".join(seat_facts(words, view, s))
        if facts and t.cell_len + 1 + cell_len(facts) > width:
            facts = ", ".join(seat_facts(words, view, s, short=True))
        if facts:
            t.append(" " + facts, style="italic")
        t.truncate(width, overflow="ellipsis")
        lines.append(t)
    return lines


class SaidFooter(Footer):
    """The footer, its keys' descriptions said in the language in use: a screen's bindings are
    made when its class is, before anyone chose a language, so they hold templates (N_)."""

    def compose(self):
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = said(widget.description)
            yield widget
