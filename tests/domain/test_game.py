"""The engine through the game service: storage, topics, the hash chain, randomness, errors, snapshots."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import uuid
from datetime import UTC, datetime

import pytest
from eventsourcing.persistence import MapperDeserialisationError
from freezegun import freeze_time

from domain.engine.errors import (
    GameOver,
    IllegalCommand,
    InvalidSetup,
    MalformedCommand,
    NotYourTurn,
    UnknownGame,
    UnknownRuleset,
    UnknownSeat,
    VersionConflict,
)
from domain.engine.game import Game, first_broken_link
from domain.engine.randomness import Rng, commitment
from domain.keeping.service import (
    OWNER,
    SNAPSHOT_INTERVAL,
    DataclassAsDict,
    GameService,
)
from domain.keeping.store import store_env
from domain.thinking.bots import RandomBot

SEATS = ["Ann", "Ben", "Cy"]
SALT = "5eed" * 8
"""A salt given with a seed: the two together decide a game's chance."""
SHORT = {"seed": "same-7", "salt": SALT}
"""A seed and salt whose game the bots (``finish``) end in 79 events, for the tests that need only a finished game
(a game of a random salt runs to several hundred)."""


@pytest.fixture
def service(store_service):
    """The service on each store it runs on: a fresh SQLite file, a fresh PostgreSQL schema."""
    return store_service


def new_game(service, seed="7", salt=None, **options):
    return service.create_game("assassination-le", SEATS, options, seed, salt=salt)


def finish(service, game_id, bot_seed=0):
    for _ in service.play_bots(game_id, bot_seed=bot_seed):
        pass
    return service.game(game_id)


def test_a_new_game_publishes_the_seed_commitment_and_keeps_the_seed_and_salt_secret(service):
    game_id = new_game(service, seed="table-7")
    salt = service.game(game_id).salt
    assert len(salt) == 32
    for viewer in (None, OWNER, 1, 2, 3):
        status = service.status(game_id, viewer)
        assert status["seed_commitment"] == hashlib.sha256(f"{salt}:table-7".encode()).hexdigest()
        assert status["seed"] is None and status["seed_salt"] is None
        assert "table-7" not in json.dumps(status) and salt not in json.dumps(status)
    assert all("table-7" not in json.dumps(e.to_data()) for e in service.read_events(game_id))


def test_the_seed_and_its_salt_are_revealed_when_the_game_is_over(service):
    game_id = new_game(service, seed="reveal-me")
    game = finish(service, game_id)
    last = service.read_events(game_id, viewer=1)[-1]
    assert last.type == "SeedRevealed" and last.data == {"seed": "reveal-me", "salt": game.salt}
    status = service.status(game_id, 1)
    assert (status["seed"], status["seed_salt"]) == ("reveal-me", game.salt)
    assert commitment("reveal-me", game.salt) == game.seed_commitment


def test_the_same_chosen_seed_and_salt_play_the_same_game_under_the_same_commitment(service):
    # "same-7" with SALT deals a game the bots end in 79 events ("same" took 689)
    first, second = (service.create_game("assassination-le", SEATS, {}, "same-7", salt=SALT) for _ in range(2))
    commitments = {service.status(game)["seed_commitment"] for game in (first, second)}
    assert commitments == {commitment("same-7", SALT)}
    finish(service, first), finish(service, second)
    facts = [[(e.type, e.data) for e in service.read_events(game)[1:-1]] for game in (first, second)]
    assert facts[0] == facts[1] and len(facts[0]) > 5


def test_the_same_seed_without_its_salt_deals_another_game(service):
    def setup(game_id):
        return service.read_events(game_id)[1].data

    salted = setup(service.create_game("assassination-le", SEATS, {}, "same", salt=SALT))
    assert setup(service.create_game("assassination-le", SEATS, {}, "same", salt="0" * 32)) != salted
    tries = [new_game(service, seed="same") for _ in range(5)]  # each with its own random salt
    assert len({service.status(game)["seed_commitment"] for game in tries}) == 5
    assert len({json.dumps(setup(game), sort_keys=True) for game in tries}) > 1


