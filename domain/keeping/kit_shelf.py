"""The kit shelf: table kits kept in the game store by name, each change a new version.

A kit added once is found by its name (``ludolog new missions``, ``POST /games`` with ``"ruleset":
"missions"`` when no ruleset has that name). Each name is a ``ShelvedKit`` aggregate beside the games
(its id derived from the name), whose events record every version added: its number (1, 2, ...), its
content hash (``kit.content_hash``) and the whole document, at the event's time. Adding the content of
the latest version again records nothing; any other content under that name is the next version.

Stored events and their fixed topics (a contract: never rename, version instead):
``ludolog:Kit.Created`` (the name) and ``ludolog:Kit.Added`` (a version).

A kit has an owner (``domain.keeping.kit_owners``): its first version issues a kit token, and a later version
needs it, unless it is added as the owner (the CLI on the store's own machine).

Games never depend on the shelf: a game's ``kit`` option holds the whole kit it is played with, so a
new version, or another store, changes no game recorded before.
"""

from __future__ import annotations

import builtins
import json
import uuid
from typing import Any, NamedTuple, cast

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.engine import registry
from domain.engine.errors import (
    InvalidKit,
    StoreUnavailable,
    UnknownGame,
    UnknownKit,
    UnknownRuleset,
)
from domain.games.table_kit.reading.checks import Problem, problems
from domain.games.table_kit.reading.kit import Kit, content_hash
from domain.keeping.kit_owners import KitOwner, check_owner
from domain.keeping.service import GameService

RULESET = "table-kit"
"""The ruleset that plays a shelved kit."""
_NAMESPACE = uuid.UUID("6f1d2c4b-8a3e-4b7f-9c5d-1e2a3b4c5d6e")
RETRIES = 5
RESERVED = frozenset({"schema"})
"""Names a kit may not take: ``GET /kits/schema`` is the kit format's schema."""


class Shelved(NamedTuple):
    """What adding a kit answers: its name, the version now holding it, its hash, whether it is new, and
    for a name's first version its kit token, in the clear (shown once)."""

    name: str
    version: int
    hash: str
    new: bool
    token: str | None = None


class KitVersion(NamedTuple):
    """One stored version of a kit."""

    document: dict[str, Any]
    version: int
    hash: str


class ShelfEntry(NamedTuple):
    """A kit on the shelf as listed: its latest version's title, number, hash and time added."""

    name: str
    title: str
    version: int
    hash: str
    added: str


class ShelvedKit(Aggregate):
    """Every version of the kit stored under one name."""

    TOPIC = "ludolog:Kit"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:Kit.Created"
        name: str

    class Added(Aggregate.Event):
        TOPIC = "ludolog:Kit.Added"
        kit_version: int
        hash: str
        document: dict[str, Any]

        def apply(self, kit: ShelvedKit) -> None:
            entry = {"version": self.kit_version, "hash": self.hash, "document": _copy(self.document),
                     "added": self.timestamp.isoformat()}
            kit.versions = [*kit.versions, entry]

    def __init__(self, name: str) -> None:
        self.name = name
        self.versions: list[dict[str, Any]] = []

    @staticmethod
    def id_for(name: str) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, name)

    @classmethod
    def open(cls, name: str) -> ShelvedKit:
        return cls._create(cls.Created, id=cls.id_for(name), name=name)

    def add(self, document: dict[str, Any], digest: str) -> int:
        """Record the document (checked, JSON-native) as the next version; its number."""
        number = len(self.versions) + 1
        self.trigger_event(self.Added, kit_version=number, hash=digest, document=_copy(document))
        return number

    @property
    def latest(self) -> dict[str, Any]:
        return self.versions[-1]


