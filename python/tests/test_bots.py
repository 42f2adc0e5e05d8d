"""The built-in bots from Python."""

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
    with pytest.raises(ValueError, match="no bot named"):
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
    with pytest.raises(ValueError, match="not a view of a real game"):
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
