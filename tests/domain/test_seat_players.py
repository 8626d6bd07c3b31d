"""Who plays each seat is a stored fact of the game (``Game.Created.players``, class version 5): checked at
creation, covered by the hash chain only where a bot plays a seat (games before keep their hashes), loaded
from games stored before it as people's, and kept by an export and its import."""

from __future__ import annotations

import json

import pytest
from eventsourcing.persistence import StoredEvent

from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.keeping.access import OWNER
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.seat_players import check_players, player_phrase
from replays.audit import audit
from replays.exports import export
from replays.importing import import_game

SEATS = ["Ann", "Ben", "Cy"]
GREEDY_CY = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "greedy"}]


def fresh() -> GameService:
    return GameService(env=store_env(None))


def as_version_4(service: GameService, game_id) -> list[StoredEvent]:
    """The game's stored events with its creation in the shape class version 4 stored it (no players)."""
    stored = list(service.recorder.select_events(game_id))
    state = json.loads(stored[0].state)
    assert state["class_version"] == 5 and state["players"] is None
    state["class_version"] = 4
    del state["players"]
    first = StoredEvent(stored[0].originator_id, stored[0].originator_version, stored[0].topic, json.dumps(state).encode())
    return [first, *stored[1:]]


def test_a_game_created_before_players_loads_with_people_at_every_seat_and_audits_clean():
    service = fresh()
    game_id = service.create_game("missions", SEATS, seed="4")
    old_events = as_version_4(service, game_id)
    elsewhere = fresh()
    elsewhere.recorder.insert_events(old_events)
    game = elsewhere.game(game_id)
    assert game.players is None and game.player(3) == {"kind": "person"}
    assert game.chain == service.game(game_id).chain
    report = audit(elsewhere, game_id)
    assert report.clean, report.problems


def test_a_game_without_bots_hashes_as_before_players_existed():
    service = fresh()
    game_id = service.create_game("missions", SEATS, seed="4", players=[{"kind": "person"}] * 3)
    created = service.mapper.to_domain_event(list(service.recorder.select_events(game_id))[0])
    assert created.players is None
    assert "players" not in created.chained(created.chain_version)


def test_bot_seats_are_recorded_and_covered_by_the_chain():
    service = fresh()
    game_id = service.create_game("missions", SEATS, seed="4", players=GREEDY_CY, bot_pace_ms=250)
    game = service.game(game_id)
    assert game.player(3) == {"kind": "bot", "strategy": "greedy", "budget": None, "pace_ms": 250}
    assert game.player(1) == {"kind": "person"}
    stored = list(service.recorder.select_events(game_id))
    state = json.loads(stored[0].state)
    state["players"][2]["strategy"] = "random"  # an edit of who played the seat shows
    edited = fresh()
    edited.recorder.insert_events([StoredEvent(stored[0].originator_id, 1, stored[0].topic, json.dumps(state).encode()), *stored[1:]])
    assert audit(service, game_id).clean
    assert not audit(edited, game_id).clean


def test_an_exported_game_with_a_bot_seat_imports_with_it():
    service = fresh()
    players = [{"kind": "person"}, {"kind": "bot", "strategy": "search", "budget": "50"}, {"kind": "person"}]
    game_id = service.create_game("missions", SEATS, seed="4", players=players)
    text = export(service, game_id, OWNER, "ndjson")
    assert json.loads(text.splitlines()[0])["players"][1]["strategy"] == "search"
    elsewhere = fresh()
    assert import_game(elsewhere, text) == game_id
    assert elsewhere.game(game_id).players == service.game(game_id).players


@pytest.mark.parametrize(
    ("players", "says"),
    [
        ([{"kind": "person"}], "a list of 3 entries"),
        ([{"kind": "person"}, {"kind": "person"}, {"kind": "robot"}], "seat 3's player is"),
        ([{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "clever"}], "random, greedy, search"),
        ([{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "greedy", "budget": "50"}], "only a search bot"),
        ([{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "search", "budget": "lots"}], "simulations"),
        ([{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "greedy", "pace_ms": -1}], "pace"),
        ([{"kind": "person", "strategy": "greedy"}, {"kind": "person"}, {"kind": "person"}], "a person has no strategy"),
    ],
)
def test_bad_players_are_refused_with_what_is_wrong_and_nothing_is_stored(players, says):
    service = fresh()
    with pytest.raises(InvalidSetup, match=says):
        service.create_game("missions", SEATS, players=players)
    assert service.list_games() == []


def test_a_table_game_takes_no_bot_seat():
    with pytest.raises(InvalidSetup, match="table game"):
        check_players(GREEDY_CY, 3, table=True)


def test_a_bot_seat_is_named_with_its_strategy():
    players = check_players(GREEDY_CY, 3)
    assert player_phrase(SEATS, players, 3) == "Cy, a greedy bot"
    assert player_phrase(SEATS, players, 1) == "Ann"
    assert Game.Created.class_version == 5
