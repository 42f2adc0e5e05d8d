"""Tabletop for agents: Power Grid and The Game on fast Rust engines.

- ``tabletop.thegame`` / ``tabletop.powergrid``: OpenSpiel-style states (``new_game(setup)``).
- ``tabletop.envs.thegame_v0`` / ``tabletop.envs.powergrid_v0``: PettingZoo AEC environments.
- ``tabletop.gym``: a Gymnasium environment for solo The Game.
- ``tabletop.VecEnv``: many games stepped in Rust per call, numpy in and out.
- ``tabletop.bots``: the built-in bots.
- ``tabletop.analyze``: each decision of a finished game judged by the search bot
  (docs/analysis.md).
- ``tabletop.openspiel``: both games registered as OpenSpiel games (imported on demand; the
  ``openspiel`` extra).

See docs/python.md for the action encodings and observation layouts.
"""

from tabletop._tabletop import (
    IllegalActionError,
    SetupError,
    TabletopError,
    VecEnv,
    analyze,
    state_sizes,
)
from tabletop import bots, powergrid, thegame

__all__ = [
    "IllegalActionError",
    "SetupError",
    "TabletopError",
    "VecEnv",
    "analyze",
    "bots",
    "powergrid",
    "state_sizes",
    "thegame",
]
