"""``ludolog room``: a room opened from the command line prints its code, its join link and the teacher's dashboard
link (its token shown once) and writes its QR code; ``show`` lists its tables, names (escaped for the terminal), each
table's game, who waits and the devices asking; ``start``, ``close``, ``move``, ``free``, ``remove``, ``let-in`` and
``refuse`` act as the teacher, a student given by number or name; ``export`` writes every table's games in one zip
whose NDJSON imports and audits clean; ``report`` writes the class's playtest report. Every mistake (an unknown code,
a student or request the room has not, a started table's student moved) is one line, exit 1, and changes nothing."""

from __future__ import annotations

import json
import os
import re
import zipfile

import pytest
from cli_runs import invoke, one_line_error

from domain.keeping.room_records import Room
from domain.keeping.room_views import table_games
from domain.keeping.rooms import AT_THE_STORE, Rooms
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import records
from replays.audit import audit

URL = "http://192.168.1.20:8000"
NEW = ("room", "new", "correction", "--seats-per-table", "2", "--url", URL)


@pytest.fixture(autouse=True)
def no_public_url(monkeypatch):
    monkeypatch.delenv("LUDOLOG_PUBLIC_URL", raising=False)


@pytest.fixture
def services(db_path):
    """``services()``: a new service on the test's store (the commands write with one of their own); closed after."""
    opened: list[GameService] = []

    def new() -> GameService:
        opened.append(GameService(env=store_env(db_path)))
        return opened[-1]

    yield new
    for service in opened:
        service.close()


@pytest.fixture
def rooms(services):
    """The rooms of the test's store, each use on a service of its own (reading what the commands wrote)."""

    class Fresh:
        def __getattr__(self, name):
            return getattr(Rooms(services()), name)

    return Fresh()


def opened(run, *more: str) -> str:
    made = run(*NEW, *more)
    assert made.exit_code == 0, made.output
    return made.stdout.splitlines()[0].removeprefix("Room code: ")


@pytest.fixture
def code(run, rooms) -> str:
    """A room the teacher starts, Ann and Ben at table 1, Cy at table 2."""
    found = opened(run, "--start", "teacher")
    for name in ("Ann", "Ben", "Cy"):
        rooms.join(found, name)
    return found


def test_new_prints_the_code_the_join_link_and_the_dashboard_link_and_writes_the_qr_code(run, rooms, tmp_path):
    made = run(*NEW, "--fill", "greedy", "--pace", "0", "--option", "turn_limit=50", "--name", "Year 9", "-o", str(tmp_path / "qr.svg"))
    assert made.exit_code == 0, made.output
    lines = made.stdout.splitlines()
    code = lines[0].removeprefix("Room code: ")
    assert re.fullmatch(r"[ACDEFHJKMNPRTUVWXY]{6}", code)
    assert f"Join link: {URL}/#/room/{code}" in lines
    dashboard = next(line for line in lines if line.startswith("Teacher's dashboard"))
    token = re.search(rf"{re.escape(URL)}/#/room/{code}/teacher/(\S+)$", dashboard).group(1)
    room = rooms.teacher(code, token)  # the token in the link is the room's teacher's
    assert (room.name, room.options["turn_limit"], room.fill) == ("Year 9", 50, {"strategy": "greedy", "budget": None, "pace_ms": 0})
    assert "<svg" in (tmp_path / "qr.svg").read_text()
    assert "QR code written to" in made.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("room", "new", "correction", "--seats-per-table", "2"), "no running service has recorded its address"),
    ((*NEW[:-1], "192.168.1.20:8000"), "is not an http:// or https:// address"),
    ((*NEW, "--fill", "nobody", "--pace", "100"), "--budget and --pace are a filling bot's"),
    ((*NEW, "--seats-per-table", "3"), "Correction is played by 2 players, not 3"),
    (("room", "new", "chess", "--seats-per-table", "2", "--url", URL), "no ruleset named 'chess'"),
    ((*NEW, "--fill", "search", "--budget", "99999"), "a bot runs at most 20000 simulations a move"),
])
def test_a_room_not_opened_is_one_line_and_leaves_no_store(run, db_path, args, message):
    assert message in one_line_error(run(*args))
    assert not os.path.exists(db_path)


