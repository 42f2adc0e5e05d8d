"""Train a small policy on solo The Game with numpy only, and save its learning curve as a PNG.

    python examples/python/train_solo.py [--seconds 180] [--games N] [--out target/train_solo.png]

The policy scores each legal action by a linear function of six features read from the
observation (how far a card lands from its pile's top, the backwards trick, ending the turn
and how many cards were played this turn, ...), samples from the softmax, and learns by
REINFORCE with a running-mean baseline over 256 games stepped together in a ``VecEnv``. The
return is the share of the 98 cards played. The untrained (uniform random) policy plays about
13% of the cards; after one minute on this 2-core machine the policy plays about 70%
(measured: 0.129 for the first 256 games, 0.723 for the last). The PNG's grid lines mark 25%,
50%, 75% and 100% of the cards played; the x axis is games, 256 per point.
"""

import argparse
import struct
import time
import zlib

import numpy as np

import tabletop
from tabletop import thegame

FEATURES = 6
CARDS = np.arange(2, 100, dtype=np.float32)


def action_features(obs):
    """Features of every action, shape (n, 401, FEATURES), from the observations (n, 260)."""
    n = obs.shape[0]
    tops = obs[:, 196:200] * 100.0  # up1, up2, down1, down2
    gap = np.empty((n, 98, 4), dtype=np.float32)
    gap[:, :, :2] = CARDS[None, :, None] - tops[:, None, :2]
    gap[:, :, 2:] = tops[:, None, 2:] - CARDS[None, :, None]
    f = np.zeros((n, thegame.NUM_ACTIONS, FEATURES), dtype=np.float32)
    plays = f[:, : thegame.END, :]
    plays[:, :, 0] = np.maximum(gap.reshape(n, -1), 0) / 10.0  # distance forward
    plays[:, :, 1] = (gap.reshape(n, -1) == -10).astype(np.float32)  # backwards trick
    plays[:, :, 2] = 1.0  # a play
    f[:, thegame.END, 3] = 1.0  # end the turn
    f[:, thegame.END, 4] = obs[:, 211] * 8.0  # ... after this many cards
    f[:, thegame.END, 5] = obs[:, 212]  # ... with the draw pile empty
    return f


def policy(w, obs, masks, rng):
    """Sampled actions, and the gradient of their log-probabilities."""
    f = action_features(obs)
    logits = f @ w
    logits[:, thegame.SIGNALS :] = -np.inf  # signals mean nothing alone
    logits[~masks] = -np.inf
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    u = rng.random((obs.shape[0], 1))
    actions = (p.cumsum(axis=1) < u).sum(axis=1)
    actions = np.minimum(actions, thegame.NUM_ACTIONS - 1)
    # Rounding can pick an index past the last legal one: take the most likely action then.
    bad = ~masks[np.arange(len(actions)), actions]
    actions[bad] = p[bad].argmax(axis=1)
    rows = np.arange(len(actions))
    grad = f[rows, actions] - np.einsum("na,naf->nf", p, f)
    return actions, grad


def write_png(path, curve, width=640, height=360):
    """A line chart of ``curve`` as a PNG, with numpy and zlib only."""
    img = np.full((height, width, 3), 255, dtype=np.uint8)
    margin = 30
    img[margin:height - margin, margin] = 0
    img[height - margin, margin:width - margin] = 0
    for frac in (0.25, 0.5, 0.75, 1.0):  # grid lines at shares of the cards played
        y = int(height - margin - frac * (height - 2 * margin))
        img[y, margin:width - margin:4] = 160
    xs = np.linspace(margin, width - margin - 1, len(curve)).astype(int)
    ys = (height - margin - np.clip(curve, 0, 1) * (height - 2 * margin)).astype(int)
    for (x0, y0), (x1, y1) in zip(zip(xs, ys), zip(xs[1:], ys[1:])):
        for t in np.linspace(0, 1, max(abs(x1 - x0), abs(y1 - y0)) + 1):
            x, y = int(round(x0 + t * (x1 - x0))), int(round(y0 + t * (y1 - y0)))
            img[max(0, y - 1) : y + 2, max(0, x - 1) : x + 2] = (200, 40, 40)
    raw = b"".join(b"\x00" + row.tobytes() for row in img)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--games", type=int, default=None, help="stop after this many games")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--out", default="target/train_solo.png")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = tabletop.VecEnv("thegame", args.envs, seed=args.seed, players=1)
    obs, masks = env.reset()
    w = np.zeros(FEATURES)
    trace = np.zeros((args.envs, FEATURES))  # each game's summed grad-log-probabilities
    score = np.zeros(args.envs)  # each game's summed rewards: the share of cards played
    baseline = None
    curve, finished = [], []
    start = time.perf_counter()
    max_games = args.games or float("inf")
    while time.perf_counter() - start < args.seconds and len(curve) * 256 < max_games:
        actions, grad = policy(w, obs, masks, rng)
        trace += grad
        obs, masks, rewards, dones, _ = env.step(actions)
        score += rewards[:, 0]
        if dones.any():
            # The VecEnv has dealt these slots' next games already; learn from the finished.
            done = np.flatnonzero(dones)
            g = score[done]
            baseline = g.mean() if baseline is None else 0.95 * baseline + 0.05 * g.mean()
            w += args.lr * ((g - baseline)[:, None] * trace[done]).mean(axis=0)
            trace[done] = 0.0
            score[done] = 0.0
            finished.extend(g.tolist())
            while len(finished) >= 256:
                curve.append(float(np.mean(finished[:256])))
                del finished[:256]
                if len(curve) % 20 == 1:
                    print(
                        f"{time.perf_counter() - start:6.1f}s  games {len(curve) * 256:7d}  "
                        f"share of cards played {curve[-1]:.3f}  w {np.round(w, 2)}"
                    )
    if len(curve) < 2:
        raise SystemExit("too few games for a curve: train longer (--seconds)")
    write_png(args.out, np.array(curve))
    print(f"first 256 games {curve[0]:.3f}, last 256 games {curve[-1]:.3f}; curve saved to {args.out}")


if __name__ == "__main__":
    main()
