"""Arguments from Python and numpy: every integer type numpy gives is accepted, and every bad
argument (out-of-range seeds, bools and floats for indices, options a game lacks, calls out of
order) gets one clear ValueError or TypeError and changes nothing."""

import numpy as np
import pytest

import tabletop
from tabletop import IllegalActionError, SetupError, bots, powergrid, thegame

NEW = {
    "thegame": lambda **kw: thegame.new_game(players=2, **kw),
    "powergrid": lambda **kw: powergrid.new_game(players=3, map="usa", **kw),
}
NUMPY_INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


@pytest.mark.parametrize("game", NEW)
@pytest.mark.parametrize("kind", NUMPY_INTS)
def test_numpy_integers_are_seeds_seats_and_actions(game, kind):
    s = NEW[game](seed=kind(5))
    assert s == NEW[game](seed=5)
    assert NEW[game](seed=np.int64(5)).to_json() == NEW[game](seed=5).to_json()
    assert np.array_equal(s.observation(kind(1)), s.observation(1))
    assert s.view(kind(0)) == s.view(0)
    assert s.sample_hidden(kind(0), kind(3)) == s.sample_hidden(0, 3)
    first = s.legal_actions()[0]
    if first <= np.iinfo(kind).max:
        t = s.clone()
        t.apply(kind(first))
        s.apply(first)
        assert t == s
    bot = tabletop.bots.Bot(game, "random", kind(0), seed=kind(2))
    bot.reset(kind(3))


@pytest.mark.parametrize("game", NEW)
def test_the_largest_seed_deals_and_out_of_range_seeds_raise_one_error(game):
    NEW[game](seed=2**64 - 1)
    for seed in (-1, 2**64, np.int64(-5), 2**200, -(2**200)):
        with pytest.raises(SetupError, match="a seed must be an integer from 0 to 2\\*\\*64 - 1"):
            NEW[game](seed=seed)
        with pytest.raises(ValueError, match="a seed must be an integer from 0 to 2\\*\\*64 - 1"):
            NEW[game](seed=1).sample_hidden(0, seed)
        with pytest.raises(ValueError, match="a seed must be an integer from 0 to 2\\*\\*64 - 1"):
            tabletop.bots.Bot(game, "random", 0, seed=seed)
        with pytest.raises(ValueError, match="a seed must be an integer from 0 to 2\\*\\*64 - 1"):
            tabletop.bots.Bot(game, "random", 0).reset(seed)
        with pytest.raises(ValueError, match="a seed must be an integer from 0 to 2\\*\\*64 - 1"):
            tabletop.VecEnv(game, 2, seed=seed)
    for seed in (1.5, "3", True, np.float64(2.0)):
        with pytest.raises((TypeError, SetupError)):
            NEW[game](seed=seed)
        with pytest.raises(TypeError, match="an integer is needed"):
            tabletop.bots.Bot(game, "random", 0, seed=seed)
        with pytest.raises(TypeError, match="an integer is needed"):
            tabletop.VecEnv(game, 2, seed=seed)


@pytest.mark.parametrize("game", NEW)
def test_bad_action_indices_say_what_is_wrong_and_change_nothing(game):
    s = NEW[game](seed=3)
    before = s.to_json()
    for index in (2**63, 2**64, -(2**63) - 1, 10**30, 2**200):
        with pytest.raises(IllegalActionError, match=f"action {index} is not an index of {game}"):
            s.apply(index)
        with pytest.raises(IllegalActionError, match=f"action {index} is not an index of {game}"):
            s.decode(index)
        assert not s.is_legal(index)
    for bad in (True, np.True_, 1.0, np.float32(1), None, [1]):
        with pytest.raises(TypeError):
            s.apply(bad)
        with pytest.raises(TypeError):
            s.decode(bad)
    with pytest.raises(ValueError, match=f"seat {2**70} is not in this"):
        s.observation(2**70)
    with pytest.raises(TypeError):
        s.observation(1.0)
    assert s.to_json() == before


@pytest.mark.parametrize("game", NEW)
def test_bot_arguments_out_of_range(game):
    for rollouts in (-1, 0, 2**32):
        with pytest.raises(ValueError, match="rollouts must be"):
            tabletop.bots.Bot(game, "search", 0, rollouts=rollouts)
    with pytest.raises(ValueError, match="budget_ms must be"):
        tabletop.bots.Bot(game, "search", 0, budget_ms=-1)
    for seat in (-1, 6, 2**70):
        with pytest.raises(ValueError, match=f"seat {seat} does not exist"):
            tabletop.bots.Bot(game, "random", seat)
    with pytest.raises(TypeError, match="an integer is needed"):
        tabletop.bots.Bot(game, "search", 0, rollouts=2.5)


@pytest.mark.parametrize("game,players", [("thegame", 2), ("powergrid", 3)])
def test_act_index_plays_whole_games_in_both_games(game, players):
    s = NEW[game](seed=11)
    by_index = [bots.Bot(game, "heuristic", seat, seed=seat) for seat in range(players)]
    by_text = [bots.Bot(game, "heuristic", seat, seed=seat) for seat in range(players)]
    steps = 0
    while not s.is_terminal() and steps < 3000:
        seat = s.current_player()
        index = by_index[seat].act_index(s)
        assert index in s.legal_actions()
        assert s.action_to_string(index) == by_text[seat].act(s)
        s.apply(index)
        steps += 1
    assert s.is_terminal(), (game, steps)


def test_vecenv_refuses_floats_bools_and_steps_before_reset():
    env = tabletop.VecEnv("thegame", 3, seed=1)
    with pytest.raises(ValueError, match="reset\\(\\) must be called"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="reset\\(\\) must be called"):
        env.step_random()
    with pytest.raises(ValueError, match="reset\\(\\) must be called"):
        env.run_random(1)
    env.reset()
    seeds = env.seeds()
    legal = env.legal[:, 0].copy()
    for bad in (legal.astype(np.float64), legal.astype(np.float64) + 0.5, np.ones(3, dtype=bool), [1.0, 2.0, 3.0]):
        with pytest.raises(TypeError, match="actions must be integers"):
            env.step(bad)
    assert env.seeds() == seeds and np.array_equal(env.legal[:, 0], legal)
    env.step(legal.astype(np.uint16))
    with pytest.raises(IllegalActionError):
        env.step(np.full(3, 2**64 - 1, dtype=np.uint64))


def test_vecenv_refuses_options_the_game_lacks():
    with pytest.raises(ValueError, match="thegame has no option map"):
        tabletop.VecEnv("thegame", 2, map="usa")
    with pytest.raises(ValueError, match="thegame has no option public_money"):
        tabletop.VecEnv("thegame", 2, public_money=False)
    with pytest.raises(ValueError, match="num_envs must be 1 or more, not -1"):
        tabletop.VecEnv("thegame", -1)
    with pytest.raises(ValueError, match="threads must be 1 or more, not 0"):
        tabletop.VecEnv("thegame", 2, threads=0)
    with pytest.raises(ValueError, match="players must be"):
        tabletop.VecEnv("powergrid", 2, players=-3)
    env = tabletop.VecEnv("powergrid", 2, seed=np.uint64(4), players=np.int8(3), map="usa", public_money=True)
    env.reset()
    assert env.num_players == 3 and env.seeds() == [4, 5]
