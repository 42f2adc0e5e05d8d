#!/usr/bin/env python3
"""The Game, greedy: plays the card that costs least (the smallest jump on a pile, a backwards
trick costs nothing), and ends the turn once the minimum is played unless a play costs at most
2 steps.

A tabletop-bot/1 bot (docs/bot-protocol.md), Python standard library only. It reads the view
and the legal actions in their JSON forms (the protocol's defaults).
"""
import json
import sys

UP = {"up1": True, "up2": True, "down1": False, "down2": False}
PILES = ["up1", "up2", "down1", "down2"]


def cost(tops, action):
    top = tops[PILES.index(action["pile"])]
    card = action["card"]
    step = card - top if UP[action["pile"]] else top - card
    return 0 if step < 0 else step  # a backwards trick (step -10) gains room


def choose(view, legal):
    plays = [a for a in legal if a["type"] == "play"]
    can_end = any(a["type"] == "end_turn" for a in legal)
    if plays:
        best = min(plays, key=lambda a: (cost(view["tops"], a), a["card"]))
        if not can_end or cost(view["tops"], best) <= 2:
            return best
    if can_end:
        return {"type": "end_turn"}
    return legal[0]


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            send({"type": "ready", "name": "greedy.py", "events": False})
        elif msg["type"] == "act":
            send({"type": "action", "action": choose(msg["view"], msg["legal"])})
        elif msg["type"] == "quit":
            return


if __name__ == "__main__":
    main()