class KitShelf:
    """The kits kept in a game service's store: add, get and list them."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def add(self, document: Any, token: str | None = None, as_owner: bool = False) -> Shelved:
        """Keep a kit: the next version of its name, or nothing new when it is the latest version's
        content again. ``InvalidKit`` (every mistake, a line each) for a kit that cannot be played;
        ``Forbidden`` for a new version of a kit whose token ``token`` is not (unless ``as_owner``)."""
        document = checked(document)
        name, digest = document["name"], content_hash(document)
        for _ in range(RETRIES):
            kit = self._kit(name)
            if kit is not None and kit.versions and kit.latest["hash"] == digest:
                return Shelved(name, kit.latest["version"], digest, False)
            issued, saved = None, []
            if kit is None:
                kit = ShelvedKit.open(name)
                owner, issued = KitOwner.grant(name)
                saved.append(owner)
            elif not as_owner:
                check_owner(name, self._owner(name), token)
            number = kit.add(document, digest)
            try:
                self.service.save(kit, *saved)
            except IntegrityError:
                continue  # another writer added to this name first: read again
            except PersistenceError as error:
                raise StoreUnavailable(f"the game store could not record the kit, nothing was saved: {error}") from None
            return Shelved(name, number, digest, True, issued)
        raise StoreUnavailable(f"kit {name!r} was written by others too often at once; try again")

    def issue_token(self, name: str) -> str:
        """A new kit token for the kit (the owner's act), replacing any issued before; in the clear, once."""
        self.get(name)  # UnknownKit naming what there is
        owner = self._owner(name)
        if owner is None:
            owner, token = KitOwner.grant(name)
        else:
            token = owner.reissue()
        try:
            self.service.save(owner)
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not record the kit token, nothing was saved: {error}") from None
        return token

    def _owner(self, name: str) -> KitOwner | None:
        return self._stored(KitOwner, name)

    def get(self, name: str, version: int | None = None) -> KitVersion:
        """The kit's latest version, or the version asked for; ``UnknownKit`` naming what there is."""
        kit = self._kit(name)
        if kit is None or not kit.versions:
            known = ", ".join(entry.name for entry in self.list()) or "none yet (add one with 'ludolog kit add FILE' or POST /kits)"
            raise UnknownKit(f"no kit named {name!r} on the shelf; kits: {known}")
        if version is None:
            entry = kit.latest
        elif 1 <= version <= len(kit.versions):
            entry = kit.versions[version - 1]
        else:
            raise UnknownKit(f"kit {name!r} has versions 1 to {len(kit.versions)}, not {version}")
        return KitVersion(_copy(entry["document"]), entry["version"], entry["hash"])

    def has(self, name: str) -> bool:
        """Whether a kit of that name is on the shelf."""
        kit = self._kit(name)
        return kit is not None and bool(kit.versions)

    def list(self) -> list[ShelfEntry]:
        """Every kit on the shelf, by name, with its latest version."""
        out = []
        for name in self._names():
            kit = self._kit(name)
            if kit is not None and kit.versions:
                latest = kit.latest
                out.append(ShelfEntry(name, latest["document"]["title"], latest["version"], latest["hash"], latest["added"]))
        return sorted(out)

    def as_ruleset(self, name: str, version: int | None = None) -> dict[str, Any]:
        """A shelved kit described as a ruleset (``Ruleset.to_data``): its name, title, summary and
        seats, the generic commands of ``table-kit``, and ``kit``: its version, hash and components."""
        found = self.get(name, version)
        document = found.document
        data = registry.get(RULESET).to_data()
        data.update(name=name, title=document["title"], summary=document.get("summary") or components(document),
                    min_seats=document["seats"]["fewest"], max_seats=document["seats"]["most"], options={})
        data["kit"] = {"name": name, "version": found.version, "hash": found.hash, "components": components(document)}
        return data

    def game_setup(self, ruleset: str, options: dict[str, Any] | None, name: str | None) -> tuple[str, dict[str, Any], str | None]:
        """What a new game named by ``ruleset`` is created with: a ruleset's name as it is, or a
        shelved kit's name as ``table-kit`` with that kit's latest version as option ``kit`` (and the
        kit's title as the game's name unless one is given). A ruleset's name comes first; a name
        that is neither is ``UnknownRuleset`` listing both."""
        if self._is_kit(ruleset):
            document = self.get(ruleset).document
            return RULESET, {**(options or {}), "kit": document}, document["title"] if name is None else name
        return ruleset, dict(options or {}), name

    def ruleset_data(self, name: str) -> dict[str, Any]:
        """A ruleset as data (``Ruleset.to_data``), or a shelved kit's as ``as_ruleset`` gives it."""
        return self.as_ruleset(name) if self._is_kit(name) else registry.get(name).to_data()

    def _is_kit(self, name: str) -> bool:
        """Whether the name is a shelved kit's and no ruleset's; ``UnknownRuleset`` listing the rulesets
        and the kits when it is neither."""
        try:
            registry.get(name)
            return False
        except UnknownRuleset as unknown:
            if self.has(name):
                return True
            kits = ", ".join(entry.name for entry in self.list())
            raise UnknownRuleset(f"{unknown.message}; kits: {kits or 'none on the shelf'}") from None

    def _kit(self, name: str) -> ShelvedKit | None:
        return self._stored(ShelvedKit, name)

    def _stored(self, kind: Any, name: str) -> Any:
        """The kit's aggregate of that kind (its versions, its owner), or ``None`` when it has none."""
        try:
            found = self.service._get(kind.id_for(name))
        except UnknownGame:
            return None
        return found if isinstance(found, kind) else None

    def _names(self) -> builtins.list[str]:  # ``list`` here is the method above
        """The name of every kit ever shelved, from the store's record of their creation."""
        recorder: Any = self.service.recorder
        stop = recorder.max_notification_id() or 0
        names: builtins.list[str] = []
        start = 1
        while start <= stop and (page := recorder.select_notifications(start, 1000, stop=stop, topics=[ShelvedKit.Created.TOPIC])):
            names += [cast(ShelvedKit.Created, self.service.mapper.to_domain_event(n)).name for n in page]
            start = page[-1].id + 1
        return names


def checked(document: Any) -> dict[str, Any]:
    """The kit document as JSON-native data (what the store keeps and the hash is taken of), if it
    can be played; ``InvalidKit`` with every mistake otherwise."""
    try:
        document = json.loads(json.dumps(document, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise InvalidKit(f"a kit holds only JSON data (text, numbers, lists, mappings): {error}", []) from None
    found = problems(document)
    if not found and (document["name"] in RESERVED or registry.has_name(document["name"])):
        found = [Problem(("name",), f"{document['name']!r} is a ruleset's name or the API's: give the kit another name")]
    if found:
        lines = [f"{problem.where()}: {problem.message}" for problem in found]
        raise InvalidKit(f"bad kit: {lines[0]}" + (f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""), lines)
    return document


def components(document: dict[str, Any]) -> str:
    """What lies on the table, in words: ``28 spaces, 4 pieces, 4 zones, 45 cards, 1 die, 2 counters``."""
    kit = Kit.of(document)
    cards = kit.card_count
    counts = [(len(kit.spaces), "space"), (len(kit.pieces(kit.most)), "piece"), (len(document.get("zones", [])), "zone"),
              (cards, "card"), (len(kit.dice), "die"), (len(document.get("counters", [])), "counter")]
    said = ", ".join(f"{count} {_plural(word, count)}" for count, word in counts if count)
    seats = str(kit.most) if kit.fewest == kit.most else f"{kit.fewest}-{kit.most}"
    return f"{said}; {seats} players" if said else f"{seats} players"


def _plural(word: str, count: int) -> str:
    if count == 1:
        return word
    return "dice" if word == "die" else word + "s"


def _copy(value: Any) -> Any:
    """A deep copy of JSON data: nothing the caller holds is shared with an event or the aggregate."""
    return json.loads(json.dumps(value))
