"""The built-in bots from Python: both games through one class, and what a bot remembers."""

import json
import pickle
import random
import re

import pytest

from tabletop import IllegalActionError, bots, powergrid, thegame


def test_thegame_heuristic_plays_whole_games_and_beats_random():
    def play(name, seed):
        s = thegame.new_game(players=2, seed=seed)
        seats = [bots.thegame(name, seat, seed) for seat in range(2)]
        while not s.is_terminal():
            bot = seats[s.current_player()]
            s.apply(bot.act_index(s) if seed % 2 else bot.act(s))
        return s.returns()[0]

    heuristic = sum(play("heuristic", seed) for seed in range(20))
    random_ = sum(play("random", seed) for seed in range(20))
    assert heuristic > random_


def test_bots_act_on_views_and_refuse_other_turns():
    s = thegame.new_game(players=2, seed=1)
    bot = bots.thegame("heuristic", seat=0)
    assert s.is_legal(bot.act(s.view(0)))
    with pytest.raises(IllegalActionError, match="not seat 1's turn"):
        bots.thegame("heuristic", seat=1).act(s)
    with pytest.raises(ValueError, match="no thegame bot named"):
        bots.thegame("nobody", seat=0)
    p = powergrid.new_game(players=3, map="germany", seed=2)
    seat = p.current_player()
    pbot = bots.powergrid("heuristic", seat=seat)
    assert p.is_legal(pbot.act(p))
    assert p.is_legal(pbot.act(p.view(seat)))
    assert [n for n, _ in bots.names("powergrid")] == [
        "random", "heuristic", "search",
        "casual", "builder", "tycoon", "hoarder", "blocker", "green",
    ]


def test_bots_refuse_views_no_game_could_show():
    s = thegame.new_game(players=2, seed=1)
    view = s.view(0)
    bot = bots.thegame("heuristic", seat=0)
    broken = dict(view, played=view["hand"])  # the hand's cards already on the piles
    with pytest.raises(ValueError, match="not a view of a real game"):
        bot.act(broken)
    with pytest.raises(ValueError, match="not a State or a view"):
        bot.act({"players": 2})
    p = powergrid.new_game(players=3, map="germany", seed=2)
    seat = p.current_player()
    pview = p.view(seat)
    pbot = bots.powergrid("heuristic", seat=seat)
    broken = dict(pview, round=0, resource_market={"coal": 99, "oil": 0, "garbage": 0, "uranium": 0})
    with pytest.raises(ValueError, match="the view is not one of a real game"):
        pbot.act(broken)


def test_powergrid_heuristic_plays_a_whole_game():
    p = powergrid.new_game(players=3, map="usa", seed=3)
    seats = [bots.powergrid("heuristic", seat) for seat in range(3)]
    steps = 0
    while not p.is_terminal():
        p.apply(seats[p.current_player()].act(p))
        steps += 1
    assert steps > 50 and sum(p.returns()) >= 1


def test_powergrid_search_budgets():
    p = powergrid.new_game(players=3, map="germany", seed=5)
    seat = p.current_player()
    first = bots.powergrid("search", seat=seat, seed=9, rollouts=16).act(p)
    again = bots.powergrid("search", seat=seat, seed=9, rollouts=16).act(p)
    assert p.is_legal(first) and first == again
    assert p.is_legal(bots.powergrid("search", seat=seat, seed=9).act(p))
    with pytest.raises(ValueError, match="rollouts or budget_ms, not both"):
        bots.powergrid("search", seat=seat, rollouts=8, budget_ms=20)
    with pytest.raises(ValueError, match="rollouts must be at least 1"):
        bots.powergrid("search", seat=seat, rollouts=0)


def test_both_games_bots_have_the_same_methods():
    s = thegame.new_game(players=2, seed=4)
    p = powergrid.new_game(players=3, map="germany", seed=4)
    for game, new in ((s, bots.thegame), (p, bots.powergrid)):
        bot = new("heuristic", seat=game.current_player(), seed=1)
        assert type(bot) is bots.Bot and bot.name == "heuristic"
        index = bot.act_index(game)
        assert game.is_legal(index) and game.encode(bot.act(game)) == index
        bot.observe(game)
        bot.reset(2)
        game.apply(index)
    searcher = bots.Bot("thegame", "search", s.current_player(), seed=3, rollouts=8)
    assert s.is_legal(searcher.act(s))
    with pytest.raises(ValueError, match="thegame has seats 0..5"):
        bots.thegame("random", seat=5)
    with pytest.raises(ValueError, match="unknown game"):
        bots.Bot("chess", "random", 0)


def hidden_money_game(seed):
    """A four-player Power Grid game where each seat sees only its own money."""
    return powergrid.new_game(players=4, map="germany", seed=seed, public_money=False)


