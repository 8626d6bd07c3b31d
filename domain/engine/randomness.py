"""Deterministic randomness: game seeds, their public commitment, and the rng of each command.

A game has one secret seed and one random salt. Players see ``commitment(seed, salt)`` (the SHA-256
of both) from the start and the seed and salt once the game is over, so they can check that every
recorded random outcome came from that seed. The salt is what keeps a short seed the owner chose
("42") from being found by trying candidate seeds against the commitment. Games recorded before salts
existed have an empty salt: their commitment is the plain SHA-256 of the seed.
The rng for a command is derived from the game's chance key and its version, so deciding the same
command at the same point always gives the same outcome; the outcome is then recorded in the event.
The chance key of a game created now (chain version 3) is keyed by its salt as well as its seed
(``chance_key``): a seat knows its own dealt hand and the engine is public, so with the seed alone
deciding the game it could try short seeds ("4242") until one deals that hand, and then read every
other hand. The same seed and salt still play the same game; earlier games' chance key is their seed.

A table game (a paper playtest being transcribed) has no say from its seed: its ``TableRng`` takes each
outcome from those the people at the table supplied with the command, checked against what was possible.
Rulesets ask both alike: ``rng.choice(options, ask, seat, secret)``, where ``ask`` is the question the
table answers ("{seat} rolls the die: which face?", ``{seat}`` being the seat's name), ``secret`` marks an
outcome only that seat may know (a card it draws into its hand), and never shuffle a pile up front: a
card or tile is chosen from what remains when it is turned over.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from collections.abc import Sequence
from typing import Any, TypeVar

from domain.engine.errors import (
    ImpossibleOutcome,
    InvalidSetup,
    MalformedCommand,
    OutcomeNeeded,
    OutcomeNotYours,
)

T = TypeVar("T")


def new_seed() -> str:
    """A fresh unguessable seed."""
    return secrets.token_hex(16)


def new_salt() -> str:
    """A fresh random salt for a game's seed commitment (and the key of its hash chain)."""
    return secrets.token_hex(16)


SALT_SHAPE = re.compile(r"[0-9a-f]{32}")
"""A salt as ``new_salt`` draws it and a game reveals it: 32 lowercase hexadecimal digits."""

SALTED_CHANCE = 3
"""The first chain version whose chance key is keyed by the salt."""


def check_salt(salt: str) -> str:
    """A salt given to replay a deal, as it was revealed; ``InvalidSetup`` if it is not one."""
    if not isinstance(salt, str) or not SALT_SHAPE.fullmatch(salt):
        raise InvalidSetup("a salt is 32 lowercase hexadecimal digits, as a finished game reveals it")
    return salt


def chance_key(seed: str, salt: str, chain_version: int) -> str:
    """What a game's chance is derived from: the HMAC-SHA256 of its seed keyed with its salt (chain
    version 3 on), so that nobody without the salt can try seeds against what they see; the seed
    itself for games recorded before (their outcomes stay as they were)."""
    if chain_version < SALTED_CHANCE:
        return seed
    return hmac.new(salt.encode("utf-8"), f"chance:{seed}".encode(), hashlib.sha256).hexdigest()


