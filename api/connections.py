"""What one connection may cost the server: a time limit for sending a request's head, an idle limit for
a kept-alive connection, and a cap on the connections one address holds open.

Every connection holds a greenlet and a slot of the server's pool (``LUDOLOG_STREAMS_MAX`` + 1,000). A
client that opens connections and sends nothing, or sends a header a byte a minute, would hold them for
ever; enough of them fill the pool and every other client waits. So, for each connection:

- **its request's head** (the request line and headers) must arrive within ``LUDOLOG_HEAD_SECONDS``
  (default 10) from when the connection opened or the request began, in all, not per byte: a slower one
  is closed without an answer. Its body must arrive within as long again (``api.serving.Dispatcher``);
- **a kept-alive connection** that starts no new request within ``LUDOLOG_IDLE_SECONDS`` (default 30) of
  its last answer is closed (an open event stream is an answer still being sent, never idle);
- **one address** may hold ``LUDOLOG_CONNECTIONS_PER_ADDRESS`` (default 512) open at once: one more is
  answered 429 with ``Retry-After`` and closed at once. Behind a reverse proxy every connection comes
  from the proxy: set it to ``off`` there and cap per address in the proxy (as for the stream limits).

``Guarded`` adds these to a gevent WSGI handler: the one-process server's (``api.serving.Handler``) and
gunicorn's (``api.worker.Handler``) alike, each process counting its own connections.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import gevent

DEFAULTS: dict[str, Any] = {"LUDOLOG_HEAD_SECONDS": 10.0, "LUDOLOG_IDLE_SECONDS": 30.0, "LUDOLOG_CONNECTIONS_PER_ADDRESS": 512}
SECONDS = ("LUDOLOG_HEAD_SECONDS", "LUDOLOG_IDLE_SECONDS")
PER_ADDRESS = "LUDOLOG_CONNECTIONS_PER_ADDRESS"


@dataclass
class ConnectionGuard:
    """One process's connection limits and its count of open connections by address."""

    head_seconds: float = DEFAULTS["LUDOLOG_HEAD_SECONDS"]
    idle_seconds: float = DEFAULTS["LUDOLOG_IDLE_SECONDS"]
    per_address: int | None = DEFAULTS[PER_ADDRESS]
    open: Counter[str] = field(default_factory=Counter)

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> ConnectionGuard:
        per_address = config.get(PER_ADDRESS, DEFAULTS[PER_ADDRESS])
        return cls(float(config.get("LUDOLOG_HEAD_SECONDS") or DEFAULTS["LUDOLOG_HEAD_SECONDS"]),
                   float(config.get("LUDOLOG_IDLE_SECONDS") or DEFAULTS["LUDOLOG_IDLE_SECONDS"]),
                   None if per_address is None else int(per_address))

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``, unless the address holds its most already."""
        if self.per_address is not None and self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def too_many_connections(per_address: int) -> bytes:
    """The whole answer to a connection over its address's cap: 429, a problem, ``Retry-After``, closed."""
    body = json.dumps({"type": "/problems/too-many-connections", "title": "Too many connections from one address",
                       "status": 429, "detail": f"this address already holds {per_address} connections open to this "
                       "server: close some (an idle one closes by itself) and try again"}).encode()
    head = ("HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/problem+json\r\nRetry-After: 1\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    return head.encode("latin-1") + body


class Guarded:
    """A mixin for gevent's ``WSGIHandler``: the limits of ``guard`` (a class attribute the server sets)."""

    guard: ConnectionGuard = ConnectionGuard()
    socket: Any
    rfile: Any
    client_address: Any

    def handle(self) -> None:
        address = self.client_address[0] if isinstance(self.client_address, tuple) else str(self.client_address or "")
        if not self.guard.admit(address):
            try:
                self.socket.sendall(too_many_connections(self.guard.per_address or 0))
            except OSError:
                pass
            self.socket.close()
            return
        try:
            super().handle()  # type: ignore[misc]
        finally:
            self.guard.release(address)

    def handle_one_request(self) -> Any:
        self._requests = getattr(self, "_requests", 0) + 1
        if self._requests > 1 and not self._next_request_began():
            return None  # idle too long, or closed by the client: the connection is closed
        self._head_timer = gevent.Timeout(self.guard.head_seconds)
        self._head_timer.start()
        try:
            return super().handle_one_request()  # type: ignore[misc]
        except gevent.Timeout as timeout:
            if timeout is not self._head_timer:
                raise
            return None  # the head did not arrive in time: closed without an answer
        finally:
            self._head_timer.close()

    def read_request(self, raw_requestline: str) -> Any:
        """The head parsed: its time limit is over (the answer may take as long as it takes)."""
        parsed = super().read_request(raw_requestline)  # type: ignore[misc]
        self._head_timer.close()
        return parsed

    def _next_request_began(self) -> bool:
        """Whether a kept-alive connection's next request began within the idle limit."""
        with gevent.Timeout(self.guard.idle_seconds, False):
            try:
                return bool(self.rfile.peek(1))
            except (OSError, ValueError):
                return False
        return False
