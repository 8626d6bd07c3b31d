"""The Location CCG's sides, for balance studies: each seat brings three locations and a deck.

The options ``locations`` and ``decks`` give them, seat 1 first; null gives each seat the pool's own
three locations (the demo's, or a ``card_pool``'s) and both the pool's demo deck. A study moves them
round the table (``rotate_sides``), so each set of locations (and deck) plays from both seats and its
edge is told from a seat's. ``LocationSides`` is mixed into ``LocationCCG``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from domain.games.location_ccg.cards import DEMO_DECK, Pool
from domain.games.location_ccg.pool_check import pool_for
from domain.games.location_ccg.state import State


class LocationSides:
    """The ruleset contract's ``sides`` and ``rotate_sides`` for the Location CCG."""

    def sides(self, state: State) -> dict[int, str]:
        """Each seat's locations, and its deck where the decks differ: ``{1: "Docks, Downtown and Data Center", ...}``."""
        decks, brought, cards = state.options["decks"], state.options["locations"], state.pool
        same = all(deck == decks[0] for deck in decks)
        return {seat: _named(brought[seat - 1], cards) + ("" if same else f" with {_deck(decks[seat - 1], cards)}")
                for seat in range(1, len(brought) + 1)}

    def rotate_sides(self, options: dict[str, Any], seat_count: int, rotation: int) -> dict[str, Any]:
        """The options with the locations and decks moved ``rotation`` seats on (two seats: swapped on odd rotations)."""
        cards = pool_for(options.get("card_pool"))
        decks = options.get("decks") or [dict(cards.decks[DEMO_DECK]) for _ in range(seat_count)]
        brought = options.get("locations") or [list(triple) for triple in cards.brought]
        shift = rotation % seat_count
        return {**options, "decks": _moved(decks, shift), "locations": _moved(brought, shift)}


def _moved(items: list[Any], shift: int) -> list[Any]:
    return list(items[-shift:] + items[:-shift]) if shift else list(items)


def _named(brought: list[str], cards: Pool) -> str:
    names = [cards.locations[key].name if key in cards.locations else key for key in brought]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _deck(deck: dict[str, int], cards: Pool) -> str:
    """``the demo deck``, or a deck named by its contents' digest: the same deck has the same name in every game."""
    if deck == cards.decks.get(DEMO_DECK):
        return "the demo deck"
    return "deck " + hashlib.sha256(json.dumps(deck, sort_keys=True).encode()).hexdigest()[:6]
