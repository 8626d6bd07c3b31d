"""The ludolog domain: pure code (no Flask, no click, no printing), in four rooms, each importing only
the rooms below it (``tests/test_layers.py`` holds every import of the project to that):

- ``engine/``: the ruleset contract (``ruleset.py``), the event-sourced ``Game`` aggregate (``game.py``)
  and its facts, chance, seating, pictures, what a viewer may see, and the registry of rulesets;
- ``games/``: one folder per ruleset, each built on the engine alone (add a game here);
- ``thinking/``: bots, search, reviews and balance studies, which play games through the contract;
- ``keeping/``: the game service (an eventsourcing application) and what it keeps beside games: stores,
  tokens, heads, forks, notes, the kit shelf (add a store here).
"""
