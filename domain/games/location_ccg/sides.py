"""The Location CCG's sides, for balance studies: each seat brings three locations and a deck.

The options ``locations`` and ``decks`` give them, seat 1 first; null gives each seat the demo's own
three locations and both the demo deck. A study moves them round the table (``rotate_sides``), so each
set of locations (and deck) plays from both seats and its edge is told from a seat's. These are
``LocationCCG``'s methods, imported into its class.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from domain.games.location_ccg.cards import pool
from domain.games.location_ccg.state import State
from domain.ruleset import Ruleset


def sides(self: Ruleset, state: State) -> dict[int, str]:
    """Each seat's locations, and its deck where the decks differ: ``{1: "Docks, Downtown and Data Center", ...}``."""
    decks, brought = state.options["decks"], state.options["locations"]
    return {seat: _named(brought[seat - 1]) + ("" if all(d == decks[0] for d in decks) else f" with {_deck(decks[seat - 1])}")
            for seat in range(1, len(brought) + 1)}


def rotate_sides(self: Ruleset, options: dict[str, Any], seat_count: int, rotation: int) -> dict[str, Any]:
    """The options with the locations and decks moved ``rotation`` seats on (with two seats: swapped on odd rotations)."""
    decks = options.get("decks") or [dict(pool().decks["demo"]) for _ in range(seat_count)]
    brought = options.get("locations") or [list(triple) for triple in pool().brought]
    shift = rotation % seat_count
    return {**options, "decks": _moved(decks, shift), "locations": _moved(brought, shift)}


def _moved(items: list[Any], shift: int) -> list[Any]:
    return list(items[-shift:] + items[:-shift]) if shift else list(items)


def _named(brought: list[str]) -> str:
    names = [pool().locations[key].name if key in pool().locations else key for key in brought]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _deck(deck: dict[str, int]) -> str:
    """``the demo deck``, or a deck named by its contents' digest: the same deck has the same name in every game."""
    if deck == pool().decks["demo"]:
        return "the demo deck"
    return "deck " + hashlib.sha256(json.dumps(deck, sort_keys=True).encode()).hexdigest()[:6]
