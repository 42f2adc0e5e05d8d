"""Evaluate an agent against the built-in heuristic bots, with 95% confidence intervals.

    python examples/python/evaluate.py [--games 200]

Power Grid: the agent takes seat 0 against heuristic bots in the other seats; its win rate
gets a Wilson score interval. The Game (cooperative): the agent's team and the heuristic team
play the same deals; the mean share of cards played gets a normal interval, and so does the
mean paired difference. Replace ``agent`` with your own policy (a state in, an action out).
"""

import argparse
import math
import random

from tabletop import bots, powergrid, thegame


def agent(state, rng):
    """The agent under test: here a uniform random legal action."""
    return rng.choice(state.legal_actions())


def wilson(wins, n, z=1.96):
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(xs, z=1.96):
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1)
    half = z * math.sqrt(var / len(xs))
    return m, m - half, m + half


def powergrid_game(seed, players=3):
    rng = random.Random(seed)
    s = powergrid.new_game(players=players, map="germany", seed=seed)
    others = {seat: bots.powergrid("heuristic", seat, seed) for seat in range(1, players)}
    while not s.is_terminal():
        seat = s.current_player()
        s.apply(agent(s, rng) if seat == 0 else others[seat].act(s))
    return s.returns()[0] > 0


def thegame_game(seed, use_agent, players=2):
    rng = random.Random(seed)
    s = thegame.new_game(players=players, seed=seed)
    team = [bots.thegame("heuristic", seat, seed) for seat in range(players)]
    while not s.is_terminal():
        seat = s.current_player()
        s.apply(agent(s, rng) if use_agent else team[seat].act(s))
    return s.returns()[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    n = parser.parse_args().games
    wins = sum(powergrid_game(seed) for seed in range(n))
    lo, hi = wilson(wins, n)
    print(f"Power Grid, agent vs 2 heuristic bots: won {wins}/{n} = {wins / n:.3f} (95% CI {lo:.3f}-{hi:.3f}; 1/3 is par)")
    ours = [thegame_game(seed, True) for seed in range(n)]
    theirs = [thegame_game(seed, False) for seed in range(n)]
    m, lo, hi = mean_ci(ours)
    print(f"The Game, agent team: share of cards played {m:.3f} (95% CI {lo:.3f}-{hi:.3f})")
    m, lo, hi = mean_ci(theirs)
    print(f"The Game, heuristic team: share of cards played {m:.3f} (95% CI {lo:.3f}-{hi:.3f})")
    m, lo, hi = mean_ci([a - b for a, b in zip(ours, theirs)])
    print(f"The Game, agent minus heuristic on the same deals: {m:+.3f} (95% CI {lo:+.3f} to {hi:+.3f})")


if __name__ == "__main__":
    main()
