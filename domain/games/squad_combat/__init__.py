"""Squad Combat, ruleset ``squad-combat``: see ``rules.py`` and ``RULINGS.md``."""

from domain.games.squad_combat.rules import SquadCombat

RULESET = SquadCombat()

__all__ = ["RULESET", "SquadCombat"]
