"""Both games as OpenSpiel games: ``pyspiel.load_game("tabletop_thegame")`` and
``pyspiel.load_game("tabletop_powergrid", {"players": 3, "map": "usa"})``.

Importing this module registers them (it needs the ``open_spiel`` package: the package's
``openspiel`` extra). What they are, and why:

- **Chance.** A game starts at one chance node whose outcome is the deal's seed: outcome ``k``
  (``0 <= k < deals``, uniform; parameter ``deals``, default 65,536) deals the game
  ``new_game(..., seed=k)`` deals. The engine's state keeps its own seeded generator, so that
  one outcome also fixes every later draw (The Game's draw pile, Power Grid's plant deck): the
  chance is sampled once, not spelled out draw by draw, because the deal alone has about
  ``98!`` outcomes. Search that needs other deals and draws takes them from
  ``resample_from_infostate``, which draws everything a seat cannot see anew
  (``State.sample_hidden``).
- **Observations** are the engine's (``State.observation(seat)``, the layouts of
  docs/python.md), built from the seat's view only; the observation string is the view as JSON.
- **Information states.** The string is ``State.information_state(seat)``: the seat's view and
  every event of the game as the seat saw it, as JSON. It is perfect recall, so two states share it
  exactly when the seat cannot tell them apart, which ISMCTS keys its tree on. The tensor is
  the observation tensor: a fixed-size vector cannot hold a whole history, so it is not
  perfect recall (Power Grid's hidden money that a seat saw paid, for one, is in the string
  only).
- **Utilities** are the engine's returns: The Game's share of the 98 cards on the piles (the
  same for every seat; a reward with every card played), Power Grid's 1 for each winner at
  the end.
- **Actions** are the package's indices (docs/python.md); Power Grid's legal actions are the
  encoded ones (the 32 lowest amounts of each bid).
- States are cloned with ``copy.deepcopy``; OpenSpiel serializes a Python game's state as
  its action history (the seed, then the actions) and a pickle of its attributes (the
  package's ``State`` pickles with its own history). A state drawn by
  ``resample_from_infostate`` has an empty OpenSpiel history (its deal is no seed): it is for
  search.
"""

import json
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "tabletop.openspiel needs OpenSpiel (pyspiel): install the package's openspiel "
        "extra, pip install 'tabletop[openspiel]' (from a checkout: "
        "pip install './python[openspiel]')"
    ) from e

from tabletop import TabletopError, powergrid, thegame

#: Deal seeds at the chance node unless the parameter ``deals`` says otherwise.
DEALS = 1 << 16
#: The Game's longest game: at most 98 plays, a turn ends after at least one play, and a seat
#: sends at most four signals a turn (one per pile): 98 plays + 98 ends + 4 * 98 signals.
THEGAME_MAX_LENGTH = 98 * 6
#: An upper bound on Power Grid's length in actions, checked in tests with random play (the
#: rules bound it only loosely: every round someone buys a plant or the deck shrinks).
POWERGRID_MAX_LENGTH = 20_000