def test_show_lists_the_tables_names_each_game_who_waits_and_the_requests(run, rooms, code):
    rooms.start(code, AT_THE_STORE)
    rooms.join(code, "Dee")
    rooms.join(code, "Ann", ask=True)
    shown = run("room", "show", code)
    assert shown.exit_code == 0, shown.output
    text = shown.stdout
    assert f"Room {code}: Correction class, open" in text
    assert "Table 1: game " in text and "playing; to act: " in text
    assert "  seat 1  #1 Ann" in text and "  seat 2  #2 Ben" in text
    assert "Table 2: waiting to start" in text and "  seat 1  #3 Cy" in text
    assert "Request 1: a new device asks for #1 Ann's place" in text


def test_names_with_terminal_escapes_are_shown_as_escapes(run, rooms, code, services):
    service = services()
    room = Rooms(service).room(code)  # a name recorded before names were checked: its escape is data
    room.trigger_event(Room.Joined, student=9, name="\x1b[31mRed\x07", device="d" * 64, personal="p" * 64)
    room.trigger_event(Room.Seated, student=9, table=2, seat=2)
    service._save(room, what="the test's name")
    text = run("room", "show", code).stdout
    assert "\x1b" not in text and "\x07" not in text
    assert "#9 \\x1b[31mRed\\x07" in text


def test_start_starts_the_tables_it_can_and_says_why_the_others_wait(run, rooms, code):
    started = run("room", "start", code)
    assert started.exit_code == 0, started.output
    assert "Table 1 started: Ann, Ben." in started.stdout
    assert "Table 2 waits: it has 1 of the 2 players the game needs" in started.stdout
    assert [number for number, _ in table_games(rooms.room(code))] == [1]


def test_move_free_and_remove_by_number_or_name(run, rooms, code):
    moved = run("room", "move", code, "cy", "--table", "1")
    assert moved.exit_code == 1 and "table 1 is full" in one_line_error(moved)
    assert run("room", "move", code, "ann", "--table", "2").stdout == "Moved #1 Ann to table 2, seat 2.\n"
    assert run("room", "move", code, "2", "--new-table").stdout == "Moved #2 Ben to table 3, seat 1.\n"
    assert rooms.room(code).students[2].table == 3
    assert "Freed #3 Cy" in run("room", "free", code, "Cy").stdout
    assert rooms.room(code).students[3].table is None
    assert "Removed #2 Ben from the room" in run("room", "remove", code, "Ben").stdout
    assert 2 not in rooms.room(code).students


def test_a_student_at_a_started_table_is_not_moved_or_freed(run, rooms, code):
    rooms.start(code, AT_THE_STORE)
    before = rooms.room(code).version
    for args in (("move", code, "Ann", "--new-table"), ("free", code, "1")):
        assert "table 1 is playing" in one_line_error(run("room", *args))
    assert rooms.room(code).version == before


@pytest.mark.parametrize("args", [("move", "{code}", "Zed", "--table", "1"), ("free", "{code}", "42"), ("remove", "{code}", "Zed"),
                                  ("let-in", "{code}", "7"), ("refuse", "{code}", "Zed")])
def test_a_student_or_request_the_room_has_not_is_one_line_and_changes_nothing(run, rooms, code, args):
    before = rooms.room(code).version
    message = one_line_error(run("room", *(arg.format(code=code) for arg in args)))
    assert "no student" in message or "no device is waiting" in message
    assert rooms.room(code).version == before


@pytest.mark.parametrize("args", [("show",), ("start",), ("close",), ("move", "1", "--table", "1"), ("free", "1"), ("remove", "1"),
                                  ("let-in", "1"), ("refuse", "1"), ("export", "-o", "x.zip"), ("report",)])
def test_an_unknown_code_is_one_line(run, code, args):
    assert one_line_error(run("room", args[0], "KXMPTA", *args[1:])) == (
        "Error: no room has the code KXMPTA: check the code on the board and type it again")


@pytest.mark.parametrize("args", [(), ("--table", "2", "--new-table")])
def test_move_takes_one_of_table_and_new_table(run, code, args):
    assert "give one of --table N and --new-table" in one_line_error(run("room", "move", code, "Ann", *args))


def test_let_in_and_refuse_a_new_device_by_request_or_name(run, rooms, code):
    rooms.join(code, "Ann", ask=True)
    rooms.join(code, "Ben", ask=True)
    let = run("room", "let-in", code, "Ann")
    assert let.stdout == "Let in request 1: the new device has #1 Ann's place; the old device no longer works.\n"
    refused = run("room", "refuse", code, "2")
    assert refused.stdout == "Refused request 2, a new device asking for #2 Ben's place: it gets no one's place.\n"
    room = rooms.room(code)
    assert room.requests == {} and sorted(room.gone.values()) == ["refused", "replaced"]


def test_close_lets_no_one_new_in(run, rooms, code):
    assert f"Room {code} is closed" in run("room", "close", code).stdout
    with pytest.raises(Exception, match="closed this room"):
        rooms.join(code, "Zed")


def test_export_writes_every_started_tables_games_that_import_and_audit_clean(run, rooms, code, services, tmp_path):
    rooms.start(code, AT_THE_STORE)
    game_id = table_games(rooms.room(code))[0][1]
    service = services()
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    written = run("room", "export", code, "-o", str(tmp_path / "class.zip"))
    assert written.exit_code == 0, written.output
    with zipfile.ZipFile(tmp_path / "class.zip") as archive:
        assert sorted(archive.namelist()) == ["room.json", "table-01-ann-ben.md", "table-01-ann-ben.ndjson"]
        text = archive.read("table-01-ann-ben.ndjson").decode()
        about = json.loads(archive.read("room.json"))
        diary = archive.read("table-01-ann-ben.md").decode()
    fresh = GameService(env=store_env(None))
    assert records.import_games(fresh, text) == [game_id]
    assert audit(fresh, game_id).clean
    assert "Ann" in diary and "Ben" in diary
    assert about["code"] == code and [s["name"] for s in about["students"]] == ["Ann", "Ben", "Cy"]
    room = rooms.room(code)
    with zipfile.ZipFile(tmp_path / "class.zip") as archive:
        everything = "".join(archive.read(name).decode() for name in archive.namelist())
    secrets = [room.teacher, *(s.device for s in room.students.values()), *(s.personal for s in room.students.values())]
    assert not [secret for secret in secrets if secret in everything]  # no token's hash, no personal code's


def test_report_prints_the_class_beside_the_bots_and_writes_json(run, rooms, code, services, tmp_path):
    rooms.start(code, AT_THE_STORE)
    service = services()
    for _ in service.play_bots(table_games(rooms.room(code))[0][1], bot_seed=1):
        pass
    printed = run("room", "report", code, "--bot-games", "6", "--workers", "1", "-q")
    assert printed.exit_code == 0, printed.output
    assert printed.stdout.startswith("# Playtest report of Correction class")
    assert "The class played only 1 game to the end" in printed.stdout
    assert f"seeds room-{code}:0 to room-{code}:5" in printed.stdout
    target = tmp_path / "report.json"
    assert run("room", "report", code, "--format", "json", "--bot-games", "0", "-o", str(target)).exit_code == 0
    figures = json.loads(target.read_text())
    assert figures["counts"]["finished"] == 1 and figures["people"]["fairness"]["games"] == 1


def test_the_rooms_help_lists_its_commands_with_an_example():
    shown = invoke("room", "-h")
    assert "ludolog room new" in shown.stdout
    for command in ("new", "show", "start", "close", "move", "free", "remove", "let-in", "refuse", "export", "report"):
        assert re.search(rf"^  {command} ", shown.stdout, re.MULTILINE), command
