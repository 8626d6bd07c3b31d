"""Serving the API so that an open event stream holds no thread.

The server is gevent's WSGI server (``gevent.pywsgi``): every connection is a greenlet, so an open
event stream costs a greenlet and a socket, not a thread. Nothing of the standard library is
monkey-patched. Instead ``Dispatcher`` runs each request's Flask handling in a pool of ``threads``
native threads, exactly as a threaded server would (the store's drivers, locks and CPU-heavy work
such as a bot's search or an export are untouched), and hands the answer back to the greenlet to
write. A stream's handling returns at once with its response; the greenlet then waits on the
stream's ``GreenSignal`` for the event feed (``api.feed``) and writes each frame.

On a SQLite store the few requests a playing client repeats (a command, its game, its legal commands:
``QUICK``) skip the hop and run in the connection's greenlet. The hop (a native thread woken and the
hub woken back) costs about as much as Flask's own handling of the request; such a request is short
CPU work under the GIL plus a local file's read and commit, which the hub would otherwise only wait
for. Everything else (bot moves, exports, boards, forks, kits...) still runs in the pool, and so does
every request on PostgreSQL, whose round trips the threads overlap, and every request of a game played by
rules its creator wrote (``written_rules``: a kit's expressions, whose cost the kit sets). So:

- ordinary requests keep ``threads`` threads of their own whatever the number of open streams;
- while a quick request runs, this process's streams wait for it (a command on SQLite: about a
  millisecond; at worst as long as another process holds the file's write lock);
- a stream's client that leaves is noticed at once: the greenlet also watches its socket for the
  end of the connection (``on_hang_up``), and the stream ends and is forgotten without waiting for
  a keep-alive write to fail.

``serve`` runs one process; ``api.worker.Worker`` is the same as a gunicorn worker class
(``gunicorn -k api.worker.Worker --threads 16 'api.wsgi:app'``, which ``ludolog serve --workers N``
uses). Under any other WSGI server (or Flask's test client) streams still work, each in the thread
that serves it, woken by a ``ThreadSignal``.
"""

from __future__ import annotations

import io
import re
import signal
import socket
import threading
from collections.abc import Callable, Iterable
from typing import Any

import gevent
import gevent.event
import gevent.pool
import gevent.socket
import gevent.threadpool
from gevent import pywsgi

from api import connections
from api.written_rules import written_rules
from api.limits import BODY_OVER_LIMIT

STREAM = "ludolog.stream"
"""The environ key a streaming route sets: its response is iterated in the connection's greenlet."""

HUB = "ludolog.hub"
"""The environ key ``Dispatcher`` sets: the hub of the greenlet that writes the response."""

SOCKETS = ("ludolog.socket", "gunicorn.sock")

QUICK = re.compile(r"POST /games/(?P<game>[0-9a-f-]{36})/commands|GET /games/(?P<read>[0-9a-f-]{36})(/legal-commands)?")
"""The requests that run in the connection's greenlet on a SQLite store: method and path."""

def quick_request(environ: dict[str, Any]) -> bool:
    """Whether a request is one of ``QUICK``, for a game not played by rules its creator wrote."""
    found = QUICK.fullmatch(f"{environ.get('REQUEST_METHOD')} {environ.get('PATH_INFO')}")
    return found is not None and (found.group("game") or found.group("read")) not in written_rules


def quick_requests_for(config: Any) -> Callable[[dict[str, Any]], bool] | None:
    """``quick_request`` for an app on a SQLite store (a file or ``:memory:``); ``None`` (every request in
    the pool) on PostgreSQL."""
    from domain.keeping.store import is_postgres

    store = str(config.get("LUDOLOG_DATABASE_URL") or "")
    return None if is_postgres(store) else quick_request



class ThreadSignal:
    """A stream waiting in a thread of its own (any WSGI server)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def wake(self) -> None:
        self._event.set()

    def wait(self, timeout: float) -> bool:
        return self._event.wait(timeout)

    def clear(self) -> None:
        self._event.clear()


class GreenSignal:
    """A stream waiting in a greenlet of ``Dispatcher``'s server; woken from any thread."""

    def __init__(self, hub: Any) -> None:
        self._event = gevent.event.Event()
        self._hub = hub

    def wake(self) -> None:
        if self._hub.thread_ident == threading.get_ident():
            self._event.set()
        else:
            self._hub.loop.run_callback_threadsafe(self._event.set)

    def wait(self, timeout: float) -> bool:
        return bool(self._event.wait(timeout))

    def clear(self) -> None:
        self._event.clear()


def signal_for(environ: dict[str, Any]) -> ThreadSignal | GreenSignal:
    """The signal a stream of this request waits on."""
    hub = environ.get(HUB)
    return GreenSignal(hub) if hub is not None else ThreadSignal()


def on_hang_up(environ: dict[str, Any], callback: Callable[[], None]) -> Callable[[], None]:
    """Call ``callback`` (in the hub) when the client's end of the connection closes or sends
    anything more (an event stream's client sends nothing after its request); returns what stops
    the watch. Under servers other than ``Dispatcher``'s, nothing is watched."""
    hub = environ.get(HUB)
    connection = next((environ[key] for key in SOCKETS if key in environ), None)
    if hub is None or connection is None:
        return lambda: None
    watcher = hub.loop.io(connection.fileno(), 1)

    def readable() -> None:
        watcher.stop()
        callback()

    watcher.start(readable)
    return watcher.stop


