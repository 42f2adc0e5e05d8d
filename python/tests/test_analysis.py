"""``tabletop.analyze``: a finished game's record judged decision by decision (docs/analysis.md)."""

import json

import pytest

import tabletop
from tabletop import TabletopError, thegame


def thrown_away_turn():
    """Two players; seat 0 opens by throwing its two highest cards on the ascending piles."""
    s = thegame.new_game(players=2, seed=11)
    hand = sorted(s.view(0)["hand"])
    high = hand[-2:]
    return {
        "game": "thegame",
        "setup": {"players": 2, "seed": 11},
        "actions": [
            {"seat": 0, "action": f"play {high[0]} up1"},
            {"seat": 0, "action": f"play {high[1]} up2"},
            {"seat": 0, "action": "end"},
        ],
    }


def test_a_thrown_away_turn_is_a_mistake_from_a_dict_or_json():
    record = thrown_away_turn()
    report = tabletop.analyze(record, samples=24, seed=3)
    assert report["game"] == "thegame"
    assert report["samples"] == 24
    [decision] = report["decisions"]
    assert decision["seat"] == 0 and decision["taken"][-1] == "end"
    assert decision["mark"] == "mistake"
    assert decision["taken_estimate"]["cards_left"] > decision["preferred_estimate"]["cards_left"]
    assert report["seats"][0]["mistakes"] == 1
    assert report["series"][0]["index"] == [0]
    # The same analysis from the record's JSON text, and for seat 0 alone.
    assert tabletop.analyze(json.dumps(record), samples=24, seed=3) == report
    alone = tabletop.analyze(record, seat=0, samples=24, seed=3)
    assert [s["seat"] for s in alone["seats"]] == [0]
    assert alone["decisions"] == report["decisions"]


def test_bad_records_and_arguments_raise_clear_errors():
    record = thrown_away_turn()
    with pytest.raises(TabletopError, match="no seat 2: the game has seats 0 to 1"):
        tabletop.analyze(record, seat=2, samples=4)
    with pytest.raises(ValueError, match="samples must be from 1"):
        tabletop.analyze(record, samples=0)
    with pytest.raises(ValueError, match="the record is not JSON"):
        tabletop.analyze("{not json")
    with pytest.raises(TabletopError, match="not a game record"):
        tabletop.analyze([1, 2])
    broken = dict(record, actions=record["actions"] + [{"seat": 1, "action": "play 2 up1"}])
    with pytest.raises(TabletopError, match="action #3"):
        tabletop.analyze(broken, samples=4)