def test_without_a_seed_each_game_draws_its_own_secret_seed(service):
    first, second = new_game(service, seed=None), new_game(service, seed=None)
    assert service.status(first)["seed_commitment"] != service.status(second)["seed_commitment"]


def test_events_are_stored_under_fixed_topics(sqlite_service, db_path):
    finish(sqlite_service, new_game(sqlite_service, **SHORT))
    with sqlite3.connect(db_path) as db:
        topics = {row[0] for row in db.execute("SELECT topic FROM stored_events")}
    assert "ludolog:Game.Created" in topics
    assert "ludolog:Game.SeedRevealed" in topics
    assert {"ludolog:assassination-le:TableSetUp", "ludolog:assassination-le:DieRolled"} <= topics
    assert all(topic.startswith("ludolog:") for topic in topics)


def test_every_event_records_the_command_that_caused_it(service):
    game_id = new_game(service)
    seat = service.status(game_id)["to_act"][0]
    events = service.submit(game_id, seat, {"type": "roll"}, command_id="cmd-1")
    stored = list(service.events.get(game_id, gt=events[0].number - 1))
    assert stored and all(e.cause == {"seat": seat, "command": {"type": "roll"}, "command_id": "cmd-1"} for e in stored)
    assert all(e.seat == seat and e.command_id == "cmd-1" for e in events)


def test_the_hash_chain_links_every_event_and_shows_tampering(sqlite_service, db_path):
    game_id = new_game(sqlite_service, **SHORT)
    finish(sqlite_service, game_id)
    assert first_broken_link(list(sqlite_service.events.get(game_id))) is None
    with sqlite3.connect(db_path) as db:
        state = db.execute(
            "SELECT state FROM stored_events WHERE originator_id=? AND originator_version=3", (game_id.hex,)
        ).fetchone()
        if state is None:  # ids stored with dashes
            state = db.execute(
                "SELECT state FROM stored_events WHERE originator_id=? AND originator_version=3", (str(game_id),)
            ).fetchone()
        data = json.loads(state[0])
        data["fact"]["face"] = (data["fact"]["face"] + 1) % 6
        db.execute(
            "UPDATE stored_events SET state=? WHERE originator_version=3 AND originator_id IN (?, ?)",
            (json.dumps(data).encode(), game_id.hex, str(game_id)),
        )
    fresh = GameService(env=store_env(db_path))
    assert first_broken_link(list(fresh.events.get(game_id))) == 3


def test_the_rng_of_a_command_depends_on_the_seed_and_the_version():
    def draws(seed, version):
        return Rng(seed, version).randint(1, 10**9)

    assert draws("a", 5) == draws("a", 5)
    assert draws("a", 5) != draws("a", 6)
    assert draws("a", 5) != draws("b", 5)


def test_random_outcomes_are_recorded_so_a_rebuild_never_rolls_again(service, monkeypatch):
    game_id = new_game(service, **SHORT)
    game = finish(service, game_id)
    rolls = [e.data for e in service.read_events(game_id) if e.type == "DieRolled"]
    assert rolls and all(r["face"] in range(6) for r in rolls)

    def no_randomness(*args, **kwargs):
        raise AssertionError("a rebuild drew randomness")

    monkeypatch.setattr("domain.engine.randomness.Rng.__init__", no_randomness)
    assert service.game_at(game_id, game.version).state == game.state


def test_unknown_ruleset_is_refused_with_the_known_names(service):
    with pytest.raises(UnknownRuleset, match="known: assassination-le"):
        service.create_game("chess", SEATS)


def test_a_game_needs_the_ruleset_seat_count(service):
    with pytest.raises(InvalidSetup, match="played by 3 players, not 2"):
        service.create_game("assassination-le", ["Ann", "Ben"])


