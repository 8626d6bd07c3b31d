"""Many Server-Sent Events streams held by one client thread: each ``OpenStream`` is a raw socket
(HTTP/1.0, so the body is the stream itself, unchunked) from a chosen loopback source address, and
``read_all`` reads whatever has arrived on all of them at once (``selectors``), parsing frames."""

from __future__ import annotations

import json
import selectors
import socket
import time
from collections.abc import Callable, Iterable
from typing import Any


class OpenStream:
    """One event stream: its status, headers and the frames (``{"id", "event", "data"}``) so far."""

    def __init__(self, host: str, port: int, path: str, token: str | None = None, source: str = "127.0.0.1",
                 last_event_id: int | None = None) -> None:
        self.path = path
        self.sock = socket.create_connection((host, port), timeout=30, source_address=(source, 0))
        headers = [f"GET {path} HTTP/1.0", f"Host: {host}:{port}", "Accept: text/event-stream"]
        if token:
            headers.append(f"Authorization: Bearer {token}")
        if last_event_id is not None:
            headers.append(f"Last-Event-ID: {last_event_id}")
        self.sock.sendall(("\r\n".join(headers) + "\r\n\r\n").encode())
        self.sock.setblocking(False)
        self.buffer = b""
        self.status: int | None = None
        self.headers: dict[str, str] = {}
        self.body = b""
        self.frames: list[dict[str, Any]] = []
        self.arrived: dict[int, float] = {}  # event number -> time.monotonic() when its frame was read
        self.closed = False

    def feed(self, data: bytes) -> None:
        now = time.monotonic()
        if not data:
            self.closed = True
            return
        self.buffer += data
        if self.status is None:
            if b"\r\n\r\n" not in self.buffer:
                return
            head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
            lines = head.decode("latin-1").split("\r\n")
            self.status = int(lines[0].split()[1])
            self.headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        if self.status != 200:
            self.body += self.buffer
            self.buffer = b""
            return
        while b"\n\n" in self.buffer:
            block, self.buffer = self.buffer.split(b"\n\n", 1)
            fields: dict[str, str] = {}
            for line in block.decode().split("\n"):
                if line and not line.startswith(":"):
                    name, _, value = line.partition(": ")
                    fields[name] = value
            if "id" in fields:
                number = int(fields["id"])
                self.frames.append({"id": number, "event": fields.get("event"), "data": json.loads(fields["data"])})
                self.arrived[number] = now

    def problem(self) -> dict[str, Any]:
        """A refused stream's problem body."""
        return json.loads(self.body.decode())

    def close(self) -> None:
        if not self.closed:
            self.sock.close()
            self.closed = True


def read_all(streams: Iterable[OpenStream], until: Callable[[], bool], stall: float = 60.0) -> None:
    """Read every stream until ``until()`` holds; ``AssertionError`` when nothing at all arrived on
    any of them for ``stall`` seconds (a bound on a stuck run, not a timed assertion)."""
    selector = selectors.DefaultSelector()
    for stream in streams:
        if not stream.closed:
            selector.register(stream.sock, selectors.EVENT_READ, stream)
    try:
        quiet_since = time.monotonic()
        while not until():
            ready = selector.select(timeout=0.5)
            if ready:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since > stall:
                raise AssertionError(f"nothing arrived on any stream for {stall:.0f} s")
            for key, _ in ready:
                stream = key.data
                try:
                    data = stream.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                stream.feed(data)
                if stream.closed:
                    selector.unregister(stream.sock)
    finally:
        selector.close()
