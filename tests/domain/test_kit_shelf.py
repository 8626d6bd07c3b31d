"""The kit shelf: a kit added once is found by name; the same content again records nothing, a changed
kit is the next version; a game keeps the kit it was created with whatever is added later; the shelf
survives reopening the store (a SQLite file, and PostgreSQL when the tests have one)."""

from __future__ import annotations

import copy

import pytest

from domain.engine.errors import InvalidKit, KitOwned, UnknownKit
from domain.engine.game import Game
from domain.games.table_kit.reading.kit import content_hash
from domain.games.table_kit.rules import shipped_kit
from domain.keeping.kit_shelf import KitShelf, ShelvedKit
from domain.keeping.service import GameService
from domain.keeping.store import store_env

MISSIONS = shipped_kit("missions")
SNAKES = shipped_kit("snakes-and-ladders")


def changed(document: dict, **fields) -> dict:
    return {**copy.deepcopy(document), **fields}


def test_a_kit_added_is_version_1_and_found_by_its_name(service):
    shelf = KitShelf(service)
    added = shelf.add(MISSIONS)
    assert added[:4] == ("missions-kit", 1, content_hash(MISSIONS), True) and len(added.token) >= 40
    found = shelf.get("missions-kit")
    assert found == (MISSIONS, 1, content_hash(MISSIONS))


def test_adding_the_same_content_again_records_nothing_and_answers_the_existing_version(service):
    shelf = KitShelf(service)
    shelf.add(MISSIONS)
    events = len(list(service.events.get(ShelvedKit.id_for("missions-kit"))))
    again = shelf.add(copy.deepcopy(MISSIONS))
    assert again == ("missions-kit", 1, content_hash(MISSIONS), False, None)  # no new token either
    assert len(list(service.events.get(ShelvedKit.id_for("missions-kit")))) == events


def test_a_changed_kit_under_the_same_name_is_the_next_version_and_the_old_one_stays(service):
    shelf = KitShelf(service)
    token = shelf.add(MISSIONS).token
    second = changed(MISSIONS, title="Missions, second draft")
    added = shelf.add(second, token)
    assert (added.version, added.new) == (2, True)
    assert shelf.get("missions-kit") == (second, 2, content_hash(second))
    assert shelf.get("missions-kit", 1) == (MISSIONS, 1, content_hash(MISSIONS))
    assert [(entry.name, entry.title, entry.version) for entry in shelf.list()] == [("missions-kit", "Missions, second draft", 2)]


def test_the_list_names_each_kit_once_with_its_latest_version_and_when_it_was_added(service):
    shelf = KitShelf(service)
    shelf.add(SNAKES)
    token = shelf.add(MISSIONS).token
    shelf.add(changed(MISSIONS, summary="Shorter."), token)
    listed = shelf.list()
    assert [(entry.name, entry.title, entry.version, entry.hash[:12]) for entry in listed] == [
        ("missions-kit", "Missions", 2, content_hash(changed(MISSIONS, summary="Shorter."))[:12]),
        ("snakes-and-ladders", "Snakes and Ladders", 1, content_hash(SNAKES)[:12]),
    ]
    assert all(entry.added.startswith("20") for entry in listed)


def test_an_unknown_kit_or_version_is_refused_naming_what_the_shelf_holds(service):
    shelf = KitShelf(service)
    with pytest.raises(UnknownKit, match="no kit named 'missions-kit' on the shelf; kits: none yet"):
        shelf.get("missions-kit")
    shelf.add(MISSIONS)
    with pytest.raises(UnknownKit, match="no kit named 'chess' on the shelf; kits: missions-kit"):
        shelf.get("chess")
    with pytest.raises(UnknownKit, match="kit 'missions-kit' has versions 1 to 1, not 2"):
        shelf.get("missions-kit", 2)


def test_a_kit_with_mistakes_is_refused_with_every_one_and_nothing_is_stored(service):
    shelf = KitShelf(service)
    bad = changed(MISSIONS, pieces=[{"kind": "pawn", "owner": "each", "at": ["1", "8", "15", "x9"]}], counters=[{"name": "money", "start": 5, "max": 3}])
    with pytest.raises(InvalidKit) as refused:
        shelf.add(bad)
    assert refused.value.mistakes == ["pieces.0.at.3: no space named 'x9'", "counters.0.start: 5 is outside the range ..3"]
    assert shelf.list() == []
    assert not shelf.has("missions-kit")


def test_the_stored_document_is_the_callers_no_longer(service):
    shelf = KitShelf(service)
    document = copy.deepcopy(SNAKES)
    shelf.add(document)
    document["title"] = "changed after adding"
    shelf.get("snakes-and-ladders").document["title"] = "changed after reading"
    assert shelf.get("snakes-and-ladders").document == SNAKES


