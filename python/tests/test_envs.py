"""PettingZoo's own api_test and seed_test on both games, and the Gymnasium solo env."""

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

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
