"""The terminal table says what a key will do, asks once before a likely slip, and loses no match:
the status line names the move wanted, the hand's numbers are the same in every list, a discard
that breaks a meld in hand (or buries a trump) waits for a second press, and the match is kept
as it goes for `parlor play` to go on with."""

import asyncio

from parlor import records
from parlor.core.match import Match
from parlor.core.registry import make_rules, text_of
from parlor.session.keep import kept, kept_path
from parlor.tui.app import ParlorApp
from parlor.tui.dialogs import ChoiceDialog
from parlor.tui.model import TableConfig
from parlor.tui.table import TableScreen

from tui_driver import ready, screen_text

# Tőr, seed 79: seat 0 acts first; after `draw stock` it holds 5D 5S 6S 7S 9H KH, and 5S 6S 7S is a run.
TOR_SEED = 79


def tor_table(**kw) -> ParlorApp:
    return ParlorApp(TableConfig("tor", {}, delay=0, seed=TOR_SEED, levels=["random"], auto_forced=False, **kw),
                     skip_start=True)


def status(app) -> str:
    return str(app.table.query_one("#status").render())


async def drawn(pilot, app) -> TableScreen:
    """The Tőr table after the person drew from the stock: a discard is wanted."""
    top = await ready(pilot, app)
    assert isinstance(top, TableScreen)
    assert "Your turn: draw (stock or discard pile) or drop (virít)" in status(app)
    top.play("draw stock")
    top = await ready(pilot, app)
    assert top.query_one("HandView").cards == ["5D", "5S", "6S", "7S", "9H", "KH"]
    return top


def test_wanted_names_the_kind_of_move_in_each_games_words():
    tor = Match(make_rules("tor"), TOR_SEED)
    words = text_of(tor.rules)
    assert words.wanted(tor.view(0)) == "draw (stock or discard pile) or drop (virít)"
    tor.apply("draw stock")
    assert words.wanted(tor.view(0)) == "discard a card or meld (terít)"
    yokir = Match(make_rules("yokir"), 0)
    assert text_of(yokir.rules).wanted(yokir.view(0)) == "pick up the face-up card or pass"
    yokir.apply("pick")
    assert text_of(yokir.rules).wanted(yokir.view(0)) == "discard a card"
    joker = Match(make_rules("joker"), 1)
    while not joker.legal()[0].startswith("play"):
        joker.apply(joker.legal()[0])
    seat = joker.to_act()
    assert text_of(joker.rules).wanted(joker.view(seat)) == "lead a card"  # the trick is empty
    joker.apply(joker.legal()[0])
    assert text_of(joker.rules).wanted(joker.view(joker.to_act())) == "play a card"


def test_the_status_line_names_the_move_wanted_and_the_keys():
    async def go():
        app = tor_table()
        async with app.run_test(size=(80, 24)) as pilot:
            await drawn(pilot, app)
            line = status(app)
            assert line.startswith(" Your turn: discard a card") and "meld (terít)" in line
            assert "(1-6 cards, ↓ moves, m all)" in line
    asyncio.run(go())


def test_the_list_of_all_moves_gives_a_cards_move_the_cards_own_number():
    async def go():
        app = tor_table()
        async with app.run_test(size=(80, 24)) as pilot:
            top = await drawn(pilot, app)
            await pilot.press("m")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog)
            keys = dict(zip(dialog.choices, dialog.keys))
            assert keys["discard 5D"] == "1" and keys["discard 9H"] == "5" and keys["discard KH"] == "6"
            assert keys["meld 5S 6S 7S"].isalpha()  # a move of several cards: a letter, never a card's digit
            assert dialog.choices[:2] == ["discard 5D", "discard 5S"]  # in the hand's order
            made = len(top.session.match.actions)
            await pilot.press("5")  # 9H, as the key 5 at the table
            await ready(pilot, app)
            assert top.session.match.actions[made] == "discard 9H"
    asyncio.run(go())


def test_a_discard_that_breaks_a_meld_in_hand_is_asked_once_and_the_same_key_makes_it():
    async def go():
        app = tor_table()
        async with app.run_test(size=(80, 24)) as pilot:
            top = await drawn(pilot, app)
            made = list(top.session.match.actions)
            await pilot.press("3")  # 6S, in the run 5S 6S 7S
            await pilot.pause()
            assert top.session.match.actions == made  # not yet
            assert "Discard 6S? It breaks up 5S 6S 7S, a meld in your hand. Again to confirm." in screen_text(app)
            await pilot.press("3")
            await ready(pilot, app)
            assert top.session.match.actions[len(made)] == "discard 6S"
    asyncio.run(go())


def test_a_discard_that_breaks_no_meld_is_made_at_once_and_the_question_can_be_turned_off():
    async def go(ask_first: bool, key: str, card: str):
        app = tor_table(ask_first=ask_first)
        async with app.run_test(size=(80, 24)) as pilot:
            top = await drawn(pilot, app)
            made = len(top.session.match.actions)
            await pilot.press(key)
            await ready(pilot, app)
            assert top.session.match.actions[made] == f"discard {card}"
    asyncio.run(go(True, "5", "9H"))
    asyncio.run(go(False, "3", "6S"))


