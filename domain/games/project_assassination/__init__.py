"""Project Assassination, ruleset ``project-assassination``: see ``rules.py`` and ``RULINGS.md``.

``RULESET`` is the current version of the rules (2: each card chosen as it is drawn); ``EARLIER``
keeps version 1 (the decks shuffled at setup) for the games recorded under it.
"""

from domain.games.project_assassination.earlier import ProjectAssassinationV1
from domain.games.project_assassination.rules import ProjectAssassination

RULESET = ProjectAssassination()
EARLIER = (ProjectAssassinationV1(),)

__all__ = ["EARLIER", "RULESET", "ProjectAssassination", "ProjectAssassinationV1"]
