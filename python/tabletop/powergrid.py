"""Power Grid (2-6 players, Germany and USA): OpenSpiel-style states.

>>> from tabletop import powergrid
>>> s = powergrid.new_game({"players": 3, "map": "germany", "seed": 1})
>>> s.num_players()
3
"""

from typing import Any, Mapping, Optional

from tabletop._tabletop import PowerGridState as State

NUM_ACTIONS: int = State.NUM_ACTIONS
OBSERVATION_SIZE: int = State.OBSERVATION_SIZE
#: Bid amounts per auction opening and per raise that have an index (the lowest ones).
BIDS: int = 32


def new_game(setup: Optional[Mapping[str, Any]] = None, **fields: Any) -> State:
    """Deals a game from a setup dict (``{"players": 4, "map": "usa", "seed": 3}``; docs/protocol.md).

    Keyword arguments are added to the dict. Raises ``SetupError`` with every problem found.
    """
    merged = dict(setup or {})
    merged.update(fields)
    merged.setdefault("players", 4)
    merged.setdefault("map", "germany")
    return State.new_game(merged)


def from_json(text: str) -> State:
    """Reads a state written by ``State.to_json()``."""
    return State.from_json(text)


__all__ = ["BIDS", "NUM_ACTIONS", "OBSERVATION_SIZE", "State", "from_json", "new_game"]
