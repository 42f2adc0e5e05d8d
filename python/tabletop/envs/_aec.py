"""The AEC environment both games share: the engine's state behind PettingZoo's turn loop.

Each agent ``player_i`` is seat ``i``. Observations are dicts of ``observation`` (float32, the
layout of docs/python.md, seat-relative) and ``action_mask`` (int8, all zero for an agent whose
turn it is not). Rewards are the changes of ``State.returns()``; an illegal action raises
``IllegalActionError`` with the engine's reason and changes nothing.

``env()`` returns this class itself, not wrapped in PettingZoo's ``OrderEnforcingWrapper``:
the wrapper's checks (``step`` or ``observe`` before ``reset`` raise) are made here, and the
wrapper's attribute forwarding cost more than the whole engine step (about 60% of the AEC
loop's time in a profile of The Game).

``reset(seed=s)`` deals the game ``new_game(..., seed=s)`` deals, so an episode replays alone
as a ``State``; a ``reset()`` without a seed deals from seeds drawn by a generator seeded with
the last seed given (fresh entropy if none was). ``env.state`` is the engine's ``State`` of
the current game (hidden parts included: for analysis and tests, not for an agent's input).
"""

import operator
from typing import Any, Callable, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv


def action_index(action: Any) -> int:
    """``action`` as an int index: Python's and numpy's integers, not bools or floats."""
    if isinstance(action, (bool, np.bool_)) or not hasattr(type(action), "__index__"):
        raise TypeError(
            f"an action is an int index (numpy integers too), not {type(action).__name__}"
        )
    return operator.index(action)


class TabletopAEC(AECEnv):
    """One game as an AEC environment (see the module docs)."""

    def __init__(
        self,
        new_game: Callable[[int], Any],
        players: int,
        name: str,
        obs_high: float,
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self._new_game = new_game
        probe = new_game(0)
        self._num_actions = probe.NUM_ACTIONS
        self.metadata = {"render_modes": ["ansi"], "name": name, "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, obs_high, (probe.OBSERVATION_SIZE,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self._num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state = probe
        self._mask: Optional[np.ndarray] = None
        self._no_mask = np.zeros(self._num_actions, dtype=np.int8)
        self._started = False

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            # The same deal as new_game(seed=seed); the state raises for a bad seed first.
            self.state = self._new_game(seed)
            self._rng = np.random.default_rng(operator.index(seed))
        else:
            self.state = self._new_game(int(self._rng.integers(2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._returns = self.state.returns()
        self._mask = None
        self._started = True
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        if not self._started:
            raise RuntimeError("reset() must be called before observe()")
        seat = self._seat[agent]
        obs = self.state.observation(seat)
        if seat == self.state.current_player():
            if self._mask is None:
                # A bool array viewed as int8: no copy.
                self._mask = self.state.legal_mask().view(np.int8)
            mask = self._mask
        else:
            mask = self._no_mask
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        if not self._started:
            raise RuntimeError("reset() must be called before step()")
        if not self.agents:
            raise ValueError("the game is over and every agent is done: reset() deals a new one")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(
                    f"{agent} is done: the only action it may take is None, not {action!r}"
                )
            self._was_dead_step(action)
            return
        self.state.apply(action_index(action))
        self._mask = None
        self._cumulative_rewards[agent] = 0.0
        returns = self.state.returns()
        for a, now, before in zip(self.agents, returns, self._returns):
            self.rewards[a] = now - before
        self._returns = returns
        current = self.state.current_player()
        if current < 0:
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[current]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return repr(self.state) + "\n" + str(self.state.view())
        return None

    def close(self) -> None:
        pass
