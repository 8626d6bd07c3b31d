"""A gunicorn worker class whose event streams hold no thread: gunicorn's gevent worker with nothing
of the standard library monkey-patched and the app behind ``api.serving.Dispatcher`` (``--threads``
native threads for requests; ``--worker-connections`` bounds the open connections, streams included).

    gunicorn -k api.worker.Worker --threads 16 --worker-connections 10000 'api.wsgi:app'

``ludolog serve --workers N`` runs it."""

from __future__ import annotations

import socket

import gevent.socket
from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler

from api.connections import ConnectionGuard, Guarded
from api.serving import Dispatcher, no_delay, quick_requests_for


class Handler(Guarded, PyWSGIHandler):
    """gunicorn's handler (it puts the connection's socket in the environ, ``gunicorn.sock``), answers
    sent at once (``api.serving.no_delay``), each connection within the limits of ``api.connections``."""

    def handle(self) -> None:
        no_delay(self.socket)
        super().handle()


class Worker(GeventPyWSGIWorker):
    """gunicorn's gevent worker, unpatched, the app behind ``Dispatcher``."""

    wsgi_handler = Handler

    def patch(self) -> None:
        """gevent sockets for the listeners; nothing else patched (the app runs in native threads)."""
        self.sockets = [gevent.socket.socket(s.FAMILY, socket.SOCK_STREAM, fileno=s.sock.detach()) for s in self.sockets]

    def load_wsgi(self) -> None:
        super().load_wsgi()
        guard = ConnectionGuard.from_config(getattr(self.wsgi, "config", {}))
        self.wsgi_handler = type("Handler", (Handler,), {"guard": guard})
        self.wsgi = Dispatcher(self.wsgi, max(1, self.cfg.threads), quick_requests_for(getattr(self.wsgi, "config", {})))
