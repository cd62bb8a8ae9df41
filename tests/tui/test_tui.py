"""The full-screen table, driven by keys and the mouse with Textual's Pilot (headless, 80x24)."""

import asyncio
import json
import re
import threading

import pytest

from parlor import records
from parlor.core.match import Match
from parlor.core.registry import games, make_rules, text_of
from parlor.core.view import last_trick
from parlor.tui.app import ParlorApp
from parlor.tui.dialogs import ChoiceDialog, InputDialog, TextDialog
from parlor.tui.model import TableConfig, group_moves, seat_facts, shown_cards
from parlor.tui.replay import ReplayScreen
from parlor.tui.setup import StartScreen
from parlor.tui.table import TableScreen

from tiers import first_fast
from tui_driver import play_match, play_move, ready, screen_text

# Short matches, typed into the start screen as a person would.
SHORT = {"yokir": {"target": "1"}, "tor": {"deals": "2"}, "joker": {"schedule": '[["1","2"]]'},
         "meri": {"num_deals": "1"}}


def run(coro):
    return asyncio.run(coro)


def app_for(game: str, seed: int = 7, **kw) -> ParlorApp:
    return ParlorApp(TableConfig(game, {}, delay=0, seed=seed, levels=["random"], **kw))


async def type_options(pilot, app, options: dict) -> None:
    for name, text in options.items():
        box = app.screen.query_one(f"#opt-{name}")
        box.focus()
        await pilot.press("end", *["backspace"] * len(box.value), *text)
    await pilot.pause()


def codes_on(text: str, deck) -> set[str]:
    return {w for w in re.split(r"[^0-9A-Za-z]+", text) if deck.card(w) is not None}


def all_codes(value, deck) -> set[str]:
    return codes_on(json.dumps(value), deck)


# --- the model: moves grouped for a generic table

def test_moves_group_by_card_button_and_list():
    deck = make_rules("yokir").deck
    m = group_moves(["pass", "pick"], ["1A", "2L"], deck)
    assert m.buttons == ["pass", "pick"] and not m.by_card and not m.groups
    m = group_moves(["play 1A", "play 2L"], ["1A", "2L", "3T"], deck)
    assert m.by_card == {"1A": ["play 1A"], "2L": ["play 2L"]} and not m.buttons


def test_moves_joker_variants_share_their_card():
    if "joker" not in games():
        pytest.skip("joker is not registered")
    deck = make_rules("joker").deck
    legal = ["play 7D", "play X1 high C", "play X1 high S", "play X1 low C"]
    m = group_moves(legal, ["7D", "X1"], deck)
    assert m.by_card["X1"] == legal[1:] and m.by_card["7D"] == ["play 7D"]


def test_moves_rummy_melds_go_in_a_list_and_single_layoffs_on_their_card():
    if "tor" not in games():
        pytest.skip("tor is not registered")
    deck = make_rules("tor").deck
    legal = ["discard 4D", "discard 9S", "layoff 0 4D", "meld 4H 5H 6H", "end"]
    m = group_moves(legal, ["4D", "9S", "4H", "5H", "6H"], deck)
    assert m.groups == {"meld": ["meld 4H 5H 6H"]}
    assert m.by_card["4D"] == ["discard 4D", "layoff 0 4D"] and m.buttons == ["end"]


# --- the model: the shared view keys, read alike for every game

def test_seat_facts_are_said_in_the_games_words_the_tricks_once_the_play_has_begun():
    yokir = text_of(make_rules("yokir"))
    bidding = {"seat_facts": [{"said": "pass", "won": 0}, {"said": "call T", "won": 0}], "tricks": [], "trick": []}
    assert seat_facts(yokir, bidding, 0) == ["passed"] and seat_facts(yokir, bidding, 1) == ["called Thought"]
    playing = dict(bidding, trick=[[0, "1A"]])
    assert seat_facts(yokir, playing, 1) == ["called Thought", "took 0"]
    assert seat_facts(yokir, playing, 1, short=True) == ["called ∴", "took 0"]  # the suit's sign
    joker = text_of(make_rules("joker"))
    assert seat_facts(joker, {"seat_facts": [{"bid": 3, "won": 1}], "tricks": [{}]}, 0) == ["bid 3", "took 1"]
    assert seat_facts(text_of(make_rules("tor")), {"seats": 2}, 1) == []  # a game without seat facts


