"""Solo The Game as a Gymnasium environment, registered as ``tabletop/TheGameSolo-v0``.

>>> import gymnasium, tabletop.gym
>>> env = gymnasium.make("tabletop/TheGameSolo-v0")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].shape
((260,), (401,))

Reward 1/98 per card played (a won game returns 1). Signals mean nothing alone and are masked
out unless ``signals=True``. An illegal action raises ``IllegalActionError``, or, with
``illegal_action="end"``, ends the episode with reward 0 and ``info["illegal_action"] = True``
(for tools that step random unmasked actions, such as Gymnasium's ``check_env``).

``reset(seed=s)`` deals the game ``thegame.new_game(players=1, seed=s)`` deals; a ``reset()``
without a seed deals from a seed drawn with ``self.np_random``. ``env.state`` is the engine's
``State`` of the current game.
"""

import operator
from typing import Any, Dict, Optional, Tuple

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "tabletop.gym needs Gymnasium: install the package's envs extra, "
        "pip install 'tabletop[envs]' (from a checkout: pip install './python[envs]')"
    ) from e

from tabletop import IllegalActionError, thegame


class TheGameSoloEnv(gymnasium.Env):
    """One player, eight cards in hand, the four piles."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        signals: bool = False,
        illegal_action: str = "raise",
        render_mode: Optional[str] = None,
    ):
        if illegal_action not in ("raise", "end"):
            raise ValueError(f'illegal_action is "raise" or "end", not {illegal_action!r}')
        self._end_on_illegal = illegal_action == "end"
        self.observation_space = spaces.Box(0.0, 1.0, (thegame.OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(thegame.NUM_ACTIONS)
        self.render_mode = render_mode
        self._signals = signals
        self.state = thegame.new_game(players=1, seed=0)

    def _mask(self) -> np.ndarray:
        mask = self.state.legal_mask()
        if not self._signals:
            mask[thegame.SIGNALS :] = False
        return mask

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        if seed is not None:
            # The same deal as new_game(seed=seed); the state raises for a bad seed first.
            self.state = thegame.new_game(players=1, seed=seed)
            super().reset(seed=operator.index(seed))
        else:
            super().reset()
            self.state = thegame.new_game(players=1, seed=int(self.np_random.integers(2**63)))
        return self.state.observation(0), {"action_mask": self._mask()}

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if isinstance(action, (bool, np.bool_)) or not hasattr(type(action), "__index__"):
            raise TypeError(
                f"an action is an int index (numpy integers too), not {type(action).__name__}"
            )
        action = operator.index(action)
        try:
            if not self._signals and action >= thegame.SIGNALS:
                raise IllegalActionError(
                    f"action {action} is a signal; signals are off (signals=False)"
                )
            before = self.state.returns()[0]
            self.state.apply(action)
        except IllegalActionError as e:
            if not self._end_on_illegal:
                raise
            info = {"action_mask": self._mask(), "illegal_action": True, "error": str(e)}
            return self.state.observation(0), 0.0, True, False, info
        reward = self.state.returns()[0] - before
        return (
            self.state.observation(0),
            reward,
            self.state.is_terminal(),
            False,
            {"action_mask": self._mask()},
        )

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self.state.view(0))
        return None


gymnasium.register(id="tabletop/TheGameSolo-v0", entry_point="tabletop.gym:TheGameSoloEnv")
