"""The picture format (``domain.engine.picture``): what ``check`` refuses, what ``changed`` finds, what commands
call each thing (``refs``), the contract's default picture, and every ruleset drawing a picture that keeps
the format for each viewer of a game in play (each game's own picture tests check what it draws)."""

from __future__ import annotations

import copy

import pytest

from domain.engine import registry
from domain.engine.game import Game
from domain.engine.picture import (
    COLOURS,
    BadPicture,
    changed,
    check,
    grid,
    refs,
    seat_colours,
    text_picture,
)
from domain.engine.ruleset import Ruleset

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

BOARD = {"width": 3, "height": 2, "items": [
    *grid("abc", "12"),
    {"kind": "piece", "id": "p", "at": "a1", "owner": 1, "label": "K", "title": "a knight"},
    {"kind": "card", "id": "c", "x": 0, "y": 0, "w": 1, "h": 1.4, "name": "Sniper", "ref": "sniper"},
]}


def test_a_picture_that_keeps_the_format_is_accepted_as_it_is():
    assert check(copy.deepcopy(BOARD)) == BOARD


@pytest.mark.parametrize("broken, says", [
    ({"width": 0}, "width is a positive number"),
    ({"items": {}}, "items are a list"),
    ({"extra": 1}, "an object with width, height and items"),
    ({"colours": {"1": "pink"}}, "colours name seats"),
    ({"colours": {"9": "red"}}, "colours name seats"),
    ({"colours": {1: "red"}}, "colours name seats"),
    ({"colours": ["red"]}, "colours name seats"),
    ({"colours": {"1": "red", "2": "red"}}, "two seats one colour"),
])
def test_a_picture_without_its_size_or_items_is_refused(broken, says):
    with pytest.raises(BadPicture, match=says):
        check({**BOARD, **broken})


def test_a_picture_may_name_its_seats_colours_and_the_others_keep_theirs_or_take_one_left():
    assert check({**BOARD, "colours": {"1": "red", "2": "blue"}})["colours"] == {"1": "red", "2": "blue"}
    assert seat_colours(BOARD, 3) == {1: "blue", 2: "red", 3: "green"}
    assert seat_colours({**BOARD, "colours": {"1": "red", "2": "blue"}}, 3) == {1: "red", 2: "blue", 3: "green"}
    assert seat_colours({**BOARD, "colours": {"2": "blue"}}, 3) == {1: "red", 2: "blue", 3: "green"}
    assert seat_colours({**BOARD, "colours": {"3": "blue"}}, 3) == {1: "red", 2: "green", 3: "blue"}
    assert len(set(seat_colours({**BOARD, "colours": {"8": "blue"}}, 8).values())) == len(COLOURS)


@pytest.mark.parametrize("item, says", [
    ({"kind": "blob"}, "kind is one of"),
    ({"kind": "space", "x": 0, "y": 0, "w": 1}, "missing h"),
    ({"kind": "piece", "label": "K"}, r"missing at \(or x and y\)"),
    ({"kind": "piece", "at": "z9"}, "no space's id"),
    ({"kind": "text", "x": 0, "y": 0, "text": "t", "colour": "red"}, "unknown field 'colour'"),
    ({"kind": "text", "x": 0, "y": float("nan"), "text": "t"}, "y is a number"),
    ({"kind": "space", "id": "a1", "x": 0, "y": 0, "w": 1, "h": 1}, "used twice"),
    ({"kind": "piece", "at": "a1", "owner": 9}, "owner is a seat number"),
    ({"kind": "piece", "at": "a1", "owner": True}, "owner is a seat number"),
    ({"kind": "area", "x": 0, "y": 0, "w": 1, "h": 1, "tone": "pink"}, "tone is one of"),
    ({"kind": "piece", "at": "a1", "shape": "star"}, "shape is one of"),
    ({"kind": "card", "x": 0, "y": 0, "w": 1, "h": 1, "lines": "text"}, "lines is a list of texts"),
    ({"kind": "card", "x": 0, "y": 0, "w": -1, "h": 1}, "w is positive"),
    ({"kind": "line", "points": [[0, 0]]}, "two or more"),
    ({"kind": "counter", "x": 0, "y": 0, "label": "HP", "value": [1]}, "value is a number or text"),
    ({"kind": "text", "x": 0, "y": 0, "text": 3}, "text is text"),
])
def test_an_item_that_breaks_the_format_is_refused_naming_it(item, says):
    with pytest.raises(BadPicture, match=says):
        check({**BOARD, "items": [*BOARD["items"], item]})


def test_what_an_event_changed_is_the_items_that_differ_and_the_squares_a_piece_left_and_reached():
    after = copy.deepcopy(BOARD)
    after["items"][-2]["at"] = "b2"
    after["items"][-1]["name"] = "Pistol"
    after["items"].append({"kind": "piece", "id": "new", "at": "c1"})
    assert changed(BOARD, after) == ["p", "a1", "b2", "c", "new", "c1"]
    assert changed(BOARD, copy.deepcopy(BOARD)) == [] and changed(None, BOARD) == []


def test_what_commands_call_each_thing_is_its_ref_or_a_spaces_id():
    found = refs(BOARD)
    assert found["a1"] == "a1" and found["c"] == "sniper" and "p" not in found


def test_the_contracts_default_picture_is_the_terminal_board_as_text():
    class Plain(registry.get("correction").__class__):
        drawing = None

    rules = Plain()
    game = Game.start(rules, ["Ann", "Ben"], rules.resolve_options({}), "plain", salt=SALT)
    view = rules.view(game.state, 1)
    picture = Ruleset.picture(rules, view, game.seats)
    assert check(picture) == text_picture(rules.render(view, game.seats)) == rules.picture(view, game.seats)
    assert picture["items"][0]["text"] == rules.render(view, game.seats)


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda rules: rules.name)
def test_every_ruleset_draws_each_viewers_view_as_a_picture_of_its_own(rules):
    seats = ["Ann", "Ben", "Cy"][: max(2, rules.min_seats)]
    game = Game.start(rules, seats, rules.resolve_options({}), "pictures", salt=SALT)
    viewers = [*range(1, len(seats) + 1), None]
    for _ in range(12):
        if game.outcome() is not None:
            break
        seat = game.to_act()[0]
        game.play(seat, rules.legal_commands(game.state, seat)[0], f"c{game.version}")
    for viewer in viewers:
        view = rules.view(game.state, viewer)
        picture = check(rules.picture(view, seats))
        assert picture != text_picture(rules.render(view, seats)), f"{rules.name} draws its board, not its text"
    check(rules.picture(rules.owner_view(game.state), seats))
