"""Table kits, ruleset ``table-kit``: any game described by a kit file (see ``rules.py``, ``kit.py``)."""

from domain.games.table_kit.rules import TableKit

RULESET = TableKit()

__all__ = ["RULESET", "TableKit"]
