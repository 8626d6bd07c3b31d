"""A table-kit game's view drawn (``domain.games.table_kit.shown.picture``) and printed (``present_text``): the
picture keeps the format and draws to SVG, every space is an item named as commands name it, every
piece stands at its space, and a card the view does not name is drawn and printed face down, nameless.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from picture_checks import by_id, fields_carrying

from domain.engine.picture import check, refs, smallest_text
from domain.games.table_kit.vocabulary.layout import group_spaces
from domain.games.table_kit.shown.picture import picture
from domain.games.table_kit.shown.present_text import render
from replays.drawing import to_svg

SEATS = ["Ann", "Ben", "Cy"]


def view(spaces, pieces=(), zones=(), cards=None, dice=(), counters=(), turn=1, outcome=None):
    return {"kit": {"name": "test-kit", "title": "Test Kit", "hash": "ab12"}, "seats": 3, "turn": turn, "turns": 5,
            "spaces": list(spaces), "pieces": list(pieces), "zones": list(zones), "cards": cards or {},
            "dice": list(dice), "counters": list(counters), "outcome": outcome}


def grid_with_cards():
    return view(
        [{"kind": "grid", "name": "board", "label": "The board", "columns": 3, "rows": 3}],
        pieces=[{"id": "pawn-1", "kind": "pawn", "owner": 1, "at": "a1", "label": "P"},
                {"id": "pawn-2", "kind": "pawn", "owner": 2, "at": "c3", "label": "P"},
                {"id": "pawn-3", "kind": "pawn", "owner": 3, "at": "off", "label": "P"},
                {"id": "robber", "kind": "robber", "owner": None, "at": "b2", "label": "R"}],
        zones=[{"name": "hand:1", "shows": "holder", "owner": 1, "hidden": 0, "count": 2,
                "cards": [{"card": "Gold", "up": False}, {"card": "Silver", "up": False}]},
               {"name": "hand:2", "shows": "holder", "owner": 2, "hidden": 0, "count": 3,
                "cards": [{"card": None, "up": False}] * 3},
               {"name": "draw", "shows": "face-down", "owner": None, "hidden": 12, "count": 14,
                "cards": [{"card": None, "up": False}, {"card": "Copper", "up": True}]},
               {"name": "discard", "shows": "face-up", "owner": None, "hidden": 0, "count": 0, "cards": []}],
        cards={"Gold": {"text": "+1 money", "fields": {"value": 1}}, "Silver": {"text": "Draw a card, then discard one.", "fields": {}},
               "Copper": {"text": "", "fields": {"value": 0}}, "Secret Dragon": {"text": "wins the game", "fields": {}}},
        dice=[{"name": "d6", "faces": [1, 2, 3, 4, 5, 6], "last": [4]}, {"name": "coin", "faces": ["heads", "tails"], "last": None}],
        counters=[{"key": f"money:{seat}", "name": "money", "seat": seat, "value": seat * 3, "min": 0, "max": 20} for seat in (1, 2, 3)]
        + [{"key": "round", "name": "round", "seat": None, "value": 1, "min": None, "max": None}])


def snake_track():
    links = [{"from": 4, "to": 14, "label": "ladder"}, {"from": 28, "to": 84, "label": "ladder"},
             {"from": 98, "to": 78, "label": "snake"}, {"from": 17, "to": 7, "label": "snake"}]
    return view([{"kind": "track", "name": "track", "count": 100, "columns": 10, "links": links,
                  "kinds": {"1": "start", "100": "end"}}],
                pieces=[{"id": f"pawn-{seat}", "kind": "pawn", "owner": seat, "at": at, "label": "P"}
                        for seat, at in ((1, "17"), (2, "17"), (3, "100"))],
                dice=[{"name": "d6", "faces": [1, 2, 3, 4, 5, 6], "last": [6]}], turn=None,
                outcome={"winners": [3], "reason": "reached 100"})


def loop_and_graph():
    neighbours = {"north": ["east", "west"], "east": ["north", "south"], "south": ["east", "west"],
                  "west": ["north", "south", "centre"], "centre": ["west"]}
    return view([{"kind": "loop", "name": "ring", "names": [f"r{n}" for n in range(1, 19)], "links": [{"from": "r3", "to": "north"}]},
                 {"kind": "graph", "name": "map", "neighbours": neighbours},
                 {"kind": "zone", "name": "market"}],
                pieces=[{"id": "ship-1", "kind": "ship", "owner": 1, "at": "r5", "label": "S"},
                        {"id": "ship-2", "kind": "ship", "owner": 2, "at": "centre", "label": "S"},
                        {"id": "goods", "kind": "goods", "owner": None, "at": "market", "label": "G"}])


VIEWS = {"grid": grid_with_cards, "snake": snake_track, "loop and graph": loop_and_graph}


@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_the_picture_keeps_the_format_and_draws_as_svg(make):
    drawn = check(picture(make(), SEATS))
    ET.fromstring(to_svg(drawn, SEATS))
    assert 10 <= drawn["width"] <= 30 and drawn["height"] <= 30


@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_every_space_is_an_item_named_as_the_commands_name_it(make):
    shown = make()
    clickable = refs(picture(shown, SEATS))
    for group in shown["spaces"]:
        for name in group_spaces(group):
            assert clickable[name] == name


@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_every_piece_is_drawn_at_its_space(make):
    shown = make()
    items = by_id(picture(shown, SEATS))
    for piece in shown["pieces"]:
        drawn = items[f"piece:{piece['id']}"]
        assert drawn["at"] == piece["at"] and drawn["ref"] == piece["at"] and drawn.get("owner") == piece["owner"]


def test_a_piece_title_names_its_seat_and_its_space():
    items = by_id(picture(grid_with_cards(), SEATS))
    assert items["piece:pawn-1"]["title"] == "Ann's pawn-1 on a1"
    assert items["piece:pawn-3"]["title"] == "Cy's pawn-3 off the board"


def test_a_grid_is_named_like_a_chessboard_from_the_bottom_left():
    items = by_id(picture(grid_with_cards(), SEATS))
    assert items["a1"]["y"] > items["a3"]["y"] and items["a1"]["x"] < items["c1"]["x"]
    assert items["a1"]["tone"] != items["b1"]["tone"]


def test_a_snake_track_turns_at_each_end_of_its_rows():
    items = by_id(picture(snake_track(), SEATS))
    assert items["1"]["y"] == items["10"]["y"] > items["11"]["y"]
    assert items["10"]["x"] == items["11"]["x"] and items["1"]["x"] == items["20"]["x"]
    assert items["100"]["x"] == items["1"]["x"] and items["100"]["y"] < items["90"]["y"]


def test_links_are_lines_from_centre_to_centre_titled_by_their_label():
    items = by_id(picture(snake_track(), SEATS))
    ladder = items["link:track:0"]
    assert ladder["title"] == "ladder from 4 to 14"
    four = items["4"]
    assert ladder["points"][0] == pytest.approx([four["x"] + four["w"] / 2, four["y"] + four["h"] / 2])
    assert ladder["tone"] == "good" and items["link:track:2"]["tone"] == "danger"


def test_a_graph_draws_each_pair_of_neighbours_once():
    edges = [item for item in picture(loop_and_graph(), SEATS)["items"] if item["id"].startswith("edge:")]
    assert len(edges) == 5


def test_a_card_the_view_does_not_name_is_face_down_and_nameless():
    shown = grid_with_cards()
    drawn = picture(shown, SEATS)
    items = by_id(drawn)
    for index in range(3):
        card = items[f"card:hand:2:{index}"]
        assert card["face_down"] and "name" not in card and "ref" not in card
    assert items["card:draw:0"]["face_down"] and items["card:draw:1"]["name"] == "Copper"
    assert items["zone:draw:pile"]["face_down"] and "12" in items["zone:draw:pile"]["title"]
    assert items["card:hand:1:0"]["name"] == "Gold" and "+1 money" in items["card:hand:1:0"]["lines"]
    assert "Secret Dragon" not in json.dumps(drawn)


def test_hands_and_counters_are_labelled_with_seat_names_and_ids_never_carry_them():
    drawn = picture(grid_with_cards(), SEATS)
    items = by_id(drawn)
    assert items["zone:hand:1:name"]["text"].startswith("Ann's hand") and items["zone:hand:1:name"]["ref"] == "zone:hand:1"
    assert items["counter:money:2"]["label"] == "Ben's money" and items["counter:money:2"]["max"] == 20
    assert items["counter:round"]["label"] == "round" and "max" not in items["counter:round"]
    assert not any("Ann" in key or "Ben" in key for key in items)
    assert fields_carrying(drawn, "Ann") <= {"label", "text", "title"}


def test_text_sizes_keep_the_smallest_the_format_draws():
    for make in VIEWS.values():
        drawn = picture(make(), SEATS)
        smallest = smallest_text(drawn["width"])
        assert smallest <= 0.32  # a text of 0.26 units is raised, never dwarfed by a huge board
        assert all(item.get("size", 1) >= 0.25 for item in drawn["items"] if item["kind"] == "text")


def test_the_status_says_whose_turn_or_how_the_game_ended():
    assert by_id(picture(grid_with_cards(), SEATS))["text:turn"]["text"] == "Turn 5: Ann to act"
    assert by_id(picture(snake_track(), SEATS))["text:turn"]["text"] == "Game over: Cy wins (reached 100)"


def test_the_text_shows_visible_cards_counts_and_hidden_cards_as_question_marks():
    text = render(grid_with_cards(), SEATS)
    assert "Ann's hand (2 cards, holder): Gold, Silver" in text
    assert "Ben's hand (3 cards, holder): ??, ??, ??" in text
    assert "draw (14 cards, face-down): [12 shuffled ??], ??, Copper" in text
    assert "Secret Dragon" not in text and "Gold: +1 money; value 1" in text
    assert "Ben's money: 6/20" in text and "round: 1" in text and "d6: 4" in text and "coin: not rolled" in text
    assert "Turn 5: Ann to act" in text and "off the board: P3" in text


def test_the_text_draws_a_grid_as_rows_and_a_track_as_names_with_pieces():
    grid = render(grid_with_cards(), SEATS).splitlines()
    top = next(n for n, line in enumerate(grid) if line.startswith(" 3 "))
    assert grid[top].split() == ["3", ".", ".", "P2"] and grid[top + 2].split() == ["1", "P1", ".", "."]
    track = render(snake_track(), SEATS)
    assert "17[P1,P2]" in track and "100:end[P3]" in track and "ladder 4->14" in track
    assert "Game over: Cy wins (reached 100)" in track
    graph = render(loop_and_graph(), SEATS)
    assert "centre[S2]->west" in graph and "market[G]" in graph and "r5[S1]" in graph
