"""The OpenSpiel-style API of both games: legal actions, masks, encodings, errors, JSON,
clones, views, observations that hide secrets, and determinization."""

import copy
import json
import pickle
import random
import sys

import numpy as np
import pytest

import tabletop
from tabletop import IllegalActionError, SetupError, powergrid, thegame

GAMES = [
    ("thegame", lambda seed, p=2: thegame.new_game(players=p, seed=seed)),
    ("powergrid", lambda seed, p=3: powergrid.new_game(players=p, map="usa", seed=seed)),
]
#: Random games of The Game end within a few dozen actions; Power Grid's last hundreds.
SEEDS = {"thegame": range(12), "powergrid": range(2)}


def random_states(new, seeds, max_steps=3000):
    """Every state of random games (the same seeds give the same games)."""
    rng = random.Random(1)
    for seed in seeds:
        s = new(seed)
        steps = 0
        while not s.is_terminal() and steps < max_steps:
            yield s
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
        yield s


@pytest.mark.parametrize("name,new", GAMES)
def test_mask_legal_actions_and_is_legal_agree(name, new):
    checked = 0
    for s in random_states(new, SEEDS[name], max_steps=400):
        legal = s.legal_actions()
        mask = s.legal_mask()
        assert mask.dtype == np.bool_ and mask.shape == (s.NUM_ACTIONS,)
        assert list(np.flatnonzero(mask)) == legal
        assert legal == sorted(set(legal))
        # Every index: the engine's is_legal agrees with the mask; decode/encode round-trip.
        if checked % 7 == 0:
            for i in range(s.NUM_ACTIONS):
                assert s.is_legal(i) == bool(mask[i]), (name, i)
        for i in legal:
            d = s.decode(i)
            assert s.encode(d) == i
            assert s.encode(s.action_to_string(i)) == i
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("name,new", GAMES)
def test_json_clone_pickle_round_trips(name, new):
    for k, s in enumerate(random_states(new, [5], max_steps=300)):
        if k % 25:
            continue
        back = type(s).from_json(s.to_json())
        assert back == s
        c = s.clone()
        assert c == s and c is not s
        assert copy.deepcopy(s) == s
        assert pickle.loads(pickle.dumps(s)) == s
        if not s.is_terminal():
            c.apply(s.legal_actions()[0])
            assert c != s


def test_actions_as_index_dict_and_text():
    s = thegame.new_game(players=1, seed=3)
    legal = s.legal_actions()
    i = legal[0]
    d = s.decode(i)
    text = s.action_to_string(i)
    for form in (i, d, text):
        c = s.clone()
        c.apply(form)
        assert c == _applied(s, i)
    assert d["type"] == "play"
    assert text.startswith("play ")


def _applied(s, i):
    c = s.clone()
    c.apply(i)
    return c