class Dispatcher:
    """WSGI middleware for gevent's server: each request's app call in a native thread pool (see the
    module's docstring), or in the greenlet itself when ``quick`` says it is quick; a body is read in the
    greenlet first, up to ``max_body`` bytes."""

    def __init__(self, app: Any, threads: int, quick: Callable[[dict[str, Any]], bool] | None = None) -> None:
        self.app, self.threads, self.quick = app, threads, quick
        self._pool: gevent.threadpool.ThreadPool | None = None
        config = getattr(app, "config", {})
        self.max_body: int | None = config.get("MAX_CONTENT_LENGTH")
        self.body_seconds = float(config.get("LUDOLOG_HEAD_SECONDS") or connections.DEFAULTS["LUDOLOG_HEAD_SECONDS"])

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if self._pool is None:  # made in the process and hub that serve (after a fork)
            self._pool = gevent.threadpool.ThreadPool(self.threads)
        try:
            with gevent.Timeout(self.body_seconds):
                self._read_body(environ)
        except gevent.Timeout:
            start_response("408 Request Timeout", [("Content-Type", "application/problem+json"), ("Connection", "close")])
            return [SLOW_BODY]
        environ[HUB] = gevent.get_hub()
        answer: list[Any] = []

        def keep(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], None]:
            answer[:] = [status, headers, exc_info]
            return _no_write

        if self.quick is not None and self.quick(environ):
            body = self._call(environ, keep)
        else:
            body = self._pool.apply(self._call, (environ, keep))
        start_response(*answer)
        return body

    def _call(self, environ: dict[str, Any], keep: Callable[..., Any]) -> Iterable[bytes]:
        """The app's answer (in a pool thread, or in the greenlet for a quick request), whole unless it
        is a stream."""
        result = self.app(environ, keep)
        if environ.get(STREAM):
            return result
        try:
            return [b"".join(result)]
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()

    def _read_body(self, environ: dict[str, Any]) -> None:
        """The request body, read from the connection in its greenlet (a pool thread may not use
        the hub's socket): whole when its length is within the limit; none when over (the app
        answers 413 from the length); a chunked body up to one byte over the limit."""
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not chunked and not length:
            return
        stream = environ["wsgi.input"]
        if chunked:
            limit = -1 if self.max_body is None else self.max_body + 1
            body = stream.read(limit)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["wsgi.input_terminated"] = True
            environ[BODY_OVER_LIMIT] = self.max_body is not None and len(body) > self.max_body
        elif length.isdigit() and (self.max_body is None or int(length) <= self.max_body):
            environ["wsgi.input"] = io.BytesIO(stream.read(int(length)))
        else:
            environ["wsgi.input"] = io.BytesIO()


SLOW_BODY = (b'{"type": "urn:ludolog:problem:request-timeout", "title": "Request timeout", "status": 408, '
             b'"detail": "the request\'s body did not arrive in time: send it whole within the time limit"}')


def _no_write(data: bytes) -> None:
    raise RuntimeError("the app must return its body, not write it")


def no_delay(connection: Any) -> None:
    """Send each answer at once: without it, the answer to a kept-alive connection's second request
    waits for the client's delayed acknowledgement (Nagle's algorithm; some 40 ms on Linux)."""
    try:
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError:  # not TCP (a Unix socket)
        pass


class Handler(connections.Guarded, pywsgi.WSGIHandler):
    """gevent's handler, the connection's socket in the environ (``on_hang_up`` watches it), answers
    sent at once (``no_delay``), each connection within the limits of ``api.connections``."""

    def handle(self) -> None:
        no_delay(self.socket)
        super().handle()

    def get_environ(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environ()
        environ["ludolog.socket"] = self.socket
        return environ

    def log_request(self) -> None:  # no access log (as before)
        pass


def serve(app: Any, listener: socket.socket, threads: int, pool: int) -> None:
    """Serve ``app`` on the bound ``listener`` in this process until interrupted."""
    guarded = type("Handler", (Handler,), {"guard": connections.ConnectionGuard.from_config(app.config)})
    server = pywsgi.WSGIServer(
        gevent.socket.socket(fileno=listener.detach()), Dispatcher(app, threads, quick_requests_for(app.config)),
        spawn=gevent.pool.Pool(pool), handler_class=guarded, log=None)
    # SIGTERM (a service manager's stop, a test's terminate) and Ctrl-C (SIGINT) stop the server from a greenlet
    # of their own, never as an exception raised wherever the process happens to be (a KeyboardInterrupt inside
    # a lock's acquire can leave the exit waiting for ever), so that the process exits through its atexit hooks:
    # the bot workers' pool is closed, no worker left behind. An interrupt the process was started ignoring (a
    # shell's background job) stays ignored.
    for stop in (signal.SIGTERM, signal.SIGINT):
        if signal.getsignal(stop) is not signal.SIG_IGN:
            gevent.signal_handler(stop, lambda: gevent.spawn(server.stop, timeout=1))
    try:
        server.serve_forever()
    except KeyboardInterrupt:  # an interrupt before the handlers were in place
        server.stop(timeout=1)


def more_files() -> int:
    """Raise this process's limit of open files to the most it may have (each open stream holds a
    socket); returns the limit."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft

