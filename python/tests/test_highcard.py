"""High Card, the workspace's test game (crates/highcard), through the package's generic
classes: states, the one bot class, and the PettingZoo environment with PettingZoo's own
api_test and seed_test. The package is built with it for these tests only (tests/pytest.rs).
"""

import json

import pytest

from tabletop import IllegalActionError, SetupError
from tabletop.bots import Bot

_tabletop = pytest.importorskip("tabletop._tabletop")
if not hasattr(_tabletop, "HighCardState"):
    pytest.skip("built without the highcard feature", allow_module_level=True)
State = _tabletop.HighCardState

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tabletop.envs._aec import TabletopAEC  # noqa: E402


def env(players=3):
    return TabletopAEC(
        lambda seed: State.new_game({"players": players, "seed": seed}),
        players,
        "highcard_v0",
        1.0,
    )


@pytest.mark.parametrize("players", [2, 4])
def test_api(players):
    api_test(env(players), num_cycles=300)


def test_seeds():
    seed_test(lambda: env(3), num_cycles=300)


def test_registered_bots_play_whole_games_from_their_seat():
    for name in ("random", "high"):
        state = State.new_game({"players": 3, "seed": 5})
        bots = [Bot("highcard", name, s, s) for s in range(3)]
        while not state.is_terminal():
            state.apply(bots[state.current_player()].act(state))
        assert sum(state.returns()) == pytest.approx(1.0)
        assert state.view()["tricks"] == [round(r * 8) for r in state.returns()]


def test_refusals_change_nothing():
    state = State.new_game({"players": 2, "seed": 1})
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="not in your hand|not a card"):
        state.apply("play 99")
    with pytest.raises(IllegalActionError):
        state.apply(26)
    assert state.to_json() == before
    assert State.from_json(before) == state
    saved = json.loads(before)
    saved["deck"][0] = saved["hands"][0][0]
    with pytest.raises(SetupError, match="appears twice"):
        State.from_json(json.dumps(saved))
