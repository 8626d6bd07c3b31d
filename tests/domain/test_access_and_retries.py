"""Seat and owner tokens (only hashes stored) and idempotent command ids, at the service level."""

from __future__ import annotations

import pytest

from domain.engine.answers import REMEMBERED_ANSWERS
from domain.engine.errors import IdempotencyKeyReused, Unauthorized
from domain.keeping.access import OWNER, token_hash
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SEATS = ["Ana", "Ben"]
SALT = "5eed" * 8
"""The salt of a game that must be long: with the seed it decides the game's chance."""


@pytest.fixture
def service(store_service):
    """The service on each store it runs on: a fresh SQLite file, a fresh PostgreSQL schema."""
    return store_service


def test_open_game_gives_one_token_per_seat_and_one_for_the_owner(service):
    game_id, tokens = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    assert len({tokens.owner, *tokens.seats}) == 3
    assert service.holder(game_id, tokens.owner) == OWNER
    assert [service.holder(game_id, token) for token in tokens.seats] == [1, 2]
    assert service.holder(game_id, None) is None


def test_only_token_hashes_are_stored(service):
    _, tokens = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    stored = b"".join(n.state for n in service.recorder.select_notifications(1, 1000))
    for token in (tokens.owner, *tokens.seats):
        assert token.encode() not in stored
        assert token_hash(token).encode() in stored


def test_a_token_that_is_nobodys_is_refused(service):
    game_id, _ = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    _, other = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    with pytest.raises(Unauthorized):
        service.holder(game_id, "made-up")
    with pytest.raises(Unauthorized):
        service.holder(game_id, other.seats[0])  # another game's token


def test_issuing_tokens_again_replaces_the_old_ones(service):
    game_id, old = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    new = service.issue_tokens(game_id)
    assert service.holder(game_id, new.seats[1]) == 2
    with pytest.raises(Unauthorized):
        service.holder(game_id, old.seats[1])


def test_tokens_issued_by_another_process_replace_the_old_ones_in_a_process_that_cached_them(service, store):
    game_id, old = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    assert service.holder(game_id, old.seats[1]) == 2  # the tokens are now in this process's cache
    other = GameService(env=store_env(store))  # another worker, or 'ludolog tokens' on the same store
    try:
        new = other.issue_tokens(game_id)
    finally:
        other.close()
    with pytest.raises(Unauthorized):
        service.holder(game_id, old.seats[1])
    assert service.holder(game_id, new.seats[1]) == 2


def test_a_game_made_without_tokens_gets_them_when_issued(service):
    game_id = service.create_game("assassination-le", ["A", "B", "C"], seed="t", salt=SALT)
    with pytest.raises(Unauthorized, match="ludolog tokens"):
        service.holder(game_id, "anything")
    tokens = service.issue_tokens(game_id)
    assert service.holder(game_id, tokens.seats[2]) == 3


def test_a_retried_command_id_gets_the_first_answer_and_writes_nothing(service):
    game_id, _ = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    seat = service.game(game_id).to_act()[0]
    first = service.submit_once(game_id, seat, {"type": "end"}, command_id="k1")
    again = service.submit_once(game_id, seat, {"type": "end"}, command_id="k1")
    assert not first.replayed and again.replayed
    assert again.version == first.version == service.game(game_id).version
    assert [e.to_data() for e in again.events] == [e.to_data() for e in first.events]


def test_a_command_id_reused_for_another_command_is_refused(service):
    game_id, _ = service.open_game("project-assassination", SEATS, seed="t", salt=SALT)
    seat = service.game(game_id).to_act()[0]
    service.submit_once(game_id, seat, {"type": "end"}, command_id="k1")
    version = service.game(game_id).version
    with pytest.raises(IdempotencyKeyReused):
        service.submit_once(game_id, 3 - seat, {"type": "end"}, command_id="k1")
    assert service.game(game_id).version == version


def test_a_game_remembers_a_bounded_number_of_command_ids(service):
    game_id = service.create_game("assassination-le", ["A", "B", "C"], seed="l2", salt=SALT)  # 143 commands
    for _ in service.play_bots(game_id, bot_seed=0):
        pass
    game = service.game(game_id)
    assert len(game.answers) == REMEMBERED_ANSWERS
    latest = max(game.answers, key=lambda key: game.answer(key)["last"])
    assert game.answer(latest)["last"] == game.version  # the last command caused the last event
