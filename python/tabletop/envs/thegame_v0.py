"""The Game as a PettingZoo AEC environment: ``env(players=2)``.

Agents ``player_0``... are the seats; rewards are shared (1/98 per card played, so a won game
returns 1 to every player). Actions and observations: docs/python.md.
"""

from typing import Optional

from tabletop import thegame
from tabletop.envs._aec import TabletopAEC


def env(players: int = 2, render_mode: Optional[str] = None) -> TabletopAEC:
    """The environment (it checks call order itself; see ``tabletop.envs._aec``)."""
    return TabletopAEC(
        lambda seed: thegame.new_game(players=players, seed=seed),
        players,
        "thegame_v0",
        1.0,
        render_mode,
    )


#: PettingZoo's name for the unwrapped environment; the same here.
raw_env = env
