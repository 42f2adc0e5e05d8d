"""A random agent in the PettingZoo environments of both games.

    pip install './python[envs]'    # the package with PettingZoo and Gymnasium
    python examples/python/random_agent.py
"""

import numpy as np

from tabletop.envs import powergrid_v0, thegame_v0


def play(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = {agent: 0.0 for agent in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        total[agent] += reward
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        env.step(action)
        steps += 1
    return total, steps


if __name__ == "__main__":
    total, steps = play(thegame_v0.env(players=3), seed=1)
    print(f"The Game, 3 random players: {steps} steps, returns {total}")
    total, steps = play(powergrid_v0.env(map="usa", players=4), seed=1)
    print(f"Power Grid (USA), 4 random players: {steps} steps, returns {total}")
