"""The ludolog engine: the ruleset contract, the games, the Game aggregate and the game service.

Pure domain code: no Flask, no click, no printing. Start with ``ruleset.py`` (the contract every game
implements), ``game.py`` (the event-sourced aggregate) and ``service.py`` (the use cases).
"""
