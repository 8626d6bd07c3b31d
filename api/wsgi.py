"""The WSGI app for servers that import one (gunicorn: ``gunicorn 'api.wsgi:app'``), on the store the
environment names: ``LUDOLOG_DATABASE_URL`` (a SQLite file or a ``postgresql://`` URL), or the
eventsourcing library's ``POSTGRES_*`` settings, else ``ludolog.sqlite3`` (see ``domain.store``).
Each worker process must import it after the fork (gunicorn's default, without ``--preload``)."""

from __future__ import annotations

import os

from api import create_app
from domain.store import store_from

app = create_app({"LUDOLOG_DATABASE_URL": store_from(os.environ)})
