"""The OpenSpiel adapter over every registered game: registration and metadata, OpenSpiel's own
random simulation test (with serialization), pickling and game strings, resampling from an
information state, and OpenSpiel's ISMCTS playing whole games."""

import copy
import json
import pickle
import re

import numpy as np
import pytest
import pyspiel
from integration_tables import game_ids, seat_counts, short_options
from open_spiel.python.algorithms import ismcts, mcts

import parlor.integrations.openspiel as adapter
from parlor.core.registry import game_class, make_rules
from parlor.core.rng import Rng

GAMES = game_ids()
CHANCE = pyspiel.PlayerId.CHANCE


def short_game(game_id: str, seats: int | None = None, **extra):
    return adapter.load(make_rules(game_id, short_options(game_id), seats), **extra)


def random_action(state, rs):
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        return actions[rs.choice(len(actions), p=probs)]
    return rs.choice(state.legal_actions())


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {f"parlor_{g}" for g in GAMES} <= names
    assert adapter.registered() == [f"parlor_{g}" for g in GAMES]


@pytest.mark.parametrize("game_id", GAMES)
def test_game_type_and_info(game_id):
    game = pyspiel.load_game(f"parlor_{game_id}")
    gt = game.get_type()
    rules = game_class(game_id)()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.reward_model == pyspiel.GameType.RewardModel.REWARDS
    if rules.zero_sum:
        assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    elif game_id == "meri":  # every seat scores its team's points; the teams' add up to 9
        assert gt.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.utility_sum() == 4 * 9 * rules.max_deals()  # four seats a team
        state, rs = short_game(game_id).new_initial_state(), np.random.RandomState(3)
        while not state.is_terminal():
            state.apply_action(random_action(state, rs))
        assert sum(state.returns()) == short_game(game_id).utility_sum()
    assert game.num_distinct_actions() == rules.num_actions
    assert game.num_players() == rules.seats
    assert game.max_chance_outcomes() >= rules.deck.size
    deals = rules.max_deals() or 100
    lo, hi = rules.deal_points_bounds()
    assert (game.min_utility(), game.max_utility()) == (deals * lo, deals * hi)
    assert game.max_game_length() == deals * rules.max_actions_per_deal
    params = gt.parameter_specification
    assert {o.name for o in rules.option_schema} | {"single_deal"} <= set(params)
    assert ("players" in params) == (rules.min_seats != rules.max_seats)
    assert ("max_deals" in params) == (rules.max_deals() is None)
    names = adapter.action_names(game)
    assert len(names) == rules.num_actions and all(names)


