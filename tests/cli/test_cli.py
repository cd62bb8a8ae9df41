"""The parlor command: replay, rules, selfplay, bench, and the plain line-mode table."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from parlor import records
from parlor.cli.main import main
from parlor.cli.plain import PlainTable
from parlor.compiled import HOT
from parlor.core.match import Match
from parlor.core.registry import make_rules, text_of
from parlor.core.rng import Rng
from parlor.session import match_input

EXAMPLE = Path(__file__).parents[1] / "games" / "yokir" / "golden" / "worked_example.json"


def record_file(tmp_path, record, name="r.json"):
    path = tmp_path / name
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return str(path)


def example():
    return json.loads(EXAMPLE.read_text())


def test_replay_json_matches_expected(tmp_path, capsys):
    golden = example()
    assert main(["replay", record_file(tmp_path, golden["record"]), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["scores"] == [0, 1, 0] and report["winners"] == [1] and report["finished"]


def stdin_bytes(monkeypatch, data: bytes):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_replay_reads_standard_input_for_a_dash(monkeypatch, capsys):
    stdin_bytes(monkeypatch, json.dumps(example()["record"]).encode())
    assert main(["replay", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == [1]
    stdin_bytes(monkeypatch, b'{"game": "yokir",')
    assert main(["replay", "-"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    stdin_bytes(monkeypatch, b'{"game": "yokir", "names": ["\xff", "B", "C"], "actions": []}')
    assert main(["replay", "-"]) == 2
    assert capsys.readouterr().err == "parlor: standard input is not a record: not UTF-8 text\n"


def test_replay_text_for_people(tmp_path, capsys):
    rec = example()["record"]
    rec["actions"] = rec["actions"][:3]
    assert main(["replay", record_file(tmp_path, rec)]) == 0
    out = capsys.readouterr().out
    assert "in progress" in out and "to act: Cai (seat 2)" in out and "scores: Ana 0, Ben 0, Cai 0" in out and "play 1A, play 2L" in out


@pytest.mark.parametrize("mutate,expected", [
    (lambda r: r["actions"].__setitem__(3, "play 5M"),
     'parlor: action 3 "play 5M" by seat 2 is illegal: seat 2 does not hold 5M'),
    (lambda r: r["actions"].__setitem__(0, "jump"),
     'parlor: action 0 "jump" by seat 1 is illegal: "jump" is not a Yokir action (pick, pass, discard C, call S, play C)'),
    (lambda r: r.__setitem__("game", "go"), 'parlor: unknown game "go" (games: '),
    (lambda r: r["deals"][0]["hands"][0].__setitem__(0, "5A"), "parlor: deals[0]: card 5A appears 2 times"),
    (lambda r: r["options"].__setitem__("target", "7"), 'parlor: option "target" must be an integer from 1 to 100, not "7"'),
])
def test_replay_errors_exit_2_with_one_line(tmp_path, capsys, mutate, expected):
    rec = example()["record"]
    mutate(rec)
    assert main(["replay", record_file(tmp_path, rec)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(expected) and err.count("\n") == 1


def test_replay_bad_json(tmp_path, capsys):
    assert main(["replay", record_file(tmp_path, '{"game": "yokir",')]) == 2
    assert capsys.readouterr().err.startswith("parlor: not valid JSON:")
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_installed_command_reports_errors_without_traceback(tmp_path):
    path = record_file(tmp_path, {"game": "yokir", "actions": ["dance"]})
    done = subprocess.run([sys.executable, "-m", "parlor.cli.main", "replay", path],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stderr.startswith('parlor: action 0 "dance"')


def test_rules_command(capsys):
    assert main(["rules", "yokir", "--raw"]) == 0
    assert "Oracle" in capsys.readouterr().out
    assert main(["rules", "bridge"]) == 2


def test_selfplay_saves_records_that_replay(tmp_path, capsys):
    assert main(["selfplay", "yokir", "--games", "3", "--seed", "5", "--save", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "3 matches of yokir, seeds 5..7" in out
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    for f in files:
        assert records.replay(records.read(f)).finished
    assert main(["selfplay", "yokir", "--games", "1", "--seed", "9", "-o", "target=1"]) == 0
    assert "1 match of yokir, seed 9\n" in capsys.readouterr().out


def test_every_game_argument_names_the_games_in_its_help(capsys):
    for command in ("play", "rules", "selfplay", "arena", "bench"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "joker, meri, tor, yokir" in capsys.readouterr().out


def test_selfplay_rejects_unknown_bot_and_option(capsys):
    assert main(["selfplay", "yokir", "--bots", "oracle"]) == 2
    assert "unknown bot 'oracle'" in capsys.readouterr().err
    assert main(["selfplay", "yokir", "-o", "target=0"]) == 2
    assert main(["selfplay", "yokir", "-o", "goal=3"]) == 2


@pytest.mark.parametrize("argv", [
    ["selfplay", "yokir", "--games", "0"], ["selfplay", "yokir", "--games", "-1"],
    ["bench", "yokir", "--seconds", "0"], ["bench", "yokir", "--seconds", "nan"],
    ["arena", "yokir", "--bots", "random", "--matches", "0"],
    ["arena", "yokir", "--bots", "random", "--workers", "0"],
    ["hint", str(EXAMPLE), "--top", "-1"],  # -1 dropped the last hint, -5 crashed
])
def test_counts_and_times_must_be_positive(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "must be" in err.splitlines()[-1] and "Traceback" not in err


@pytest.mark.parametrize("value,says", [
    ("7" * 5000, "77777777777777777777... is no value of any table option"),  # past int()'s limit
    ("[" * 100_000, "is no value of any table option"),
])
def test_option_values_python_cannot_read_are_one_line(capsys, value, says):
    assert main(["selfplay", "yokir", "--games", "1", "-o", f"target={value}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("parlor: --option target: ") and says in err and err.count("\n") == 1


@pytest.mark.parametrize("bots", [",", "", " , "])
@pytest.mark.parametrize("command", ["selfplay", "arena", "play"])
def test_bots_must_name_at_least_one(capsys, bots, command):
    argv = {"selfplay": ["selfplay", "yokir", "--games", "1"], "arena": ["arena", "yokir"],
            "play": ["play", "yokir", "--plain"]}[command]
    assert main(argv + ["--bots", bots]) == 2
    assert capsys.readouterr().err == "parlor: --bots needs at least one bot\n"


@pytest.mark.parametrize("argv", [
    ["arena", "yokir", "--bots", "random,rules,random,beginner", "--matches", "1"],
    ["selfplay", "yokir", "--games", "1", "--bots", "random,rules,random,beginner"],
    ["play", "yokir", "--plain", "--bots", "random,rules,random,beginner"],
])
def test_more_bots_than_seats_are_refused_before_any_match(capsys, argv, monkeypatch):
    """The fourth bot would never get a seat (the arena played every match, then crashed)."""
    monkeypatch.setattr("parlor.core.match.Match.apply", lambda *a: pytest.fail("a match was played"))
    assert main(argv + ["-o", "target=1"]) == 2
    assert capsys.readouterr().err == ("parlor: --bots names 4 players for 3 seats: "
                                       "beginner would never play\n")


@pytest.mark.parametrize("spec,says", [
    ("search:iterations=abc", "iterations must be a whole number of at least 1, not 'abc'"),
    ("search:iterations=-5", "iterations must be a whole number of at least 1, not -5"),
    ("search:iterations=1.5", "iterations must be a whole number of at least 1, not 1.5"),
    ("search:pool=0", "pool must be a whole number of at least 1, not 0"),
    ("search:lanes=true", "lanes must be a whole number of at least 1, not True"),
    ("search:seconds=0", "seconds must be above 0, not 0"),
    ("search:epsilon=2", "epsilon must be from 0 to 1, not 2"),
    ("search:anchor=-1", "anchor must be at least 0, not -1"),
    ("search:infer=3", "infer must be true or false, not 3"),
    ("search:others=x", "others must be tree or policy, not 'x'"),
    ("strong:steps=0", "steps must be a whole number of at least 1, not 0"),
    ("random:depth=3", "unknown setting 'depth'"),
    ("casual:iterations=5", "unknown setting 'iterations'"),  # the heuristic has no budget
])
@pytest.mark.parametrize("command", ["selfplay", "arena", "play"])
def test_bad_bot_settings_are_refused_when_the_bot_is_named(capsys, spec, says, command):
    """They failed at the bot's first move, or silently made the line mode play at random."""
    argv = {"selfplay": ["selfplay", "yokir", "--games", "1"], "arena": ["arena", "yokir", "--matches", "1"],
            "play": ["play", "yokir", "--plain"]}[command]
    assert main(argv + ["--bots", f"{spec},random", "-o", "target=1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("parlor: bad settings for bot ") and err.endswith(f": {says}\n")


@pytest.mark.parametrize("content,says", [
    (b"\xff\xfe{", "not UTF-8 text"),
    (b'{"game": ["yokir"], "actions": []}', "unknown game"),
    (b'{"game": {"id": 1}, "actions": []}', "unknown game"),
])
def test_records_that_are_not_text_or_name_no_game_exit_2(tmp_path, capsys, content, says):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("content,says", [
    # JSON that Python's reader itself refuses: a number past int()'s limit, deep nesting
    (b'{"game": "yokir", "seed": ' + b"7" * 5000 + b', "actions": []}', "a JSON number has more than 4300 digits"),
    (b'{"game": "yokir", "actions": ' + b"[" * 100_000, "nested too deeply"),
    # a key given twice: which value counts would be a guess
    (b'{"game": "yokir", "seed": 1, "seed": 2, "actions": []}', 'a JSON object names "seed" twice'),
    (b'{"game": "yokir", "options": {"target": 3, "target": 5}, "actions": []}', '"target" twice'),
    # an unpaired surrogate escape is valid JSON but no text (printing the name failed)
    (b'{"game": "yokir", "names": ["\\ud800x", "B", "C"], "actions": []}', "names must be text"),
])
@pytest.mark.parametrize("command", ["replay", "hint", "play"])
def test_every_command_that_reads_a_record_refuses_bad_json_in_one_line(tmp_path, capsys, content,
                                                                        says, command):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    argv = {"replay": ["replay", str(path)], "hint": ["hint", str(path), "--level", "casual"],
            "play": ["play", "yokir", "--plain", "--load", str(path)]}[command]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and len(err.splitlines()) == 1


def test_a_null_seed_or_deals_is_read_as_absent_like_null_names_and_seats(tmp_path, capsys):
    rec = {"game": "yokir", "seed": None, "deals": None, "names": None, "seats": None, "actions": []}
    assert main(["replay", record_file(tmp_path, rec), "--json"]) == 0
    plain = {"game": "yokir", "actions": []}
    assert records.replay(rec).report() == records.replay(plain).report()


def test_a_record_larger_than_any_match_is_refused_unread(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(records, "MAX_BYTES", 100)
    path = record_file(tmp_path, {"game": "yokir", "actions": [], "names": ["A" * 50, "B", "C"]})
    assert main(["replay", path]) == 2
    assert capsys.readouterr().err.endswith("is not a record: larger than 0 MB\n")


def test_a_null_action_is_named_as_json_writes_it(tmp_path, capsys):
    rec = example()["record"]
    rec["actions"] = [None]
    assert main(["replay", record_file(tmp_path, rec)]) == 2
    assert capsys.readouterr().err == ("parlor: action 0 null by seat 1 is illegal: "
                                       "null is not an action string\n")  # not "None is not..."


def test_a_deal_where_the_caller_took_one_trick_says_trick(tmp_path, capsys):
    assert main(["selfplay", "yokir", "--games", "1", "--seed", "0", "-o", "target=1", "--save", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "yokir-0.json"), "--json"]) == 0
    details = [r["detail"] for r in json.loads(capsys.readouterr().out)["deal_results"]]
    assert details == ["seat 2 called L, took 2 tricks", "seat 1 called M, took 1 trick"]


def test_bench_json(capsys):
    assert main(["bench", "yokir", "--seconds", "0.05", "--iterations", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    row = out["games"][0]
    assert row["game"] == "yokir" and row["unit"] == "card plays"
    # bids and trump calls are actions but not card plays: the ratio divides card plays only
    assert 0 < row["plays_per_s"] < row["actions_per_s"]
    assert row["ratio"] == pytest.approx(row["plays_per_s"] / out["ref_trick"]["plays_per_s"])
    assert row["search"]["iterations_per_s"] > 0 and row["search"]["position"].startswith("deal 1,")
    assert set(out["compiled"]) <= set(HOT)  # which build ran: the hot path's compiled modules


def test_bench_counts_every_action_of_a_game_without_card_plays():
    from parlor.bench import playout_rate
    row = playout_rate("tor", seconds=0.02, runs=1)
    assert row["unit"] == "actions" and row["plays_per_s"] == row["actions_per_s"] > 0


@pytest.mark.parametrize("typed,legal,want", [
    ("2", ["pass", "pick"], None), ("pick", ["pass", "pick"], "pick"),
    ("6L", ["play 1A", "play 6L"], "play 6L"), ("6l", ["play 1A", "play 6L"], "play 6L"),
    ("pa", ["pass", "pick"], "pass"), ("p", ["pass", "pick"], None), ("3", ["pass", "pick"], None),
    ("call  A", ["call A", "pass"], "call A"),
    # a meld or lay-off typed in any order of its cards (Tőr §9: front ends put it in order)
    ("meld KS KD KH", ["discard KS", "meld KH KD KS"], "meld KH KD KS"),
    ("layoff 0 5h 4h", ["layoff 0 4H 5H", "layoff 1 4H 5H"], "layoff 0 4H 5H"),
    ("meld KS KD", ["meld KH KD KS"], None),
])
def test_match_input(typed, legal, want):
    assert match_input(typed, legal) == want


def first_key(out: list[str]) -> str:
    """The key of the first move in the last list of moves the line mode wrote: what a person
    types to make it."""
    line = next((line for line in reversed(out) if line.startswith("Your moves: ")), "Your moves: )")
    return line.removeprefix("Your moves: ").split(")", 1)[0]


def typing(out: list[str], typed):
    """A reader that types each of `typed` in turn, FIRST as the first listed move's key."""
    return lambda prompt: (lambda t: first_key(out) if t == FIRST else t)(next(typed))


FIRST = "<the first move>"


def test_a_person_plays_a_whole_yokir_match_to_7_in_line_mode(tmp_path):
    out = []
    typed = iter(["help", "nonsense", "sheet", f"save {tmp_path / 'mid.json'}"] + [FIRST] * 10_000)
    match = Match(make_rules("yokir"), seed=11)
    table = PlainTable(match, 0, ["random"], read=typing(out, typed), write=out.append)
    table.run()
    assert match.finished and max(match.scores) >= 7 and len(match.winners()) == 1
    text = "\n".join(out)
    assert "Not a legal move: \"nonsense\" is not a Yokir action" in text and "\nWinner: " in text
    assert out[-1] == "The record was not saved."  # the key typed on after the end leaves
    saved = records.read(tmp_path / "mid.json")
    assert saved["actions"] == match.actions[:len(saved["actions"])]
    assert not records.replay(saved).finished
    assert records.replay(match.record()).report() == match.report()


def test_line_mode_reports_each_deal_once_and_a_deal_over_as_it_was_dealt():
    played, rng = Match(make_rules("tor", {"deals": 4}), seed=5), Rng(5)
    while len(played.results) < 2:
        played.apply(rng.choice(played.legal()))
    out = []
    typed = iter([FIRST, "quit", "quit"])
    PlainTable(records.replay(played.record()), 0, ["random"], read=typing(out, typed),
               write=out.append).run()
    assert not any(line.startswith(("Deal 1 over", "Deal 2 over")) for line in out)  # seen before saving
    out = []
    PlainTable(Match(make_rules("tor"), seed=21), 0, ["random"], read=lambda p: "quit",
               write=out.append).run()
    assert any(line.startswith("Deal 1 over") for line in out)  # over before any move: never seen
    assert out.index("--- Deal 1") < next(i for i, line in enumerate(out) if line.startswith("Deal 1 over"))


def test_line_mode_says_why_a_move_is_illegal():
    out = []
    typed = iter(["play 9Z", "99", "quit", "quit"])
    match = Match(make_rules("yokir"), seed=2)
    PlainTable(match, match.to_act(), ["random"], read=lambda p: next(typed), write=out.append).run()
    assert any(line.startswith("Not a legal move:") for line in out)
    n = len(match.view(match.to_act())["hand"])
    assert f"There is no card 99: your {n} cards are numbered 1 to {n}." in out  # not "is not a Yokir action"


def test_line_mode_offers_to_save_the_finished_match(tmp_path):
    """records.md: every game played can be saved; the line mode used to exit at the last move."""
    out = []
    after = iter(["save", f"save {tmp_path / 'no' / 'such' / 'dir.json'}", f"save {tmp_path / 'done.json'}"])
    match = Match(make_rules("yokir", {"target": 2}), seed=4)
    read = (lambda prompt: next(after) if match.finished else first_key(out))
    PlainTable(match, 0, ["random"], read=read, write=out.append).run()
    assert out[-3:] == ["save needs a file name: save game.json",
                          f"Could not save to {tmp_path / 'no' / 'such' / 'dir.json'}: No such file or directory",
                          f"Saved the record to {tmp_path / 'done.json'}."]
    saved = records.read(tmp_path / "done.json")
    assert saved == match.record() and records.replay(saved).finished


def test_line_mode_leaves_quietly_when_input_ends_with_the_match():
    out = []
    match = Match(make_rules("yokir", {"target": 1}), seed=4)

    def read(prompt):
        if match.finished:
            raise EOFError
        return first_key(out)
    PlainTable(match, 0, ["random"], read=read, write=out.append).run()
    assert match.finished and out[-1].startswith("Type save FILE to keep the record")


def test_line_mode_plays_on_when_a_computer_player_fails():
    """A bot's bug costs that move only (a random legal one instead), and the person is told."""
    from parlor.bots import Bot

    class Broken(Bot):
        name = "broken"

        def choose(self, view, rng):
            raise ZeroDivisionError("division by zero")
    out = []
    typed = iter([FIRST] * 30 + ["quit", "quit"])
    match = Match(make_rules("yokir"), seed=2)
    table = PlainTable(match, 0, ["random"], read=typing(out, typed), write=out.append)
    table.session.bots = {s: Broken(match.rules) for s in table.session.bots}
    table.run()
    told = [line for line in out if "computer player (Random) failed (ZeroDivisionError: division by zero)" in line]
    assert len(told) >= 10 and told[0].endswith("; it played a random legal move instead.")
    assert len(match.actions) > 30  # the computers' moves were played


def test_a_record_write_that_is_stopped_leaves_nothing_behind(tmp_path, monkeypatch):
    from pathlib import Path

    from parlor import records

    def stopped(self, target):  # Ctrl-C or kill between writing the record and naming it
        raise KeyboardInterrupt
    monkeypatch.setattr(Path, "replace", stopped)
    with pytest.raises(KeyboardInterrupt):
        records.write({"game": "yokir"}, tmp_path / "r.json")
    assert list(tmp_path.iterdir()) == []


def test_play_load_refuses_table_arguments_that_differ_from_the_record(tmp_path, capsys, monkeypatch):
    """--seats, -o and --seed were checked, then silently dropped for the record's own."""
    match = Match(make_rules("tor", {"stake": 2}, 5), seed=11)
    path = record_file(tmp_path, match.record())
    load = ["play", "tor", "--plain", "--load", path]
    assert main(load + ["--seed", "12", "-o", "stake=3", "--seats", "4"]) == 2
    assert capsys.readouterr().err == (f"parlor: {path} goes on with its own table, not -o stake=3 "
                                       "(it has 2), --seats 4 (it has 5), --seed 12 (it has 11)\n")
    stdin_bytes(monkeypatch, b"quit\n")  # the record's own values are no contradiction
    assert main(load + ["--seed", "11", "-o", "stake=2", "--seats", "5"]) == 0
    assert "Tőr: you sit at seat" in capsys.readouterr().out


def no_match_may_be_played(monkeypatch):
    monkeypatch.setattr("parlor.core.match.Match.apply", lambda *a: pytest.fail("a match was played"))


@pytest.mark.parametrize("command", [["selfplay", "yokir", "--games", "2"], ["arena", "yokir", "--bots", "random"]])
@pytest.mark.parametrize("where,seed,says", [
    ("afile", "1", "afile: it is a file, not a folder"),
    ("afile/sub", "1", "afile/sub: Not a directory"),
    ("new/sub", "7" * 300, "new/sub: File name too long"),  # the record's name holds the seed
])
def test_a_save_folder_that_cannot_hold_the_records_is_refused_before_any_match(
        tmp_path, capsys, monkeypatch, command, where, seed, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("")
    no_match_may_be_played(monkeypatch)
    assert main(command + ["--seed", seed, "--save", where]) == 2
    assert capsys.readouterr().err == f"parlor: cannot save records in {says}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]  # no folder left behind


def test_selfplay_keeps_the_records_saved_before_one_it_cannot_write(tmp_path, capsys):
    (tmp_path / "yokir-1.json").mkdir()
    assert main(["selfplay", "yokir", "--games", "2", "--seed", "0", "-o", "target=1", "--save", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"parlor: cannot save {tmp_path / 'yokir-1.json'}: Is a directory\n"
    assert records.replay(records.read(tmp_path / "yokir-0.json")).finished


@pytest.mark.parametrize("plot,says", [
    ("{tmp}/no/such/x.png", "{tmp}/no/such is not a folder this program can write in"),
    ("{tmp}/x.foo", "the file name must end in one of .", ),
])
def test_an_arena_plot_that_cannot_be_drawn_is_refused_before_any_match(tmp_path, capsys, monkeypatch, plot, says):
    no_match_may_be_played(monkeypatch)
    plot = plot.format(tmp=tmp_path)
    assert main(["arena", "yokir", "--bots", "random,rules", "--matches", "1", "--plot", plot]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"parlor: --plot {plot}: {says.format(tmp=tmp_path)}") and err.count("\n") == 1


def test_the_arena_report_is_printed_before_the_plot_is_drawn(tmp_path, capsys, monkeypatch):
    """A plot that fails at the end (a full disk) must not take the report of the play with it."""
    from parlor.core.errors import UsageError

    def full_disk(report, path):
        raise UsageError(f"cannot draw {path}: No space left on device")
    monkeypatch.setattr("parlor.cli.arena.plot", full_disk)
    argv = ["arena", "yokir", "--bots", "random,rules", "--matches", "1", "--seed", "1", "-o", "target=1"]
    assert main(argv + ["--plot", str(tmp_path / "x.png")]) == 2
    out, err = capsys.readouterr()
    assert "seatings: random rules random" in out and err.endswith("No space left on device\n")


def closed_loopback_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("db,says", [
    ("{tmp}", "cannot open the database {tmp}: "),  # a folder
    ("{tmp}/no/such/x.sqlite", "cannot open the database {tmp}/no/such/x.sqlite: "),
    ("mysql://x/y", "cannot open mysql://x/y: the driver MySQLdb is not installed (parlor keeps its "
                    "tables in SQLite or PostgreSQL)"),  # it advised pip install 'parlor[postgres]'
])
def test_serve_opens_its_database_before_serving(tmp_path, capsys, db, says):
    """The store opened only as the server started: "serving on" and then a lifespan traceback."""
    db = db.format(tmp=tmp_path)
    assert main(["serve", "--db", db, "--port", str(closed_loopback_port())]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("parlor: " + says.format(tmp=tmp_path)) and err.count("\n") == 1


def test_serve_on_a_port_in_use_is_one_line_and_makes_no_database(tmp_path, capsys, monkeypatch):
    import socket
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"parlor: cannot serve on 127.0.0.1:{port}: Address already in use\n"
    assert list(tmp_path.iterdir()) == []  # the default database was made before the bind failed


def test_a_reader_that_closes_the_pipe_ends_the_command_quietly(tmp_path):
    """`parlor replay --json x | head -1` ended in a BrokenPipeError traceback."""
    import os
    path = record_file(tmp_path, example()["record"])
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes a byte
    done = subprocess.run([sys.executable, "-m", "parlor.cli.main", "replay", "--json", path],
                          stdout=write_end, stderr=subprocess.PIPE, text=True)
    os.close(write_end)
    assert (done.returncode, done.stderr) == (1, "")


@pytest.mark.parametrize("address,says", [
    ("127.0.0.1:{port}", "cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused"),
    ("127.0.0.1", "--ray takes HOST:PORT, auto or local, not '127.0.0.1'"),
])
def test_arena_on_a_ray_address_it_cannot_reach_is_one_line(capsys, address, says):
    """ray.init retried a closed port for many minutes, printing warnings, deaf to SIGTERM."""
    pytest.importorskip("ray")
    port = closed_loopback_port()
    argv = ["arena", "yokir", "--bots", "random,rules", "--matches", "1", "-o", "target=1"]
    assert main(argv + ["--ray", address.format(port=port)]) == 2
    assert capsys.readouterr().err == f"parlor: {says.format(port=port)}\n"


def test_a_record_path_may_start_with_the_home_folder(tmp_path, monkeypatch):
    """"~/x.json" typed into the terminal's save and load dialogs, where no shell expands it."""
    monkeypatch.setenv("HOME", str(tmp_path))
    match = Match(make_rules("yokir"), seed=3)
    records.save(match, "~/kept.json")
    assert (tmp_path / "kept.json").exists()
    assert records.read("~/kept.json")["seed"] == 3


def test_line_mode_shows_every_hand_when_a_tor_deal_ends():
    """Tőr §8.2 and §13: all hands are shown after a drop, an instant win or a count."""
    out = []
    match = Match(make_rules("tor", {"deals": 1}), seed=2)
    PlainTable(match, 0, ["random"], read=lambda p: first_key(out), write=out.append).run()
    end = next(i for i, line in enumerate(out) if line.startswith("Deal 1 over"))
    shown = out[:end]
    for name in ("You", "Ben", "Cai", "Dan")[:match.rules.seats]:
        assert any(line.startswith(f"  {name}: ") and " = " in line for line in shown), name


def test_line_mode_asks_before_quitting_and_reads_short_forms_as_meant():
    out = []
    match = Match(make_rules("yokir"), seed=11)
    while match.to_act() != 0 or not match.legal()[0].startswith("play"):
        match.apply(match.legal()[0])
    hand = set(match.view(0)["hand"])
    missing = next(c for c in ("1A", "2A", "3A", "4A", "5A", "6A", "1T", "2T") if c not in hand)
    typed = iter([missing.lower(), "quit", "hand", "quit", "quit"])
    PlainTable(match, 0, ["random"], read=lambda p: next(typed), write=out.append).run()
    card = text_of(match.rules).card_words(missing)  # "the Initiate of Architecture"
    assert f"Not a legal move: you do not hold {card}" in out  # not "not a Yokir action"
    assert sum(line.startswith("The match is not over and leaving loses it") for line in out) == 2
    assert not match.finished


def test_line_mode_reads_a_bare_card_as_the_one_card_move_even_beside_melds():
    """Tőr after a draw offers "discard C" and "meld C C C": a lone card is read as a discard."""
    out = []
    match = Match(make_rules("tor", seats=2), seed=0)
    while match.to_act() != 0:
        match.apply(sorted(match.legal())[0])
    match.apply("draw stock")
    assert any(a.startswith("meld ") for a in match.legal())  # seed 0: seat 0 can meld
    missing = next(c for c in ("2C", "3C", "4C", "5C", "6C", "7C") if c not in match.view(0)["hand"])
    typed = iter([missing.lower(), "quit", "quit"])
    PlainTable(match, 0, ["random"], read=lambda p: next(typed), write=out.append).run()
    assert f"Not a legal move: you do not hold {text_of(match.rules).card_words(missing)}" in out, out[-6:]


def test_line_mode_end_prompt_answers_the_sheet_before_leaving():
    out = []
    after = iter(["sheet", "help", ""])
    match = Match(make_rules("yokir", {"target": 1}), seed=4)
    read = (lambda prompt: next(after) if match.finished else first_key(out))
    PlainTable(match, 0, ["random"], read=read, write=out.append).run()
    assert out[-1] == "The record was not saved."
    assert out[-3] == text_of(match.rules).score_sheet(match.results, match.names)
    assert out[-2].startswith("Type the key")
