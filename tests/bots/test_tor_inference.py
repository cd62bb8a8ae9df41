"""Tőr's inference: the tilt toward low hidden cards and reading the others' draws and discards."""

import json
from pathlib import Path

import pytest

from parlor.bots import make_bot
from parlor.bots.kit import kit
from parlor.bots.tor import rebuild
from parlor.bots.worlds import Worlds
from parlor.core.errors import BadSettings
from parlor.core.registry import make_rules
from parlor.core.rng import Rng
from parlor.games.tor.cards import hand_total

from .conftest import heuristic_positions, true_place_share, world_weights


def _rules_play_positions(rules, count):
    """(match, seat, view) at the start of a turn well into a deal of rules-bot play."""
    def wanted(view, k):
        return view.get("stage") == 1 and k % 3 == 0 and len(view["history"]) > 8
    return heuristic_positions(rules, count, wanted, seed=100)


def test_rebuild_replays_a_refined_world_to_the_same_state():
    rules = make_rules("tor", None, 4)
    policy = kit(rules).playout_policy(rules)
    checked = 0
    for _, _, view in _rules_play_positions(rules, 8):
        worlds = Worlds(rules, view, Rng(3), 10, True, 1.0, policy)
        for w in worlds.worlds:
            seen = []
            s = rebuild(rules, w, lambda s, a: seen.append(a))
            assert seen == [code >> 3 for code in w.log]
            assert (s.hands, s.stock[:s.si], s.log) == (w.hands, w.stock[:w.si], w.log)
            checked += 1
    assert checked == 80


@pytest.mark.slow
def test_tilt_and_reading_the_others_play_sharpen_the_worlds():
    """When the others play their heuristic, the tilt brings the imagined totals of their hands
    nearer the truth, and reading their draws, drops and discards puts their cards in the right
    hands more often."""
    rules = make_rules("tor", None, 4)
    policy = kit(rules).playout_policy(rules)
    error = {"none": 0.0, "tilt": 0.0}
    share = {"tilt": 0.0, "read": 0.0}
    count = 40
    for match, seat, view in _rules_play_positions(rules, count):
        truth = match.state
        for mode in ("none", "tilt", "read"):
            worlds = Worlds(rules, view, Rng(5), 100, mode != "none", 0.3 if mode == "read" else 1.0,
                            policy)
            if mode in error:
                w = world_weights(worlds)
                for p, hand in enumerate(truth.hands):
                    if p != seat:
                        guess = sum(wi * hand_total(x.hands[p]) for wi, x in zip(w, worlds.worlds))
                        error[mode] += abs(guess - hand_total(hand)) / count
            if mode in share:
                share[mode] += true_place_share(worlds, truth, seat) / count
    assert error["tilt"] < 0.9 * error["none"], error
    assert share["read"] > 1.03 * share["tilt"], share


def test_the_tilts_give_the_measured_means():
    """Each tilt makes the deck's mean card value what was measured in play (bots/tor.py)."""
    import math

    from parlor.bots.tor import TILTS
    from parlor.games.tor.cards import VALUE
    measured = {"rules": (6.54, 5.85, 5.39, 4.88), "search": (6.57, 6.52, 6.30, 5.79)}
    for who, tilt in TILTS.items():
        for beta, mean in zip(tilt, measured[who]):
            w = [math.exp(-beta * VALUE[c]) for c in range(52)]
            assert abs(sum(x * VALUE[c] for c, x in enumerate(w)) / sum(w) - mean) < 0.1, (who, beta)


def test_assuming_search_players_imagines_higher_hands():
    """The setting reaches the walk: others who play like the search keep higher cards."""
    rules = make_rules("tor", None, 4)
    policy = kit(rules).playout_policy(rules)
    totals = {"rules": 0.0, "search": 0.0}
    for _, seat, view in _rules_play_positions(rules, 10):
        for assume in totals:
            worlds = Worlds(rules, view, Rng(5), 50, True, 1.0, policy, assume)
            totals[assume] += sum(hand_total(h) for w in worlds.worlds
                                  for p, h in enumerate(w.hands) if p != seat)
    assert totals["search"] > 1.05 * totals["rules"], totals
    with pytest.raises(BadSettings, match="assume must be rules or search"):
        make_bot("expert:assume=people", rules)


