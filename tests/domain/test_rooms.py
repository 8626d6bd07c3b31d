"""Rooms (``domain.keeping.rooms``) on each store: codes read kindly, students seated at tables in order, tables
started as they fill or at the teacher's word (bots or nobody in the empty seats), one device token for the whole
lesson, coming back on the same device or a new one (never by a name alone), the teacher's changes refused while a
table plays, closing and a full room, fixed event topics, and thirty joins at once from one or two workers."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from domain.engine.errors import Forbidden, InvalidSetup, Unauthorized
from domain.keeping.access import OWNER
from domain.keeping.ending import Endings
from domain.keeping.room_records import CODE_LETTERS, new_code
from domain.keeping.rooms import RoomClosed, RoomRefused, Rooms, UnknownRoom
from domain.keeping.service import GameService
from domain.keeping.store import store_env

LOOK_ALIKES = set("BGILOQSZ0123456789")
SLOW_BOT = {"strategy": "greedy", "pace_ms": 10_000}
"""A filling bot that does not move while a test looks (the service stops it when closed)."""


@pytest.fixture
def rooms(store_service):
    return Rooms(store_service)


def joined(rooms, code, *names):
    """Each name joins; their entries."""
    return [rooms.join(code, name) for name in names]


def seats(rooms, code, table):
    """The names at a table, in seat order (``None``: nobody)."""
    room = rooms.room(code)
    return [None if s is None else room.students[s].name for s in room.tables[table].seats]


def test_a_code_uses_only_the_room_letters_and_is_read_kindly(rooms):
    assert all(set(new_code()) <= set(CODE_LETTERS) for _ in range(500))
    assert not LOOK_ALIKES & set(CODE_LETTERS)
    room, _ = rooms.open("project-assassination", seats_per_table=2)
    assert len(room.code) == 6 and set(room.code) <= set(CODE_LETTERS)
    for typed in (room.code.lower(), f"{room.code[:3]}-{room.code[3:]}", f" {room.code[:2]} {room.code[2:].lower()} "):
        assert rooms.room(typed).id == room.id
    other = next(code for code in iter(new_code, None) if code != room.code)
    for wrong in (other, room.code[:5], room.code + "A", "123456", ""):
        with pytest.raises(UnknownRoom):
            rooms.room(wrong)


def test_seating_fills_tables_in_order_and_starts_each_as_it_fills(rooms, store_service):
    room, teacher = rooms.open("missions", seats_per_table=3)
    entries = joined(rooms, room.code, "Ann", "Ben", "Cy", "Dee")
    assert [(e.student.table, e.student.seat) for e in entries] == [(1, 1), (1, 2), (1, 3), (2, 1)]
    room = rooms.room(room.code)
    assert room.tables[1].started and not room.tables[2].started
    game = store_service.game(room.tables[1].game_id)
    assert game.seats == ["Ann", "Ben", "Cy"] and game.players is None  # people only
    assert store_service.holder(game.id, teacher) == OWNER
    for entry, seat in zip(entries[:3], (1, 2, 3), strict=True):
        assert store_service.holder(game.id, entry.device_token) == seat  # the device's token plays its seat
    assert seats(rooms, room.code, 2) == ["Dee", None, None]


def test_the_teacher_starts_the_waiting_tables_with_bots_named_after_their_strategy(rooms, store_service):
    room, teacher = rooms.open("missions", seats_per_table=3, fill=SLOW_BOT, start="teacher")
    joined(rooms, room.code, "Ann", "Ben", "Cy", "Greedy bot")
    room = rooms.room(room.code)
    assert not room.tables[1].started, "a full table waits for the teacher"
    assert rooms.start(room.code, teacher) == []
    room = rooms.room(room.code)
    first, second = (store_service.game(room.tables[n].game_id) for n in (1, 2))
    assert first.seats == ["Ann", "Ben", "Cy"]
    assert second.seats == ["Greedy bot", "Greedy bot 2", "Greedy bot 3"]
    assert [p["kind"] for p in second.players] == ["person", "bot", "bot"]
    assert room.tables[2].game_seats == {4: 1}


def test_filling_with_nobody_starts_a_short_table_where_the_game_allows_it_and_says_why_not_otherwise(rooms, store_service):
    squad, teacher = rooms.open("squad-combat", seats_per_table=4, start="teacher")
    joined(rooms, squad.code, "Ann", "Ben")
    assert rooms.start(squad.code, teacher) == []
    assert store_service.game(rooms.room(squad.code).tables[1].game_id).seats == ["Ann", "Ben"]
    missions, teacher = rooms.open("missions", seats_per_table=4, start="teacher")
    joined(rooms, missions.code, "Ann", "Ben")
    assert rooms.start(missions.code, teacher) == [
        (1, "it has 2 of the 3 players the game needs, and the room fills no seat with a bot")]
    assert not rooms.room(missions.code).tables[1].started


def test_the_same_device_joining_again_gets_its_place_back_never_a_second_one(rooms):
    room, _ = rooms.open("missions", seats_per_table=3)
    ann = rooms.join(room.code, "Ann")
    for name in (None, "Ann", "Another name"):
        again = rooms.join(room.code, name, device=ann.device_token)
        assert (again.how, again.student.number, again.device_token, again.personal_code) == ("back", 1, None, None)
    assert len(rooms.room(room.code).students) == 1
    assert rooms.device(room.code, ann.device_token)[2] == "seated"


def test_a_name_taken_is_refused_and_only_the_personal_code_takes_the_place_on_a_new_device(rooms, store_service):
    room, _ = rooms.open("project-assassination", seats_per_table=2)
    ann, _ = joined(rooms, room.code, "Ann", "Ben")
    game_id = rooms.room(room.code).tables[1].game_id
    before = rooms.room(room.code).version
    with pytest.raises(RoomRefused, match="joined as 'ann'|joined as 'Ann'"):
        rooms.join(room.code, "ann")
    with pytest.raises(RoomRefused, match="personal code"):
        rooms.join(room.code, "Ann", personal_code="AAAAAA" if ann.personal_code != "AAAAAA" else "CCCCCC")
    assert rooms.room(room.code).version == before, "a refused join changes nothing"
    kindly = f"{ann.personal_code[:3].lower()}-{ann.personal_code[3:]}"
    back = rooms.join(room.code, "ANN", personal_code=kindly)
    assert (back.how, back.student.number) == ("let-in", 1) and back.device_token != ann.device_token
    assert store_service.holder(game_id, back.device_token) == 1
    with pytest.raises(Unauthorized):
        store_service.holder(game_id, ann.device_token)
    assert rooms.device(room.code, ann.device_token)[2] == "replaced"
    assert len(rooms.room(room.code).students) == 2


def test_a_new_device_asks_the_teacher_who_lets_it_in_or_refuses_it(rooms, store_service):
    room, teacher = rooms.open("project-assassination", seats_per_table=2)
    ann, _ = joined(rooms, room.code, "Ann", "Ben")
    game_id = rooms.room(room.code).tables[1].game_id
    asking = rooms.join(room.code, "Ann", ask=True)
    assert (asking.how, asking.student) == ("asked", None)
    assert rooms.join(room.code, None, device=asking.device_token).how == "asked"
    assert rooms.room(room.code).requests.keys() == {1}, "asking again from the device makes no second request"
    assert rooms.device(room.code, asking.device_token)[2] == "asked"
    rooms.answer(room.code, teacher, 1, let_in=True)
    assert rooms.device(room.code, asking.device_token)[1].number == 1
    assert store_service.holder(game_id, asking.device_token) == 1
    with pytest.raises(Unauthorized):
        store_service.holder(game_id, ann.device_token)
    other = rooms.join(room.code, "Ben", ask=True)
    rooms.answer(room.code, teacher, 2, let_in=False)
    assert rooms.device(room.code, other.device_token)[2] == "refused"
    with pytest.raises(RoomRefused, match="no device is waiting under request 2"):
        rooms.answer(room.code, teacher, 2, let_in=True)


def test_move_and_free_wait_for_a_playing_tables_game_to_end(rooms, store_service):
    room, teacher = rooms.open("project-assassination", seats_per_table=2)
    ann, ben = joined(rooms, room.code, "Ann", "Ben")
    game_id = rooms.room(room.code).tables[1].game_id
    before = rooms.room(room.code).version
    with pytest.raises(RoomRefused, match="table 1 is playing"):
        rooms.move(room.code, teacher, 1, None)
    with pytest.raises(RoomRefused, match="table 1 is playing"):
        rooms.free(room.code, teacher, 2)
    assert rooms.room(room.code).version == before
    Endings(store_service).resign(game_id, 2)
    rooms.move(room.code, teacher, 1, None)
    rooms.free(room.code, teacher, 2)
    room_now = rooms.room(room.code)
    assert (room_now.students[1].table, room_now.students[2].table) == (2, None)
    assert rooms.device(room.code, ben.device_token)[2] == "waiting"
    assert rooms.join(room.code, None, device=ben.device_token).student.table == 2  # seated again: table 2 fills
    started = rooms.room(room.code).tables[2]
    assert started.started and store_service.game(started.game_id).seats == ["Ann", "Ben"]
    assert store_service.holder(started.game_id, ann.device_token) == 1


def test_moving_to_a_table_started_or_full_or_missing_is_refused(rooms):
    room, teacher = rooms.open("missions", seats_per_table=3, fill=SLOW_BOT, start="teacher")
    joined(rooms, room.code, "Ann", "Ben", "Cy", "Dee")
    for table, why in ((1, "table 1 is full"), (5, "no table 5")):
        with pytest.raises(RoomRefused, match=why):
            rooms.move(room.code, teacher, 4, table)
    rooms.move(room.code, teacher, 3, 2)
    assert seats(rooms, room.code, 1) == ["Ann", "Ben", None] and seats(rooms, room.code, 2) == ["Dee", "Cy", None]
    rooms.start(room.code, teacher)
    late = rooms.join(room.code, "Eve")
    assert late.student.table == 3
    with pytest.raises(RoomRefused, match="table 1 has started"):
        rooms.move(room.code, teacher, late.student.number, 1)


def test_removing_a_student_kills_the_token_at_the_game_and_frees_the_name(rooms, store_service):
    room, teacher = rooms.open("project-assassination", seats_per_table=2)
    ann, _ = joined(rooms, room.code, "Ann", "Ben")
    asking = rooms.join(room.code, "Ann", ask=True)
    game_id = rooms.room(room.code).tables[1].game_id
    rooms.remove(room.code, teacher, 1)
    with pytest.raises(Unauthorized):
        store_service.holder(game_id, ann.device_token)
    assert rooms.device(room.code, ann.device_token)[2] == "removed"
    assert rooms.device(room.code, asking.device_token)[2] == "removed", "a request for the place is answered"
    with pytest.raises(RoomRefused, match="no device is waiting under request 1"):
        rooms.answer(room.code, teacher, 1, let_in=True)
    again = rooms.join(room.code, "Ann")
    assert again.student.number == 3 and (again.student.table, again.student.seat) == (2, 1)
    with pytest.raises(RoomRefused, match="no student 1"):
        rooms.remove(room.code, teacher, 1)


def test_a_closed_room_refuses_new_names_and_lets_its_devices_back(rooms):
    room, teacher = rooms.open("missions", seats_per_table=3)
    ann = rooms.join(room.code, "Ann")
    rooms.close(room.code, teacher)
    with pytest.raises(RoomClosed):
        rooms.join(room.code, "Zoé")
    assert rooms.join(room.code, None, device=ann.device_token).how == "back"
    assert len(rooms.room(room.code).students) == 1


def test_a_full_room_refuses_the_next_name_and_bad_names_are_refused(rooms):
    room, _ = rooms.open("missions", seats_per_table=3, most_students=2)
    joined(rooms, room.code, "Ann", "Ben")
    before = rooms.room(room.code).version
    with pytest.raises(RoomRefused, match="the room is full: it takes 2 students"):
        rooms.join(room.code, "Cy")
    for bad in ("42", "seat 2", "the owner", "\x1b[31mred", "", None):
        with pytest.raises(InvalidSetup):
            rooms.join(room.code, bad)
    assert rooms.room(room.code).version == before


def test_only_the_teachers_token_runs_the_room(rooms):
    room, _ = rooms.open("missions", seats_per_table=3)
    ann = rooms.join(room.code, "Ann")
    with pytest.raises(Unauthorized):
        rooms.close(room.code, None)
    with pytest.raises(Forbidden):
        rooms.close(room.code, ann.device_token)
    assert not rooms.room(room.code).closed


def test_every_event_is_stored_under_its_fixed_topic(rooms, store_service):
    room, teacher = rooms.open("project-assassination", seats_per_table=2, start="teacher")
    ann, _, _ = joined(rooms, room.code, "Ann", "Ben", "Cy")
    rooms.join(room.code, "Ann", ask=True)
    rooms.answer(room.code, teacher, 1, let_in=False)
    rooms.join(room.code, "Ann", personal_code=ann.personal_code)
    rooms.move(room.code, teacher, 3, None)
    rooms.free(room.code, teacher, 3)
    rooms.remove(room.code, teacher, 3)
    rooms.start(room.code, teacher)
    rooms.close(room.code, teacher)
    topics = {n.topic for n in store_service.recorder.select_notifications(1, 10_000) if "Room" in n.topic}
    assert topics == {f"ludolog:Room.{name}" for name in (
        "Opened", "Joined", "Seated", "Moved", "Freed", "Removed", "Asked", "LetIn", "Refused", "TableStarted", "Closed",
        "Code.Created")}


@pytest.mark.parametrize("workers", [1, 2])
def test_thirty_joins_at_once_are_each_seated_once_and_fill_every_table_but_the_last(store, workers):
    services = [GameService(env=store_env(store)) for _ in range(workers)]
    try:
        room, _ = Rooms(services[0]).open("missions", seats_per_table=4)
        names = [f"Kid{n}" for n in range(30)]
        together = threading.Barrier(30)

        def join(number):
            together.wait()
            return Rooms(services[number % workers]).join(room.code, names[number])

        with ThreadPoolExecutor(30) as pool:
            entries = list(pool.map(join, range(30)))
        room = Rooms(services[-1]).room(room.code)
        assert sorted(s.name for s in room.students.values()) == sorted(names)
        places = [(s.table, s.seat) for s in room.students.values()]
        assert None not in {p[0] for p in places} and len(set(places)) == 30
        assert [sum(s is not None for s in room.tables[n].seats) for n in sorted(room.tables)] == [4] * 7 + [2]
        assert [room.tables[n].started for n in sorted(room.tables)] == [True] * 7 + [False]
        for number in range(1, 8):
            table = room.tables[number]
            assert services[0].game(table.game_id).seats == [room.students[s].name for s in table.seats]
        for entry in entries:
            table = room.tables[entry.student.table]
            if table.started:
                assert services[0].holder(table.game_id, entry.device_token) == table.game_seats[entry.student.number]
    finally:
        for service in services:
            service.close()