def test_powergrid_bots_remember_the_money_a_view_hides():
    """The documented calls work in every game with hidden money (issue: `act(view)` raised
    "not a view of a real game" in 29 of 40 such games, a fresh bot not knowing the rivals'
    money): seat 0 is asked with the State, seat 1 by index, seat 2 with its view after
    observing the State, seat 3 with its view after observing the event dicts."""
    for seed in range(40):
        p = hidden_money_game(seed)
        assert p.view(0)["players"][1]["money"] is None
        seats = [bots.powergrid("heuristic", seat, seed) for seat in range(4)]
        shown = 0  # events seat 3's bot has been shown
        while not p.is_terminal():
            seat = p.current_player()
            bot = seats[seat]
            if seat == 0:
                action = bot.act(p)
            elif seat == 1:
                action = bot.act_index(p)
            elif seat == 2:
                bot.observe(p)
                action = bot.act(p.view(2))
            else:
                events = p.events(3)
                bot.observe(events[shown:])
                shown = len(events)
                action = bot.act(p.view(3))
            p.apply(action)
        assert sum(p.returns()) >= 1, seed


def test_a_bot_decides_the_same_from_a_state_or_from_what_it_observed():
    for seed in range(3):
        p = hidden_money_game(seed)
        by_state = [bots.powergrid("heuristic", seat) for seat in range(4)]
        by_view = [bots.powergrid("heuristic", seat) for seat in range(4)]
        while not p.is_terminal():
            seat = p.current_player()
            action = by_state[seat].act(p)
            by_view[seat].observe(p)
            assert by_view[seat].act(p.view(seat)) == action
            p.apply(action)


def test_a_fresh_bot_asked_with_a_view_says_what_it_lacks():
    """A bot shown no event knows no rival's money but the 50 Elektro every seat starts with:
    asked with a view only where that cannot be (a bid above 50, which happens in most but not
    all games between heuristics), it says what it lacks and how to give it."""
    lacking = 0
    for seed in range(4):
        p = hidden_money_game(seed)
        players = [bots.powergrid("heuristic", seat) for seat in range(4)]
        try:
            while not p.is_terminal():
                seat = p.current_player()
                bots.powergrid("heuristic", seat).act(p.view(seat))
                p.apply(players[seat].act(p))
        except ValueError as e:
            assert re.search(r"has not seen the game.*bot\.observe\(state\)", str(e)), str(e)
            lacking += 1
    assert lacking > 0


def test_a_bot_follows_the_game_it_is_asked_about():
    """Asked about another game, or another branch of a cloned state, a bot starts over and
    takes in that state's whole history: it decides as a fresh bot would."""
    games = [hidden_money_game(1), hidden_money_game(2)]
    players = [[bots.powergrid("heuristic", seat) for seat in range(4)] for _ in games]
    wanderer = bots.powergrid("heuristic", 0)
    compared = 0
    while not all(game.is_terminal() for game in games):
        for game, seats in zip(games, players):
            if game.is_terminal():
                continue
            if game.current_player() == 0:
                assert wanderer.act(game) == bots.powergrid("heuristic", 0).act(game)
                compared += 1
            branch = game.clone()
            branch.apply(branch.legal_actions()[-1])
            if branch.current_player() == 0:
                wanderer.act(branch)
            game.apply(seats[game.current_player()].act(game))
    assert compared > 100


def test_states_keep_their_history():
    p = hidden_money_game(3)
    for _ in range(30):
        p.apply(p.legal_actions()[0])
    assert len(p.events()) >= 30 and p.events(0) == p.events()  # Power Grid hides no event
    assert pickle.loads(pickle.dumps(p)).events() == p.events()
    assert p.clone().events() == p.events()
    assert powergrid.from_json(p.to_json()).events() == []
    t = thegame.new_game(players=2, seed=3)
    while t.current_player() == 0:
        t.apply(t.legal_actions()[0])
    drew = [e for e in t.events(0) if e["type"] == "drew"]
    assert drew and drew[0]["cards"]  # seat 0 sees the cards it drew
    assert all(e.get("cards") is None for e in t.events(1) if e["type"] == "drew")


def test_a_state_read_from_json_remembers_what_the_state_tells():
    """JSON keeps no history, but every payment is public: a seat of a state read back knows
    everyone's money (sample_hidden keeps it, a bot asked with the view can place it)."""
    rng = random.Random(0)
    p = hidden_money_game(5)
    checked = 0
    while not p.is_terminal():
        p.apply(rng.choice(p.legal_actions()))
        if len(p.events()) % 7 or p.is_terminal():
            continue
        q = powergrid.from_json(p.to_json())
        money = [s["money"] for s in json.loads(q.to_json())["seats"]]
        for seat in range(4):
            sample = q.sample_hidden(seat, seed=checked)
            assert [s["money"] for s in json.loads(sample.to_json())["seats"]] == money
        seat = q.current_player()
        bot = bots.powergrid("heuristic", seat)
        bot.observe(q)
        assert q.is_legal(bot.act(q.view(seat)))
        checked += 1
    assert checked > 20