def test_shown_cards_are_the_tops_of_the_face_up_places_in_the_terminals_words():
    view = {"face_up": [{"label": "upcard", "cards": ["5A"], "state": "turned_down"},
                        {"label": "discard_pile", "cards": ["2C", "KH"], "state": None},
                        {"label": "turned", "cards": [], "state": None},
                        {"label": "stock_top", "cards": ["9S"], "state": None}]}
    assert shown_cards(view) == [("down", "5A"), ("pile", "KH"), ("stock top", "9S")]


# --- whole matches from the start screen, by keys

@pytest.mark.parametrize("game", first_fast(sorted(games())))
def test_a_whole_match_by_keys_from_the_start_screen(game):
    async def go():
        app = app_for(game, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await type_options(pilot, app, SHORT.get(game, {}))
            await pilot.press("ctrl+s")
            checks = []

            def check_screen(table):
                """The screen shows no card that the person's seat has not been shown: its view,
                and the actions as that seat saw them made (Match.log)."""
                s = table.session
                deck = s.rules.deck
                view = s.view()  # table_lines is the game's text of that same view
                known = (all_codes(view, deck) | all_codes(s.words.table_lines(view), deck)
                         | all_codes([e[2][s.human] for e in s.match.log], deck))
                shown = codes_on(screen_text(app), deck)
                checks.append(shown - known)
            seen = await play_match(pilot, app, seed=5, on_turn=check_screen)
            s = app.table.session
            m = s.match
            assert m.finished and m.record()["actions"] == m.actions
            assert records.replay(m.record()).report() == m.report()
            assert seen["moves"] > 0 and checks and not any(checks), checks
            text = screen_text(app)
            assert "The match is over" in text and "Winner" in text  # "Winner:" or "Winners:", by their count
    run(go())


@pytest.mark.slow
def test_menu_keys_select_the_game_and_its_seats():
    """Everything on the start screen by keys: the game list, the seat count, the levels."""
    if "tor" not in games():
        pytest.skip("tor is not registered")

    async def go():
        app = ParlorApp(TableConfig("yokir", {}, delay=0, seed=4))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#game").focus()
            await pilot.press("enter")
            ids = list(games())
            steps = ids.index("tor") - ids.index("yokir")
            await pilot.press(*[("down" if steps > 0 else "up")] * abs(steps), "enter")
            await pilot.pause()
            assert app.screen.game == "tor"
            app.screen.query_one("#seats").focus()
            await pilot.press("enter", "down", "enter")  # one more player than the default
            await pilot.pause()
            seats = games()["tor"].default_seats + 1
            assert len(app.screen.query("Select").filter(".-textual-compact")) > 0
            assert app.screen.query(f"#level-{seats - 1}")
            app.screen.query_one("#all-levels").focus()
            await pilot.press("enter", "down", "enter")
            await pilot.pause()
            chosen = app.screen.query_one("#all-levels").value
            assert all(app.screen.query_one(f"#level-{s}").value == chosen for s in range(1, seats))
            await type_options(pilot, app, {"deals": "1"})
            await pilot.press("ctrl+s")
            table = await ready(pilot, app)
            assert isinstance(app.table, TableScreen) and app.table.session.rules.seats == seats
            assert app.table.session.levels[1] == chosen
            del table
    run(go())


def test_start_screen_refuses_a_bad_option_with_its_reason():
    async def go():
        app = app_for("yokir")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await type_options(pilot, app, {"target": "0"})
            said = " ".join(screen_text(app).split())
            assert "Not allowed. The points that win the match, alone at the top: a whole number from 1 to 100." in said
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await type_options(pilot, app, {"target": "3"})
            assert "Not allowed" not in screen_text(app)
    run(go())


# --- the table

async def open_table(pilot, app, options: dict | None = None):
    await pilot.pause()
    await type_options(pilot, app, options or {})
    await pilot.press("ctrl+s")
    return await ready(pilot, app)


@pytest.mark.slow
def test_cards_and_buttons_by_mouse():
    async def go():
        app = app_for("yokir", seed=2, auto_forced=False)
        async with app.run_test(size=(80, 24)) as pilot:
            top = await open_table(pilot, app, {"target": "2"})
            clicks = 0
            for _ in range(200):
                top = await ready(pilot, app)
                if isinstance(top, TextDialog):
                    if top.title_text == "The match is over":
                        break
                    await pilot.click("#b-next")
                    continue
                if isinstance(top, ChoiceDialog):
                    await pilot.click(top.query_one("OptionList"), offset=(5, 0))
                    continue
                s = top.session
                before = len(s.match.actions)
                hand = top.query_one("HandView")
                if top.moves.by_card:
                    code = sorted(top.moves.by_card)[0]
                    want = top.moves.by_card[code]
                    i = hand.cards.index(code)
                    await pilot.click(hand, offset=(i * hand.slot() + 1, 1))
                else:
                    button = top.query("#moves Button").first()
                    want = [top.buttons[button.id]]  # the move it stands for (its label says it in words)
                    await pilot.click(button)
                await pilot.pause()
                if len(want) > 1:  # a card with several moves asks which
                    assert isinstance(app.screen, ChoiceDialog)
                    continue
                assert s.match.actions[before] == want[0]
                clicks += 1
            assert app.table.session.match.finished and clicks > 5
    run(go())


def test_bots_think_in_a_worker_and_the_screen_stays_live(monkeypatch):
    from parlor.tui import model
    release = threading.Event()
    real = model.Session.choose

    def slow(self, seat, view):
        release.wait(10)
        return real(self, seat, view)
    monkeypatch.setattr(model.Session, "choose", slow)

    async def go():
        app = app_for("yokir", seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+s")
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, TableScreen) and app.screen.thinking is not None:
                    break
            table = app.screen
            assert table.thinking is not None and not table.session.human_to_act()
            await pilot.press("t")  # the score sheet opens while a bot thinks
            await pilot.pause()
            assert isinstance(app.screen, TextDialog) and "is thinking" in screen_text(app)
            await pilot.press("escape")
            release.set()
            await ready(pilot, app)
            assert len(table.session.match.actions) > 0
    run(go())


async def to_table(pilot, app):
    """Wait for the person's turn with the table on top, closing deal summaries on the way."""
    while not isinstance(top := await ready(pilot, app), TableScreen):
        await pilot.press("enter")
    return top


@pytest.mark.parametrize("game_id", first_fast(sorted(games())))
def test_save_and_load_a_record_by_keys(tmp_path, monkeypatch, game_id):
    monkeypatch.chdir(tmp_path)
    path = "mid.json"

    async def go():
        app = app_for(game_id, seed=9, auto_forced=False)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_table(pilot, app)
            for _ in range(3):
                table = await ready(pilot, app)
                if isinstance(table, TextDialog):
                    await pilot.press("enter")
                    continue
                await play_move(pilot, table, table.session.match.legal()[0], 0)
            await to_table(pilot, app)
            saved_actions = list(app.table.session.match.actions)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, InputDialog)
            await pilot.press("end", "ctrl+u", *path, "enter")
            await pilot.pause()
            record = records.read(path)
            assert record["actions"] == saved_actions and record["game"] == game_id
            await pilot.press("n")  # a new match; then load the saved one back
            await pilot.pause()
            await pilot.press("a")
            await to_table(pilot, app)  # a deal of the new match may be over already (Tőr)
            assert app.table.session.match.actions != saved_actions
            await pilot.press("o")
            await pilot.pause()
            await pilot.press(*path, "enter")
            await ready(pilot, app)
            m = app.table.session.match
            assert m.actions[:len(saved_actions)] == saved_actions
            assert m.seed == record["seed"]
            await pilot.press("o")
            await pilot.pause()
            await pilot.press(*"no.json", "enter")
            await pilot.pause()
            assert app.table.session.match is m  # a bad file changes nothing
    run(go())


