"""Fixtures for the REST API: an app on each store the service runs on (a SQLite file and a
PostgreSQL schema: the ``store`` fixture), a test client, and a helper that creates a game and hands
out its tokens as ready-made Authorization headers.

The app's test client checks every response it gets against ``openapi.yaml`` (``spec.py``): status
code documented for the operation, content type, headers and body schema. So every API test also
proves that the real responses are what the spec says.
"""

from __future__ import annotations

import random

import pytest
from flask.testing import FlaskClient
from spec import validate_response

from api import create_app
from domain.keeping.service import GameService
from domain.keeping.store import store_env


class SpecCheckedClient(FlaskClient):
    """A Flask test client that validates each response against the OpenAPI spec.

    An event stream's status, content type and headers are checked, its body is not read (the
    test decides how much of the stream to consume).
    """

    def open(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        response = super().open(*args, **kwargs)
        validate_response(response.request.method, response.request.path, response)
        return response


API_TEST_SETTINGS = {
    "STREAM_POLL_SECONDS": 0.01,
    "STREAM_MAX_SECONDS": 5.0,
    # The in-process client sends up to ~900 requests a second from one address, faster than any
    # HTTP client: the rate limits are off here and tested on their own (test_limits.py).
    "LUDOLOG_RATE_LIMIT_PER_TOKEN": "off",
    "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off",
}


@pytest.fixture
def app(store):
    service = GameService(env=store_env(store))
    app = create_app({"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS}, service=service)
    app.test_client_class = SpecCheckedClient
    yield app
    service.close()


@pytest.fixture
def client(app):
    return app.test_client()


SALT = "5eed" * 8
"""The salt a game created here with a chosen seed is dealt with unless the test gives one: the same seed
deals the same game every run (without it, each game draws a random salt, as a server's do)."""


class NewGame:
    """A game created through the API: its id, its creation body, and one header dict per seat. A seed given
    without a salt is dealt with ``SALT``."""

    def __init__(self, client, ruleset, seats, **extra):
        if extra.get("seed") is not None and "salt" not in extra:
            extra["salt"] = SALT
        response = client.post("/games", json={"ruleset": ruleset, "seats": list(seats), **extra})
        assert response.status_code == 201, response.get_json()
        self.body = response.get_json()
        self.id = self.body["id"]
        self.url = f"/games/{self.id}"
        self.seat = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in self.body["seats"]}
        self.owner = {"Authorization": f"Bearer {self.body['owner_token']}"}
        self.client = client

    def play_to_end(self, client=None, rng_seed: int = 0, max_commands: int = 5000) -> dict:
        """Play the game to its end, the owner acting for whichever seat is to act; the final envelope."""
        client = client or self.client
        rng = random.Random(rng_seed)
        for _ in range(max_commands):
            state = client.get(self.url, headers=self.owner).get_json()
            if state["status"] == "over":
                return state
            seat = state["to_act"][0]
            commands = client.get(f"{self.url}/legal-commands?seat={seat}", headers=self.owner).get_json()["commands"]
            response = client.post(f"{self.url}/commands", json={"command": rng.choice(commands), "seat": seat}, headers=self.owner)
            assert response.status_code == 201, response.get_json()
        raise AssertionError(f"the game did not end within {max_commands} commands")


@pytest.fixture
def new_game(client):
    def create(ruleset="project-assassination", seats=("Ana", "Ben"), **extra):
        return NewGame(client, ruleset, seats, **extra)

    return create
