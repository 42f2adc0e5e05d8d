"""VecEnv against the single-game API, action by action, and its errors."""

import numpy as np
import pytest

import tabletop
from tabletop import IllegalActionError, powergrid, thegame


def single(game, seed, players):
    if game == "thegame":
        return thegame.new_game(players=players, seed=seed)
    return powergrid.new_game(players=players, map="germany", seed=seed)


@pytest.mark.parametrize("game,players,steps", [("thegame", 2, 400), ("thegame", 1, 300), ("powergrid", 3, 1200)])
def test_vecenv_agrees_with_single_games(game, players, steps):
    n, seed = 6, 40
    env = tabletop.VecEnv(game, n, seed=seed, threads=2, players=players)
    obs, masks = env.reset()
    games = [single(game, seed + i, players) for i in range(n)]
    finished = [0] * n
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(steps):
        for i, g in enumerate(games):
            assert env.players[i] == g.current_player()
            assert np.array_equal(obs[i], g.observation(g.current_player()))
            assert np.array_equal(masks[i], g.legal_mask())
            k = env.num_legal[i]
            assert list(env.legal[i, :k]) == g.legal_actions()
        actions = np.array([rng.choice(g.legal_actions()) for g in games])
        obs, masks, rewards, dones, players_ = env.step(actions)
        for i, g in enumerate(games):
            before = g.returns()
            g.apply(int(actions[i]))
            after = g.returns()
            assert list(rewards[i, : len(after)]) == pytest.approx([a - b for a, b in zip(after, before)])
            assert dones[i] == g.is_terminal()
            if dones[i]:
                ended += 1
                finished[i] += 1
                games[i] = single(game, seed + i + finished[i] * n, players)
    assert env.seeds() == [seed + i + finished[i] * n for i in range(n)]
    if game == "thegame":
        assert ended > 0


def test_vecenv_refuses_illegal_actions_and_moves_nothing():
    env = tabletop.VecEnv("thegame", 3, seed=1, threads=1)
    obs, masks = env.reset()
    before = obs.copy()
    actions = env.legal[:, 0].astype(np.int64)
    actions[1] = thegame.END
    with pytest.raises(IllegalActionError, match="game 1: action 392 \\(end\\) is illegal"):
        env.step(actions)
    assert np.array_equal(env.observations, before)
    with pytest.raises(IllegalActionError, match="not an index"):
        env.step(np.array([5000, 0, 0]))
    with pytest.raises(ValueError, match="actions holds 2 values but 3 are needed"):
        env.step(np.array([0, 0]))
    # Any integer array (or list) is accepted.
    env.step(list(env.legal[:, 0]))
    env.step(env.legal[:, 0].astype(np.int32))


def test_vecenv_bad_arguments():
    with pytest.raises(ValueError, match="unknown game"):
        tabletop.VecEnv("chess", 4)
    with pytest.raises(tabletop.SetupError):
        tabletop.VecEnv("thegame", 4, players=0)
    with pytest.raises(tabletop.SetupError, match="unknown map"):
        tabletop.VecEnv("powergrid", 4, map="mars")
    with pytest.raises(ValueError, match="at least one game"):
        tabletop.VecEnv("thegame", 0)


def test_vecenv_random_steps_in_rust():
    env = tabletop.VecEnv("powergrid", 8, seed=3, players=4, map="usa")
    env.reset()
    actions, obs, masks, rewards, dones, players = env.step_random()
    assert obs.shape == (8, powergrid.OBSERVATION_SIZE) and masks.shape == (8, powergrid.NUM_ACTIONS)
    assert actions.dtype == np.int64 and rewards.shape == (8, 6)
    finished = env.run_random(2000)
    assert finished > 0