@pytest.mark.parametrize("game_id,seats", [(g, s) for g in GAMES for s in seat_counts(g)])
def test_random_sim_short_match(game_id, seats):
    pyspiel.random_sim_test(short_game(game_id, seats), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_sim_single_deals(game_id):
    rules = game_class(game_id)()
    last = rules.max_deals() or 1
    for k in sorted({1, last}):
        game = pyspiel.load_game(f"parlor_{game_id}", {"single_deal": k})
        assert game.max_game_length() == rules.max_actions_per_deal
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def _pattern(name: str) -> re.Pattern:
    alts = [re.escape(a).replace("<card>", r"\S+").replace("<n>", r"\d+") for a in name.split(" | ")]
    return re.compile("^(" + "|".join(alts) + ")$")


@pytest.mark.parametrize("game_id", GAMES)
def test_python_side_sim(game_id):
    """A random game driven from Python: clones, pickles and game strings round-trip; strings and
    tensors come from the view; action strings fit action_names; rewards add up to returns."""
    game = short_game(game_id)
    assert str(pyspiel.load_game(str(game))) == str(game)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    patterns = [_pattern(n) for n in adapter.action_names(game)]
    rs = np.random.RandomState(7)
    state = game.new_initial_state()
    total = np.zeros(game.num_players())
    step = 0
    while not state.is_terminal():
        if step & (step - 1) == 0:  # powers of two
            again = pickle.loads(pickle.dumps(state))
            assert str(again) == str(state) and again.history() == state.history()
            _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            assert str(again) == str(state)
            action = random_action(state.clone(), np.random.RandomState(step))
            again.apply_action(action)
            twin = state.clone()
            twin.apply_action(action)
            assert str(again) == str(twin)
        if not state.is_chance_node():
            player = state.current_player()
            total += state.rewards()
            for p in range(game.num_players()):
                assert json.loads(state.information_state_string(p)) == state.view(p)
                assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
            for a in state.legal_actions():
                assert patterns[a].match(state.action_to_string(player, a)), (a, state.action_to_string(player, a))
        state.apply_action(random_action(state, rs))
        step += 1
    total += state.rewards()
    assert list(total) == state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_from_infostate(game_id):
    """A resampled state looks the same to the seat (strings, tensors, legal actions, returns),
    differs in what the seat cannot see, and plays on to the end."""
    game = short_game(game_id)
    rs = np.random.RandomState(11)
    sample = Rng(5).random
    state = game.new_initial_state()
    checked = differs = 0
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            for p in range(game.num_players()):
                r = state.resample_from_infostate(p, sample)
                assert r.information_state_string(p) == state.information_state_string(p)
                assert r.observation_string(p) == state.observation_string(p)
                assert r.information_state_tensor(p) == state.information_state_tensor(p)
                assert r.observation_tensor(p) == state.observation_tensor(p)
                assert r.current_player() == state.current_player()
                assert r.returns() == state.returns()
                if state.current_player() == p:
                    assert r.legal_actions() == state.legal_actions()
                checked += 1
                differs += str(r) != str(state)
        state.apply_action(random_action(state, rs))
        step += 1
    assert checked and differs, "resampling never changed a hidden card"
    # A resampled state is a full state: it plays to the end and survives pickling.
    state = game.new_initial_state()
    while state.is_chance_node() or state.current_player() < 0:
        state.apply_action(random_action(state, rs))
    world = state.resample_from_infostate(state.current_player(), sample)
    while not world.is_terminal():
        world.apply_action(random_action(world, rs))
        assert str(pickle.loads(pickle.dumps(world))) == str(world)


def _whole_history(game, core) -> list[int]:
    """A resampled state's history from the start of the game: the first dealer (when drawn),
    its deal card by card, its actions."""
    setup = core.setup
    history = []
    if setup.dealer_by_outcome:
        history.append(next(k for k, d in enumerate(setup.dealer_by_outcome)
                            if setup.rules.dealer_of(d, core.number) == core.dealer))
    for seat, i in setup.slots(core.number, core.dealer)[0]:
        history.append(core.deal.pile[i] if seat < 0 else core.deal.hands[seat][i])
    return history + core.actions


@pytest.mark.parametrize("game_id", GAMES)
def test_resampled_worlds_show_the_seat_what_it_saw(game_id):
    """Perfect recall within a deal: a resampled world's history, played from the start, shows
    the seat the same information state at each earlier decision as the true history did."""
    rules = make_rules(game_id, short_options(game_id))
    game = adapter.deal_game(rules, rules.max_deals() or 1)
    n = game.num_players()
    rs, sample = np.random.RandomState(5), Rng(8).random
    state, seen = game.new_initial_state(), []  # seen: every seat's string at each decision
    checked = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            seen.append([state.information_state_string(p) for p in range(n)])
            for p in range(n) if len(seen) % 3 == 1 else ():
                world = game.new_initial_state()
                strings = []
                for action in _whole_history(game, state.resample_from_infostate(p, sample)._core):
                    if not world.is_chance_node():
                        strings.append(world.information_state_string(p))
                    world.apply_action(action)
                strings.append(world.information_state_string(p))
                assert strings == [s[p] for s in seen], f"seat {p} recalls another past"
                checked += 1
        state.apply_action(random_action(state, rs))
    assert checked >= n


@pytest.mark.parametrize("token", ["9", "dark"])
def test_joker_chooser_recalls_the_three_he_chose_trump_from(token):
    """Two deals that differ only in which of the chooser's cards came first: he saw different
    threes when he chose, so after the same trump his information states still differ; the
    other seats' do not."""
    if "joker" not in GAMES:
        pytest.skip("no joker")
    game = pyspiel.load_game("parlor_joker", {"schedule": json.dumps([[token]])})
    states = [game.new_initial_state(), game.new_initial_state()]
    dealer = states[0]._core.dealer
    chooser = (dealer + 1) % 4
    order = game.setup.slots(1, dealer)[0]
    first, sixth = order.index((chooser, 0)), order.index((chooser, 5))
    twin = list(range(36))
    twin[first], twin[sixth] = twin[sixth], twin[first]
    for a, b in zip(range(36), twin):
        states[0].apply_action(a)
        states[1].apply_action(b)
    trump = False
    while not trump:
        action = states[0].legal_actions()[0]
        trump = action >= 64  # the ids of "trump S".."trump none"
        for s in states:
            s.apply_action(action)
    one, two = states
    assert one.information_state_string(chooser) != two.information_state_string(chooser)
    assert one.information_state_tensor(chooser) != two.information_state_tensor(chooser)
    for p in set(range(4)) - {chooser}:
        assert one.information_state_string(p) == two.information_state_string(p)
        assert one.information_state_tensor(p) == two.information_state_tensor(p)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_plays_whole_games(game_id):
    rules = make_rules(game_id, short_options(game_id))
    last = rules.max_deals() or 1
    for game in (adapter.load(rules), adapter.deal_game(rules, last)):
        rs = np.random.RandomState(3)
        evaluator = mcts.RandomRolloutEvaluator(1, rs)
        bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=rs) for _ in range(game.num_players())]
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(random_action(state, rs))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                moves += 1
        assert moves and all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def _leader_and_cards(trick) -> tuple[int, list]:
    """A completed trick of a view (the shared shape): its leader and its [seat, card]s."""
    return trick["leader"], trick["cards"]


