"""``ludolog replay`` at the terminal: the words for what changed, the screen, the keys, piped output."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from cli.replay import Session, read_key, replay
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.cursor import Cursor
from replays.screen import RULE, changes, screen

RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"
SALT = "5eed" * 8
"""With the seed "r1", what decides the replayed game (and so what its screens show)."""


# -- changes -------------------------------------------------------------------------------------


def test_changes_names_a_changed_number_by_its_path():
    before = {"round": 1, "players": [{"seat": 1, "hp": 10}, {"seat": 2, "hp": 10}]}
    after = {"round": 1, "players": [{"seat": 1, "hp": 10}, {"seat": 2, "hp": 7}]}
    assert changes(before, after) == ["players.2.hp: 10 -> 7"]


def test_changes_of_equal_views_are_none():
    view = {"a": [1, {"b": None}], "c": {"d": "e"}}
    assert changes(view, {"a": [1, {"b": None}], "c": {"d": "e"}}) == []


def test_changes_follow_nested_keys_added_and_removed():
    before = {"turn": {"seat": 1, "actions": {"used": 0, "left": 2}}, "cards": {"b7": ["boots"]}}
    after = {"turn": {"seat": 1, "actions": {"used": 1, "left": 1}}, "cards": {"a6": ["loot_crate"]}}
    assert changes(before, after) == [
        "turn.actions.used: 0 -> 1",
        "turn.actions.left: 2 -> 1",
        "cards.b7: removed ([boots])",
        "cards.a6: added [loot_crate]",
    ]


def test_changes_summarise_an_item_added_to_a_list_of_objects():
    grunt = {"kind": "grunt", "square": "b5", "hp": 2, "caged": False}
    heavy = {"kind": "heavy", "square": "c6", "hp": 3, "caged": False}
    assert changes({"enemies": [grunt]}, {"enemies": [grunt, heavy]}) == [
        "enemies: +1 ({kind=heavy square=c6 hp=3 …})",
    ]


def test_changes_match_list_items_so_a_removal_in_the_middle_is_one_line():
    enemies = [{"kind": kind, "hp": 2} for kind in ("grunt", "medic", "heavy")]
    after = [enemies[0], {"kind": "heavy", "hp": 1}]
    assert changes({"enemies": enemies}, {"enemies": after}) == [
        "enemies.2.hp: 2 -> 1",
        "enemies: -1 ({kind=medic hp=2})",
    ]


def test_changes_show_short_scalar_lists_whole_and_long_ones_as_added_and_removed():
    assert changes({"to_act": [1]}, {"to_act": [2]}) == ["to_act: [1] -> [2]"]
    deck = ["loot_crate", "uzi", "muzzle", "grenade", "cage", "shotgun", "sight", "boots"]
    assert changes({"deck": deck}, {"deck": deck[1:]}) == ["deck: -1 (loot_crate)"]
    assert changes({"deck": deck}, {"deck": [*deck[1:], deck[0]]}) == ["deck: reordered (8 items)"]


def test_changes_say_none_for_null_and_summarise_an_object_appearing():
    assert changes({"turn": None}, {"turn": {"seat": 2, "drew": False}}) == ["turn: none -> {seat=2 drew=false}"]


def test_changes_are_capped_with_how_many_more():
    before = {f"k{n:02}": 0 for n in range(20)}
    after = {f"k{n:02}": 1 for n in range(20)}
    found = changes(before, after)
    assert len(found) == 12
    assert found[:11] == [f"k{n:02}: 0 -> 1" for n in range(11)]
    assert found[-1] == "… and 9 more"
    assert changes(before, after, limit=3) == ["k00: 0 -> 1", "k01: 0 -> 1", "… and 18 more"]
    assert len(changes(before, {**before, "k00": 1}, limit=1)) == 1


# -- a stored game ------------------------------------------------------------------------------


@pytest.fixture
def played(service: GameService):
    game_id = service.create_game("project-assassination", ["Ana", "Ben"], seed="r1", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=0):
        pass
    return game_id


def session_at(service, game_id, viewer="owner", at=1):
    cursor = Cursor(service, game_id, viewer)
    cursor.goto(at)
    return Session(cursor, cursor.seats)


def no_line(prompt: str) -> str:
    raise AssertionError(f"no line should be read here (asked {prompt!r})")


def test_screen_shows_the_board_the_step_the_sentence_and_the_changes(service, played):
    cursor = Cursor(service, played)
    cursor.first()
    first = screen(cursor, cursor.seats)
    assert "step 1 of" in first and "New game of Project Assassination" in first
    assert "changed" not in first

    moved = cursor.find("moved")
    assert moved is not None
    cursor.goto(moved)
    text = screen(cursor, cursor.seats)
    step = cursor.step
    assert cursor.render() in text
    assert f"step {moved} of {cursor.total}  turn {step.turn}" in text
    assert step.event.sentence in text
    assert f"{cursor.seats[step.event.seat - 1]} (seat {step.event.seat})" in text
    assert "changed:" in text and ".square: " in text
    assert "q quit" in text
    assert "q quit" not in screen(cursor, cursor.seats, keys=False)
    assert "replayed as the owner" in text


def test_keys_move_the_session_step_by_step(service, played):
    session = session_at(service, played)
    cursor = session.cursor
    total = cursor.total

    def press(key, line=""):
        assert session.handle(key, lambda prompt: line) is True
        return cursor.position

    assert press(RIGHT) == 2
    assert press("n") == 3
    assert press(" ") == 4
    assert press(LEFT) == 3
    assert press("p") == 2
    assert press(END) == total
    assert press("n") == total and session.note == "This is the last step."
    assert press(HOME) == 1
    assert press("p") == 1 and session.note == "This is the first step."
    assert press(">") == total
    assert press("<") == 1
    assert press("\x1b[4~") == total
    assert press("\x1b[1~") == 1

    assert press("g", "10") == 10
    assert f"step 10 of {total}" in session.render()
    assert press("g", "0") == 10 and "No step '0'" in session.note
    assert press("g", "x") == 10 and "No step 'x'" in session.note
    assert press("g", "") == 10 and session.note == ""

    found = press("/", "moved")
    assert found > 10
    assert "moved" in cursor.step.event.sentence
    assert all("moved" not in cursor.event(n).sentence for n in range(11, found))
    text = session.render()
    assert f"step {found} of {total}" in text and cursor.step.event.sentence in text and "changed:" in text
    assert press("/", "no such words anywhere") == found and session.note.startswith("Not found")

    turn = cursor.step.turn
    after = press("t")
    assert cursor.step.turn == turn + 1
    assert cursor.rules.turn_number(cursor.state_at(after - 1)) == turn

    assert press("z") == after and "Unknown key" in session.note
    assert session.note in session.render()
    assert session.handle("q", no_line) is False


def test_t_at_the_last_turn_says_so(service, played):
    session = session_at(service, played, at=Cursor(service, played).total)
    assert session.handle("t", no_line) is True
    assert session.note == "No turn begins after this step."


def test_read_key_keeps_escape_sequences_whole():
    def keys(*chars):
        pending = list(chars)
        return lambda: pending.pop(0)

    assert read_key(keys("\x1b[C")) == RIGHT
    assert read_key(keys("\x1b", "[", "D")) == LEFT
    assert read_key(keys("\x1b[", "1", "~")) == "\x1b[1~"
    assert read_key(keys("\x1bO", "H")) == "\x1bOH"
    assert read_key(keys("n")) == "n"


def test_a_seat_replays_only_what_it_knew(service, played):
    owner = session_at(service, played, at=2)
    seat = session_at(service, played, viewer=1, at=2)
    assert owner.cursor.step.event.type == seat.cursor.step.event.type == "TableLaid"
    assert owner.cursor.step.event.data == seat.cursor.step.event.data  # no deck order recorded to hide
    seat_screen = seat.render()
    assert "replayed as Ana (seat 1)" in seat_screen
    assert seat.cursor.step.event.sentence in seat_screen

    # a draw: the owner sees which card left the deck, the seat only the count
    for session in (owner, seat):
        assert session.handle("/", lambda prompt: "from the collectible deck") is True
    assert owner.cursor.position == seat.cursor.position
    assert "deck_contents.collectible." in owner.render()
    assert "decks.collectible: 30 -> 29" in seat.render() and "deck_contents" not in seat.render()


# -- the command --------------------------------------------------------------------------------


@pytest.fixture
def stored(db_path):
    service = GameService(env=store_env(db_path))
    game_id = service.create_game("project-assassination", ["Ana", "Ben"], seed="r1", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=0):
        pass
    return service, game_id


def run(db_path, *args):
    return CliRunner().invoke(replay, [*args, "--db", db_path])


def test_piped_replay_prints_every_step_in_order(db_path, stored):
    service, game_id = stored
    sentences = [event.sentence for event in service.read_events(game_id)]
    total = len(sentences)
    result = run(db_path, str(game_id)[:8])
    assert result.exit_code == 0, result.output
    output = result.output
    screens = output.split(RULE + "\n")
    assert len(screens) == total
    assert screens[0].count("step 1 of") == 1 and f"step {total} of {total}" in screens[-1]
    position = 0
    for number, sentence in enumerate(sentences, 1):
        found = output.find(f"step {number} of {total}", position)
        assert found >= position, number
        position = output.index(sentence, found)
    assert "q quit" not in output and "\x1b" not in output


def test_piped_replay_starts_at_and_as_a_seat(db_path, stored):
    service, game_id = stored
    total = len(service.read_events(game_id))
    result = run(db_path, str(game_id), "--at", str(total - 1), "--as", "Ana")
    assert result.exit_code == 0, result.output
    assert result.output.count(RULE) == 1
    assert f"step {total - 1} of {total}" in result.output and f"step {total} of {total}" in result.output
    assert "step 1 of" not in result.output
    assert "replayed as Ana (seat 1)" in result.output

    early = run(db_path, str(game_id), "--as", "1", "--at", "2")
    assert early.exit_code == 0
    setup = early.output.split(RULE)[0]
    assert "step 2 of" in setup and "data: call=heads" in setup
    owner_setup = run(db_path, str(game_id), "--at", "2").output.split(RULE)[0]
    assert "data: call=heads" in owner_setup  # the same setup for the owner: nothing was hidden


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ffffffff-0000-0000-0000-000000000000"], "no game"),
        (["zz"], "no game"),
        (["GAME", "--as", "Cy"], "no seat 'Cy'"),
        (["GAME", "--as", "3"], "no seat '3'"),
        (["GAME", "--at", "0"], "no step 0"),
        (["GAME", "--at", "9999"], "no step 9999"),
    ],
)
def test_mistakes_exit_non_zero_with_one_line(db_path, stored, args, message):
    _, game_id = stored
    result = run(db_path, *[str(game_id) if arg == "GAME" else arg for arg in args])
    assert result.exit_code == 1
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_command_works_under_a_group_as_the_lead_registers_it(db_path, stored):
    _, game_id = stored

    @click.group()
    def group() -> None:
        pass

    group.add_command(replay)
    result = CliRunner().invoke(group, ["replay", str(game_id), "--at", "3", "--db", db_path])
    assert result.exit_code == 0 and "step 3 of" in result.output
    bad = CliRunner().invoke(group, ["replay", str(game_id), "--as", "nobody", "--db", db_path])
    assert bad.exit_code == 1 and bad.output.strip().startswith("Error: no seat 'nobody'")