@pytest.mark.slow
def test_restart_clears_the_scores_and_next_deal_keeps_them():
    async def go():
        app = app_for("yokir", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(pilot, app, {"target": "5"})
            table = app.table
            for _ in range(400):
                top = await ready(pilot, app)
                if isinstance(top, TextDialog):
                    break
                top.play(top.session.match.legal()[0])
            assert top.title_text == "Deal 1 is over"
            s = table.session  # the summary shows the deal's final trick and its winner
            last = last_trick(s.match.closed_view(s.human))
            assert last["deal"] == 1 and len(last["cards"]) == 3
            # the dialog's lines as one text: the last trick's sentence wraps at 80 columns
            said = " ".join(x.strip("│╭╮╰╯─( ") for x in screen_text(app).splitlines())
            line = said[said.index("Last trick: "):]
            line = line[:line.index("won by")]
            assert all(f"{s.names[p]}: {s.words.card_words(c)}" in line for p, c in last["cards"])  # named as cards
            assert f"won by {s.names[last['winner']]}" in said
            await pilot.press("enter")  # next deal: the scores stay
            await ready(pilot, app)
            m = table.session.match
            assert m.deal_number == 2 and sum(m.scores) > 0
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press("a")
            await ready(pilot, app)
            m2 = table.session.match
            assert m2 is not m and m2.deal_number == 1 and m2.scores == [0, 0, 0]
    run(go())


@pytest.mark.slow
def test_rules_sheet_hint_and_last_trick_keys():
    async def go():
        app = app_for("yokir", seed=6, auto_forced=False)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_table(pilot, app)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, TextDialog) and "Yokir" in screen_text(app)
            await pilot.press("escape")
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, TextDialog) and "total" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            table.session.hint = lambda: ("pass", "a test reason")  # the real one is slow
            table.action_hint()
            await pilot.pause()
            await app.workers.wait_for_complete()
            assert any("Hint: Pass" in str(n.message) for n in app._notifications)  # the move in words
            while last_trick(table.session.view()) is None:
                top = await ready(pilot, app)
                if not isinstance(top, TableScreen):
                    await pilot.press("enter")
                    continue
                top.play(top.session.match.legal()[0])
            await ready(pilot, app)
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, TextDialog) and app.screen.title_text == "The last trick"
    run(go())


