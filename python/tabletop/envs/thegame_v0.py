"""The Game as a PettingZoo AEC environment: ``env(players=2)``.

Agents ``player_0``... are the seats; rewards are shared (1/98 per card played, so a won game
returns 1 to every player). Actions and observations: docs/python.md.
"""

from typing import Any, Optional

from pettingzoo.utils import wrappers

from tabletop import thegame
from tabletop.envs._aec import TabletopAEC


def raw_env(players: int = 2, render_mode: Optional[str] = None) -> TabletopAEC:
    """The environment without PettingZoo's order-checking wrapper."""
    return TabletopAEC(
        lambda seed: thegame.new_game(players=players, seed=seed),
        players,
        "thegame_v0",
        1.0,
        render_mode,
    )


def env(players: int = 2, render_mode: Optional[str] = None) -> Any:
    """The environment, wrapped so that calls out of order raise."""
    return wrappers.OrderEnforcingWrapper(raw_env(players, render_mode))
