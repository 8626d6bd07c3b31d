"""Correction: its views drawn as pictures (``domain.engine.picture``): valid at every step of bot games, the
pieces, tokens and counts where the view has them, the refs the seat on turn's commands name, seat
names carried only as text, and ids that follow the pieces so an event's changes are found.
"""

from __future__ import annotations

from correction_table import RULES, act, landed, move, table
from picture_checks import by_id, fields_carrying

from domain.engine.game import Game
from domain.engine.picture import changed, check, refs
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ana", "Ben"]


def drawn(state, seat=1, seats=SEATS):
    return RULES.picture(RULES.view(state, seat), seats)



def every_picture(game):
    """The picture of each seat's view, the spectator's and the owner's, at the game's current step."""
    views = [RULES.view(game.state, seat) for seat in (1, 2, None)] + [RULES.owner_view(game.state)]
    return [RULES.picture(view, SEATS) for view in views]


def played_games():
    """Bot games to their end (random against random, random against greedy), yielding each step."""
    for seed, players in (("pic-1", {1: RandomBot("a"), 2: RandomBot("b")}), ("pic-2", {1: RandomBot("c"), 2: GreedyBot(2)})):
        game = Game.start(RULES, SEATS, RULES.resolve_options({"turn_limit": 40}), seed, salt=SALT)
        yield game
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, players[seat].choose(RULES, game.state, seat, game.version), "c")
            yield game


def test_every_view_of_every_step_of_bot_games_is_a_valid_picture():
    steps = 0
    for game in played_games():
        for picture in every_picture(game):
            check(picture)
        steps += 1
    assert steps > 20


def test_the_seat_on_turns_commands_name_only_things_its_picture_refers_to():
    checked = set()
    for game in played_games():
        for seat in game.to_act():
            known = set(refs(drawn(game.state, seat)).values())
            for command in RULES.legal_commands(game.state, seat):
                for field in ("piece", "square", "from", "to"):
                    if field in command:
                        assert command[field] in known, (command, field)
                        checked.add(command["type"])
    assert checked == {"spawn", "move"}


def test_pieces_stand_on_the_squares_the_view_puts_them_on_in_their_seats_colour():
    state = table(pieces={"c2": "P", "e1": "N", "b6": "s", "d4": "p"})
    view = RULES.view(state, 1)
    items = by_id(RULES.picture(view, SEATS))
    for piece in view["pieces"]:
        item = items[f"piece:{piece['seat']}:{piece['piece']}"]
        assert (item["at"], item["ref"], item["owner"]) == (piece["square"], piece["square"], piece["seat"])
        assert items[piece["square"]]["kind"] == "space"
        assert f"{SEATS[piece['seat'] - 1]}'s {piece['kind']} on {piece['square']}" in item["title"]
    pieces = [item for item in items.values() if item["kind"] == "piece" and "at" in item]
    assert len(pieces) == len(view["pieces"]) == 4


def test_spawn_rows_take_their_players_colour():
    state = table(first=2)
    items = by_id(drawn(state))
    assert {items[f"{file}6"]["owner"] for file in "abcdef"} == {1}  # seat 2 went first: seat 1's home row is 6
    assert {items[f"{file}1"]["owner"] for file in "abcdef"} == {2}
    assert "owner" not in items["c3"]


def test_counters_and_the_pieces_off_the_board_show_the_views_numbers():
    state = table(pieces={"c2": "P", "d4": "p", "d5": "n"}, denial=(2, 5), resting={2: ["pawn4"]})
    view = RULES.view(state, None)
    items = by_id(RULES.picture(view, SEATS))
    for player in view["players"]:
        seat = player["seat"]
        assert items[f"seat:{seat}:tokens"]["value"] == player["tokens"]
        assert items[f"seat:{seat}:on_board"]["value"] == player["on_board"]
        for kind in ("pawn", "knight", "spearman"):
            for where in ("supply", "resting"):
                drawn_here = [key for key in items if key.startswith(f"seat:{seat}:{where}:{kind}:")]
                assert len(drawn_here) == player[where][kind], (seat, where, kind)
    assert items["seat:2:resting:pawn:1"]["tone"] == "muted" and "ref" not in items["seat:2:resting:pawn:1"]