def test_hint_falls_back_or_answers():
    from parlor.tui.model import Session
    s = Session(TableConfig("yokir", {}, seed=1, levels=["random"]))
    while not s.human_to_act():
        seat = s.to_act()
        s.apply(s.choose(seat, s.view(seat)))
    action, why = s.hint()
    assert (action in s.match.legal()) or (action is None and why)


def test_out_of_turn_the_person_is_told_who_is_to_act():
    from parlor.tui.model import Session
    s = Session(TableConfig("yokir", {"target": 1}, seed=3, levels=["random"]))
    while s.to_act() == s.human:
        s.apply(s.match.legal()[0])
    other = s.to_act()
    assert other != s.human
    assert s.not_your_turn() == f"It is not your turn: {s.names[other]} is to act."
    assert s.hint() == (None, s.not_your_turn())
    while not s.match.finished:
        s.apply(s.match.legal()[0])
    assert s.not_your_turn() == "The match is over."


# --- the replay viewer

def test_replay_viewer_steps_and_shows_one_seat_or_all_hands():
    rules = make_rules("yokir", {"target": 1})
    m = Match(rules, 12)
    from parlor.bots import make_bot
    from parlor.core.rng import Rng
    bot, rng = make_bot("random", rules), Rng(1)
    while not m.finished:
        m.apply(bot.choose(m.view(m.to_act()), rng))
    record = m.record()

    async def go():
        app = app_for("yokir")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(ReplayScreen(record, seat=0))
            await pilot.pause()
            rs = app.screen
            assert rs.stepper.index == 0
            await pilot.press("right", "right", "right")
            assert rs.stepper.index == 3
            await pilot.press("left")
            assert rs.stepper.index == 2
            assert rs.stepper.match.actions == record["actions"][:2]
            deck = rules.deck
            view0 = dict(rs.stepper.match.view(0), names=rs.names)
            known = all_codes(view0, deck) | all_codes(text_of(rules).table_lines(view0), deck)
            assert codes_on(screen_text(app), deck) <= known
            await pilot.press("a")  # every hand
            text = screen_text(app)
            for seat in range(3):
                assert set(rs.stepper.match.view(seat)["hand"]) <= codes_on(text, deck)
            await pilot.press("tab")
            assert rs.seat == 1 and not rs.all_hands
            await pilot.press("end")
            assert rs.stepper.index == len(record["actions"]) and rs.stepper.match.finished
            await pilot.press("home", "d")
            assert rs.stepper.match.deal_number == 2 or rs.stepper.index == len(record["actions"])
            await pilot.press("escape")
            assert isinstance(app.screen, StartScreen)
    run(go())


