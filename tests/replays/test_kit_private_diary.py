"""A private counter in a seat's design diary and export while the game goes on: the seat reads its own points, never
another seat's (its changes are told as private, with no value), and the seats' charts leave private counters out;
the owner's diary tells every value."""

from __future__ import annotations

import json
import re
from pathlib import Path

from domain.games.table_kit.reading.loading import read_kit
from domain.keeping.access import OWNER
from replays.diary import to_markdown

CRAZY_EIGHTS = Path(__file__).parents[1] / "kits" / "crazy-eights.yaml"
SALT = "5eed" * 8


def started(service) -> tuple[object, int, int]:
    document, _ = read_kit(CRAZY_EIGHTS.read_text(encoding="utf-8"), "crazy-eights.yaml")
    game_id = service.create_game("table-kit", ["Ann", "Ben"], {"kit": document}, seed="private-diary", salt=SALT)
    state = service.game(game_id).state
    return game_id, state.counters["points:1"], state.counters["points:2"]


def test_a_seats_diary_never_tells_another_seats_private_counter_while_the_game_goes_on(service, tmp_path):
    game_id, anns, bens = started(service)
    diary = to_markdown(service, game_id, 1, images_dir=tmp_path)
    assert f"sets Ann's points to {anns}" in diary
    assert "changes Ben's points (private)" in diary and f"Ben's points to {bens}" not in diary
    owners = to_markdown(service, game_id, OWNER, images_dir=tmp_path)
    assert f"Ben's points to {bens}" in owners


def test_the_events_a_seat_reads_hold_no_value_of_another_seats_private_counter(service):
    game_id, _, bens = started(service)
    events = [event.to_data() for event in service.read_events(game_id, viewer=1)]
    private = [event for event in events if event["type"] == "PrivateCounterChanged"]
    assert private and all(event["data"]["value"] is None for event in private if event["data"]["owner"] == 2)
    told = json.dumps([[event["data"], event["sentence"]] for event in private if event["data"]["owner"] == 2])
    assert not re.search(rf"\b{bens}\b", told)  # in what it says, not in its time