def commitment(seed: str, salt: str = "") -> str:
    """The public commitment to a seed: the SHA-256 in hex of ``salt:seed`` (of the seed alone when
    the salt is empty, as games recorded before salts existed committed). A salt is hex, so the first
    colon ends it: the encoding is unambiguous."""
    text = f"{salt}:{seed}" if salt else seed
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Rng:
    """The random source of one decision, derived from a key (a game's chance key, a bot's seed) and a
    purpose (a game version)."""

    def __init__(self, key: str, purpose: int | str) -> None:
        self._seed, self._purpose = key, purpose
        self._seeded: random.Random | None = None

    @property
    def _random(self) -> random.Random:
        """The generator, seeded when first used: most decisions meet no chance at all (one rng is one decision's, never
        shared between threads, so it needs no lock)."""
        found = self._seeded
        if found is None:
            digest = hashlib.sha256(f"ludolog:{self._seed}:{self._purpose}".encode()).digest()
            found = self._seeded = random.Random(int.from_bytes(digest, "big"))
        return found

    def choice(self, options: Sequence[T], ask: str = "which outcome?", seat: int | None = None, secret: bool = False) -> T:
        """One of the options, uniformly (``ask``, ``seat`` and ``secret`` are for a table game's question)."""
        return options[self._random.randrange(len(options))]

    def randint(self, low: int, high: int, ask: str = "which number?", seat: int | None = None) -> int:
        """An integer from low to high inclusive."""
        return self._random.randint(low, high)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a random order."""
        result = list(items)
        self._random.shuffle(result)
        return result


class TableRng:
    """The randomness of a table game: each ``choice`` is the next outcome the people at the table
    supplied, checked to be one of the options. It never shuffles: a ruleset chooses a card when it
    is drawn, never a pile's order up front. ``teller`` is the seat whose token supplies the outcomes
    (``None``: the game's owner, who may tell any)."""

    def __init__(self, outcomes: Sequence[Any] = (), teller: int | None = None, forced_told: bool = False) -> None:
        self.outcomes = list(outcomes)
        self.used = 0
        self.teller = teller
        self.forced_told = forced_told
        """Whether a forced outcome (one possible value) is told, as every outcome was before forced ones were not
        asked: ``chance.decided`` reads a command's outcomes so when they do not fit otherwise."""
        self.forced = 0
        """How many forced outcomes were taken without being told."""

    def as_told_before(self) -> TableRng:
        """The same outcomes, read as they were told before forced outcomes went unasked: one for each question."""
        return TableRng(self.outcomes, self.teller, forced_told=True)

    def choice(self, options: Sequence[T], ask: str = "which outcome?", seat: int | None = None, secret: bool = False) -> T:
        """The next supplied outcome, as the option it names; ``OutcomeNeeded`` when none is left,
        ``ImpossibleOutcome`` when it is not one of the options, ``OutcomeNotYours`` when it is another
        seat's secret (whatever was supplied: an answer either way would tell what that seat holds).
        A forced outcome, where every option is the same (the last card of a pile, a pile of one name), is not
        asked: it is that option, and no supplied outcome is used for it."""
        values = list(options)
        if not self.forced_told and values and len(distinct(values)) == 1:
            self.forced += 1
            return values[0]
        if secret and seat is not None and self.teller is not None and seat != self.teller:
            raise OutcomeNotYours(ask, seat, [], self.used)
        possible = distinct(values)
        if self.used >= len(self.outcomes):
            raise OutcomeNeeded(ask, seat, possible, self.used)
        given = self.outcomes[self.used]
        for value in values:
            if same_outcome(value, given):
                self.used += 1
                return value
        raise ImpossibleOutcome(ask, seat, possible, self.used, given)

    def randint(self, low: int, high: int, ask: str = "which number?", seat: int | None = None) -> int:
        return self.choice(range(low, high + 1), ask, seat)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        raise TypeError("a table game never shuffles up front: choose each card as it is drawn")

    def check_all_used(self) -> None:
        """``MalformedCommand`` when more outcomes were supplied than the command used."""
        if self.used < len(self.outcomes):
            extra = len(self.outcomes) - self.used
            raise MalformedCommand(
                f"{len(self.outcomes)} outcome{'s' if len(self.outcomes) != 1 else ''} given but the command used "
                f"{self.used}: leave out the last {extra}"
            )


def distinct(values: Sequence[Any]) -> list[Any]:
    """The values without repeats, in their first order (a deck's card names, once each)."""
    seen: list[Any] = []
    for value in values:
        if not any(same_outcome(value, known) for known in seen):
            seen.append(value)
    return seen


def same_outcome(option: Any, given: Any) -> bool:
    """Whether a supplied outcome names the option: equal, and of the same JSON type (``true`` is
    not ``1``)."""
    return type(option) is type(given) and option == given