@pytest.mark.slow
def test_replay_of_the_table_in_play_shows_other_hands_only_once_the_match_is_over():
    async def go():
        app = app_for("yokir", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_table(pilot, app, {"target": "1"})
            s = table.session
            deck = s.rules.deck
            await pilot.press("v")
            await pilot.pause()
            rs = app.screen
            assert isinstance(rs, ReplayScreen)
            assert rs.stepper.actions == s.match.actions
            await pilot.press("end", "a", "tab")
            await pilot.pause()
            assert not rs.all_hands and rs.seat == s.human
            m = rs.stepper.match
            known = all_codes(m.view(s.human), deck) | all_codes([e[2][s.human] for e in m.log], deck)
            others = set().union(*(m.view(seat)["hand"] for seat in range(3) if seat != s.human))
            assert others and not codes_on(screen_text(app), deck) & (others - known)
            await pilot.press("escape")
            assert app.screen is table
            await play_match(pilot, app, seed=4)
            await pilot.press("enter")  # close the final scores
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            rs = app.screen
            assert isinstance(rs, ReplayScreen) and rs.stepper.index == 0
            await pilot.press("end", "a")
            await pilot.pause()
            assert rs.all_hands
            await pilot.press("tab")
            assert rs.seat == (s.human + 1) % 3
    run(go())


# --- sizes

@pytest.mark.slow
def test_resizes_cleanly():
    async def go():
        app = app_for("meri" if "meri" in games() else "yokir", seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(pilot, app)
            for size in [(120, 40), (80, 24), (100, 30)]:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                lines = screen_text(app).rstrip("\n").split("\n")
                assert len(lines) == size[1] and max(len(x) for x in lines) <= size[0]
    run(go())


# --- the command

def test_play_opens_the_table_on_a_terminal(monkeypatch):
    import sys

    import parlor.tui
    from parlor.cli.main import main
    opened = []
    monkeypatch.setattr(parlor.tui, "run", lambda config, match=None: opened.append((config, match)))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert main(["play", "yokir", "-o", "target=2", "--seat", "1", "--bots", "random",
                 "--delay", "0", "--seed", "5"]) == 0
    config, match = opened[0]
    assert (config.game, config.options, config.human, config.levels, config.delay, config.seed) == \
        ("yokir", {"target": 2}, 1, ["random"], 0.0, 5) and match is None


def test_play_falls_back_to_the_line_mode_without_a_terminal(monkeypatch, capsys):
    import io
    import sys

    from parlor.cli.main import main
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "yokir", "--seed", "1", "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert "line mode" in captured.err and "Yokir: you sit at seat" in captured.out


@pytest.mark.parametrize("argv,reason", [
    (["play", "yokir", "-o", "target=0"], 'option "target" must be'),
    (["play", "yokir", "--bots", "oracle"], "unknown bot 'oracle'"),
    (["play", "yokir", "--seat", "5"], "--seat must be from 0 to 2"),
    (["play", "nogame"], 'unknown game "nogame"'),
])
def test_play_refuses_bad_arguments_in_one_line(argv, reason, capsys):
    from parlor.cli.main import main
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert reason in err and err.count("\n") == 1


@pytest.mark.slow
def test_start_screen_replays_a_record_file_and_refuses_a_bad_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    m = Match(make_rules("yokir"), 3)
    m.apply(m.legal()[0])
    records.save(m, tmp_path / "r.json")
    (tmp_path / "bad.json").write_text('{"game": "yokir", "actions": ["jump"]}')

    async def go():
        app = app_for("yokir")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#replay")
            await pilot.pause()
            await pilot.press(*"bad.json", "enter")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await pilot.click("#replay")
            await pilot.pause()
            await pilot.press(*"r.json", "enter")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen) and app.screen.stepper.actions == m.actions
            await pilot.press("right")
            assert app.screen.stepper.index == 1
    run(go())


def test_a_failing_bot_does_not_end_the_game():
    from parlor.tui.model import Session
    s = Session(TableConfig("yokir", {}, seed=1, levels=["random"]))
    seat = next(p for p in range(3) if p != s.human)
    s.bots[seat].choose = lambda view, rng: 1 / 0
    view = s.match.view(seat)
    view["legal"] = ["pass", "pick"]
    assert s.choose(seat, view) in ("pass", "pick") and "ZeroDivisionError" in s.bot_errors[0]
    s.bots[seat].choose = lambda view, rng: "jump"
    assert s.choose(seat, view) in ("pass", "pick") and s.bot_errors[1] == (
        f"{s.names[seat]}'s computer player (Random) chose \"jump\", which is not a legal move; it played a random "
        "legal move instead.")


# --- nothing lost to a key, nothing shown early or late

@pytest.mark.slow
def test_ctrl_q_asks_at_a_match_in_play_and_save_then_quit_keeps_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def go():
        app = app_for("yokir", seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_table(pilot, app, {"target": "1"})
            assert "q quit" in screen_text(app)  # the footer shows it at 80 columns
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog) and app.screen.title_text == "Leave the table?"
            await pilot.press("c")  # stay
            await pilot.pause()
            assert app.screen is table and app.is_running
            await pilot.press("v", "ctrl+q")  # from the replay viewer on top too
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog) and app.is_running
            await pilot.press("a")  # save, then quit
            await pilot.pause()
            assert isinstance(app.screen, InputDialog)
            await pilot.press("end", "ctrl+u", *"left.json", "enter")
            await pilot.pause()
            assert not app.is_running
        assert records.read(tmp_path / "left.json")["actions"] == table.session.match.actions
    run(go())


