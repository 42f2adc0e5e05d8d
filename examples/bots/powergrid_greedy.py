#!/usr/bin/env python3
"""Power Grid, greedy: offers the biggest plant it can open at its number, bids up to the plant
number plus 5, fills its plants' storage while it keeps 25 Elektro, builds one city a turn while
it keeps 10, and runs the plants that power the most.

A tabletop-bot/1 bot (docs/bot-protocol.md), Python standard library only. It reads the view
and the legal actions in their JSON forms, and logs its money once a round.
"""
import json
import sys


def money(view):
    me = view["viewer"]["seat"]
    return next(p["money"] for p in view["players"] if p["seat"] == me) or 0


def choose(view, legal, state):
    kinds = {}
    for a in legal:
        kinds.setdefault(a["type"], []).append(a)
    cash = money(view)
    if "power" in kinds:
        return max(kinds["power"], key=lambda a: (len(a["plants"]), -a["hybrid_coal"]))
    if "start_auction" in kinds:
        opening = [a for a in kinds["start_auction"] if a["bid"] == a["plant"]]
        if opening:
            return max(opening, key=lambda a: a["plant"])
    if "bid" in kinds:
        auction = view["auction"] or {}
        low = min(kinds["bid"], key=lambda a: a["amount"])
        if low["amount"] <= auction.get("plant", 0) + 5:
            return low
    if "discard" in kinds:
        return min(kinds["discard"], key=lambda a: a["plant"])
    if "buy" in kinds and cash >= 25:
        return min(kinds["buy"], key=lambda a: a["amount"])
    if "build" in kinds and cash >= 10 and state["built"] < 1:
        state["built"] += 1
        return kinds["build"][0]
    for kind in ("done", "pass"):
        if kind in kinds:
            state["built"] = 0
            return kinds[kind][0]
    return legal[0]


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    state = {"built": 0, "round": 0}
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            send({"type": "ready", "name": "greedy.py", "events": False})
        elif msg["type"] == "act":
            view = msg["view"]
            if view["round"] != state["round"]:
                state["round"] = view["round"]
                send({"type": "log", "text": "round %d, %d Elektro" % (view["round"], money(view))})
            send({"type": "action", "action": choose(view, msg["legal"], state)})
        elif msg["type"] == "start":
            state = {"built": 0, "round": 0}
        elif msg["type"] == "quit":
            return


if __name__ == "__main__":
    main()
