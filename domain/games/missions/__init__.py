"""Missions, ruleset ``missions``: see ``rules.py`` and ``RULINGS.md``."""

from domain.games.missions.rules import Missions

RULESET = Missions()

__all__ = ["Missions", "RULESET"]