def test_ctrl_q_twice_quits():
    async def go():
        app = app_for("yokir", seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(pilot, app, {"target": "1"})
            await pilot.press("ctrl+q", "ctrl+q")
            await pilot.pause()
            assert not app.is_running
    run(go())


def test_a_deal_won_as_it_was_dealt_at_the_start_is_reported():
    """Tőr seed 21: the first deal ends before any move (a hand low enough as dealt)."""
    assert Match(make_rules("tor"), 21).results and not Match(make_rules("tor"), 21).actions

    async def go():
        app = ParlorApp(TableConfig("tor", {}, delay=0, seed=21, levels=["random"]), skip_start=True)
        async with app.run_test(size=(80, 24)) as pilot:
            top = await ready(pilot, app)
            assert isinstance(top, TextDialog) and top.title_text == "Deal 1 is over"
    run(go())


def test_a_loaded_match_puts_the_person_back_in_their_seat(tmp_path, monkeypatch, capsys):
    import io
    import sys

    import parlor.tui
    from parlor.cli.main import main
    from parlor.tui.model import Session
    s = Session(TableConfig("yokir", {"target": 1}, human=1, seed=3, levels=["random"]))
    assert s.names[1] == "You"
    path = tmp_path / "mid.json"
    records.save(s.match, path)
    record = records.read(path)
    # the command: the table and the line mode
    opened = []
    monkeypatch.setattr(parlor.tui, "run", lambda config, match=None: opened.append(config))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert main(["play", "yokir", "--load", str(path)]) == 0
    assert opened[0].human == 1  # not the default seat 0, whose hand is a computer's
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "yokir", "--plain", "--load", str(path)]) == 0
    assert "you sit at seat 1." in capsys.readouterr().out
    rs = ReplayScreen(record)
    assert rs.seat == 1 and rs.own_seat_only  # the record of a match not over

    async def go():  # the table's own load key
        app = app_for("yokir", seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_table(pilot, app, {"target": "1"})
            assert table.session.human == 0 and table.load(path)
            assert table.session.human == 1 and table.session.names == record["names"]
    run(go())


def test_the_names_follow_the_person_to_the_seat_asked_for():
    from parlor.session import person_seat, seat_names
    assert seat_names(3, 1) == ["Ana", "You", "Cai"]
    assert seat_names(3, 2, ["Ana", "You", "Cai"]) == ["Ana", "Ben", "You"]
    assert seat_names(3, 0, ["Zoe", "Yan", "Xu"]) == ["You", "Yan", "Xu"]
    assert person_seat(["Ana", "You", "Cai"], 7) == 1 and person_seat(["A", "B"], 7) == 7
    assert person_seat(["You", "You"], 7) == 7 and person_seat(None, 2) == 2


@pytest.mark.slow
def test_computers_wait_while_another_screen_is_on_top():
    async def go():
        app = ParlorApp(TableConfig("yokir", {}, delay=0.2, seed=5, levels=["random"]))
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_table(pilot, app, {"target": "1"})
            s = table.session
            while s.match.to_act() == s.human:
                table.play(s.match.legal()[0])
            table.action_replay()  # at once, while the computers think
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen) and s.match.to_act() != s.human
            moved = len(s.match.actions)
            await pilot.pause(0.8)  # four times the computers' pace
            assert len(s.match.actions) == moved  # nothing happens unseen
            await pilot.press("escape")
            await ready(pilot, app)
            assert len(s.match.actions) > moved
    run(go())


