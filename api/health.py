"""``/healthz``: the service is up and its store answers."""

from __future__ import annotations

from typing import Any

from eventsourcing.persistence import PersistenceError
from flask import Blueprint

from api import schemas
from api.context import service as game_service
from api.problems import problem

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz() -> Any:
    recorder = game_service().recorder
    try:
        recorder.max_notification_id()
    except PersistenceError as error:
        return problem("store-unavailable", f"the game store does not answer: {error}")
    store = {"popo": "memory"}.get(type(recorder).__module__.rsplit(".", 1)[-1], type(recorder).__module__.rsplit(".", 1)[-1])
    return schemas.HEALTH.dump({"status": "ok", "store": store})
