"""Balance studies: many seeded games played by bots (``study``), the statistics that make their
numbers trustworthy (``stats``), and what the numbers say about a game (``findings``)."""

MAX_COMMANDS = 5_000
"""Commands after which a study's game is stopped and reported as one that may never end."""
