"""The Game (1-5 players, cooperative): OpenSpiel-style states.

>>> from tabletop import thegame
>>> s = thegame.new_game({"players": 2, "seed": 7})
>>> s.current_player(), len(s.legal_actions()) > 0
(0, True)
"""

from typing import Any, Mapping, Optional

from tabletop._tabletop import TheGameState as State

NUM_ACTIONS: int = State.NUM_ACTIONS
OBSERVATION_SIZE: int = State.OBSERVATION_SIZE
#: Index of ``end`` (end the turn).
END: int = 392
#: Index of the first signal.
SIGNALS: int = 393
PILES = ("up1", "up2", "down1", "down2")


def new_game(setup: Optional[Mapping[str, Any]] = None, **fields: Any) -> State:
    """Deals a game from a setup dict (``{"players": 2, "seed": 7}``; docs/protocol-thegame.md).

    Keyword arguments are added to the dict. Raises ``SetupError`` with every problem found.
    """
    merged = dict(setup or {})
    merged.update(fields)
    merged.setdefault("players", 2)
    return State.new_game(merged)


def from_json(text: str) -> State:
    """Reads a state written by ``State.to_json()``."""
    return State.from_json(text)


def play_index(card: int, pile: str) -> int:
    """The index of playing ``card`` (2..99) on ``pile`` (up1, up2, down1, down2)."""
    if not 2 <= card <= 99:
        raise ValueError(f"{card} is not a card: cards are 2..=99")
    return (card - 2) * 4 + PILES.index(pile)


__all__ = ["END", "NUM_ACTIONS", "OBSERVATION_SIZE", "PILES", "SIGNALS", "State", "from_json", "new_game", "play_index"]
