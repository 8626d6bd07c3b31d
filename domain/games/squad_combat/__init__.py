"""Squad Combat, ruleset ``squad-combat``: see ``rules.py`` and ``RULINGS.md``. ``EARLIER`` keeps rules v1
(a game with no attack left plays on to the turn limit; a play that changes nothing is allowed) and v2 (a
one-sided stalemate is decided by the standing) for the games recorded under them."""

from domain.games.squad_combat.rules import SquadCombat, SquadCombatV1, SquadCombatV2

RULESET = SquadCombat()
EARLIER = (SquadCombatV1(), SquadCombatV2())

__all__ = ["EARLIER", "RULESET", "SquadCombat", "SquadCombatV1", "SquadCombatV2"]
