"""Infection, ruleset ``infection``: see ``rules.py`` and ``RULINGS.md``."""

from domain.games.infection.rules import Infection

RULESET = Infection()

__all__ = ["RULESET", "Infection"]
