"""The Location CCG, ruleset ``location-ccg``: see ``rules.py`` and ``RULINGS.md``. ``EARLIER`` keeps
rules v1 (a lone Giant's side ended the pairing) for the games recorded under them."""

from domain.games.location_ccg.earlier import LocationCCGV1
from domain.games.location_ccg.rules import LocationCCG

RULESET = LocationCCG()
EARLIER = (LocationCCGV1(),)

__all__ = ["EARLIER", "RULESET", "LocationCCG", "LocationCCGV1"]
