"""The built-in bots, to evaluate agents against.

>>> from tabletop import bots, thegame
>>> s = thegame.new_game(players=2, seed=1)
>>> bot = bots.thegame("heuristic", seat=0)
>>> s.apply(bot.act(s))  # the action's text form; bot.act_index(s) gives its index
"""

from typing import List, Tuple

from tabletop._tabletop import PowerGridBot, TheGameBot, bot_names


def thegame(name: str, seat: int, seed: int = 0) -> TheGameBot:
    """A bot for one seat of The Game: ``random``, ``heuristic``, ``greedy`` or ``search``."""
    return TheGameBot(name, seat, seed)


def powergrid(name: str, seat: int, seed: int = 0, budget_ms: int = 50) -> PowerGridBot:
    """A bot for one seat of Power Grid: ``random``, ``heuristic`` or ``search`` (``budget_ms``
    per decision). Bots here see the view only, not the event stream."""
    return PowerGridBot(name, seat, seed, budget_ms)


def names(game: str) -> List[Tuple[str, str]]:
    """``(name, description)`` of every bot of ``game`` ("thegame" or "powergrid")."""
    return bot_names(game)


__all__ = ["PowerGridBot", "TheGameBot", "names", "powergrid", "thegame"]
