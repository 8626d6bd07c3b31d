"""The bots one can ask for, by name: ludolog's own, weakest first, then OpenSpiel's search bots scoring with the
same evaluation (``domain.thinking.spiel.bots``; they need the ``openspiel`` extra). A module of its own so that
a command's help can list them without loading the rules (``domain.thinking.bots`` builds them)."""

STRATEGIES = ("random", "greedy", "search", "openspiel-ismcts", "openspiel-mcts")
SEARCHING = ("search", "openspiel-ismcts", "openspiel-mcts")
"""The strategies that take a budget (simulations or milliseconds a move)."""