def test_an_unknown_or_ill_typed_option_is_refused(service):
    with pytest.raises(InvalidSetup, match="keep_coins"):
        service.create_game("assassination-le", SEATS, {"keep_coins": "yes"})
    with pytest.raises(InvalidSetup, match="options: keep_coins"):
        service.create_game("assassination-le", SEATS, {"speed": 3})


def test_an_unknown_game_is_refused(service):
    with pytest.raises(UnknownGame):
        service.game(uuid.uuid4())
    with pytest.raises(UnknownGame):
        service.submit(uuid.uuid4(), 1, {"type": "roll"})


def test_a_seat_is_found_by_number_or_name_and_an_unknown_seat_is_refused(service):
    game = service.game(new_game(service))
    assert service.seat_number(game, 2) == service.seat_number(game, "Ben") == service.seat_number(game, "2") == 2
    with pytest.raises(UnknownSeat, match="seats: 1 Ann, 2 Ben, 3 Cy"):
        service.seat_number(game, "Dora")
    with pytest.raises(UnknownSeat):
        service.seat_number(game, 4)


@pytest.mark.parametrize(
    "command, message",
    [
        ({"type": "jump"}, "unknown command type 'jump'"),
        ({}, "unknown command type None"),
        ({"type": "move"}, "'to' is a required property"),
        ({"type": "move", "to": "z9"}, "does not match"),
        ({"type": "roll", "extra": 1}, "Additional properties"),
        (["roll"], "JSON object"),
    ],
)
def test_a_malformed_command_is_refused_and_nothing_is_stored(service, command, message):
    game_id = new_game(service)
    version = service.game(game_id).version
    with pytest.raises(MalformedCommand, match=message):
        service.submit(game_id, service.status(game_id)["to_act"][0], command)
    assert service.game(game_id).version == version


def test_a_seat_that_is_not_asked_to_act_is_refused(service):
    game_id = new_game(service)
    waiting = service.status(game_id)["to_act"][0]
    other = waiting % 3 + 1
    with pytest.raises(NotYourTurn, match="not .*'s turn: waiting for"):
        service.submit(game_id, other, {"type": "roll"})


def test_a_finished_game_takes_no_more_commands(service):
    game_id = new_game(service, **SHORT)
    finish(service, game_id)
    with pytest.raises(GameOver):
        service.submit(game_id, 1, {"type": "roll"})


def test_a_stale_expected_version_is_refused_and_nothing_is_stored(service):
    game_id = new_game(service)
    game = service.game(game_id)
    with pytest.raises(VersionConflict, match=f"at version {game.version}, not 1"):
        service.submit(game_id, game.to_act()[0], {"type": "roll"}, expected_version=1)
    assert service.game(game_id).version == game.version


@pytest.fixture
def processes(store):
    """Services as separate processes would have them on one store: each its own cache and connections."""
    opened: list[GameService] = []

    def open_one() -> GameService:
        opened.append(GameService(env=store_env(store)))
        return opened[-1]

    yield open_one
    for service in opened:
        service.close()


def test_a_cached_game_is_brought_up_to_date_with_what_another_process_wrote(processes):
    first, second = processes(), processes()
    game_id = first.create_game("assassination-le", SEATS, seed="caches", salt=SALT)
    created = first.game(game_id).version  # now in the first process's cache
    for _ in second.play_bots(game_id, bot_seed=3):
        if second.game(game_id).version >= created + 10:
            break
    written = second.game(game_id)
    seen = first.game(game_id)
    assert (seen.version, seen.state) == (written.version, written.state)
    seat = seen.to_act()[0]
    command = RandomBot(5).choose(seen.rules, seen.state, seat, seen.version)
    events = first.submit(game_id, seat, command, expected_version=written.version)  # no conflict: not stale
    assert events[0].number == written.version + 1
    assert second.game(game_id).version == events[-1].number


