"""Deterministic randomness: game seeds, their public commitment, and the rng of each command.

A game has one secret seed. Players see ``commitment(seed)`` (its SHA-256) from the start and the seed
itself once the game is over, so they can check that every recorded random outcome came from it.
The rng for a command is derived from the seed and the game's version, so deciding the same command
at the same point always gives the same outcome; the outcome is then recorded in the event.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> str:
    """A fresh unguessable seed."""
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    """The public commitment to a seed: its SHA-256 in hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


class Rng:
    """The random source of one decision, derived from a seed and a purpose (a game version)."""

    def __init__(self, seed: str, purpose: int | str) -> None:
        digest = hashlib.sha256(f"ludolog:{seed}:{purpose}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest, "big"))

    def choice(self, options: Sequence[T]) -> T:
        """One of the options, uniformly."""
        return options[self._random.randrange(len(options))]

    def randint(self, low: int, high: int) -> int:
        """An integer from low to high inclusive."""
        return self._random.randint(low, high)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a random order."""
        result = list(items)
        self._random.shuffle(result)
        return result
