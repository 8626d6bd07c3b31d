"""The Location CCG, ruleset ``location-ccg``: see ``rules.py`` and ``RULINGS.md``."""

from domain.games.location_ccg.rules import LocationCCG

RULESET = LocationCCG()

__all__ = ["RULESET", "LocationCCG"]
