"""The Assassination Game Le, ruleset ``assassination-le``: see ``rules.py`` and ``RULINGS.md``."""

from domain.games.assassination_le.rules import AssassinationLe

RULESET = AssassinationLe()

__all__ = ["RULESET", "AssassinationLe"]
