"""Fixtures for the REST API: an app on an in-memory store, a test client, and a helper that creates a
game and hands out its tokens as ready-made Authorization headers."""

from __future__ import annotations

import pytest

from api import create_app
from domain.service import GameService, store_env


@pytest.fixture
def app():
    return create_app({"LUDOLOG_DB": ":memory:", "STREAM_POLL_SECONDS": 0.01, "STREAM_MAX_SECONDS": 5.0},
                      service=GameService(env=store_env(None)))


@pytest.fixture
def client(app):
    return app.test_client()


class NewGame:
    """A game created through the API: its id, its creation body, and one header dict per seat."""

    def __init__(self, client, ruleset, seats, **extra):
        response = client.post("/games", json={"ruleset": ruleset, "seats": list(seats), **extra})
        assert response.status_code == 201, response.get_json()
        self.body = response.get_json()
        self.id = self.body["id"]
        self.url = f"/games/{self.id}"
        self.seat = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in self.body["seats"]}
        self.owner = {"Authorization": f"Bearer {self.body['owner_token']}"}


@pytest.fixture
def new_game(client):
    def create(ruleset="project-assassination", seats=("Ana", "Ben"), **extra):
        return NewGame(client, ruleset, seats, **extra)

    return create
