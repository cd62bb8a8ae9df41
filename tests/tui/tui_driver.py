"""Drive the terminal table with key presses, as a person would, for the tests."""

import time

from parlor.core.rng import Rng
from parlor.tui.app import ParlorApp
from parlor.tui.dialogs import ChoiceDialog, InputDialog, TextDialog
from parlor.tui.table import TableScreen


async def ready(pilot, app: ParlorApp, limit: float = 300.0):
    """Wait until the screen waits for the person: a dialog is up, or it is the person's turn,
    or the match is over. Returns the screen on top. `limit` is a guard against a hang in
    seconds, not a speed check: a loaded machine makes the computers' workers slow, and a count
    of pauses ran out there."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        await pilot.pause()
        if app._exception is not None:
            raise app._exception
        top = app.screen
        if isinstance(top, (TextDialog, ChoiceDialog, InputDialog)):
            return top
        if isinstance(top, TableScreen):
            s = top.session
            busy = any(w.group == "play" and w.is_running for w in app.workers)
            drawn = top.drawn_for == (s.generation, len(s.match.actions))
            if not busy and drawn and (s.match.finished or s.human_to_act()):
                return top
        else:
            return top
    raise AssertionError("the table never came back to the person")


async def choose_in_dialog(pilot, dialog: ChoiceDialog, action: str) -> None:
    i = dialog.choices.index(action)
    if i < len(dialog.keys) and dialog.keys[i]:
        await pilot.press(dialog.keys[i])
    else:
        await pilot.press("home", *["down"] * i, "enter")


async def play_move(pilot, table: TableScreen, action: str, way: int) -> None:
    """Make `action` with keys: its card (number key or arrows + Enter), its button (↓, Tab,
    Enter), its verb's list, or the list of all moves (m)."""
    moves = table.moves
    hand = table.query_one("HandView")
    card = next((c for c, acts in moves.by_card.items() if action in acts), None)
    label = action if action in moves.buttons else None
    if label is None and card is None:
        label = next(((acts[0] if len(acts) == 1 else f"{v}…")
                      for v, acts in moves.groups.items() if action in acts), None)
    if way == 0 or (card is None and label is None):
        await pilot.press("m")
        if len(moves.legal) > 1:
            await choose_in_dialog(pilot, table.app.screen, action)
        return
    if card is not None:
        i = hand.cards.index(card)
        if i < 10 and way == 1:
            await pilot.press(str((i + 1) % 10))
        else:
            hand.focus()
            await pilot.pause()
            steps = 0
            while hand.cards[hand.cursor] != card and steps < 20:
                await pilot.press("right")
                steps += 1
            await pilot.press("enter")
        if len(moves.by_card[card]) > 1:
            await pilot.pause()
            await choose_in_dialog(pilot, table.app.screen, action)
        return
    meanings = [table.buttons[b.id] for b in table.query("#moves Button")]  # labels say them in words
    k = meanings.index(label)
    hand.focus()
    await pilot.press("down", *[("tab" if way == 2 else "right")] * k, "enter")
    if label.endswith("…"):
        await pilot.pause()
        await choose_in_dialog(pilot, table.app.screen, action)


async def play_match(pilot, app: ParlorApp, seed: int = 1, max_moves: int = 3000, on_turn=None) -> dict:
    """Play the person's moves at random with keys until the final scores show; count things."""
    rng = Rng(seed)
    seen = {"moves": 0, "summaries": 0, "ways": set()}
    for _ in range(max_moves):
        top = await ready(pilot, app)
        if isinstance(top, TextDialog):
            if top.title_text == "The match is over":
                return seen
            seen["summaries"] += top.title_text.startswith("Deal ")
            await pilot.press("enter")
            continue
        assert isinstance(top, TableScreen), top
        s = top.session
        assert not s.match.finished, "the match ended without the final scores"
        legal = s.match.legal()
        assert sorted(top.moves.legal) == sorted(legal)
        if on_turn is not None:
            on_turn(top)
        action = rng.choice(legal)
        way = rng.below(4)
        before = len(s.match.actions)
        await play_move(pilot, top, action, way)
        await pilot.pause()
        if top.doubted == action:  # asked once (a likely slip): the same keys again make it
            seen["asked"] = seen.get("asked", 0) + 1
            await play_move(pilot, top, action, way)
            await pilot.pause()
        assert len(s.match.actions) > before and s.match.actions[before] == action, (action, way)
        seen["moves"] += 1
        seen["ways"].add(way)
    raise AssertionError("the match did not end")


def screen_text(app: ParlorApp) -> str:
    """The characters on the screen, one line a row (what a text snapshot compares)."""
    import io

    from rich.console import Console
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)
