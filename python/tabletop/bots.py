"""The built-in bots, to evaluate agents against.

>>> from tabletop import bots, thegame
>>> s = thegame.new_game(players=2, seed=1)
>>> bot = bots.thegame("heuristic", seat=0)
>>> s.apply(bot.act(s))  # the action's text form; bot.act_index(s) gives its index

A bot asked with a ``State`` first takes in the events of the state's history it has not seen
(what its seat saw of them), so it knows what its seat knows; asked with a view dict, it knows
what it was shown with ``bot.observe(state)`` or ``bot.observe(events)``. See docs/python.md.
"""

from typing import List, Optional, Tuple

from tabletop._tabletop import Bot, bot_names


def thegame(
    name: str,
    seat: int,
    seed: int = 0,
    budget_ms: Optional[int] = None,
    rollouts: Optional[int] = None,
) -> Bot:
    """A bot for one seat of The Game: ``random``, ``heuristic`` or ``search``
    (``bots.names("thegame")``). The search bot's budget per decision: its standard one by
    default; ``rollouts=N`` for exactly N playouts, or ``budget_ms=M`` for M milliseconds."""
    return Bot("thegame", name, seat, seed, budget_ms, rollouts)


def powergrid(
    name: str,
    seat: int,
    seed: int = 0,
    budget_ms: Optional[int] = None,
    rollouts: Optional[int] = None,
) -> Bot:
    """A bot for one seat of Power Grid: ``random``, ``heuristic``, ``search`` or a panel style
    (``bots.names("powergrid")``). The search bot's budget per decision: by default 64
    rollouts with none started after 100 ms (the same decisions for a seed unless a decision
    reaches the cap); ``rollouts=N`` for exactly N (reproducible on any machine), or
    ``budget_ms=M`` for M milliseconds of wall time."""
    return Bot("powergrid", name, seat, seed, budget_ms, rollouts)


def names(game: str) -> List[Tuple[str, str]]:
    """``(name, description)`` of every bot of ``game`` ("thegame" or "powergrid")."""
    return bot_names(game)


__all__ = ["Bot", "names", "powergrid", "thegame"]