def test_a_hint_for_a_position_gone_is_not_shown(monkeypatch):
    from parlor.tui.model import Session

    async def go():
        app = app_for("yokir", seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_table(pilot, app, {"target": "1"})
            s = table.session

            def slow_hint():  # the person plays on while the hint is thought out
                legal = s.match.legal()
                s.apply(legal[0])
                return legal[0], "a reason"
            monkeypatch.setattr(s, "hint", slow_hint)
            table.action_hint()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert not any("Hint:" in str(n.message) for n in app._notifications)
    run(go())
    assert Session  # the model the table asks


def test_a_card_that_cannot_be_played_says_why():
    """In the rules' words when a legal move plays one card of that kind (play, discard...); with
    no such move (a bid, a draw) just that it cannot be played, never "not a Joker action"."""
    from parlor.tui.model import Session
    for game in sorted(games()):
        s = Session(TableConfig(game, {}, seed=2, levels=["random"]))
        found, bare = False, 0
        for _ in range(3000):
            if s.match.finished or found:
                break
            if s.human_to_act():
                legal = s.match.legal()
                dead = [c for c in s.view()["hand"] if not any(c in a.split(" ") for a in legal)]
                verbs = {a.split(" ")[0] for a in legal
                         if a.count(" ") == 1 and s.rules.deck.card(a.split(" ")[1]) is not None}
                if dead and verbs:
                    said, card = s.why_not(dead[0]), s.words.card_words(dead[0])
                    reasons = {s.why_illegal(s.human, f"{v} {dead[0]}") for v in verbs}  # told to the person
                    assert f"seat {s.human}" not in said  # "you hold...", never the seat's number
                    assert said.startswith(f"{card} cannot be played now: ")
                    assert said[len(f"{card} cannot be played now: "):-1] in reasons
                    found = True
                elif dead:
                    assert s.why_not(dead[0]) == f"{s.words.card_words(dead[0])} cannot be played now."
                    bare += 1
            s.apply(s.match.legal()[0])
        assert found and (bare or game == "meri"), game  # Meri, seed 2: no turn without a card move


def test_a_tor_deal_ends_with_every_hand_and_total_shown_and_the_ended_deal_behind_it():
    """The summary between deals shows what the rules reveal (each hand and its total, how the
    deal ended), and the table behind it is the deal that ended, not the next one already dealt.
    Tőr offers no last trick; your own hand's total is always on the table."""
    async def go():
        app = ParlorApp(TableConfig("tor", {"deals": 3}, delay=0, seed=5, levels=["random"]), skip_start=True)
        async with app.run_test(size=(80, 24)) as pilot:
            table = app.table
            s = table.session
            total_seen = False
            for _ in range(400):
                top = await ready(pilot, app)
                if isinstance(top, TextDialog):
                    break
                info = str(table.query_one("#info-text").content)
                hand = s.match.view(s.human)["hand"]
                total = sum(min("A23456789TJQK".index(c[0]) + 1, 10) for c in hand)
                assert f"Your hand counts {total}" in info
                total_seen = True
                top.play(s.match.legal()[0])
            assert total_seen and top.title_text == "Deal 1 is over"
            closed = s.match.closed_view(s.human)
            body = str(top.body)
            for p, cards in enumerate(closed["hands"]):  # each card with its suit sign after it
                line = next(x for x in body.splitlines() if x.startswith(f"{s.names[p]}: ") and " = " in x)
                faces = s.words.faces
                assert line.endswith(f"= {closed['totals'][p]}") and all(f"{faces[c].rank}{faces[c].sign}" in line
                                                                         for c in cards)
            headline = s.words.deal_result(s.match.results[0], s.names)
            assert body.count(headline) == 1  # said once: the table's lines end with it too
            assert top.query_one(".dialog").outer_size.width == 80  # edge to edge: no border beside its own
            behind = str(table.query_one("#info-text").content)
            assert all(f"= {t}" in behind for t in closed["totals"])  # the ended deal, hands shown
            assert s.match.deal_number == 2 and "l last trick" not in screen_text(app)
            await pilot.press("enter")
            top = await ready(pilot, app)
            await pilot.press("l")
            await pilot.pause()
            assert app.screen is top  # no last-trick dialog in Tőr
            assert "last trick" not in screen_text(app)
    run(go())


def test_u_takes_the_last_move_back_and_shift_u_plays_it_again():
    async def go():
        app = ParlorApp(TableConfig("yokir", {}, delay=0, seed=3, levels=["random"], auto_forced=False),
                        skip_start=True)
        async with app.run_test(size=(80, 24)) as pilot:
            table = app.table
            top = await ready(pilot, app)
            s = table.session
            before = list(s.match.actions)
            top.play(s.match.legal()[-1])
            top = await ready(pilot, app)
            while not isinstance(top, TableScreen):
                await pilot.press("enter")
                top = await ready(pilot, app)
            after = list(table.session.match.actions)
            assert len(after) > len(before)
            await pilot.press("u")
            await ready(pilot, app)
            assert table.session.match.actions == before and table.session.human_to_act()
            await pilot.press("U")
            await ready(pilot, app)
            assert table.session.match.actions[:len(after)] == after
    run(go())


def test_no_one_is_thinking_while_a_dialog_waits_for_the_person():
    """Issue 32: "X is thinking…" showed behind a deal's summary, while the game waited for the
    person to close it; a computer thinks only while the table is on top."""
    async def go() -> int:
        config = TableConfig("yokir", {"target": 2}, human=0, levels=["random"], delay=0, seed=3)
        app = ParlorApp(config, skip_start=True)
        computers_next = 0
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(400):
                top = await ready(pilot, app)
                if isinstance(top, TextDialog):
                    table = app.table
                    status = str(table.query_one("#status").render())
                    assert "thinking" not in status, (top.title_text, status)
                    if top.title_text == "The match is over":
                        return computers_next
                    computers_next += table.session.to_act() not in (None, 0)
                    await pilot.press("enter")
                    continue
                top.play(top.session.match.legal()[0])
        return computers_next
    assert asyncio.run(go()) > 0  # a dialog stood where a computer was to act next


def test_the_status_line_names_a_hand_of_one_card_as_its_one_key():
    """Watched at 80x24: Joker's deal of one card said "1-1 cards"; a hand of one says its key."""
    async def go() -> str:
        config = TableConfig("joker", {}, levels=["random"], delay=0, seed=3, auto_forced=False)
        app = ParlorApp(config, skip_start=True)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(20):
                top = await ready(pilot, app)
                if not isinstance(top, TableScreen):  # a dialog: the trump chooser's, a deal's end
                    await pilot.press("enter")
                elif top.moves.by_card:
                    return str(top.query_one("#status").render())
                else:
                    top.play(top.session.match.legal()[0])
        raise AssertionError("never a card to play")
    status = asyncio.run(go())
    assert "(1 the card, m all)" in status and "1-1" not in status, status


def test_a_face_up_cards_label_runs_on_where_no_label_follows():
    """Over one card a label had six columns: Hungarian's "felfordított lap" read "felfor"."""
    from textual.geometry import Size

    from parlor.tui.widgets import TrickView, card_lines

    class Sized(TrickView):
        size = property(lambda self: Size(40, 5))

    view = Sized()
    view.shown = [("felfordított lap", card_lines("yokir", "5A"), "")]
    view.played = [("Ben", card_lines("yokir", "6A"), ""), ("Cai", card_lines("yokir", "2A"), "")]
    top = view.render().plain.splitlines()[0]
    assert top.startswith("felfordítot Ben   Cai")  # on over the empty slot, a space before Ben
    view.shown.append(("x", card_lines("yokir", "6L"), ""))
    view.played = []
    assert view.render().plain.splitlines()[0].startswith("felfo x")  # cut a column before the next