def test_yokir_asks_before_a_trump_is_buried_where_a_plain_card_could_go():
    from parlor.session import TableSession, against_computers, seat_names
    match = Match(make_rules("yokir"), 0)
    match.apply("pick")  # the hand: 2A 2L 4L 2M 4M 1T under trump M; 4M is the card picked
    s = TableSession(match, against_computers(3, 0, ["random"]), seat_names(3, 0, None))
    assert s.doubt(0, "discard 1T") == "Discard 1T? It is a trump (Sage), and a card that is no trump could go."
    assert s.doubt(0, "discard 2M") is not None
    assert s.doubt(0, "discard 2A") is None and s.doubt(0, "pass") is None
    assert s.doubt(1, "discard 1T") is None  # not that seat's turn


def test_the_match_is_kept_as_it_goes_and_ctrl_q_keeps_or_forgets_it(tmp_path):
    async def go(key: str) -> list[str]:
        app = tor_table(keep_in=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            top = await drawn(pilot, app)
            s = top.session
            assert records.read(kept_path(tmp_path, "tor"))["actions"] == s.match.actions  # after every move
            await pilot.press("5")
            await ready(pilot, app)
            assert records.read(kept_path(tmp_path, "tor"))["actions"] == s.match.actions
            await pilot.press("ctrl+q")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog) and dialog.choices == ["keep", "save", "forget", "stay"]
            assert "parlor play tor goes on with it" in screen_text(app)
            await pilot.press(key)
            await pilot.pause()
            assert not app.is_running
            return s.match.actions
    actions = asyncio.run(go("a"))
    again = kept(tmp_path, "tor")
    assert again is not None and again.actions == actions and again.names[0] == "You"
    asyncio.run(go("c"))  # forget it
    assert kept(tmp_path, "tor") is None and not kept_path(tmp_path, "tor").exists()


def test_parlor_play_offers_to_go_on_with_the_kept_match(tmp_path, monkeypatch):
    import sys

    import parlor.tui
    from parlor.cli.main import main
    from parlor.session.keep import keep
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    match = Match(make_rules("tor"), TOR_SEED, names=["You", "Ben", "Cai", "Dan"])
    match.apply("draw stock")
    keep(match, tmp_path / "parlor")
    opened, asked = [], []
    monkeypatch.setattr(parlor.tui, "run", lambda config, match=None: opened.append((config, match)))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    for answer in ("", "n"):
        monkeypatch.setattr("builtins.input", lambda q, a=answer: asked.append(q) or a)
        assert main(["play", "tor", "--delay", "0"]) == 0
    assert "An unfinished Tőr match is kept (deal 1, 1 move made). Go on with it?" in asked[0]
    (config, went_on), (_, fresh) = opened
    assert went_on is not None and went_on.actions == ["draw stock"] and config.keep_in == tmp_path / "parlor"
    assert fresh is None
    assert main(["play", "tor", "--seed", "3"]) == 0 and len(asked) == 2  # a table of its own: not asked


def test_yokir_shows_each_round_of_bidding_on_its_own_line_and_a_legend_of_its_suits():
    match = Match(make_rules("yokir"), 0)
    for action in ("pass", "pass", "pass", "pass"):
        match.apply(action)
    words = text_of(match.rules)
    lines = words.table_lines(dict(match.view(1), names=["You", "Ben", "Cai"]))
    assert "Bids, round 1 (the face-up card): You pass, Ben passes, Cai passes" in lines
    assert "Bids, round 2 (another suit): You pass" in lines
    assert words.suit_legend() == "Suits: ⌂ A Architecture  ♛ L Leadership  ♪ M Art & Music  ∴ T Thought"
    assert text_of(make_rules("meri")).suit_legend().startswith("Suits: ‖ P Pao  † I Isu")
    assert text_of(make_rules("tor")).suit_legend() == ""  # French suits need none


def test_the_table_shows_the_suit_legend_where_the_suits_are_the_games_own():
    async def go(game: str) -> tuple[str, str]:
        app = ParlorApp(TableConfig(game, {}, delay=0, seed=0, levels=["random"]), skip_start=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await ready(pilot, app)
            table = screen_text(app)
            await pilot.press("r")  # and first in the rules
            await pilot.pause()
            return table, screen_text(app)
    table, rules = asyncio.run(go("yokir"))
    assert "Suits: ⌂ A Architecture" in table and "Suits: ⌂ A Architecture" in rules
    assert all("Suits:" not in screen for screen in asyncio.run(go("joker")))


def test_a_hint_names_the_key_of_its_card():
    async def go():
        app = tor_table()
        async with app.run_test(size=(80, 24)) as pilot:
            top = await drawn(pilot, app)
            top.session.hint = lambda: ("discard 9H", "a test reason")  # the real one is slow
            top.action_hint()
            await pilot.pause()
            await app.workers.wait_for_complete()
            assert any(str(n.message) == "Hint: Discard the 9 of hearts (key 5) — a test reason"  # in words
                       for n in app._notifications)
    asyncio.run(go())
