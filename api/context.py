"""The app's game service, for the blueprints."""

from __future__ import annotations

from flask import current_app

from domain.service import GameService


def service() -> GameService:
    found: GameService = current_app.extensions["ludolog"]
    return found
