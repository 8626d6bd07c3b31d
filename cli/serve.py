"""``ludolog serve``: the REST API over the game store the rest of the CLI uses.

One process serves on gevent's WSGI server (``api.serving``): each connection a greenlet, each
request's work in one of ``--threads`` native threads, so open event streams hold no thread and
never delay a command. ``--workers N`` serves with N worker processes under gunicorn (Linux and
macOS; ``api.worker.Worker``, the same server in each), each with its own game service and event feed
on the one shared store (a PostgreSQL database, or a SQLite file on one machine); every worker opens
the store after gunicorn forks it, and each keeps its game cache correct by reading the events other
workers wrote before it uses a cached game. Either way the process may open as many files as the
system lets it (each stream holds a socket).

The API's other settings come from the environment (``api.settings_from``): the rate limits
``LUDOLOG_RATE_LIMIT_PER_TOKEN`` and ``LUDOLOG_RATE_LIMIT_PER_ADDRESS``, where they are counted,
``LUDOLOG_RATE_LIMIT_STORAGE`` (``memory://``: in each worker on its own), and the body limit
``LUDOLOG_MAX_BODY_BYTES``; the event streams' limits ``LUDOLOG_STREAMS_MAX``,
``LUDOLOG_STREAMS_PER_ADDRESS`` and ``LUDOLOG_STREAMS_PER_TOKEN``.

``--class`` serves a class in a room: on every interface (or ``--host``), and it prints the address the
students' own laptops and phones open, found from this machine's network address
(``network_address``); the links the service gives (join links, seats' play links) begin with it
(``LUDOLOG_PUBLIC_URL``, which may also be set in the environment).

Once it listens, the service records in the store the address students open (``LUDOLOG_PUBLIC_URL``, else
``students_open`` of the address and port it listens on: ``domain.keeping.service_address``), where
``ludolog join-link`` finds it.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import TYPE_CHECKING, Any

import click

from cli.terminal import HELP, NEW_STORE, db_option, open_service
from domain.keeping.store import describe_store

if TYPE_CHECKING:
    from domain.keeping.service import GameService


def _host(_context: click.Context, _parameter: click.Parameter, host: str) -> str:
    """The address as given, unless it cannot be one: empty (which would listen on every interface
    unasked), a URL, or an address with its port."""
    given = host.strip()
    if not given:
        raise click.BadParameter("is empty: give 127.0.0.1 (this computer only) or 0.0.0.0 (every interface)")
    if "/" in given:
        raise click.BadParameter(f"{host!r} is a URL: give a host name or an address only (127.0.0.1, 0.0.0.0, ::1)")
    if given.count(":") == 1:
        raise click.BadParameter(f"{host!r} holds a port: give the address alone and the port with --port")
    return given


@click.command(context_settings=HELP)
@click.option("--host", default="127.0.0.1", show_default=True, callback=_host,
              help="The address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port (0: any free one).")
@click.option("--threads", default=16, show_default=True, type=click.IntRange(1, 256),
              help="Requests each process works on at once (open event streams hold none).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes (more than 1: gunicorn, not on Windows).")
@click.option("--class", "for_class", is_flag=True,
              help="Serve a class in a room: listen on every interface (unless --host says where) and print the "
                   "address students open; the links given begin with it.")
@db_option
def serve(host: str, port: int, threads: int, workers: int, for_class: bool, db: str) -> None:
    """Serve the REST API (openapi.yaml) until interrupted; a new store is created on first use.

    The server plays a game's bot seats ('ludolog new --bot-seat', or "players" in POST /games) as soon as
    one is to act, at the game's pace, whatever page is open; with --workers, each turn still gets one move.

    \b
    Example:
      ludolog serve --port 8080 --db games.sqlite3
      ludolog serve --class
      ludolog serve --host 0.0.0.0 --workers 4 --db postgresql://ana@db.example/ludolog
    """
    if for_class and click.get_current_context().get_parameter_source("host") == click.core.ParameterSource.DEFAULT:
        host = "0.0.0.0"
    service = open_service(db, create=True, serving=True)  # the store opens (its tables made) before any request
    from api import DEFAULTS, settings_from

    try:
        config = {**settings_from(os.environ), "LUDOLOG_DATABASE_URL": db}
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    public = os.environ.get(PUBLIC_URL, "").strip()
    if public:
        config[PUBLIC_URL] = public
    if for_class:
        config[CLASS] = host
    from api.serving import more_files

    more_files()
    connections = int(config.get("LUDOLOG_STREAMS_MAX") or DEFAULTS["LUDOLOG_STREAMS_MAX"]) + CONNECTIONS_BESIDE_STREAMS
    if workers == 1:
        _serve_one(config, host, port, threads, connections, db, service)
    else:
        _serve_gunicorn(config, host, port, threads, workers, connections, db, service)


CONNECTIONS_BESIDE_STREAMS = 1000
"""Open connections a process takes beyond its most event streams (kept-alive clients, requests)."""

PUBLIC_URL = "LUDOLOG_PUBLIC_URL"
CLASS = "ludolog.class-host"
"""The config key under which ``--class`` passes the host it listens on, until the port is known."""

EVERY_INTERFACE = ("0.0.0.0", "::", "")
OUTSIDE = ("8.8.8.8", 80)
"""A public address the network address is found towards: a UDP socket is ``connect()``ed to it, which
picks the interface and address that would reach it; no packet is sent."""


def network_address() -> str:
    """This machine's address on its network, as other devices reach it: the address a UDP socket
    ``connect()``ed to a public address would send from, else the host name's address, else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(OUTSIDE)
            found = probe.getsockname()[0]
        if found and not found.startswith(("0.", "127.")):
            return str(found)
    except OSError:
        pass
    try:
        found = socket.gethostbyname(socket.gethostname())
        if not found.startswith(("0.", "127.")):
            return found
    except OSError:
        pass
    return "127.0.0.1"


