"""PettingZoo's own api_test and seed_test on both games, and the Gymnasium solo env."""

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import tabletop  # noqa: E402
from tabletop import IllegalActionError  # noqa: E402
from tabletop.envs import powergrid_v0, thegame_v0  # noqa: E402


@pytest.mark.parametrize("players", [1, 3])
def test_thegame_api(players):
    api_test(thegame_v0.env(players=players), num_cycles=300)


@pytest.mark.parametrize("map,players", [("germany", 2), ("usa", 5)])
def test_powergrid_api(map, players):
    api_test(powergrid_v0.env(map=map, players=players), num_cycles=300)


def test_seeds():
    seed_test(lambda: thegame_v0.env(players=2), num_cycles=300)
    seed_test(lambda: powergrid_v0.env(map="germany", players=3), num_cycles=300)


def test_aec_games_end_with_shared_rewards():
    env = thegame_v0.env(players=2)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    assert total["player_0"] == pytest.approx(total["player_1"]) and total["player_0"] > 0


def test_aec_refuses_an_illegal_action_and_calls_before_reset():
    env = powergrid_v0.env(map="germany", players=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    with pytest.raises(IllegalActionError):
        env.step(2767)  # done: not in an auction


def test_gymnasium_solo_env():
    import tabletop.gym  # noqa: F401  registers the id

    env = gymnasium.make("tabletop/TheGameSolo-v0")
    from gymnasium.utils.env_checker import check_env

    check_env(tabletop.gym.TheGameSoloEnv(illegal_action="end"), skip_render_check=True)
    obs, info = env.reset(seed=4)
    total, done = 0.0, False
    rng = np.random.default_rng(1)
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        assert legal.max() < 393  # signals are masked out
        obs, reward, done, _, info = env.step(int(rng.choice(legal)))
        total += reward
    assert 0 < total <= 1
    with pytest.raises(IllegalActionError, match="signals are off"):
        env.reset(seed=1)
        env.step(395)


def test_reset_with_a_seed_deals_the_game_new_game_deals():
    import tabletop.gym  # noqa: F401

    from tabletop import powergrid, thegame

    for seed in (0, 7, np.int64(9), 2**64 - 1):
        env = thegame_v0.env(players=3)
        env.reset(seed=seed)
        assert env.state == thegame.new_game(players=3, seed=seed)
        env = powergrid_v0.env(map="usa", players=4)
        env.reset(seed=seed)
        assert env.state == powergrid.new_game(players=4, map="usa", seed=seed)
        solo = tabletop.gym.TheGameSoloEnv()
        obs, _ = solo.reset(seed=seed)
        assert solo.state == thegame.new_game(players=1, seed=seed)
        assert np.array_equal(obs, thegame.new_game(players=1, seed=seed).observation(0))
    # Resets without a seed continue from the last seed given, the same way every time.
    a, b = thegame_v0.env(players=2), thegame_v0.env(players=2)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.state == b.state != thegame.new_game(players=2, seed=5)
    with pytest.raises(tabletop.SetupError, match="a seed must be"):
        a.reset(seed=-1)
    assert a.state == b.state


def test_aec_refuses_steps_after_the_game_and_non_integer_actions():
    env = thegame_v0.env(players=2)
    env.reset(seed=2)
    with pytest.raises(TypeError, match="an action is an int index"):
        env.step(float(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    with pytest.raises(TypeError, match="an action is an int index"):
        env.step(True)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            with pytest.raises(ValueError, match="only action it may take is None"):
                env.step(0)
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
    assert env.agents == []
    with pytest.raises(ValueError, match="every agent is done"):
        env.step(None)


def test_gymnasium_refuses_non_integer_actions():
    import tabletop.gym

    env = tabletop.gym.TheGameSoloEnv()
    env.reset(seed=1)
    legal = int(np.flatnonzero(env._mask())[0])
    for bad in (float(legal), np.float32(legal), True):
        with pytest.raises(TypeError, match="an action is an int index"):
            env.step(bad)
    env.step(np.int16(legal))
