"""The bots one can ask for, by name, weakest first: a module of its own so that a command's help can
list them without loading the rules (``domain.thinking.bots`` builds them)."""

STRATEGIES = ("random", "greedy", "search")
