"""The engine: the ruleset contract every game implements, the ``Game`` aggregate and its stored facts,
chance and its keys, seat names, pictures, what a viewer may see, and the registry of rulesets.

It imports nothing else of the project (the registry finds the games by name, at run time).
"""
