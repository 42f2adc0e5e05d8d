#!/usr/bin/env python3
"""Power Grid from the static data: prices every city by its cheapest connection (Dijkstra over
the board's connections between cities in play, plus the house price) and knows each plant's
fuel and capacity, so it buys the plants that power the most per Elektro, the fuel its plants
burn next round, and builds the cheapest cities it can power.

A tabletop-bot/1 bot (docs/bot-protocol.md), Python standard library only, written from the
docs alone: the tables come from `start`'s `static` ("Static data").
"""
import heapq
import json
import sys


class Game:
    """What `start`'s static data tells: plants, the board in play, house prices."""

    def __init__(self, data):
        self.plants = {p["number"]: p for p in data["rules"]["plants"]}
        self.place_prices = data["rules"]["city_place_prices"]
        in_play = set(data["cities_in_play"])
        self.edges = {}
        for c in data["map"]["connections"]:
            if c["a"] in in_play and c["b"] in in_play:
                self.edges.setdefault(c["a"], []).append((c["b"], c["cost"]))
                self.edges.setdefault(c["b"], []).append((c["a"], c["cost"]))

    def connection(self, network, target):
        """The cheapest connection from any city of `network` to `target` (0 for a first house)."""
        if not network:
            return 0
        best = {city: 0 for city in network}
        queue = [(0, city) for city in network]
        while queue:
            cost, city = heapq.heappop(queue)
            if city == target:
                return cost
            if cost > best.get(city, cost):
                continue
            for nxt, step in self.edges.get(city, []):
                if cost + step < best.get(nxt, float("inf")):
                    best[nxt] = cost + step
                    heapq.heappush(queue, (cost + step, nxt))
        return None

    def capacity(self, plants):
        """Cities the plants power when all of them run."""
        return sum(self.plants[p]["cities"] for p in plants)


def me_of(view):
    seat = view["viewer"]["seat"]
    return next(p for p in view["players"] if p["seat"] == seat)


def choose(game, view, legal):
    kinds = {}
    for a in legal:
        kinds.setdefault(a["type"], []).append(a)
    me = me_of(view)
    cash = me["money"] or 0
    if "power" in kinds:
        # Power the most cities; among those, burn the least fuel.
        def powered(a):
            return min(game.capacity(a["plants"]), len(me["cities"]))

        return max(kinds["power"], key=lambda a: (powered(a), -len(a["plants"])))
    if "discard" in kinds:
        return min(kinds["discard"], key=lambda a: game.plants[a["plant"]]["cities"])
    if "start_auction" in kinds:
        mine = min((game.plants[p]["cities"] for p in me["plants"]), default=0)
        # Open the plant powering the most cities per Elektro, if it improves the weakest owned.
        openings = [
            a
            for a in kinds["start_auction"]
            if a["bid"] == a["plant"] and game.plants[a["plant"]]["cities"] > mine
        ]
        if openings and cash >= 25:
            return max(openings, key=lambda a: game.plants[a["plant"]]["cities"] / a["plant"])
    if "bid" in kinds:
        auction = view["auction"]
        plant = game.plants[auction["plant"]]
        low = min(kinds["bid"], key=lambda a: a["amount"])
        if low["amount"] <= auction["plant"] + 4 * plant["cities"] and low["amount"] + 20 <= cash:
            return low
    if "buy" in kinds:
        # The fuel for one run of every plant, kept in stock.
        need = {}
        for p in me["plants"]:
            spec = game.plants[p]
            kind = "coal" if spec["kind"] == "hybrid" else spec["kind"]
            if kind in ("coal", "oil", "garbage", "uranium"):
                need[kind] = need.get(kind, 0) + spec["fuel"]
        for a in kinds["buy"]:
            short = need.get(a["resource"], 0) - me["resources"][a["resource"]]
            if a["amount"] == 1 and short > 0 and cash >= 15:
                return a
    if "build" in kinds and len(me["cities"]) < game.capacity(me["plants"]) + 1:
        houses = {}
        for p in view["players"]:
            for city in p["cities"]:
                houses[city] = houses.get(city, 0) + 1
        priced = []
        for a in kinds["build"]:
            connection = game.connection(me["cities"], a["city"])
            if connection is not None:
                cost = connection + game.place_prices[min(houses.get(a["city"], 0), 2)]
                priced.append((cost, a["city"], a))
        if priced:
            cost, _, cheapest = min(priced)
            if cost + 10 <= cash:
                return cheapest
    for kind in ("done", "pass"):
        if kind in kinds:
            return kinds[kind][0]
    return legal[0]


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    game = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            send({"type": "ready", "name": "planner.py", "events": False})
        elif msg["type"] == "start":
            game = Game(msg["static"])
        elif msg["type"] == "act":
            send({"type": "action", "action": choose(game, msg["view"], msg["legal"])})
        elif msg["type"] == "quit":
            return


if __name__ == "__main__":
    main()
