"""Correction, ruleset ``correction``: see ``rules.py`` and ``RULINGS.md``."""

from domain.games.correction.rules import Correction

RULESET = Correction()

__all__ = ["RULESET", "Correction"]
