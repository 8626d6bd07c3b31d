"""The WSGI app for servers that import one (gunicorn: ``gunicorn 'api.wsgi:app'``), with the settings
the environment gives (``api.settings_from``): the store, ``LUDOLOG_DATABASE_URL`` (a SQLite file or
a ``postgresql://`` URL), or the eventsourcing library's ``POSTGRES_*`` settings, else
``ludolog.sqlite3`` (see ``domain.keeping.store``); the rate limits ``LUDOLOG_RATE_LIMIT_PER_TOKEN``,
``LUDOLOG_RATE_LIMIT_PER_ADDRESS`` and where they are counted, ``LUDOLOG_RATE_LIMIT_STORAGE``
(``memory://`` counts in each worker on its own); the body limit ``LUDOLOG_MAX_BODY_BYTES``; the
origins whose web pages may call the API, ``LUDOLOG_CORS_ORIGINS`` (none by default).
Each worker process must import it after the fork (gunicorn's default, without ``--preload``)."""

from __future__ import annotations

import os

from api import create_app, settings_from

app = create_app(settings_from(os.environ))
