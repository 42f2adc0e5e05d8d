"""Speed of the Python API, side by side with PettingZoo's connect_four_v3 in the same run.

    python examples/python/benchmark.py [--seconds 3]

Prints steps per second for: the PettingZoo AEC loop with random masked actions chosen in
Python (The Game, Power Grid, connect_four_v3); VecEnv with 1,024 games and actions chosen
with numpy (from the legal lists, and from the masks); VecEnv with actions drawn in Rust
(returning to Python every step, and not); and where the time of a VecEnv step goes.
"""

import argparse
import time

import numpy as np

import tabletop


def aec_steps_per_second(make_env, seconds):
    env = make_env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, games = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = legal[int(rng.random() * len(legal))]
            env.step(action)
            steps += 1
        games += 1
        env.reset()
    return steps / (time.perf_counter() - start), games


def vec_steps_per_second(game, seconds, choose, **kw):
    env = tabletop.VecEnv(game, 1024, seed=0, **kw)
    obs, masks = env.reset()
    rng = np.random.default_rng(0)
    rows = np.arange(env.num_envs)
    steps, games = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            if choose == "legal":
                k = (rng.random(env.num_envs) * env.num_legal).astype(np.int64)
                actions = env.legal[rows, k]
            elif choose == "mask":
                actions = (rng.random(masks.shape, dtype=np.float32) * masks).argmax(axis=1)
            if choose == "rust":
                _, obs, masks, rewards, dones, _ = env.step_random()
            else:
                obs, masks, rewards, dones, _ = env.step(actions)
            games += int(dones.sum())
            steps += env.num_envs
    return steps / (time.perf_counter() - start), games


def vec_run_random(game, seconds, **kw):
    env = tabletop.VecEnv(game, 1024, seed=0, **kw)
    env.reset()
    steps, games = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        games += env.run_random(50)
        steps += 50 * env.num_envs
    return steps / (time.perf_counter() - start), games


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    t = args.seconds
    from pettingzoo.classic import connect_four_v3

    from tabletop.envs import powergrid_v0, thegame_v0

    rows = []
    rows.append(("AEC connect_four_v3", *aec_steps_per_second(connect_four_v3.env, t)))
    rows.append(("AEC thegame_v0 (2 players)", *aec_steps_per_second(lambda: thegame_v0.env(players=2), t)))
    rows.append(("AEC powergrid_v0 (germany, 4)", *aec_steps_per_second(lambda: powergrid_v0.env(map="germany", players=4), t)))
    for game, kw in (("thegame", {"players": 2}), ("powergrid", {"players": 4})):
        rows.append((f"VecEnv {game} 1024, numpy from legal lists", *vec_steps_per_second(game, t, "legal", **kw)))
        rows.append((f"VecEnv {game} 1024, numpy from masks", *vec_steps_per_second(game, t, "mask", **kw)))
        rows.append((f"VecEnv {game} 1024, drawn in Rust (step_random)", *vec_steps_per_second(game, t, "rust", **kw)))
        rows.append((f"VecEnv {game} 1024, run_random (no Python per step)", *vec_run_random(game, t, **kw)))
        rows.append((f"VecEnv {game} 1024, run_random, 1 thread", *vec_run_random(game, t, threads=1, **kw)))
    width = max(len(r[0]) for r in rows)
    for name, rate, games in rows:
        print(f"{name:<{width}}  {rate:>12,.0f} steps/s  ({games} games)")


if __name__ == "__main__":
    main()
