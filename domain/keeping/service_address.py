"""The address students open, as the service serving a store last recorded it there when it started.

``ludolog serve`` records it (``LUDOLOG_PUBLIC_URL``, which ``--class`` sets, else the address and port it
listens on) as soon as it listens; ``ludolog join-link`` reads it from the same store to begin the links
it prints, rather than guessing a port. One ``ServiceAddress`` aggregate is kept per store, under a fixed
id; a start that records the address already recorded adds nothing. It is kept beside the games (its
topics begin with ``ludolog:ServiceAddress``, which the listing and the games' heads pass over:
``domain.keeping.listing.SIDE_TOPICS``).

It says where a service listened when it started, not that one listens now: a service stopped leaves
its address recorded, and the next start records its own.

Stored events and their fixed topics: ``ludolog:ServiceAddress.Created``, ``ludolog:ServiceAddress.Recorded``
(``address``).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from domain.engine.errors import UnknownGame

if TYPE_CHECKING:
    from domain.keeping.service import GameService

_NAMESPACE = uuid.UUID("6a0d3f52-8c1e-4b7a-9e25-d41c7b0f3a86")
ADDRESS_ID = uuid.uuid5(_NAMESPACE, "service-address")
"""The one ``ServiceAddress`` of a store."""

RETRIES = 3


class ServiceAddress(Aggregate):
    """The address students open, as the last service that started on this store recorded it."""

    TOPIC = "ludolog:ServiceAddress"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:ServiceAddress.Created"

    class Recorded(Aggregate.Event):
        TOPIC = "ludolog:ServiceAddress.Recorded"
        address: str

        def apply(self, record: ServiceAddress) -> None:
            record.address = self.address

    def __init__(self) -> None:
        self.address: str | None = None

    @classmethod
    def start(cls) -> ServiceAddress:
        return cls._create(cls.Created, id=ADDRESS_ID)


def address_problem(address: str) -> str | None:
    """Why ``address`` cannot begin a link, or ``None``: an ``http://`` or ``https://`` address with a host."""
    scheme, separator, rest = address.partition("://")
    if not separator or scheme not in ("http", "https"):
        return "is not an http:// or https:// address"
    if not rest.strip("/") or any(char.isspace() for char in address):
        return "is not an address a browser opens"
    return None


def record_address(service: GameService, address: str) -> str:
    """Record ``address`` (ending in ``/``) as the one students open; returns it as recorded."""
    problem = address_problem(address)
    if problem is not None:
        raise ValueError(f"{address!r} {problem}")
    wanted = address.rstrip("/") + "/"
    for _ in range(RETRIES):  # two services starting at once: the second reads the first's and goes on
        record = _recorded(service) or ServiceAddress.start()
        if record.address == wanted:
            return wanted
        record.trigger_event(ServiceAddress.Recorded, address=wanted)
        try:
            service._save(record, what="the address students open")
        except IntegrityError:
            continue
        return wanted
    return wanted


def recorded_address(service: GameService) -> str | None:
    """The address the last service started on this store recorded, or ``None``: none has."""
    record = _recorded(service)
    return None if record is None else record.address


def _recorded(service: GameService) -> ServiceAddress | None:
    try:
        found = service._get(ADDRESS_ID)
    except UnknownGame:
        return None
    return found if isinstance(found, ServiceAddress) else None
