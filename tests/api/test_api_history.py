"""``GET /games/{id}/state?at=N`` and ``GET /games/{id}/export?format=...`` through the API."""

from __future__ import annotations

import json
import uuid

import pytest

from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import records
from replays.audit import audit


def finished(client, new_game, seed="hist-1"):
    game = new_game(seed=seed)
    service = client.application.extensions["ludolog"]
    for _ in service.play_bots(uuid.UUID(game.id), bot_seed=0):
        pass
    return game


def test_the_state_after_event_n_is_the_game_as_it_stood_then(client, new_game):
    game = new_game(seed="hist-2")
    seat = client.get(game.url, headers=game.owner).get_json()["to_act"][0]
    client.post(f"{game.url}/commands", json={"command": {"type": "end"}}, headers=game.seat[seat])
    now = client.get(game.url, headers=game.owner).get_json()
    then = client.get(f"{game.url}/state?at=3", headers=game.owner)
    assert then.status_code == 200 and then.headers["ETag"].startswith('W/"')
    body = then.get_json()
    assert body["version"] == 3 and now["version"] > 3
    assert body["view"] != now["view"] and body["to_act"] == [seat]


def test_a_seat_sees_a_past_state_as_it_knew_it_then(client, new_game):
    game = new_game(seed="hist-3")
    as_seat = client.get(f"{game.url}/state?at=3", headers=game.seat[1]).get_json()
    as_owner = client.get(f"{game.url}/state?at=3", headers=game.owner).get_json()
    assert "deck_contents" in as_owner["view"] and "deck_contents" not in as_seat["view"]
    assert as_seat["viewer"] == 1


@pytest.mark.parametrize("at", ["0", "x"])
def test_a_state_at_no_number_of_a_step_is_a_400(client, new_game, at):
    game = new_game()
    response = client.get(f"{game.url}/state?at={at}")
    assert response.status_code == 400


def test_a_state_beyond_the_game_is_a_404_unknown_step(client, new_game):
    game = new_game()
    version = client.get(game.url).get_json()["version"]
    response = client.get(f"{game.url}/state?at={version + 1}")
    assert response.status_code == 404 and response.get_json()["type"] == "urn:ludolog:problem:unknown-step"
    assert f"'at' takes 1 to {version}" in response.get_json()["detail"]


@pytest.mark.parametrize("form, media", [("ndjson", "application/x-ndjson"), ("json", "application/json"), ("csv", "text/csv")])
def test_exports_come_as_downloads_of_their_media_type(client, new_game, form, media):
    game = finished(client, new_game)
    response = client.get(f"{game.url}/export?format={form}", headers=game.owner)
    assert response.status_code == 200 and response.mimetype == media
    assert response.headers["Content-Disposition"] == f'attachment; filename="game-{game.id}.{form}"'


def test_the_owners_ndjson_export_imports_into_another_store_and_audits_clean(client, new_game, tmp_path):
    game = finished(client, new_game)
    text = client.get(f"{game.url}/export?format=ndjson", headers=game.owner).get_data(as_text=True)
    other = GameService(env=store_env(str(tmp_path / "copy.sqlite3")))
    imported = records.import_game(other, text)
    assert str(imported) == game.id and audit(other, imported).clean


def test_a_seats_export_of_a_game_in_progress_hides_the_seed(client, new_game):
    game = new_game(seed="very-secret-seed")
    owner = json.loads(client.get(f"{game.url}/export?format=json", headers=game.owner).get_data(as_text=True))
    assert set(owner["events"][1]["data"]) == {"call", "coin", "first"}  # no deck order recorded to hide
    for headers in (game.seat[1], game.seat[2], {}):
        text = client.get(f"{game.url}/export?format=json", headers=headers).get_data(as_text=True)
        assert "very-secret-seed" not in text


def test_an_unknown_export_format_is_a_400(client, new_game):
    game = new_game()
    assert client.get(f"{game.url}/export?format=pdf").status_code == 400
    assert client.get(f"{game.url}/export").status_code == 400


def test_a_store_that_cannot_be_read_is_a_503_problem(client, new_game, monkeypatch):
    from eventsourcing.persistence import PersistenceError

    game = new_game()
    service = client.application.extensions["ludolog"]

    def broken(*args, **kwargs):
        raise PersistenceError("disk I/O error")

    monkeypatch.setattr(service.repository, "get", broken)
    for path in (game.url, f"{game.url}/state?at=2", f"{game.url}/events"):
        response = client.get(path)
        assert response.status_code == 503, path
        assert response.get_json()["type"] == "urn:ludolog:problem:store-unavailable"