def test_bad_input_raises_the_engines_error_and_changes_nothing():
    s = thegame.new_game(players=2, seed=1)
    before = s.clone()
    with pytest.raises(IllegalActionError, match="minimum"):
        s.apply(thegame.END)
    with pytest.raises(IllegalActionError, match="not an index"):
        s.apply(100000)
    with pytest.raises(IllegalActionError, match="not an index"):
        s.apply(-1)
    with pytest.raises(IllegalActionError, match="cannot read"):
        s.apply("play 1 up1")
    with pytest.raises(IllegalActionError, match="unknown field"):
        s.apply({"type": "play", "card": 10, "pile": "up1", "x": 1})
    with pytest.raises(TypeError, match="int index, a dict or a text"):
        s.apply(1.5)
    not_mine = next(c for c in range(2, 100) if thegame.play_index(c, "up1") not in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(thegame.play_index(not_mine, "up1"))
    with pytest.raises(ValueError, match="seat 7 is not in this 2-player game"):
        s.observation(7)
    with pytest.raises(ValueError, match="seat -1"):
        s.view(-1)
    assert s == before
    assert issubclass(IllegalActionError, tabletop.TabletopError)
    assert issubclass(tabletop.TabletopError, ValueError)


def test_setup_errors_list_every_problem():
    with pytest.raises(SetupError, match="players"):
        thegame.new_game(players=9)
    with pytest.raises(SetupError, match="unknown field"):
        thegame.new_game(players=2, frist=1)
    with pytest.raises(SetupError) as e:
        powergrid.new_game(players=7, map="germany")
    assert "7" in str(e.value)
    with pytest.raises(SetupError, match="unknown variant"):
        powergrid.new_game(players=3, map="atlantis")
    with pytest.raises(SetupError):
        thegame.from_json("{}")
    with pytest.raises(SetupError):
        powergrid.from_json("[1, 2]")


def test_powergrid_text_and_dict_actions_beyond_the_encoding():
    s = powergrid.new_game(players=3, map="germany", seed=4)
    assert s.current_player() >= 0
    d = s.decode(s.legal_actions()[0])
    assert d["type"] == "start_auction"
    # A high opening bid has no index but is a legal action in its dict or text form.
    high = {"type": "start_auction", "plant": d["plant"], "bid": d["plant"] + powergrid.BIDS}
    assert s.is_legal(high)
    with pytest.raises(IllegalActionError, match="no index"):
        s.encode(high)
    events = s.clone().apply_events(high)
    assert any("offers plant" in e for e in events)


def test_views_and_returns():
    s = powergrid.new_game(players=4, map="germany", seed=2)
    v = s.view(1)
    assert v["viewer"] == {"type": "seat", "seat": 1}
    money = [p["money"] for p in v["players"]]
    assert money[1] == 50 and money.count(None) == 3
    assert s.view()["viewer"] == {"type": "spectator"}
    assert s.returns() == [0.0] * 4
    t = thegame.new_game(players=3, seed=1)
    assert len(t.view(0)["hand"]) == 6 if isinstance(t.view(0)["hand"], list) else True
    assert t.returns() == [0.0] * 3


def _play_to_end(s, rng):
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_returns_at_the_end():
    rng = random.Random(3)
    t = _play_to_end(thegame.new_game(players=2, seed=9), rng)
    r = t.returns()
    assert r[0] == r[1] and 0 < r[0] <= 1
    assert t.current_player() == thegame.State.TERMINAL == -4
    assert t.legal_actions() == [] and not t.legal_mask().any()
    p = _play_to_end(powergrid.new_game(players=3, map="germany", seed=9), rng)
    assert sum(p.returns()) >= 1 and set(p.returns()) <= {0.0, 1.0}
    with pytest.raises(IllegalActionError, match="over"):
        p.apply(0)
    with pytest.raises(tabletop.TabletopError):
        p.sample_hidden(0, seed=1)


@pytest.mark.parametrize("name,new", GAMES)
def test_observations_do_not_change_when_hidden_information_is_resampled(name, new):
    compared = changed = 0
    for k, s in enumerate(random_states(new, SEEDS[name], max_steps=600)):
        if s.is_terminal() or k % 3:
            continue
        for seat in range(s.num_players()):
            other = s.sample_hidden(seat, seed=k * 10 + seat)
            assert np.array_equal(s.observation(seat), other.observation(seat))
            assert s.view(seat) == other.view(seat)
            changed += other != s
            compared += 1
    assert compared > 50 and changed > compared // 2


def test_observation_layouts():
    s = thegame.new_game(players=2, seed=5)
    o = s.observation(0)
    assert o.dtype == np.float32 and o.shape == (260,)
    hand = json.loads(s.to_json())["hands"][0]
    assert sorted(int(c) + 2 for c in np.flatnonzero(o[:98])) == sorted(hand)
    assert list(o[196:200]) == pytest.approx([0.01, 0.01, 1.0, 1.0])
    assert o[206] == 1.0  # seat 0 acts: relative seat 0
    assert s.observation(1)[207] == 1.0  # seen from seat 1, the actor is one seat on
    p = powergrid.new_game(players=3, map="germany", seed=5)
    q = p.observation(0)
    assert q.shape == (925,) and q[1] == 1.0 and q[5] == 1.0  # 3 players, germany


def test_state_clone_costs_the_rust_state_plus_the_object_header():
    tg_size, pg_size = tabletop.state_sizes()
    header = sys.getsizeof(object())  # 16 bytes on 64-bit CPython
    for s, rust in ((thegame.new_game(players=2), tg_size), (powergrid.new_game(players=3), pg_size)):
        c = s.clone()
        # The object holds the state inline: CPython's object head, pyo3's borrow flag, and
        # padding to the state's alignment (16 bytes for The Game's 128-bit card sets).
        assert rust < sys.getsizeof(c) <= rust + header + 32, (sys.getsizeof(c), rust)
