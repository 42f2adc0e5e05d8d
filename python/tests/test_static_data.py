"""Power Grid's static data in Python: the tables the engine plays by, and a board from which
a player (here the example bot written from the protocol's docs) prices every connection
exactly as the engine charges it."""

import importlib.util
import pathlib
import random

import pytest

from tabletop import powergrid


def example_bot():
    """examples/bots/powergrid_planner.py, the bot written from the protocol's docs alone: its
    connection pricing is checked here against the engine."""
    path = pathlib.Path(__file__).resolve().parents[2] / "examples" / "bots" / "powergrid_planner.py"
    spec = importlib.util.spec_from_file_location("powergrid_planner", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tables_are_the_rules():
    data = powergrid.static_data("germany")
    rules = data["rules"]
    assert sorted(data) == ["cities_in_play", "map", "regions_in_play", "rules"]
    assert len(rules["plants"]) == 42
    assert {"number": 13, "kind": "eco", "fuel": 0, "cities": 1} in rules["plants"]
    assert rules["payment"][3] == 44 and len(rules["payment"]) == 21
    assert rules["city_place_prices"] == [10, 15, 20]
    assert rules["place_prices"]["uranium"] == [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16]
    five = next(row for row in rules["player_counts"] if row["players"] == 5)
    assert five["refill"][1] == {"coal": 7, "oil": 5, "garbage": 3, "uranium": 3}
    assert [row["max_plants"] for row in rules["player_counts"]] == [4, 3, 3, 3, 3]
    assert len(data["map"]["cities"]) == 42 and len(data["cities_in_play"]) == 42
    assert data["map"]["connections"][0] == {"a": "flensburg", "b": "kiel", "cost": 4}


def test_the_regions_in_play_choose_the_cities():
    data = powergrid.static_data(map="usa", regions=["red", "purple"])
    assert data["regions_in_play"] == ["red", "purple"]
    region = {c["id"]: c["region"] for c in data["map"]["cities"]}
    assert data["cities_in_play"] == [
        c["id"] for c in data["map"]["cities"] if c["region"] in ("red", "purple")
    ]
    assert all(region[c] in ("red", "purple") for c in data["cities_in_play"])


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="unknown map"):
        powergrid.static_data("mars")
    with pytest.raises(ValueError, match="unknown region .*a region is one of"):
        powergrid.static_data("germany", ["green", "blue"])
    with pytest.raises(TypeError, match="list of region names"):
        powergrid.static_data("germany", "green")


@pytest.mark.parametrize("map_, players, seed", [("germany", 3, 5), ("usa", 5, 11)])
def test_every_build_costs_what_the_static_data_says(map_, players, seed):
    game = powergrid.new_game(players=players, map=map_, seed=seed)
    view = game.view()
    data = powergrid.static_data(map_, view["regions"])
    planner = example_bot().Game(data)
    houses = {}
    rng = random.Random(seed)
    builds = 0
    for _ in range(20_000):
        if game.is_terminal():
            break
        index = rng.choice(game.legal_actions())
        if game.decode(index)["type"] != "build":
            game.apply(index)
            continue
        before, seen = game.view(), len(game.events())
        game.apply(index)
        for event in game.events()[seen:]:
            if event["type"] != "built":
                continue
            network = before["players"][event["seat"]]["cities"]
            connection = planner.connection(network, event["city"])
            assert event["connection"] == connection, event
            place = data["rules"]["city_place_prices"][houses.get(event["city"], 0)]
            assert event["place"] == place, event
            houses[event["city"]] = houses.get(event["city"], 0) + 1
            builds += 1
    assert builds > 10
