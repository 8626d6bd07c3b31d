"""Keeping games: the game service (an eventsourcing application over a store) and its use cases, and
what the store keeps beside the games: tokens, heads, forks, notes, the kit shelf and kit owners.

It may import ``domain.engine``, ``domain.games`` and ``domain.thinking`` (a service plays bot seats).
"""