def _worked_example() -> dict:
    """The record of the spec's worked example (§16)."""
    path = Path(__file__).parents[1] / "games" / "tor" / "golden" / "worked_example.json"
    return json.loads(path.read_text())["record"]


def test_search_players_drop_at_once_with_a_low_dealt_hand():
    """In the spec's worked example, seat 2 (21) and seat 3 (24) start their first turns under
    26: a player imagined as a search player drops both; the heuristic, which at 4 seats drops only
    3 under what the others likely hold (25 each here), only the 21; on their next turns, with the
    same totals, neither drops."""
    from parlor.bots.tor import FIRST_DROP
    from parlor.games.tor.cards import DROP
    from parlor.records import actions_of, new_match
    record = _worked_example()
    match = new_match(record)
    rules = match.rules
    policies = {assume: kit(rules).playout_policy(rules, assume) for assume in ("rules", "search")}
    drops = {"rules": [], "search": []}
    for i, action in enumerate(actions_of(record)):
        s = match.state
        if s.stage == 1:
            for assume, policy in policies.items():
                if policy(rules.copy(s), rules.legal_ids(s), Rng(1)) == DROP:
                    drops[assume].append((i, s.turn, hand_total(s.hands[s.turn])))
        match.apply(action)
    assert FIRST_DROP[4] == 26
    assert drops == {"rules": [(2, 2, 21), (14, 3, 4)], "search": [(2, 2, 21), (4, 3, 24), (14, 3, 4)]}


def test_search_players_are_imagined_keeping_higher_cards():
    """After its first turn, a player imagined as a search player counts each unknown card of the
    others at SEARCH_KEPT and not AVERAGE_KEPT, so it drops with totals the heuristic keeps playing:
    over later turns of heuristic play, the two policies differ exactly where the seat's total plus
    the margin falls between the others' lowest likely totals under the two counts, and only the
    search player drops there."""
    from parlor.bots.tor import (AVERAGE_KEPT, DROP_MARGIN, DROPS, SEARCH_KEPT, _known_takes,
                                 estimate_totals, first_turn)
    from parlor.games.tor.cards import DROP
    rules = make_rules("tor", None, 4)
    policies = {assume: kit(rules).playout_policy(rules, assume) for assume in ("rules", "search")}
    drop_at = DROPS[4][1]
    differ = between = 0
    for match, seat, view in _rules_play_positions(rules, 400):
        s = match.state
        if first_turn(s):
            continue
        drops = {a: p(rules.copy(s), rules.legal_ids(s), Rng(1)) == DROP for a, p in policies.items()}
        total = hand_total(s.hands[seat])
        sizes = [h.bit_count() for h in s.hands]
        low = {kept: min(estimate_totals(sizes, _known_takes(s), seat, kept))
               for kept in (AVERAGE_KEPT, SEARCH_KEPT)}
        in_between = total <= drop_at and low[AVERAGE_KEPT] <= total + DROP_MARGIN < low[SEARCH_KEPT]
        between += in_between
        if drops["rules"] != drops["search"]:
            differ += 1
            assert drops["search"] and in_between, (total, low)
    assert SEARCH_KEPT > AVERAGE_KEPT
    assert differ == between > 0


