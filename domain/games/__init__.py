"""The games: one folder per ruleset, each exporting ``RULESET`` from its ``__init__``."""
