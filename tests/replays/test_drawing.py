"""The one renderer (``replays.drawing``): a picture becomes one SVG element that parses, escapes every
text, carries no script, style or link, marks what commands can name and outlines what changed."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

from domain.engine.picture import grid
from replays.drawing import to_svg
from replays.seat_colours import SEAT_COLOURS

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert("x")</script> & </svg>'
PICTURE = {"width": 4, "height": 3, "items": [
    *grid("ab", "12"),
    {"kind": "piece", "id": "knight", "at": "a1", "owner": 2, "label": "N", "title": f"{HOSTILE}'s knight"},
    {"kind": "piece", "id": "pawn", "at": "a1", "owner": 1, "label": "p"},
    {"kind": "card", "id": "hand:1", "ref": "Sniper", "x": 2.2, "y": 0, "w": 1.6, "h": 2.2, "name": HOSTILE, "lines": ["a b c"], "corner": "3"},
    {"kind": "card", "id": "hidden", "x": 2.2, "y": 2.3, "w": 1, "h": 0.6, "face_down": True, "name": "Secret"},
    {"kind": "counter", "x": 0, "y": 2.2, "label": "HP", "value": 4, "max": 10, "owner": 1, "w": 2},
    {"kind": "text", "x": 0, "y": 2.9, "text": HOSTILE},
]}


def parsed(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def test_the_drawing_is_one_svg_element_that_parses_with_every_text_escaped():
    svg = to_svg(PICTURE, ["Ann", HOSTILE])
    root = parsed(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == f"0 0 4 {3 + 0.7}"
    texts = [element.text or "" for element in root.iter(f"{SVG}text")]
    titles = [element.text or "" for element in root.iter(f"{SVG}title")]
    assert HOSTILE in texts and f"{HOSTILE}'s knight" in titles
    assert f"2 {HOSTILE}"[:23] + "…" in texts  # the legend cuts a long name short
    assert "<script" not in svg and "</svg>" not in svg[:-6]


def test_the_drawing_holds_no_script_style_link_or_anything_loaded():
    svg = to_svg(PICTURE, ["Ann", "Ben"], changed=["knight"])
    tags = {element.tag.removeprefix(SVG) for element in parsed(svg).iter()}
    assert tags <= {"svg", "g", "title", "rect", "circle", "polygon", "polyline", "text", "tspan"}
    assert "href" not in svg and "style" not in svg and "url(" not in svg


def test_a_face_down_card_shows_no_name():
    svg = to_svg(PICTURE)
    assert "Secret" not in svg


def test_what_commands_can_name_is_marked_with_its_ref():
    root = parsed(to_svg(PICTURE))
    groups = {group.get("data-id"): group for group in root.iter(f"{SVG}g") if group.get("data-id")}
    assert groups["hand:1"].get("data-ref") == "Sniper" and groups["a1"].get("data-ref") == "a1"
    assert groups["knight"].get("data-ref") is None
    assert groups["knight"].find(f"{SVG}title").text == f"{HOSTILE}'s knight"


def test_what_changed_is_outlined_on_top_and_nothing_else():
    root = parsed(to_svg(PICTURE, changed=["knight", "b2", "no-such-id"]))
    outlined = [rect.get("data-changed") for rect in root.iter(f"{SVG}rect") if rect.get("data-changed")]
    assert outlined == ["knight", "b2"]
    assert not [rect for rect in parsed(to_svg(PICTURE)).iter(f"{SVG}rect") if rect.get("data-changed")]


def test_pieces_sharing_a_space_stand_side_by_side_in_their_seats_colours():
    root = parsed(to_svg(PICTURE))
    discs = {group.get("data-id"): group.find(f"{SVG}circle") for group in root.iter(f"{SVG}g") if group.get("data-id") in ("knight", "pawn")}
    assert discs["knight"].get("fill") == SEAT_COLOURS[1] and discs["pawn"].get("fill") == SEAT_COLOURS[0]
    assert discs["knight"].get("cx") != discs["pawn"].get("cx")
    assert float(discs["knight"].get("r")) < 0.35


def test_the_legend_names_each_seat_in_its_colour():
    root = parsed(to_svg(PICTURE, ["Ann", "Ben"]))
    legend = [element.text for element in root.iter(f"{SVG}text")][-2:]
    assert legend == ["1 Ann", "2 Ben"]


def test_drawing_leaves_the_picture_as_it_was():
    before = repr(PICTURE)
    to_svg(PICTURE, ["Ann"], changed=["knight"])
    assert repr(PICTURE) == before


def test_a_seat_whose_colour_the_picture_names_is_drawn_in_it_legend_and_all():
    root = parsed(to_svg({**PICTURE, "colours": {"1": "red"}}, ["Ann", "Ben"]))
    discs = {group.get("data-id"): group.find(f"{SVG}circle") for group in root.iter(f"{SVG}g") if group.get("data-id") in ("knight", "pawn")}
    assert discs["pawn"].get("fill") == SEAT_COLOURS[1]  # seat 1 is red, so seat 2 takes the first colour left
    assert discs["knight"].get("fill") == SEAT_COLOURS[0]
    dots = [circle.get("fill") for circle in root.findall(f"{SVG}circle")][-2:]
    assert dots == [SEAT_COLOURS[1], SEAT_COLOURS[0]]
    assert json.loads(root.get("data-seat-colours")) == {"1": SEAT_COLOURS[1], "2": SEAT_COLOURS[0]}
    assert parsed(to_svg(PICTURE, ["Ann", "Ben"])).get("data-seat-colours") is None
