"""A game's name: given at its creation (plain text, at most 80 characters, refused in one line otherwise),
shown by its ruleset, seats and day without one, covered by the hash chain where it is given (games
recorded before names keep their hashes), and kept whole through an NDJSON export and its import."""

from __future__ import annotations

import json

import pytest

from domain.engine.errors import InvalidSetup
from domain.engine.viewing import display_name
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import records
from replays.audit import audit

SALT = "5eed" * 8


def test_a_game_is_called_what_its_creator_named_it(service):
    game_id = service.create_game("correction", ["Ann", "Ben"], seed="names", salt=SALT, name="Tuesday group, playtest 3")
    assert service.game(game_id).name == "Tuesday group, playtest 3"
    assert [game["name"] for game in service.list_games() if game["id"] == str(game_id)] == ["Tuesday group, playtest 3"]


def test_without_a_name_a_game_is_shown_by_its_ruleset_seats_and_day(service):
    game_id = service.create_game("correction", ["Ann", "Ben"], seed="names", salt=SALT)
    game = service.game(game_id)
    assert game.name == ""
    assert display_name(game) == f"Correction · Ann, Ben · {game.created_on.date().isoformat()}"


@pytest.mark.parametrize(("name", "problem"), [
    ("", "is blank"), ("  ", "is blank"), ("x" * 81, "at most 80"), ("red \x1b[31m", "control character"),
    ("\u3164", "shows as nothing"), (" padded", "starts or ends with a space"),
])
def test_a_name_that_is_not_plain_readable_text_is_refused_and_nothing_is_created(service, name, problem):
    before = len(service.list_games())
    with pytest.raises(InvalidSetup, match=problem):
        service.create_game("correction", ["Ann", "Ben"], name=name)
    assert len(service.list_games()) == before


def test_the_chain_covers_a_given_name_so_an_edited_name_shows(service):
    game_id = service.create_game("correction", ["Ann", "Ben"], seed="names", salt=SALT, name="Playtest 3")
    created = service.read_events(game_id)[0]
    assert created.data["name"] == "Playtest 3"
    assert audit(service, game_id).clean
    lines = records.to_ndjson(service, game_id).splitlines()
    head = json.loads(lines[0])
    head["name"] = "Playtest 4"  # a name edited in the file: the re-created creation no longer hashes alike
    other = GameService(env=store_env(None))
    with pytest.raises(InvalidSetup):
        records.import_game(other, "\n".join([json.dumps(head), *lines[1:]]))
    assert other.list_games() == []


def test_a_name_comes_back_whole_from_an_ndjson_export(service):
    game_id = service.create_game("assassination-le", ["Ann", "Ben", "Cy"], seed="names", salt=SALT, name="Cy's first game")
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    other = GameService(env=store_env(None))
    imported = records.import_game(other, records.to_ndjson(service, game_id))
    assert other.game(imported).name == "Cy's first game" and audit(other, imported).clean


def test_a_game_without_a_name_keeps_the_hashes_of_games_recorded_before_names(service):
    from domain.engine.chain import CREATED_FIELDS_V2, created_payload

    game_id = service.create_game("correction", ["Ann", "Ben"], seed="names", salt=SALT)
    created = service.read_events(game_id)[0]
    assert set(created_payload({**created.data, "chain_version": 3, "salt": SALT, "seed": "names", "name": ""})) == set(CREATED_FIELDS_V2)