def test_only_the_seat_spawning_may_click_its_supply():
    state = table(pieces={"c2": "P"}, denial=(0, 1))
    items = by_id(drawn(state, 1))
    assert items["seat:1:supply:knight:1"]["ref"] == "knight"
    assert all("ref" not in item for key, item in items.items() if key.startswith("seat:2:supply:"))
    _, state = move(state, 1, "c2", "d3")  # declared: spawning is over, seat 2 may answer
    assert state.declared is not None
    assert all("ref" not in item for key, item in by_id(drawn(state, 2)).items() if ":supply:" in key)
    _, state = act(state, 2, {"type": "allow"})  # the move lands, the turn passes to seat 2
    items = by_id(drawn(state, 2))
    assert items["seat:2:supply:pawn:1"]["ref"] == "pawn"
    assert all("ref" not in item for key, item in items.items() if key.startswith("seat:1:supply:"))


def test_denial_tokens_are_drawn_on_their_squares_and_a_fresh_one_stands_out():
    state = table(tokens={"c4": 1, "e3": 3})
    items = by_id(drawn(state))
    assert items["token:c4"]["tone"] == "gold" and items["token:c4"]["ref"] == "c4"
    assert items["token:e3"]["tone"] == "danger"  # placed on turn 3, this turn: closed to every piece
    assert len([key for key in items if key.startswith("token:")]) == 2


def test_a_declared_move_is_an_arrow_and_the_status_asks_for_the_answer():
    state = table(pieces={"c2": "P"}, denial=(0, 2))
    _, state = move(state, 1, "c2", "d3")
    assert state.declared is not None
    items = by_id(drawn(state, 2))
    (x1, y1), (x2, y2) = items["declared"]["points"]
    square = {key: items[key] for key in ("c2", "d3")}
    assert (x1, y1) == (square["c2"]["x"] + 0.5, square["c2"]["y"] + 0.5)
    assert (x2, y2) == (square["d3"]["x"] + 0.5, square["d3"]["y"] + 0.5)
    assert items["status"]["text"] == "Ben to answer"
    assert items["status:detail"]["text"].startswith("Ana declared the pawn from c2 to d3")
    assert items["d3"]["tone"] == "accent" and items["declared"]["owner"] == 1
    assert items["piece:1:pawn1"]["at"] == "c2"  # not landed yet


def test_every_seat_sees_the_same_picture_as_nothing_is_secret():
    state = table(pieces={"c2": "P", "d4": "p"}, tokens={"c4": 1}, denial=(1, 3))
    pictures = [drawn(state, seat) for seat in (1, 2, None)] + [RULES.picture(RULES.owner_view(state), SEATS)]
    assert all(picture == pictures[0] for picture in pictures)


def test_a_win_is_told_on_the_table():
    state = table(pieces={"c5": "P"})
    _, state = landed(state, 1, "c5", "d6")
    assert RULES.outcome(state).winners == [1]
    items = by_id(drawn(state))
    assert items["status"]["text"] == "Over: Ana won"
    assert items["status:detail"]["text"] == RULES.outcome(state).reason


def test_a_hostile_seat_name_is_carried_only_as_text():
    hostile = "<script>alert(1)</script>"
    state = table(pieces={"c2": "P"})
    picture = drawn(state, 1, [hostile, "Ben"])
    check(picture)
    assert any(item["kind"] == "text" and item["text"].startswith("<script>") for item in picture["items"])
    assert any(hostile in item.get("title", "") for item in picture["items"])
    assert fields_carrying(picture, "<script>") <= {"text", "title"}


def test_a_long_seat_name_is_cut_short_on_the_table_and_whole_in_the_titles():
    long = "Bartholomew Fitzwilliam the Third of Kent"
    items = by_id(drawn(table(pieces={"c2": "P"}), 1, [long, "Ben"]))
    assert items["seat:1:name"]["text"] == long[:23] + "\u2026"
    assert long in items["piece:1:pawn1"]["title"]


def test_a_move_changes_the_moved_piece_and_the_squares_it_left_and_reached():
    state = table(pieces={"c2": "P", "e1": "N", "b6": "s"})
    before = drawn(state)
    _, state = landed(state, 1, "c2", "d3")
    after = drawn(state)
    found = changed(before, after)
    assert {"piece:1:pawn1", "c2", "d3"} <= set(found)
    assert "piece:1:knight" not in found and "piece:2:spearman" not in found
    assert by_id(after)["piece:1:pawn1"]["at"] == "d3"
