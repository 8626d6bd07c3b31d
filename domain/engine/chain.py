"""The hash chain that links a game's stored events, so that any edit of the stored log shows.

Every event carries ``chain``. Chain version 2 (every game created since salts exist): the
HMAC-SHA256, keyed with the game's salt, of the canonical JSON of the previous chain, the event's
number, topic, time (ISO 8601) and content; the creation's "previous" is the game id. Keyed, because
the latest chain is handed to seats as a receipt (``Game.head``): without a key, a seat knowing every
public part of an event could try each value of its secret part (which tile was drawn) against the
hash. Chain version 1 (games recorded before): the plain SHA-256 of the same without the time.
Chain version 3 (every game created since the seed alone stopped deciding a game) chains as version 2;
its number also says that the game's chance is keyed by its salt as well as its seed
(``domain.engine.randomness.chance_key``). Chain version 4 (every game created since endings say whether
they came at a limit) chains as version 3, and covers the fields a fact's later versions added
(``Fact.chained_since``); a game of an earlier chain version hashes its facts without them, as they were
stored when it was made, so its hashes hold after an upcaster fills them in.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
from datetime import datetime
from typing import Any

CHAIN_VERSION = 4
"""The chain version of games created now."""

LIMITS_CHAINED = 4
"""The first chain version whose hashes cover an ending's ``at_limit`` (``domain.engine.endings``)."""

CREATED_FIELDS = ("ruleset", "ruleset_version", "seats", "options", "seed", "seed_commitment")
"""What a Game.Created event of chain version 1 holds besides its chain hash (and what that hash covers)."""

CREATED_FIELDS_V2 = (*CREATED_FIELDS, "salt", "chain_version")
"""The same for chain version 2: the salt and the chain version are covered too."""


CREATED_FIELDS_V3 = (*CREATED_FIELDS_V2, "table", "setup_outcomes")
"""The same for a table game: whether it is one and its setup's outcomes are covered too (a game that is
not leaves them out, so games recorded before table games keep their hashes)."""


def created_payload(fields: dict[str, Any]) -> dict[str, Any]:
    """What the chain covers of a creation's fields (which include ``chain_version``)."""
    if fields["chain_version"] == 1:
        names = CREATED_FIELDS
    else:
        names = CREATED_FIELDS_V3 if fields.get("table") else CREATED_FIELDS_V2
    if fields.get("name"):  # a game's name is covered where it has one (games before names keep their hashes)
        names = (*names, "name")
    if fields.get("players"):  # likewise who plays each seat, where a bot plays one (games before keep their hashes)
        names = (*names, "players")
    return {name: fields[name] for name in names}


def plain(value: Any) -> Any:
    """A value as JSON holds it, for hashing: a dataclass as the dict of its fields, a tuple as a list, a
    dict's keys as text (so a state hashes alike before it is stored and after it is read back)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    return value


def covered(fields: dict[str, Any], owner: type, chain_version: int) -> dict[str, Any]:
    """The fields the chain of a game of this version covers, of a fact or state of type ``owner``: those a
    later version of it added (``owner.chained_since``, field: first chain version) are left out of games
    chained before, as they were stored when the game was made; and those it holds only where they have a value
    (``owner.chained_when_given``: an ending's scores) are left out where they are ``None``, as before they existed."""
    later = [name for name, since in getattr(owner, "chained_since", {}).items() if chain_version < since]
    later += [name for name in getattr(owner, "chained_when_given", ()) if fields.get(name) is None]
    if not later:
        return fields
    return {name: value for name, value in fields.items() if name not in later}


def chained_state(state: Any, chain_version: int) -> Any:
    """What the chain covers of a state (a fork's start): its plain form, as far as it was stored then."""
    fields = plain(state)
    return covered(fields, type(state), chain_version) if isinstance(fields, dict) else fields


def chain_hash(
    chain_version: int, salt: str, previous: str, version: int, topic: str, timestamp: datetime, payload: dict[str, Any]
) -> str:
    """The hash of one event's content and time, chained to the previous event's hash."""
    if chain_version == 1:
        content = json.dumps([previous, version, topic, payload], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(content.encode("utf-8")).hexdigest()
    content = json.dumps([previous, version, topic, timestamp.isoformat(), payload], sort_keys=True, separators=(",", ":"))
    return hmac.new(salt.encode("utf-8"), content.encode("utf-8"), hashlib.sha256).hexdigest()


def first_broken_link(events: list[Any]) -> int | None:
    """The number of the first stored event whose chain hash does not match its content, or ``None``.
    ``events`` starts with the game's creation; each event says what of it is chained (``chained``)."""
    created = events[0]
    chain_version, salt = created.chain_version, created.salt
    previous = str(created.originator_id)
    for event in events:
        version = event.originator_version
        payload = event.chained(chain_version)
        expected = chain_hash(chain_version, salt, previous, version, event.TOPIC, event.timestamp, payload)
        if not hmac.compare_digest(str(event.chain), expected):
            return int(version)
        previous = event.chain
    return None
