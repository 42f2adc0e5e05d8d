"""Power Grid (2-6 players, Germany and USA): OpenSpiel-style states.

>>> from tabletop import powergrid
>>> s = powergrid.new_game({"players": 3, "map": "germany", "seed": 1})
>>> s.num_players()
3
"""

from typing import Any, Iterable, Mapping, Optional

from tabletop._tabletop import PowerGridState as State
from tabletop._tabletop import powergrid_static_data

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


def static_data(map: str = "germany", regions: Optional[Iterable[str]] = None) -> dict:
    """The game's static data: what a player needs to plan and no view carries.

    A dict ``{"rules", "map", "regions_in_play", "cities_in_play"}``: the plant table, resource
    price track, refill table by Step and player count, income table, house prices and plant
    limits (``rules``); the board with every connection's cost (``map``); and what of it is in
    play (every region when ``regions`` is None). The same data as the bot protocol's ``start``
    (docs/bot-protocol.md, "Static data"). For a game, pass its view's ``map`` and
    ``regions``. Raises ``ValueError`` for an unknown map or region.

    >>> data = static_data("germany", ["green", "brown", "red"])
    >>> len(data["cities_in_play"])
    21
    """
    if isinstance(regions, str):
        raise TypeError("regions must be a list of region names, not a string")
    return powergrid_static_data(map, None if regions is None else list(regions))


def from_json(text: str) -> State:
    """Reads a state written by ``State.to_json()``."""
    return State.from_json(text)


__all__ = [
    "BIDS",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "State",
    "from_json",
    "new_game",
    "static_data",
]
