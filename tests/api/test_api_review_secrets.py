"""A seat's review of a game with choices made in secret, over the API (``GET /games/{id}/review``, its chart,
``POST .../review/bookmarks``): Rock, paper, scissors and Sealed bids (a bid is a card of a hidden hand), reviewed
in the server and in a worker from each seat's eye, answer 200 (201 for the bookmarks), never a 422 or a 500, and
no answer, nor any bookmark written, names a card the seat could not see."""

from __future__ import annotations

import uuid

import pytest
from secret_reviews import SEALED_GAMES, options_of, play_on, unseen_in

from api import thinking


@pytest.fixture(params=[0, 1], ids=["in the server", "in a worker"])
def processes(request, app):
    app.config["LUDOLOG_BOT_PROCESSES"] = request.param
    yield request.param
    thinking.close_pool()  # and wait for its workers: none is left running when this file is run on its own


@pytest.mark.parametrize("seat", [1, 2])
def test_a_seats_review_of_a_sealed_choice_game_is_200_and_never_names_a_card_it_cannot_see(client, new_game, app, processes, seat):
    service = app.extensions["ludolog"]
    for name, seed, commands in SEALED_GAMES:
        ruleset, options = options_of(name)
        game = new_game(ruleset, seed=seed, options=options)
        game_id = play_on(service, uuid.UUID(game.id), seed, commands)
        said = []
        for answer in (client.get(f"{game.url}/review?budget=10", headers=game.seat[seat]),
                       client.get(f"{game.url}/review/chart?budget=10", headers=game.seat[seat]),
                       client.post(f"{game.url}/review/bookmarks?budget=10", headers=game.seat[seat])):
            assert answer.status_code in (200, 201), (name, seed, answer.get_data(as_text=True))
            said.append(answer.get_data(as_text=True))
        assert client.get(f"{game.url}/review?budget=10", headers=game.seat[seat]).get_json()["eye"] == seat
        notes = client.get(f"{game.url}/notes", headers=game.seat[seat]).get_json()["notes"]
        said += [f"{note['bookmark']}: {note['text']}" for note in notes]
        assert unseen_in("\n".join(said), service, game_id, seat) == [], (name, seed)