def students_open(host: str, port: int) -> str:
    """The address students open: the network address when listening on every interface, else the host."""
    address = network_address() if host in EVERY_INTERFACE else host
    if ":" in address:
        address = f"[{address}]"
    return f"http://{address}:{port}/"


def _announce_class(config: dict[str, Any], port: int) -> None:
    """For ``--class``: the address students open, told and set as the links' beginning."""
    host = config.pop(CLASS, None)
    if host is None:
        return
    where = students_open(host, port)
    config.setdefault(PUBLIC_URL, where)
    click.echo(f"Students open: {config[PUBLIC_URL]}")
    click.echo("Every device on this network can reach the service: seat tokens protect the seats and the owner "
               "token the game. Serve a class on a classroom network, not the open internet.", err=True)


def _record_address(service: GameService, config: dict[str, Any], host: str, port: int) -> None:
    """Record in the store the address students open, for ``ludolog join-link``; a store that does not take
    it is said in one line, and the service serves all the same."""
    from domain.keeping.service_address import record_address

    try:
        record_address(service, config.get(PUBLIC_URL) or students_open(host, port))
    except Exception as error:  # noqa: BLE001 (serving goes on: join-link then needs --url)
        click.echo(f"The address students open could not be recorded in the store ({error}): give "
                   "'ludolog join-link' its --url.", err=True)


def _serve_one(config: dict[str, Any], host: str, port: int, threads: int, connections: int, db: str,
               service: GameService) -> None:
    from api import create_app
    from api.serving import serve as serve_app

    app = create_app(config, service)
    try:
        listener = socket.create_server((host, port), backlog=2048)
    except OSError as error:
        raise click.ClickException(f"cannot serve on {host}:{port}: {error.strerror}") from None
    click.get_current_context().meta.pop(NEW_STORE, None)  # serving: the store is in use, kept
    bound_host, bound_port = listener.getsockname()[:2]
    _announce_class(config, bound_port)
    app.config[PUBLIC_URL] = config.get(PUBLIC_URL)
    _record_address(service, config, host, bound_port)
    click.echo(f"ludolog serving {describe_store(db)} on http://{bound_host}:{bound_port}", err=True)
    try:
        serve_app(app, listener, threads, connections)
    finally:  # the streams still open stop and the store's connections close before the process ends
        service.close()


def _serve_gunicorn(config: dict[str, Any], host: str, port: int, threads: int, workers: int, connections: int,
                    db: str, service: GameService) -> None:
    if sys.platform == "win32":
        service.close()
        raise click.UsageError("--workers needs gunicorn, which does not run on Windows; serve with one process")
    from gunicorn.app.base import BaseApplication

    # Bind here so that port 0 gets a real port to print; gunicorn serves on the bound socket.
    try:
        listener = socket.create_server((host, port), backlog=2048)
    except OSError as error:
        service.close()
        raise click.ClickException(f"cannot serve on {host}:{port}: {error.strerror}") from None
    click.get_current_context().meta.pop(NEW_STORE, None)  # serving: the store is in use, kept
    # The store's tables were created (open_service) before the workers start: they run no
    # table-creating statements.
    os.environ["LUDOLOG_CREATE_TABLE"] = "false"
    listener.set_inheritable(True)
    where = f"http://{host}:{listener.getsockname()[1]}"
    _announce_class(config, listener.getsockname()[1])
    _record_address(service, config, host, listener.getsockname()[1])
    service.close()  # each worker opens the store for itself, after the fork

    class Server(BaseApplication):  # type: ignore[misc]
        """gunicorn with ludolog's settings; each worker builds the app after the fork."""

        def load_config(self) -> None:
            settings = {
                "bind": [f"fd://{listener.fileno()}"],
                "workers": workers,
                "threads": threads,
                "worker_class": "api.worker.Worker",
                "worker_connections": connections,
                "timeout": 60,
                "graceful_timeout": 10,
                "preload_app": False,
                "proc_name": "ludolog",
                "control_socket_disable": True,  # several servers on one machine must not share one
                "accesslog": None,
                "when_ready": lambda _arbiter: click.echo(
                    f"ludolog serving {describe_store(db)} on {where} with {workers} workers", err=True),
            }
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            from api import create_app

            return create_app(config)

    Server().run()
