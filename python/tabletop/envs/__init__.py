"""PettingZoo AEC environments: ``thegame_v0.env(players=2)``, ``powergrid_v0.env(map="germany", players=4)``.

They need PettingZoo and Gymnasium, the package's ``envs`` extra: ``pip install 'tabletop[envs]'``
(from a checkout, ``pip install './python[envs]'``).
"""

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"tabletop.envs needs PettingZoo and Gymnasium ({e.name} is missing): install the "
        "package's envs extra, pip install 'tabletop[envs]' (from a checkout: "
        "pip install './python[envs]')"
    ) from e
