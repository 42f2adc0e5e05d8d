#!/usr/bin/env python3
"""The Game, random: a uniformly random play or `end` (never a signal).

A tabletop-bot/1 bot (docs/bot-protocol.md), Python standard library only. It asks for the
legal actions in text form and no view or events: the smallest requests, for speed.
Run it: tabletop sim thegame --players 3 --bot "exec:python3 examples/bots/thegame_random.py"
"""
import json
import random
import sys


def main():
    rng = random.Random(0)
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "act":
            moves = [a for a in msg["legal"] if not a.startswith("signal")]
            out.write('{"type":"action","action":%s}\n' % json.dumps(rng.choice(moves)))
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
