#!/usr/bin/env python3
"""Power Grid, random: a uniformly random legal action, with bids and opening offers limited
to the lowest amount (uniform bids would spend every Elektro in the first auction).

A tabletop-bot/1 bot (docs/bot-protocol.md), Python standard library only. It asks for the
legal actions in text form ("bid 19", "build berlin") and no view or events.
"""
import json
import random
import sys


def lowest_bids(legal):
    """Keeps, of the bids and offers, only the lowest amount per plant."""
    low = {}
    rest = []
    for a in legal:
        words = a.split()
        if words[0] == "bid":
            low.setdefault("bid", a)
        elif words[0] == "auction":
            low.setdefault(words[1], a)
        else:
            rest.append(a)
    return rest + list(low.values())


def main():
    rng = random.Random(0)
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "act":
            out.write('{"type":"action","action":%s}\n' % json.dumps(rng.choice(lowest_bids(msg["legal"]))))
            out.flush()
        elif kind == "start":
            rng.seed(msg["seed"])
        elif kind == "hello":
            out.write('{"type":"ready","name":"random.py","legal":"text","view":false,"events":false}\n')
            out.flush()
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
