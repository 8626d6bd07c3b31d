"""Balance studies: many seeded games played by bots (``study``), the statistics that make their
numbers trustworthy (``stats``), and what the numbers say about a game (``findings``)."""