def test_a_concurrent_writer_wins_and_the_loser_is_decided_again_on_the_new_state(processes):
    first = processes()
    second = processes()
    game_id = first.create_game("assassination-le", SEATS, seed="race", salt=SALT)
    stale = first.game(game_id)
    seat = stale.to_act()[0]
    won = second.submit(game_id, seat, {"type": "roll"})  # wins the race
    served = iter([stale])
    real_game = first.game
    first.game = lambda gid: next(served, None) or real_game(gid)  # the first load is stale
    try:
        lost = first.submit(game_id, seat, {"type": "roll"})
    except IllegalCommand as refusal:  # decided again: the seat has rolled already, or lost its turn
        assert "rolled" in refusal.message or "turn" in refusal.message
    else:  # decided again: a null let the victim roll once more
        assert lost[0].number == won[-1].number + 1
    reader = processes()
    versions = [e.originator_version for e in reader.events.get(game_id)]
    assert versions == list(range(1, len(versions) + 1))


def test_a_stale_write_with_an_expected_version_is_a_conflict(processes):
    first = processes()
    second = processes()
    game_id = first.create_game("assassination-le", SEATS, seed="race", salt=SALT)
    stale = first.game(game_id)
    second.submit(game_id, stale.to_act()[0], {"type": "roll"})
    first.game = lambda gid: stale
    with pytest.raises(VersionConflict, match="moved on"):
        first.submit(game_id, stale.to_act()[0], {"type": "roll"}, expected_version=stale.version)


