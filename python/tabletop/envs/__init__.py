"""PettingZoo AEC environments: ``thegame_v0.env(players=2)``, ``powergrid_v0.env(map="germany", players=4)``."""
