"""A bot tournament spread over processes (or a cluster) with Ray.

    pip install ray
    python examples/python/ray_tournament.py [--workers 2] [--games 64] [--address auto]

Each Ray task plays a batch of Power Grid games (3 players: the heuristic bot against two
random bots, seats rotating) and returns the winners; the driver adds them up and prints the
win rates and games per second. On a cluster, pass ``--address auto`` (or the head node's
address) instead of starting a local Ray. The engine runs inside each task, so the work
spreads with no shared state: each task needs only its seeds.
"""

import argparse
import time

import ray


@ray.remote
def play_batch(seeds):
    from tabletop import bots, powergrid

    wins = {"heuristic": 0.0, "random": 0.0}
    for seed in seeds:
        names = ["heuristic", "random", "random"]
        names = names[seed % 3 :] + names[: seed % 3]  # rotate the seats
        s = powergrid.new_game(players=3, map="germany", seed=seed)
        seats = [bots.powergrid(name, seat, seed) for seat, name in enumerate(names)]
        while not s.is_terminal():
            s.apply(seats[s.current_player()].act(s))
        returns = s.returns()
        for name, r in zip(names, returns):
            wins[name] += r / max(1.0, sum(returns))  # ties share the win
    return wins


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--address", default=None)
    args = parser.parse_args()
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False)
    start = time.perf_counter()
    batches = [list(range(i, min(i + args.batch, args.games))) for i in range(0, args.games, args.batch)]
    totals = {"heuristic": 0.0, "random": 0.0}
    for wins in ray.get([play_batch.remote(b) for b in batches]):
        for name, w in wins.items():
            totals[name] += w
    elapsed = time.perf_counter() - start
    print(f"{args.games} games on {args.workers} workers in {elapsed:.1f}s ({args.games / elapsed:.1f} games/s)")
    print(f"heuristic won {totals['heuristic']:.1f} of {args.games} (one seat of three)")
    print(f"random won {totals['random']:.1f} of {args.games} (two seats of three)")
    ray.shutdown()


if __name__ == "__main__":
    main()