def test_a_snapshot_is_taken_every_100_events(sqlite_service):
    game_id = new_game(sqlite_service, salt=SALT)  # 347 events
    game = finish(sqlite_service, game_id, bot_seed=1)
    assert game.version > 2 * SNAPSHOT_INTERVAL, "pick a longer game for this test"
    versions = [s.originator_version for s in sqlite_service.snapshots.get(game_id)]
    # one a multiple of 100 events, taken at the end of the command whose events reached it
    assert [v // SNAPSHOT_INTERVAL for v in versions] == list(range(1, game.version // SNAPSHOT_INTERVAL + 1))
    for snapshot in sqlite_service.snapshots.get(game_id):
        replayed = None
        for event in sqlite_service.events.get(game_id, lte=snapshot.originator_version):
            replayed = event.mutate(replayed)
        assert snapshot.mutate(None).state == replayed.state and snapshot.mutate(None).chain == replayed.chain
    from_snapshot = sqlite_service.game_at(game_id, 2 * SNAPSHOT_INTERVAL + 5)
    rebuilt = None
    for event in sqlite_service.events.get(game_id, lte=2 * SNAPSHOT_INTERVAL + 5):
        rebuilt = event.mutate(rebuilt)
    assert from_snapshot.state == rebuilt.state


def test_a_snapshot_that_no_longer_loads_is_passed_over_and_the_game_rebuilt_from_its_events(processes, monkeypatch):
    writer = processes()
    game_id = new_game(writer, salt=SALT)  # 347 events
    for _ in writer.play_bots(game_id, bot_seed=1):
        if writer.game(game_id).version > SNAPSHOT_INTERVAL + 20:
            break
    assert list(writer.snapshots.get(game_id)), "no snapshot to pass over"
    played = writer.game(game_id)

    def changed_shape(self, data):
        raise TypeError("__init__() missing 1 required positional argument: 'new_field'")

    monkeypatch.setattr(DataclassAsDict, "decode", changed_shape)  # the state's class changed since
    reader = processes()
    with pytest.raises(MapperDeserialisationError):
        list(reader.snapshots.get(game_id))
    assert (reader.game(game_id).version, reader.game(game_id).state) == (played.version, played.state)
    assert reader.game_at(game_id, SNAPSHOT_INTERVAL + 5).version == SNAPSHOT_INTERVAL + 5


def test_event_times_come_from_the_clock(service):
    with freeze_time("2026-03-14 09:26:53"):
        game_id = new_game(service)
        events = service.read_events(game_id)
    assert {e.time for e in events} == {datetime(2026, 3, 14, 9, 26, 53, tzinfo=UTC)}
    assert events[0].to_data()["time"] == "2026-03-14T09:26:53+00:00"


def test_the_event_log_numbers_events_from_creation_and_pages_with_after_and_limit(service):
    game_id = new_game(service, **SHORT)
    finish(service, game_id)
    everything = service.read_events(game_id)
    assert [e.number for e in everything] == list(range(1, len(everything) + 1))
    assert everything[0].type == "GameCreated"
    page = service.read_events(game_id, after=10, limit=5)
    assert [e.number for e in page] == [11, 12, 13, 14, 15]


def test_games_are_listed_with_ruleset_seats_status_and_version(service):
    first = new_game(service)
    second = new_game(service, **SHORT)
    finish(service, second)
    listed = {g["id"]: g for g in service.list_games()}
    assert listed[str(first)]["status"] == "active" and listed[str(second)]["status"] == "over"
    assert listed[str(second)]["version"] == service.game(second).version
    assert [s["name"] for s in listed[str(first)]["seats"]] == SEATS


def test_a_game_is_found_by_a_unique_prefix_of_its_id(service):
    game_id = new_game(service)
    assert service.find_game(str(game_id)[:8]) == game_id
    with pytest.raises(UnknownGame, match="at least its first 4"):
        service.find_game("ab")


def test_a_fact_hands_out_copies_of_its_data():
    from domain.games.assassination_le.facts import PawnMoved

    fact = PawnMoved(seat=1, start="a1", path=["a2", "a3"])
    data = fact.to_data()
    data["path"].append("a4")
    assert fact.path == ["a2", "a3"]


def test_a_game_continues_from_its_stored_events_in_a_new_process(processes):
    first = processes()
    game_id = first.create_game("assassination-le", SEATS, seed="resume", salt=SALT)
    for count, _ in enumerate(first.play_bots(game_id, bot_seed=9)):
        if count == 20:
            break
    version = first.game(game_id).version
    second = processes()
    assert second.game(game_id).version == version
    assert finish(second, game_id, bot_seed=9).outcome() is not None


def test_game_aggregate_topic_is_fixed():
    assert Game.TOPIC == "ludolog:Game"


def test_a_store_that_cannot_write_is_reported_and_nothing_is_recorded(service, monkeypatch):
    from eventsourcing.persistence import OperationalError

    from domain.engine.errors import StoreUnavailable

    game_id = new_game(service)
    version = service.game(game_id).version

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(service.events, "put", locked)
    with pytest.raises(StoreUnavailable, match="nothing was saved: database is locked"):
        service.submit(game_id, service.game(game_id).to_act()[0], {"type": "roll"})
    monkeypatch.undo()
    assert service.game(game_id).version == version


def test_the_listing_shows_what_other_processes_wrote_and_reloads_only_games_that_changed(processes, monkeypatch):
    lister, writer = processes(), processes()
    quiet, busy = (writer.create_game("assassination-le", SEATS, seed=str(n), salt=SALT) for n in (1, 2))
    assert [g["id"] for g in lister.list_games()] == [str(quiet), str(busy)]
    loaded: list[uuid.UUID] = []
    real_game = lister.game
    monkeypatch.setattr(lister, "game", lambda game_id: loaded.append(game_id) or real_game(game_id))
    assert len(lister.list_games()) == 2 and loaded == []
    for count, _ in enumerate(writer.play_bots(busy, bot_seed=2)):
        if count == 5:
            break
    newest = writer.create_game("correction", ["Ana", "Ben"], seed="3", salt=SALT)
    listed = lister.list_games()
    assert [g["id"] for g in listed] == [str(quiet), str(busy), str(newest)]
    assert listed[1]["version"] == writer.game(busy).version
    assert sorted(loaded) == sorted([busy, newest])
