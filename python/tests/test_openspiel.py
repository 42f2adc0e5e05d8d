"""Both games as OpenSpiel games (tabletop.openspiel): OpenSpiel's own checks, its ISMCTS and
random bots playing whole games, chance outcomes that are the deals, and tensors that show a
seat nothing it cannot see.

Skipped with a notice without the open_spiel package, and failing then under CI=true (.ci/run
installs it)."""

import os

import numpy as np
import pytest

try:
    import pyspiel
except ImportError:
    if os.environ.get("CI") in ("true", "1"):
        raise
    pytest.skip(
        "open_spiel is not installed (pip install open_spiel): the OpenSpiel tests are skipped",
        allow_module_level=True,
    )

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import tabletop.openspiel  # noqa: E402,F401  registers the games
from tabletop import SetupError, powergrid, thegame  # noqa: E402

GAMES = [
    ("tabletop_thegame", {"players": 2}),
    ("tabletop_thegame", {"players": 1}),
    ("tabletop_powergrid", {"players": 2, "map": "usa"}),
    ("tabletop_powergrid", {"players": 3, "map": "germany", "public_money": True}),
]


def deal(state, rng):
    outcomes, probs = zip(*state.chance_outcomes())
    state.apply_action(int(rng.choice(outcomes, p=probs)))


def test_games_load_with_their_parameters_and_refuse_bad_ones():
    g = pyspiel.load_game("tabletop_powergrid(players=5,map=usa)")
    assert g.num_players() == 5 and g.num_distinct_actions() == powergrid.NUM_ACTIONS
    assert g.observation_tensor_size() == powergrid.OBSERVATION_SIZE
    assert g.information_state_tensor_size() == powergrid.OBSERVATION_SIZE
    g = pyspiel.load_game("tabletop_thegame", {"players": 4, "deals": 10})
    assert g.num_players() == 4 and g.max_chance_outcomes() == 10
    assert g.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    with pytest.raises(SetupError):
        pyspiel.load_game("tabletop_thegame", {"players": 9})
    with pytest.raises(SetupError, match="mars"):
        pyspiel.load_game("tabletop_powergrid", {"map": "mars"})
    with pytest.raises(ValueError, match="deals must be"):
        pyspiel.load_game("tabletop_thegame", {"deals": 0})


@pytest.mark.parametrize("name,params", GAMES[:2])
def test_openspiel_random_simulation_checks_the_game(name, params):
    # OpenSpiel's own conformance run: legal actions, clones, serialization round trips,
    # observations and information states of every player at every state.
    game = pyspiel.load_game(name, {**params, "deals": 64})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players,map", [(2, "usa"), (3, "germany")])
def test_openspiel_random_simulation_checks_power_grid(players, map):
    game = pyspiel.load_game("tabletop_powergrid", {"players": players, "map": map, "deals": 8})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name,params", GAMES)
def test_the_chance_outcome_is_the_deal_and_states_round_trip(name, params):
    game = pyspiel.load_game(name, {**params, "deals": 1000})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(77)
    module = thegame if name == "tabletop_thegame" else powergrid
    setup = {k: v for k, v in params.items()}
    assert state.inner == module.new_game(seed=77, **setup)
    rng = np.random.default_rng(3)
    for step in range(150):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal == sorted(legal) and legal == state.inner.legal_actions()
        if step % 25 == 0:
            again = game.deserialize_state(state.serialize())
            assert str(again) == str(state) and again.history() == state.history()
            clone, before = state.clone(), state.inner.clone()
            assert clone.inner == state.inner
            clone.apply_action(legal[0])
            assert state.inner == before and len(clone.history()) == len(state.history()) + 1
        state.apply_action(int(rng.choice(legal)))
    assert state.history()[0] == 77


@pytest.mark.parametrize("name,params", GAMES)
def test_a_seats_tensors_and_information_state_do_not_change_with_what_it_cannot_see(name, params):
    game = pyspiel.load_game(name, {**params, "deals": 1000})
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.default_rng(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed, checked = 0, 0
    for step in range(120):
        if state.is_terminal():
            break
        if step % 8 == 0:
            for seat in range(game.num_players()):
                other = state.resample_from_infostate(seat, sampler)
                assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
                assert np.array_equal(
                    other.information_state_tensor(seat), state.information_state_tensor(seat)
                )
                assert other.observation_string(seat) == state.observation_string(seat)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                changed += str(other) != str(state)
                checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    # The resampled states differ in what the seat cannot see (hands, decks), so the check
    # above would catch a tensor built from it.
    assert checked > 0 and changed >= checked // 2


@pytest.mark.parametrize(
    "name,params,simulations",
    [
        ("tabletop_thegame", {"players": 2}, 20),
        ("tabletop_thegame", {"players": 3}, 10),
        ("tabletop_powergrid", {"players": 2, "map": "germany"}, 3),
    ],
)
def test_ismcts_and_a_random_bot_play_whole_games(name, params, simulations):
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(7)
    bots = [
        ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.5, simulations, random_state=rng)
    ]
    bots += [uniform_random.UniformRandomBot(p, rng) for p in range(1, game.num_players())]
    state = game.new_initial_state()
    steps = 0
    rewards = np.zeros(game.num_players())
    while not state.is_terminal():
        if state.is_chance_node():
            deal(state, rng)
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        rewards += state.rewards()
        steps += 1
    assert steps > 10
    returns = state.returns()
    assert list(rewards) == pytest.approx(returns)
    assert all(0.0 <= r <= 1.0 for r in returns)
    if name == "tabletop_powergrid":
        assert sum(returns) >= 1.0  # someone won
    else:
        assert len(set(returns)) == 1 and returns[0] > 0  # a shared score, some cards played
