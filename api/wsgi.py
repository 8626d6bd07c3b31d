"""The WSGI app for servers that import one (gunicorn: ``gunicorn 'api.wsgi:app'``), on the store
named by the environment variable ``LUDOLOG_DB`` (default ``ludolog.sqlite3``)."""

from __future__ import annotations

import os

from api import create_app

app = create_app({"LUDOLOG_DB": os.environ.get("LUDOLOG_DB", "ludolog.sqlite3")})
