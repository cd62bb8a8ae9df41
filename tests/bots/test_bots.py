"""Every bot in every registered game: legal moves only, blind to hidden cards, reproducible."""

import json

import pytest

from parlor.bots import bot_names, make_bot
from parlor.bots.search import SearchBot, search_stats
from parlor.core.errors import BadSettings, UsageError
from parlor.core.rng import Rng
from parlor.testing import _swap_hidden

from .conftest import game_ids, heuristic_positions, positions, true_place_share

# Small budgets: these tests are about the contract, not strength.
SMALL = {"search": {"iterations": 24}, "beginner": {"iterations": 12}, "strong": {"iterations": 24},
         "expert": {"iterations": 24, "processes": 1}}
FAST_BOTS = ["random", "rules", "casual"]
SEARCH_BOTS = ["search", "beginner", "strong", "expert"]


def small_bot(name, rules):
    return make_bot(name, rules, **SMALL.get(name, {}))


def test_names_in_the_table():
    for name in ["random", "rules", "search", "beginner", "casual", "strong", "expert"]:
        assert name in bot_names()


def test_unknown_bot_and_bad_settings_are_one_line_errors():
    from parlor.core.registry import make_rules
    rules = make_rules("yokir")
    with pytest.raises(BadSettings, match="unknown bot 'wizard'"):
        make_bot("wizard", rules)
    with pytest.raises(BadSettings, match="^bad settings for bot 'search': unknown setting 'depth'$"):
        make_bot("search:depth=3", rules)
    with pytest.raises(BadSettings, match="NAME=VALUE"):
        make_bot("search:fast", rules)
    with pytest.raises(BadSettings, match="deviation must be above 0 and at most 1"):
        make_bot("expert:deviation=-0.5", rules)
    with pytest.raises(BadSettings, match="^bad settings for bot 'casual': unknown setting 'iterations'$"):
        make_bot("casual:iterations=5", rules)
    assert issubclass(BadSettings, UsageError)  # a person named the bot: a usage error
    assert make_bot("search:iterations=50:mode=flat", rules).settings == {"iterations": 50, "mode": "flat"}


def test_a_search_built_directly_refuses_a_way_it_does_not_have():
    """Hints and benchmarks build a Search without a bot; a misspelt choice must not quietly
    search some other way (an unknown playout used to mean random playouts)."""
    from parlor.bots.search import Search
    from parlor.core.registry import make_rules
    rules = make_rules("yokir")
    _, match, seat, _ = next(positions("yokir", 1, seed=2, every=3))
    view = match.view(seat)
    for key, bad in [("mode", "deep"), ("playout", "greedy"), ("assume", "people"), ("others", "x")]:
        with pytest.raises(BadSettings, match=f"{key} must be .* not {bad!r}"):
            Search(rules, view, Rng(1), iterations=5, **{key: bad})
    assert Search(rules, view, Rng(1), iterations=5, playout="random").policy is None


def test_a_bots_own_type_error_is_its_bug_not_bad_settings(monkeypatch):
    """make_bot used to catch TypeError and call it bad settings, hiding a bot's real bug."""
    from parlor.bots import base
    from parlor.core.registry import make_rules

    class Broken(base.Bot):
        def __init__(self, rules, **settings):
            super().__init__(rules, **settings)
            len(3)  # a bug in the bot's own code

    monkeypatch.setitem(base._BOTS, "broken", Broken)
    rules = make_rules("yokir")
    with pytest.raises(TypeError, match="has no len"):
        make_bot("broken", rules)
    with pytest.raises(BadSettings, match="^bad settings for bot 'broken': unknown setting 'depth'$"):
        make_bot("broken:depth=3", rules)


def test_settings_are_checked_once_when_made():
    from dataclasses import FrozenInstanceError

    from parlor.bots.settings import SearchSettings
    assert SearchSettings() == SearchSettings.of()
    with pytest.raises(BadSettings, match="^unknown setting 'depth'$"):
        SearchSettings.of(depth=3)
    with pytest.raises(BadSettings, match="^iterations must be a whole number of at least 1, not 0$"):
        SearchSettings(iterations=0)
    with pytest.raises(FrozenInstanceError):
        SearchSettings().iterations = 5


