"""Replays run on every store the service runs on: ``service`` here is a fresh SQLite file and a fresh
PostgreSQL schema in turn (``store_service``)."""

from __future__ import annotations

import pytest


@pytest.fixture
def service(store_service):
    return store_service