def test_the_heuristic_can_be_told_when_to_drop():
    """For experiments the rules bot takes `first_drop` (drop at once on the first turn with that
    total or less) and `drop_at` (the highest total it drops with later, still only well under the
    others' likely totals) in place of its table's. On the worked example: the former rule
    (first_drop=0, drop_at=12) drops only seat 3's 4; with first_drop=26 it drops where a player
    imagined as a search player does (the playout policy, test above); with drop_at=21 and no
    first-turn drop it drops seat 2's 21 on its first turn (the others likely hold 25) but not on
    its next (seat 3 then holds a known low card); bad values are refused with the reason."""
    from parlor.records import actions_of, new_match
    record = _worked_example()
    match = new_match(record)
    names = ("rules", "rules:first_drop=0:drop_at=12", "rules:first_drop=26",
             "rules:first_drop=0:drop_at=21")
    bots = {name: make_bot(name, match.rules) for name in names}
    drops = {name: [] for name in names}
    for i, action in enumerate(actions_of(record)):
        s = match.state
        if s.stage == 1:
            view = match.view(s.turn)
            for name, bot in bots.items():
                if bot.choose(view, Rng(1)) == "drop":
                    drops[name].append((i, s.turn, hand_total(s.hands[s.turn])))
        match.apply(action)
    assert drops == {"rules": [(2, 2, 21), (14, 3, 4)],
                     "rules:first_drop=0:drop_at=12": [(14, 3, 4)],
                     "rules:first_drop=26": [(2, 2, 21), (4, 3, 24), (14, 3, 4)],
                     "rules:first_drop=0:drop_at=21": [(2, 2, 21), (14, 3, 4)]}
    for bad in ("rules:drop_at=x", "rules:first_drop=60", "rules:drop_at=true"):
        with pytest.raises(BadSettings, match="must be a hand total from 0 to 50"):
            make_bot(bad, match.rules)
    with pytest.raises(BadSettings, match="unknown setting"):
        make_bot("rules:drop_when=3", match.rules)


def test_the_first_turn_drop_follows_the_number_of_seats():
    """Fewer seats, fewer others who might hold less: a higher total is worth dropping, for the
    search player as imagined and for the heuristic."""
    from parlor.bots.tor import DROPS, FIRST_DROP
    for table in (FIRST_DROP, {n: first for n, (first, _) in DROPS.items()}):
        assert set(table) == set(range(2, 9))
        assert all(table[n] >= table[n + 1] for n in range(2, 8))
        assert table[2] > table[8]


def test_the_expert_imagines_search_players_in_its_playouts():
    """assume reaches the playout policy: at a first turn with 24, the expert's search imagines
    a drop there, strong's does not."""
    from parlor.bots.search import Search
    from parlor.games.tor.cards import DROP
    from parlor.records import new_match
    record = _worked_example()
    match = new_match(record)
    for action in record["actions"][:4]:  # seat 3 (24) to start its first turn
        match.apply(action)
    view = match.view(3)
    s = match.state
    chosen = {}
    for assume in ("rules", "search"):
        search = Search(match.rules, view, Rng(2), iterations=10, assume=assume)
        chosen[assume] = search.policy(match.rules.copy(s), match.rules.legal_ids(s), Rng(1))
    assert chosen["search"] == DROP and chosen["rules"] != DROP, chosen


def test_rebuild_when_a_dealt_card_comes_back():
    """Seat 1 discards its dealt KH; seat 0 melds and keeps the pile's top; seat 1 takes KH back.
    The dealt hands are still five cards each, and every imagined world replays to itself."""
    from parlor.games.tor.cards import DECK
    from parlor.records import new_match
    hands = [["7C", "7D", "7H", "2C", "3D"], ["9S", "TS", "JS", "QH", "KH"]]
    first = ["4S", "5C", "6D", "8C"]
    dealt = {c for h in hands for c in h}
    pile = first + [c for c in DECK.codes if c not in dealt and c not in first]
    record = {"game": "tor", "seats": 2, "options": {"deals": 1},
              "deals": [{"dealer": 0, "hands": hands, "pile": pile}], "actions": []}
    match = new_match(record)
    for action in ["draw stock", "discard KH", "draw stock", "meld 7C 7D 7H", "end",
                   "draw discard", "discard 9S"]:
        match.apply(action)
    rules = match.rules
    s = rebuild(rules, match.state, lambda s, a: None)
    assert (s.hands, s.log) == (match.state.hands, match.state.log)
    view = match.view(0)
    worlds = Worlds(rules, view, Rng(4), 20, True, 0.3, kit(rules).playout_policy(rules, "search"), "rules")
    for w in worlds.worlds:
        s = rebuild(rules, w, lambda s, a: None)
        assert (s.hands, s.log) == (w.hands, w.log)