def test_importing_the_bots_loads_no_search_and_no_optional_library():
    import subprocess
    import sys
    code = ("import sys, parlor.bots; "
            "print(sorted(m for m in sys.modules if m.startswith(('parlor.bots.', 'parlor.integrations', 'pyspiel'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['parlor.bots.base']"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_declares_its_kit_and_hints_alone_pay_for_an_observer(game_id):
    from parlor.bots.kit import Kit, kit
    from parlor.bots.search import Search
    from parlor.core.registry import make_rules
    rules = make_rules(game_id)
    game = kit(rules)
    assert isinstance(game, Kit) and game.rules_bot is not None and game.policy is not None
    assert kit(rules) is game  # read once per game
    _, match, seat, _ = next(positions(game_id, 1, seed=2, every=3))
    view = match.view(seat)
    assert Search(rules, view, Rng(1), iterations=5).hints is None
    assert Search(rules, view, Rng(1), iterations=5, detail=True).hints is not None


def test_a_game_without_a_bot_module_gets_the_empty_kit():
    from parlor.bots.kit import Kit, _kit_of
    empty = _kit_of("no_such_game")
    assert empty == Kit() and empty.policy is None and empty.reads == ("play ",) and empty.play_for_place


def test_a_game_can_space_its_levels():
    from parlor.bots.hints import _settings
    from parlor.core.registry import make_rules
    meri, joker, yokir, tor = (make_rules(g) for g in ("meri", "joker", "yokir", "tor"))
    assert [make_bot("strong", r).settings["steps"] for r in (meri, joker, yokir, tor)] == [
        20_000, 2500, 2500, 80_000]
    # the level is exactly the player measured in docs/strength.md under its arena name
    for r in (joker, yokir):
        assert make_bot("strong", r).settings == make_bot("strong:iterations=188:steps=2500", r).settings
    assert make_bot("expert", meri).settings["steps"] == make_bot("expert", joker).settings["steps"]
    assert make_bot("strong:steps=500", meri).settings["steps"] == 500  # the name's settings win
    assert _settings("strong")["steps"] == 80_000  # a hint keeps the level's full thinking


@pytest.mark.parametrize("game_id", game_ids())
def test_fast_bots_play_only_legal_moves(game_id):
    bots = None
    rng = Rng(5)
    n = 0
    for rules, match, seat, _ in positions(game_id, 2000, seed=1):
        if bots is None:
            bots = [make_bot(name, rules) for name in FAST_BOTS]
        view = match.view(seat)
        for bot in bots:
            action = bot.choose(view, rng)
            assert action in view["legal"], f"{game_id} {bot.name}: {action!r} not in {view['legal']}"
        n += 1
    assert n == 2000


@pytest.mark.parametrize("game_id", game_ids())
def test_search_bots_play_only_legal_moves(game_id):
    bots = None
    rng = Rng(6)
    for rules, match, seat, _ in positions(game_id, 60, seed=2, every=7):
        if bots is None:
            bots = [small_bot(name, rules) for name in SEARCH_BOTS]
            bots.append(make_bot("search", rules, iterations=24, mode="flat", playout="random"))
        view = match.view(seat)
        for bot in bots:
            action = bot.choose(view, rng)
            assert action in view["legal"], f"{game_id} {bot.name}: {action!r} not in {view['legal']}"


def _twin_views(game_id, count, seed, every):
    """Positions with a twin state: the cards the seat cannot see re-dealt, its view the same."""
    for rules, match, seat, deal_actions in positions(game_id, count, seed=seed, every=every):
        twin = _swap_hidden(rules, match, seat, deal_actions, Rng(len(deal_actions)))
        if twin is None or twin[0] is None:
            continue
        view = match.view(seat)
        other = rules.view(twin[0], seat)
        assert json.dumps(other, sort_keys=True) == json.dumps(view, sort_keys=True)
        if len(view["legal"]) > 1:
            yield rules, view, other


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_never_see_hidden_cards(game_id):
    """Changing the cards a seat cannot see, keeping its view, changes none of its decisions."""
    bots = None
    checked = 0
    for rules, view, twin in _twin_views(game_id, 400, seed=3, every=3):
        if bots is None:
            bots = [make_bot(n, rules) for n in FAST_BOTS] + [small_bot(n, rules) for n in SEARCH_BOTS]
        deep = checked < 25  # search bots on a sample, fast bots everywhere
        for bot in bots:
            if isinstance(bot, SearchBot) and not deep:
                continue
            a = bot.choose(view, Rng(checked))
            b = bot.choose(twin, Rng(checked))
            assert a == b, f"{game_id} {bot.name}: {a!r} != {b!r} when unseen cards changed"
        checked += 1
    assert checked >= 20, f"{game_id}: only {checked} twin positions"


@pytest.mark.parametrize("game_id", game_ids())
def test_search_statistics_do_not_depend_on_hidden_cards(game_id):
    """Stronger than the decision: the whole root statistics are equal on twin positions."""
    checked = 0
    for rules, view, twin in _twin_views(game_id, 200, seed=4, every=5):
        a = search_stats(rules, view, Rng(9), iterations=40)
        b = search_stats(rules, twin, Rng(9), iterations=40)
        assert [(s.action, s.visits, s.value) for s in a] == [(s.action, s.visits, s.value) for s in b]
        checked += 1
        if checked >= 6:
            break
    assert checked >= 6


@pytest.mark.parametrize("game_id", game_ids())
def test_search_is_reproducible_under_a_seed(game_id):
    for rules, match, seat, _ in positions(game_id, 8, seed=5, every=11):
        view = match.view(seat)
        if len(view["legal"]) < 2:
            continue
        for mode in ("ismcts", "flat"):
            first = search_stats(rules, view, Rng(77), iterations=60, mode=mode)
            again = search_stats(rules, json.loads(json.dumps(view)), Rng(77), iterations=60, mode=mode)
            assert [(s.action, s.visits, s.value) for s in first] == [(s.action, s.visits, s.value) for s in again]


@pytest.mark.parametrize("game_id", game_ids())
def test_playout_policies_ignore_the_rng(game_id):
    """Search remembers another seat's move at a node per imagined world, which is exact only
    when the playout policy is a function of the state alone."""
    from parlor.bots.kit import kit
    checked = 0
    for rules, match, seat, _ in positions(game_id, 400, seed=8, every=2):
        policy = kit(rules).playout_policy(rules)
        s = match.state
        ids = rules.legal_ids(s)
        if len(ids) < 2:
            continue
        moves = {policy(rules.copy(s), ids, Rng(k)) for k in range(3)}
        assert len(moves) == 1, f"{game_id}: the policy chose {moves} under different rngs"
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize("game_id", game_ids())
def test_the_rules_player_and_its_playout_twin_agree(game_id):
    """The `rules` player decides from the view, the playout policy from the state: search models
    the other seats by the policy, so both must make the same move (ties broken by card, not by
    the order in which the view or the state lists the cards)."""
    from parlor.bots.kit import kit
    checked = 0
    for rules, match, seat, _ in positions(game_id, 6000, seed=11):
        policy = kit(rules).playout_policy(rules)
        bot = make_bot("rules", rules)
        s = match.state
        ids = rules.legal_ids(s)
        if len(ids) < 2:
            continue
        twin = rules.action_str(s, policy(rules.copy(s), ids, Rng(1)))
        assert bot.choose(match.view(seat), Rng(1)) == twin, f"{game_id}: the policy plays {twin}"
        checked += 1
    assert checked >= 1500


@pytest.mark.parametrize("game_id", game_ids())
def test_remembered_moves_change_no_search(game_id):
    """The remembered moves of other seats save work and change nothing: the root statistics
    are the same as when every move is computed afresh."""
    from parlor.bots.search import Search
    checked = 0
    for rules, match, seat, _ in positions(game_id, 12, seed=3, every=7):
        view = match.view(seat)
        if len(view["legal"]) < 2:
            continue
        runs = []
        for remember in (True, False):
            search = Search(rules, view, Rng(4), iterations=400, pool=10)
            search.remember = remember
            runs.append(sorted((a, st.visits, st.value) for a, st in search.run().items()))
        assert runs[0] == runs[1]
        checked += 1
    assert checked >= 4


def test_lanes_give_the_same_answer_in_one_or_two_processes():
    from parlor.core.registry import make_rules
    rules = make_rules("yokir")
    for _, match, seat, _ in positions("yokir", 3, seed=6, every=5):
        view = match.view(seat)
        one = search_stats(rules, view, Rng(3), iterations=80, lanes=2, processes=1)
        two = search_stats(rules, view, Rng(3), iterations=80, lanes=2, processes=2)
        assert [(s.action, s.visits, s.value) for s in one] == [(s.action, s.visits, s.value) for s in two]


def test_a_servers_searches_give_the_same_answer_in_its_lowered_workers():
    """pool.own_searches (a server's): a one-lane search goes to a worker too, and plays the same."""
    from parlor.bots import pool
    from parlor.core.registry import make_rules
    rules = make_rules("yokir")
    views = [match.view(seat) for _, match, seat, _ in positions("yokir", 3, seed=6, every=8)]
    here = [search_stats(rules, view, Rng(3), iterations=200) for view in views]
    pool.own_searches(workers=1)
    try:
        owned = [search_stats(rules, view, Rng(3), iterations=200) for view in views]
        assert pool._POOL is not None, "the searches did not run in the pool"
    finally:
        pool.shutdown()
    assert pool.searches_here(1, 1, 200)  # shutdown ends the ownership too
    assert ([[(s.action, s.visits, s.value) for s in stats] for stats in here]
            == [[(s.action, s.visits, s.value) for s in stats] for stats in owned])


def test_forced_moves_are_answered_without_search():
    from parlor.core.registry import make_rules
    rules = make_rules("yokir")
    bot = make_bot("search", rules, iterations=10**9)  # would never finish if it searched
    view = {"legal": ["play 1A"], "seat": 0}
    assert bot.choose(view, Rng(1)) == "play 1A"


@pytest.mark.parametrize("game_id", ["joker", "meri", "yokir"])
def test_card_play_inference_finds_the_hidden_cards(game_id):
    """When the others play their heuristic, weighting worlds by how well it explains their card
    play puts the hidden cards where they really are more often."""
    from parlor.bots.kit import kit
    from parlor.bots.worlds import Worlds
    from parlor.core.registry import make_rules
    rules = make_rules(game_id)
    policy = kit(rules).playout_policy(rules)
    share = {1.0: 0.0, 0.1: 0.0}

    def wanted(view, k):
        return view["phase"] == "play" and len(view["legal"]) > 1 and k % 5 == 0
    for match, seat, view in heuristic_positions(rules, 20, wanted):
        for deviation in share:
            worlds = Worlds(rules, view, Rng(5), 100, True, deviation, policy)
            share[deviation] += true_place_share(worlds, match.state, seat) / 20
    assert share[0.1] > 1.05 * share[1.0], share


def test_card_play_weights_are_tempered_to_keep_enough_worlds():
    from parlor.bots.worlds import _ess, _tempered
    mild = _tempered([1.0] * 100, [0, 1] * 50, 0.3, 25)
    assert mild == [0.3 ** d for d in [0, 1] * 50]  # enough worlds left: the full weights
    harsh = _tempered([1.0] * 100, [0] * 5 + [20] * 95, 0.3, 25)
    assert 25 <= _ess(harsh) < 30  # as sharp as 25 worlds allow
    assert harsh[0] > harsh[-1]
