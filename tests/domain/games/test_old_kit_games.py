"""Games of the kits with rules stored by earlier code replay identically under the current code.

``old_kit_games/`` holds, gzipped, the owner's NDJSON exports of seeded random games of every shipped kit with
rules and every test kit with rules (``tests/kits``): two seeds at each kit's fewest seats (``-1``, ``-2``), and
a third at its most where the count may vary (``-3``), each played through the game service as a client plays
it, stored as events, then exported. They were made by the code before kits' expressions and state copies were
rewritten for speed; ``kit_games_stored.py`` says how, and makes them again. Each file holds its kit whole (a
game's ``kit`` option), so the kit files may change without changing what is replayed here.

Each game is imported into a fresh store (its commands decided again and every event's fact and chain hash
compared: ``replays.importing``), audited, exported again byte for byte, and played again from the start
through the service, command by command, every event's topic and data compared with the stored one. The first
game of each kit (seed 1) runs in the default stage, the others in the slow stage.
"""

from __future__ import annotations

import json

import pytest
from kit_games_stored import SALT, STORED, read_stored, seat_names

from domain.keeping.access import OWNER
from domain.keeping.service import GameService
from replays import records
from replays.audit import audit

FILES = sorted(STORED.glob("*.ndjson.gz"))


def staged(name: str) -> object:
    """A game's test case: its kit's first game (seed 1) in the default stage, the others slow."""
    return pytest.param(name, marks=() if name.endswith("-1.ndjson.gz") else pytest.mark.slow, id=name.removesuffix(".ndjson.gz"))


CASES = [staged(path.name) for path in FILES]


@pytest.fixture
def service():
    service = GameService(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield service
    service.close()


def test_the_folder_holds_games_of_every_kit_with_rules_it_was_made_with():
    kits = {path.name.rsplit("-", 3)[0] for path in FILES}
    assert {"tic-tac-toe", "pig", "missions-with-rules", "breakthrough", "nim", "goofspiel", "crazy-eights"} <= kits
    assert len(kits) >= 16 and len(FILES) >= 2 * len(kits) + 3
    headers = [json.loads(read_stored(path).splitlines()[0]) for path in FILES]
    assert all(head["ruleset"] == "table-kit" and "play" in head["options"]["kit"] and head["seed_salt"] == SALT for head in headers)
    assert sum(head["status"] == "over" for head in headers) >= len(FILES) - 1  # all but a very long one played to the end


@pytest.mark.parametrize("name", CASES)
def test_a_stored_kit_game_imports_audits_and_exports_again_byte_for_byte(name, service):
    text = read_stored(STORED / name)
    game_id = records.import_game(service, text)  # every command decided again, its facts and chain compared
    report = audit(service, game_id)
    assert report.clean, report.problems
    assert records.to_ndjson(service, game_id, OWNER) == text


@pytest.mark.parametrize("name", CASES)
def test_a_stored_kit_game_played_again_from_the_start_gives_the_same_events(name, service):
    head, *stored = [json.loads(line) for line in read_stored(STORED / name).splitlines()]
    assert head["seats"] == seat_names(len(head["seats"]))
    game_id = service.create_game("table-kit", head["seats"], head["options"], seed=head["seed"], salt=head["seed_salt"])
    played = set()
    for record in stored:
        if record["command"] is not None and record["command_id"] not in played:
            played.add(record["command_id"])
            service.submit(game_id, record["seat"], record["command"])
    again = records.events(service, game_id, OWNER)
    assert len(again) == len(stored)
    for made, kept in zip(again, stored, strict=True):
        assert (made["number"], made["topic"], made["seat"], made["command"], made["data"]) == (
            kept["number"], kept["topic"], kept["seat"], kept["command"], kept["data"])
