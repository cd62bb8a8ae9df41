"""The review of a match (session/review.py, `parlor review`): a planted blunder is ranked first,
the search sees only the seat's views, bad input is one line, and the JSON's shape."""

import json
import re

import pytest
from terminal import parlor

from parlor import records
from parlor.bots import make_bot
from parlor.cli.main import main
from parlor.core.match import Match
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.session import review as rv
from parlor.testing import _codes_in

BUDGET = 60  # enough for these plain blunders; the default is for whole matches


def joker_blunder() -> dict:
    """A two-card Joker deal: seat 0 holds both jokers and bids 2, two sure tricks, then leads a
    joker `low` into the others' spades and loses the first trick (and its bid)."""
    rules = make_rules("joker", {"schedule": [["2"]], "first_dealer": 3})
    hands = [["X1", "X2"], ["AS", "KS"], ["QS", "JS"], ["TS", "9S"]]
    dealt = {c for h in hands for c in h}
    pile = ["6H"] + [c for c in rules.deck.codes if c not in dealt and c != "6H"]
    return {"game": "joker", "options": {"schedule": [["2"]], "first_dealer": 3},
            "deals": [{"dealer": 3, "hands": hands, "pile": pile}],
            "actions": ["bid 2", "bid 0", "bid 0", "bid 1",
                        "play X1 low S", "play AS", "play QS", "play TS",
                        "play KS", "play JS", "play 9S", "play X2 take"]}


def _total(hand: list[str]) -> int:
    return sum(1 if c[0] == "A" else 10 if c[0] in "TJQK" else int(c[0]) for c in hand)


def tor_blunder() -> dict:
    """A Tőr deal played by the heuristic, where seat 0, at its third turn or later, drops on a
    hand of 30 or more: the others are very likely lower, and it pays double to each of them."""
    rules = make_rules("tor", {"deals": 1}, 4)
    bot = make_bot("casual", rules)
    for seed in range(200):
        match = Match(rules, seed)
        turns = 0
        while not match.finished:
            seat = match.to_act()
            view = match.view(seat)
            if seat == 0 and "drop" in view["legal"]:
                turns += 1
                if turns >= 3 and _total(view["hand"]) >= 30:
                    match.apply("drop")
                    return match.record()
            match.apply(bot.choose(view, Rng(seed * 10 + seat)))
    raise AssertionError("no seed gave a high hand at a third turn")


@pytest.mark.parametrize("make, blunder", [(joker_blunder, "play X1 low S"), (tor_blunder, "drop")])
def test_a_planted_blunder_is_the_costliest_choice(make, blunder):
    record = make()
    data = rv.review(record, 0, budget=BUDGET)
    first = data["costliest"][0]
    assert first["played"] == blunder, data["costliest"]
    assert first["lost"] > 0 and first["best"] != blunder and first["best_reason"]
    index = record["actions"].index(blunder) if blunder != "drop" else len(record["actions"]) - 1
    assert first["index"] == index
    # the deal's points lost include it; the total is the sum of every choice's
    assert data["deals"][first["deal"] - 1]["lost"] >= first["lost"]
    assert data["lost"] == pytest.approx(sum(c["lost"] for c in data["choices"]), abs=0.01)


def test_the_joker_blunder_loses_the_sure_trick_and_the_best_move_takes_it():
    first = rv.review(joker_blunder(), 0, budget=BUDGET)["costliest"][0]
    assert first["best"].startswith("play X") and " high " in first["best"]
    assert "100%" in first["best_reason"]  # the better move wins the trick in every imagined deal


def test_the_search_is_given_the_seats_views_and_nothing_hidden(monkeypatch):
    """Spy on the search: every view it is given is the reviewed seat's own, at that point, and
    holds no card another seat still hides. A review that passed the replayed state, or another
    seat's view, fails here."""
    record = joker_blunder()
    given = []
    real = rv.weigh_moves

    def spy(rules, view, *args, **kwargs):
        assert isinstance(view, dict)
        given.append(json.dumps(view, sort_keys=True))
        return real(rules, view, *args, **kwargs)
    monkeypatch.setattr(rv, "weigh_moves", spy)
    rv.review(record, 0, budget=10)
    # the views as an independent replay gives them, and the cards the others hold then
    match = records.new_match(record)
    expected, hidden = [], []
    deal = match.deals[0]
    for action in record["actions"]:
        if match.to_act() == 0 and len(match.legal()) > 1:
            expected.append(json.dumps(match.view(0), sort_keys=True))
            played = _codes_in(match.rules, " ".join(match.actions))
            hidden.append({c for s in (1, 2, 3) for c in deal.hands[s]} - {match.rules.deck.codes[c] for c in played})
        match.apply(action)
    assert given == expected and len(given) == 3
    for text, cards in zip(given, hidden):
        words = set(re.findall(r"[0-9A-Z]{2}", text))
        assert cards and not cards & words, cards & words