class TabletopState(pyspiel.State):
    """A game of either kind as an OpenSpiel state: the chance node of the deal, then the
    package's ``State`` (``self.inner``)."""

    def __init__(self, game: "TabletopGame", inner: Any = None):
        super().__init__(game)
        self.inner = inner
        self._before: Optional[List[float]] = None

    def current_player(self) -> int:
        if self.inner is None:
            return pyspiel.PlayerId.CHANCE
        seat = self.inner.current_player()
        return pyspiel.PlayerId.TERMINAL if seat < 0 else seat

    def _legal_actions(self, player: int) -> List[int]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        deals = self.get_game().deals
        return [(k, 1.0 / deals) for k in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            self.inner = self.get_game().deal(action)
            self._before = None
        else:
            self._before = self.inner.returns()
            self.inner.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        try:
            return self.inner.action_to_string(action)
        except TabletopError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.is_terminal()

    def returns(self) -> List[float]:
        if self.inner is None:
            return [0.0] * self.get_game().num_players()
        return [float(r) for r in self.inner.returns()]

    def rewards(self) -> List[float]:
        now = self.returns()
        if self._before is None:
            return [0.0] * len(now)
        return [a - b for a, b in zip(now, self._before)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "TabletopState":
        """A state ``player_id`` cannot tell from this one, everything it cannot see drawn
        anew with a seed from ``probability_sampler`` (a callable giving floats in [0, 1))."""
        if self.inner is None:
            return self.clone()
        seed = int(probability_sampler() * 2**53)
        return TabletopState(self.get_game(), self.inner.sample_hidden(player_id, seed))

    def __str__(self) -> str:
        if self.inner is None:
            return "not dealt yet"
        return self.inner.to_json()


class TabletopObserver:
    """OpenSpiel's observer of either game: observations, or information states with
    ``perfect_recall`` (see the module docs)."""

    def __init__(self, size: int, iig_obs_type: Any, params: Optional[Dict[str, Any]]):
        if params:
            raise ValueError(f"the tabletop games' observers take no parameters, not {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError(
                "the tabletop games observe for one seat (public and that seat's private "
                f"information) only, not {iig_obs_type}"
            )
        self._recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TabletopState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.inner.observation(player)

    def string_from(self, state: TabletopState, player: int) -> str:
        if state.inner is None:
            return "not dealt yet"
        if self._recall:
            return state.inner.information_state(player)
        return json.dumps(state.inner.view(player), sort_keys=True)


class TabletopGame(pyspiel.Game):
    """Either game as an OpenSpiel game (see the module docs)."""

    def __init__(self, game_type: Any, params: Dict[str, Any], deal: Callable[[int], Any],
                 utility_sum: Optional[float], max_length: int):
        self.deals = int(params["deals"])
        if not 1 <= self.deals <= 2**31 - 1:
            raise ValueError(f"deals must be from 1 to 2**31 - 1, not {self.deals}")
        self.deal = deal
        probe = deal(0)
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.NUM_ACTIONS,
            max_chance_outcomes=self.deals,
            num_players=probe.num_players(),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=utility_sum,
            max_game_length=max_length,
        )
        self._observation_size = probe.OBSERVATION_SIZE
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TabletopObserver:
        return TabletopObserver(
            self._observation_size,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


def _game_type(short_name: str, long_name: str, utility: Any, reward_model: Any,
               players: Tuple[int, int], parameters: Dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=reward_model,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


THEGAME_TYPE = _game_type(
    "tabletop_thegame",
    "The Game (Tabletop)",
    pyspiel.GameType.Utility.IDENTICAL,
    pyspiel.GameType.RewardModel.REWARDS,
    (1, 5),
    {"players": 2, "deals": DEALS},
)
POWERGRID_TYPE = _game_type(
    "tabletop_powergrid",
    "Power Grid (Tabletop)",
    pyspiel.GameType.Utility.GENERAL_SUM,
    pyspiel.GameType.RewardModel.TERMINAL,
    (2, 6),
    {"players": 4, "map": "germany", "public_money": False, "deals": DEALS},
)


class TheGameGame(TabletopGame):
    """``tabletop_thegame``: parameters ``players`` (1-5, default 2) and ``deals``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        params = {**THEGAME_TYPE.parameter_specification, **(params or {})}
        players = int(params["players"])
        super().__init__(
            THEGAME_TYPE,
            params,
            lambda seed: thegame.new_game(players=players, seed=seed),
            None,
            THEGAME_MAX_LENGTH,
        )


class PowerGridGame(TabletopGame):
    """``tabletop_powergrid``: parameters ``players`` (2-6, default 4), ``map`` ("germany" or
    "usa"), ``public_money`` (default false) and ``deals``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        params = {**POWERGRID_TYPE.parameter_specification, **(params or {})}
        players, map_ = int(params["players"]), str(params["map"])
        public_money = bool(params["public_money"])
        super().__init__(
            POWERGRID_TYPE,
            params,
            lambda seed: powergrid.new_game(
                players=players, map=map_, seed=seed, public_money=public_money
            ),
            None,
            POWERGRID_MAX_LENGTH,
        )


pyspiel.register_game(THEGAME_TYPE, TheGameGame)
pyspiel.register_game(POWERGRID_TYPE, PowerGridGame)

__all__ = ["DEALS", "PowerGridGame", "TabletopGame", "TabletopObserver", "TabletopState", "TheGameGame"]
