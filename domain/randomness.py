"""Deterministic randomness: game seeds, their public commitment, and the rng of each command.

A game has one secret seed and one random salt. Players see ``commitment(seed, salt)`` (the SHA-256
of both) from the start and the seed and salt once the game is over, so they can check that every
recorded random outcome came from that seed. The salt is what keeps a short seed the owner chose
("42") from being found by trying candidate seeds against the commitment. Games recorded before salts
existed have an empty salt: their commitment is the plain SHA-256 of the seed.
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


def new_salt() -> str:
    """A fresh random salt for a game's seed commitment (and the key of its hash chain)."""
    return secrets.token_hex(16)


def commitment(seed: str, salt: str = "") -> str:
    """The public commitment to a seed: the SHA-256 in hex of ``salt:seed`` (of the seed alone when
    the salt is empty, as games recorded before salts existed committed). A salt is hex, so the first
    colon ends it: the encoding is unambiguous."""
    text = f"{salt}:{seed}" if salt else seed
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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
