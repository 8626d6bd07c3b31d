"""Infection, ruleset ``infection``: see ``rules.py`` and ``RULINGS.md``. ``EARLIER`` keeps rules v1
(the tiles shuffled into their places at setup) for the games recorded under them."""

from domain.games.infection.rules import Infection, InfectionV1

RULESET = Infection()
EARLIER = (InfectionV1(),)

__all__ = ["EARLIER", "RULESET", "Infection", "InfectionV1"]
