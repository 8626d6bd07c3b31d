"""Project Assassination, ruleset ``project-assassination``: see ``rules.py`` and ``RULINGS.md``."""

from domain.games.project_assassination.rules import ProjectAssassination

RULESET = ProjectAssassination()

__all__ = ["RULESET", "ProjectAssassination"]