def test_the_shelf_keeps_fixed_topics(service):
    KitShelf(service).add(SNAKES)
    stored = service.recorder.select_events(ShelvedKit.id_for("snakes-and-ladders"))
    assert [event.topic for event in stored] == ["ludolog:Kit.Created", "ludolog:Kit.Added"]


def test_a_kit_on_the_shelf_is_no_game(service):
    KitShelf(service).add(SNAKES)
    assert service.list_games() == []


def test_a_game_replays_the_kit_it_was_created_with_after_a_new_version_is_added(store):
    first = GameService(env=store_env(store))
    shelf = KitShelf(first)
    shelf.add(MISSIONS)
    document, version, digest = shelf.get("missions-kit")
    game_id = first.create_game("table-kit", ["Ann", "Ben", "Cy"], {"kit": document}, seed=7)
    shelf.add(changed(MISSIONS, title="Missions, second draft", seats={"fewest": 2, "most": 4}), as_owner=True)
    first.close()

    reopened = GameService(env=store_env(store))  # nothing cached: the game is rebuilt from its events
    try:
        game: Game = reopened.game(game_id)
        assert game.state.kit_hash == digest == content_hash(MISSIONS)
        assert game.options["kit"] == MISSIONS
        seat = game.to_act()[0]
        reopened.submit(game_id, seat, {"type": "roll", "die": "die"})
        assert reopened.game(game_id).state.kit_hash == digest
        assert KitShelf(reopened).get("missions-kit").version == 2
    finally:
        reopened.close()


def test_the_shelf_survives_reopening_the_store(store):
    first = GameService(env=store_env(store))
    KitShelf(first).add(MISSIONS)
    KitShelf(first).add(changed(MISSIONS, title="Missions II"), as_owner=True)
    KitShelf(first).add(SNAKES)
    first.close()
    reopened = GameService(env=store_env(store))
    try:
        shelf = KitShelf(reopened)
        assert [(entry.name, entry.version) for entry in shelf.list()] == [("missions-kit", 2), ("snakes-and-ladders", 1)]
        assert shelf.get("missions-kit", 1).document == MISSIONS
        assert shelf.add(SNAKES).new is False
    finally:
        reopened.close()


@pytest.mark.parametrize("name", ["correction", "table-kit", "schema"])
def test_a_kit_may_not_take_a_rulesets_name_or_the_apis(name):
    shelf = KitShelf(GameService(env=store_env(None)))
    with pytest.raises(InvalidKit, match=f"name: '{name}' is a ruleset's name or the API's"):
        shelf.add({**MISSIONS, "name": name})
    assert shelf.list() == []


def test_anyone_cannot_replace_another_persons_kit(service):
    """Before kits had owners, anyone's new content under an existing kit's name became its latest version,
    and games made by the name played it. Now a new version needs the kit token its first version gave."""
    shelf = KitShelf(service)
    token = shelf.add(MISSIONS).token
    strangers = changed(MISSIONS, title="Not yours any more")
    for wrong in (None, "not-the-token", KitShelf(service).add({**SNAKES}).token):
        with pytest.raises(KitOwned, match="missions-kit"):
            shelf.add(strangers, wrong)
    assert shelf.get("missions-kit") == (MISSIONS, 1, content_hash(MISSIONS))
    assert shelf.game_setup("missions-kit", None, None)[2] == MISSIONS["title"]
    assert shelf.add(strangers, token).version == 2  # its owner may
    renewed = shelf.issue_token("missions-kit")  # the owner on the store's machine: a new token, the old one stops
    with pytest.raises(KitOwned):
        shelf.add(changed(MISSIONS, title="Third"), token)
    assert shelf.add(changed(MISSIONS, title="Third"), renewed).version == 3


def test_a_kit_shelved_before_kits_had_owners_takes_versions_only_from_its_owner(service):
    shelf = KitShelf(service)
    before_owners = ShelvedKit.open("missions-kit")  # as such a kit is stored: its versions, no owner record
    before_owners.add(MISSIONS, content_hash(MISSIONS))
    service.save(before_owners)
    with pytest.raises(KitOwned, match="ludolog kit token missions-kit"):
        shelf.add(changed(MISSIONS, title="Second"), "any")
    assert shelf.add(changed(MISSIONS, title="Second"), as_owner=True).version == 2
    token = shelf.issue_token("missions-kit")
    assert shelf.add(changed(MISSIONS, title="Third"), token).version == 3