def test_forced_moves_are_counted_not_weighed():
    data = rv.review(joker_blunder(), 1, budget=10)
    # seat 1: its bid and its spade after the low lead are choices; leading its last card is forced
    assert data["forced"] == 1 and [c["index"] for c in data["choices"]] == [1, 5]


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_shape(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(joker_blunder()))
    code, out, err = _run(capsys, "review", str(path), "--json", "--budget", "20")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"game", "title", "seat", "names", "budget", "finished", "forced", "lost", "deals", "choices",
                         "costliest"}
    assert data["game"] == "joker" and data["seat"] == 0 and data["budget"] == 20 and data["finished"]
    assert data["deals"] == [{"deal": 1, "points": data["deals"][0]["points"], "scores": data["deals"][0]["points"],
                              "lost": data["deals"][0]["lost"]}]
    for c in data["choices"]:
        assert set(c) == {"index", "deal", "played", "value", "why", "reason", "best", "best_value", "best_why",
                          "best_reason", "lost", "moves"}
        assert c["lost"] == pytest.approx(c["best_value"] - c["value"], abs=0.01) and c["lost"] >= 0
    assert data["costliest"] == sorted(data["costliest"], key=lambda c: -c["lost"])


def test_text_names_the_blunder_and_the_plot_is_drawn(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(joker_blunder()))
    png = tmp_path / "m.png"
    code, out, err = _run(capsys, "review", str(path), "--budget", "20", "--plot", str(png))
    assert code == 0, err
    assert "1. deal 1, move 5: played play X1 low S" in out  # moves counted from 1, as the replay does
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_the_review_is_said_in_hungarian_with_hungarian_decimals():
    """The weighed choices keep their reasons as data; the review said in Hungarian has its
    sentences and its figures in Hungarian ("-12,3"), and its reasons too."""
    from parlor.core.language import using
    p = rv.plan(joker_blunder(), 0)
    weighed = [rv.weigh(p.rules, c, BUDGET) for c in p.choices]
    assert all(isinstance(w["why"], dict) and w["why"]["kind"] for w in weighed)
    with using("hu"):
        data = rv.summary(p, weighed, BUDGET)
        text = "\n".join(rv.lines(data))
    first = data["costliest"][0]
    lost, total = f"{first['lost']:.1f}", f"{data['lost']:.1f}"
    assert f"{lost.replace('.', ',')} pont veszteség" in text and f"{lost} pont" not in text
    assert f"Várható pontveszteség összesen: {total.replace('.', ',')}" in text
    assert "kipróbált osztás" in first["best_reason"] and first["best_reason"] in text
    assert re.search(r"várhatóan [+-]\d+,\d\d pont", first["best_reason"])


@pytest.mark.parametrize("text, words", [
    ('{"game": "joker",', "parlor: "),
    ('{"game": "chess", "actions": []}', "unknown game"),
    ('{"game": "joker", "actions": ["bid 12"]}', "action 0"),
    ('[1]', "a record must be a JSON object"),
])
def test_a_malformed_record_is_one_line(tmp_path, capsys, text, words):
    path = tmp_path / "r.json"
    path.write_text(text)
    code, out, err = _run(capsys, "review", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize("seat, words", [("4", "no seat 4: the seats are 0 to 3"), ("x", "no seat x"),
                                         ("-1", "no seat -1")])
def test_a_bad_seat_is_one_line(tmp_path, capsys, seat, words):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(joker_blunder()))
    code, out, err = _run(capsys, "review", str(path), "--seat", seat)
    assert code == 2 and err.count("\n") == 1 and words in err


def test_a_seat_is_named_by_number_or_by_the_records_name():
    record = {**joker_blunder(), "names": ["Ana", "Ben", "Cai", "Dan"]}
    assert rv.seat_of(record, "Cai") == 2 and rv.seat_of(record, "1") == 1 and rv.seat_of(record, None) == 0


def test_the_progress_bar_is_on_standard_error_and_the_json_stays_json(tmp_path):
    """On a terminal (a pseudo-terminal here) the bar is drawn on standard error; the report on
    standard output is the JSON alone."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(joker_blunder()))
    code, out, seen = parlor(["review", str(path), "--budget", "5", "--json"], stderr_terminal=True, timeout=120)
    assert code == 0
    assert "weighing the choices" in seen
    assert json.loads(out)["game"] == "joker"


def test_a_record_that_stops_in_a_deal_is_reviewed_up_to_there():
    record = joker_blunder()
    record["actions"] = record["actions"][:6]  # in the first trick, after the blunder
    data = rv.review(record, 0, budget=BUDGET)
    assert not data["finished"] and data["costliest"][0]["played"] == "play X1 low S"
    assert data["deals"] == [{"deal": 1, "points": None, "scores": None,
                              "lost": pytest.approx(sum(c["lost"] for c in data["choices"]), abs=0.01)}]
    assert "deal 1: not finished" in "\n".join(rv.lines(data))


def test_a_deal_over_as_it_is_dealt_keeps_its_number():
    """Tőr seed 21: the first deal is an instant win, over before any action."""
    rules = make_rules("tor", {"deals": 2}, 4)
    bot = make_bot("casual", rules)
    match = Match(rules, 21)
    assert len(match.results) == 1
    while not match.finished:
        match.apply(bot.choose(match.view(match.to_act()), Rng(1)))
    data = rv.review(match.record(), 0, budget=5)
    assert [(d["deal"], d["points"]) for d in data["deals"]] == [(1, match.results[0].points),
                                                                (2, match.results[1].points)]
    assert data["deals"][0]["lost"] == 0 and {c["deal"] for c in data["choices"]} == {2}
    assert data["deals"][1]["scores"] == match.scores
