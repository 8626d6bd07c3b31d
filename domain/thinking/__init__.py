"""Thinking about games: bots (random, greedy, search), reviews of a game's choices, balance studies.
They play through the ruleset contract on states and never touch a store.

It may import ``domain.engine`` (and ``domain.games`` through the registry, at run time).
"""
