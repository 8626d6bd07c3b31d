"""The app's game service and its event feed, for the blueprints."""

from __future__ import annotations

from flask import current_app

from api.feed import EventFeed
from domain.keeping.service import GameService


def service() -> GameService:
    found: GameService = current_app.extensions["ludolog"]
    return found


def feed() -> EventFeed:
    """The process's one feed of new events for the event streams (``api.feed``)."""
    found: EventFeed = current_app.extensions["ludolog-feed"]
    return found