@pytest.mark.parametrize("game_id", [g for g in ("yokir", "joker", "meri") if g in GAMES])
def test_tensor_keeps_who_played_each_card(game_id):
    """Views that differ only in who played which card of a trick, or in which of two tricks with
    the same leader a seat played a card (who showed out), have different tensors."""
    rules = make_rules(game_id, short_options(game_id))
    game = adapter.deal_game(rules, rules.max_deals() or 1)
    layout = game.setup.table.layout
    rs = np.random.RandomState(2)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(random_action(state, rs))
        view = state.view(0)
        by_leader = {}
        for i, trick in enumerate(view["tricks"]):
            by_leader.setdefault(_leader_and_cards(trick)[0], []).append(i)
        pair = next((ts[:2] for ts in by_leader.values() if len(ts) > 1), None)
        if pair is not None:
            break
    tensor = layout.encode(view)
    swapped = copy.deepcopy(view)
    cards = _leader_and_cards(swapped["tricks"][pair[0]])[1]
    cards[1][1], cards[2][1] = cards[2][1], cards[1][1]  # two seats played each other's card
    assert not np.array_equal(layout.encode(swapped), tensor)
    moved = copy.deepcopy(view)
    one, two = (_leader_and_cards(moved["tricks"][i])[1] for i in pair)
    one[1][1], two[1][1] = two[1][1], one[1][1]
    assert not np.array_equal(layout.encode(moved), tensor)


def test_parameters_reach_the_table_options():
    if "joker" in GAMES:
        game = pyspiel.load_game('parlor_joker(shtanga=per_card,first_dealer=random,schedule=[["1";"9"]])')
        opts = game.setup.rules.options
        assert (opts["shtanga"], opts["first_dealer"], opts["schedule"]) == ("per_card", "random", [["1", "9"]])
        assert game.max_game_length() == 2 * game_class("joker").max_actions_per_deal
        game = pyspiel.load_game("parlor_joker", {"shtanga": "-100", "schedule": '[["1","2"],["3"]]'})
        assert game.setup.rules.options["shtanga"] == -100
        assert game.setup.rules.options["schedule"] == [["1", "2"], ["3"]]
        assert str(pyspiel.load_game(str(game))) == str(game)
        # Joker draws no first dealer by default; with "random" the first node is chance over seats.
        assert pyspiel.load_game("parlor_joker").new_initial_state().chance_outcomes()[0][0] == 0
        first = pyspiel.load_game("parlor_joker(first_dealer=random)").new_initial_state()
        assert [a for a, _ in first.chance_outcomes()] == [0, 1, 2, 3]
    if "tor" in GAMES:
        game = pyspiel.load_game("parlor_tor(players=6,stake=5,deals=3)")
        assert game.num_players() == 6
        assert game.setup.rules.options == {"stake": 5, "deals": 3}
        assert game.max_utility() == 3 * game.setup.rules.deal_points_bounds()[1]
    if "yokir" in GAMES:
        game = pyspiel.load_game("parlor_yokir(target=3,max_deals=9)")
        assert (game.setup.rules.options["target"], game.max_game_length()) == (3, 9 * 22)
        with pytest.raises(Exception, match="target"):
            pyspiel.load_game("parlor_yokir(target=0)")
        with pytest.raises(Exception, match="single_deal"):
            pyspiel.load_game("parlor_yokir(single_deal=101)")
        with pytest.raises(Exception, match="nonsense"):
            pyspiel.load_game("parlor_yokir(nonsense=1)")


def test_illegal_actions_are_refused_with_a_reason():
    game = short_game(GAMES[0])
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    before = str(state)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="illegal"):
        state.apply_action(illegal)
    assert str(state) == before


def test_observers_of_one_seat_only():
    game = short_game(GAMES[0])
    with pytest.raises(Exception, match="one seat"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_bot(game_id):
    """The arena entrant: registered, legal every move, and the same moves under the same rng."""
    from parlor.bots import bot_names, make_bot
    from parlor.core.match import Match
    assert "openspiel-ismcts" in bot_names()
    rules = make_rules(game_id, short_options(game_id))

    def play():
        bot = make_bot("openspiel-ismcts:simulations=4", rules)
        match, rng = Match(rules, 21), Rng(4)
        while not match.finished:
            view = match.view(match.to_act())
            action = bot.choose(view, rng)
            assert action in view["legal"]
            match.apply(action)
        return match.record()

    assert play() == play()
