"""Power Grid as a PettingZoo AEC environment: ``env(map="germany", players=4)``.

Agents ``player_0``... are the seats; each winner gets 1 at the end, the others 0. Other
players' money is hidden unless ``public_money=True``. Actions and observations: docs/python.md.
"""

from typing import Any, Optional

import numpy as np

from tabletop import powergrid
from tabletop.envs._aec import TabletopAEC


def env(
    map: str = "germany",
    players: int = 4,
    public_money: bool = False,
    render_mode: Optional[str] = None,
) -> TabletopAEC:
    """The environment (it checks call order itself; see ``tabletop.envs._aec``)."""
    return TabletopAEC(
        lambda seed: powergrid.new_game(
            players=players, map=map, seed=seed, public_money=public_money
        ),
        players,
        "powergrid_v0",
        np.inf,
        render_mode,
    )


#: PettingZoo's name for the unwrapped environment; the same here.
raw_env = env
