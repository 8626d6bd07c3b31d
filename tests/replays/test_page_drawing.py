"""The replay page's renderer (``replays.page_drawing``, JavaScript run by node) draws what the one
renderer (``replays.drawing``) draws, byte for byte: every ruleset's pictures at several steps of a
finished game as seat 1 saw them, read back from the page's stored steps (``replays.page_steps``) with
what each event changed outlined; made-up pictures with every kind, field and awkward text (markup,
quotes, characters XML cannot hold, astral characters, Unicode spaces, numbers halfway between two
thousandths); and ``num`` on many numbers. Without node the tests skip (under ``CI=true`` they fail)."""

from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
from typing import Any

import pytest
from browser_needed import missing
from quick_games import quick_options

from domain.engine import registry
from domain.engine.picture import changed, grid
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.cursor import Cursor
from replays.drawing import to_svg
from replays.drawing_text import num
from replays.page_drawing import DRAWING
from replays.page_steps import EVERY, STEPS_SCRIPT, as_json, encode

NAMES = ["<b>Ann</b> & 'Al' \"x\"", "Bö 😀 z", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
HOSTILE = '<script>alert("x")</script> & </svg> \x01\ud800 \U0001f600'

RUN = """
var input = JSON.parse(require("fs").readFileSync(0, "utf8")), out;
if (input.numbers) out = input.numbers.map(num);
else if (input.data) {
  var steps = new Steps(input.data);
  out = input.steps.map(function (n) {
    var picture = steps.picture(n);
    return svgOf(picture, input.seats, changedIds(n > 1 ? steps.picture(n - 1) : null, picture), input.title + " after step " + n);
  });
} else out = input.cases.map(function (c) { return svgOf(c.picture, c.seats, c.changed, c.label); });
process.stdout.write(JSON.stringify(out));
"""


def in_node(request: dict[str, Any]) -> Any:
    """What the page's renderer and reader answer ``request``, run by node."""
    node = shutil.which("node")
    if node is None:
        missing("node is not installed: the page's renderer is not checked against the one renderer")
    done = subprocess.run([node, "-e", DRAWING + STEPS_SCRIPT + RUN], input=json.dumps(request), capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def service():
    found = GameService(env=store_env(None))
    yield found
    found.close()


def played(service: GameService, rules) -> Any:
    seats = NAMES[:rules.min_seats]
    game_id = service.create_game(rules.name, seats, quick_options(rules.name), seed="page-drawing")
    for _ in service.play_bots(game_id, bot_seed=2):
        pass
    return game_id


def chosen_steps(total: int) -> list[int]:
    """The first steps, both sides of the first key steps, quarters of the game and its end."""
    wanted = {1, 2, 3, EVERY, EVERY + 1, EVERY + 2, total // 4, total // 2, 3 * total // 4, total - 1, total}
    return sorted(n for n in wanted if 1 <= n <= total)


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda rules: rules.name)
def test_the_page_draws_each_rulesets_steps_as_the_one_renderer_does(service, rules):
    game_id = played(service, rules)
    cursor = Cursor(service, game_id, 1)
    data = json.loads(as_json(encode(cursor)))
    numbers = chosen_steps(cursor.total)
    drawn = in_node({"data": data, "steps": numbers, "seats": cursor.seats, "title": cursor.rules.title})
    for number, svg in zip(numbers, drawn, strict=True):
        before = rules.picture(cursor.goto(number - 1).view, cursor.seats) if number > 1 else None
        picture = rules.picture(cursor.goto(number).view, cursor.seats)
        assert svg == to_svg(picture, cursor.seats, changed(before, picture), label=f"{rules.title} after step {number}"), number


def made_up() -> list[dict[str, Any]]:
    """Pictures with every kind and field, and texts the renderer must escape, cut, wrap and count."""
    pieces = [{"kind": "piece", "id": f"p{n}", "at": "b2", "owner": n % 3 + 1, "label": str(n), "shape": shape}
              for n, shape in zip(range(7), ["disc", "square", "diamond"] * 3, strict=False)]
    busy = {"width": 6.0625, "height": 5, "colours": {"1": "red", "3": "blue"}, "items": [
        {"kind": "area", "id": "zone", "x": 0.0625, "y": 0.1875, "w": 5.5, "h": 1.3125, "label": HOSTILE * 3, "owner": 2},
        {"kind": "area", "x": 0, "y": 3, "w": 2, "h": 1, "tone": "water", "title": "a lake & 'its' \"shore\""},
        *grid("abc", "123", x=0.3125, y=1.5),
        {"kind": "space", "id": "ring", "x": 3.5, "y": 1.5, "w": 1, "h": 0.75, "shape": "circle", "owner": 4, "label": "a long label here",
         "ref": "r<1>"},
        {"kind": "space", "id": "odd", "x": 4.6, "y": 1.5, "w": 1, "h": 1, "tone": "no-such-tone"},
        *pieces,
        {"kind": "piece", "id": "alone", "at": "c3", "label": "Q", "size": 0.5, "tone": "gold"},
        {"kind": "piece", "x": 5.5, "y": 4.5, "label": "🙂x", "owner": 3, "shape": "diamond"},
        {"kind": "line", "id": "road", "points": [[0.0625, 4.9375], [2, 4.5], [3.1875, 4.8125]], "dashed": True, "tone": "danger", "width": 0.1},
        {"kind": "line", "points": [[1, 1], [2, 2]], "owner": 1},
        {"kind": "card", "id": "hand:1", "ref": "Sniper", "x": 3.4, "y": 2.6, "w": 1.6, "h": 2.2, "name": HOSTILE + " averyveryverylongwordindeed",
         "lines": ["a\x1cb\u3000c\xa0d e", "second line with more words than fit", "3", "4", "5", "6", "7"], "corner": "3", "owner": 2},
        {"kind": "card", "id": "back", "x": 5.1, "y": 2.6, "w": 0.9, "h": 1.2, "face_down": True, "name": "Secret"},
        {"kind": "card", "x": 5.1, "y": 3.9, "w": 0.9, "h": 1, "tone": "good", "name": "🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂 x"},
        {"kind": "counter", "id": "hp", "x": 0, "y": 4, "label": "hit points of " + HOSTILE, "value": 2.5, "max": 10, "owner": 1, "w": 2},
        {"kind": "counter", "x": 2.0625, "y": 4, "label": "gold", "value": 1e-05, "max": 3.0},
        {"kind": "counter", "x": 2, "y": 4.6, "label": "word", "value": "some text", "max": 0},
        {"kind": "counter", "x": 0, "y": 4.6, "label": "float", "value": 7.0, "w": 1.5},
        {"kind": "text", "id": "t", "x": 3, "y": 0.5, "text": HOSTILE + "\nsecond", "anchor": "middle", "bold": True, "w": 2.5, "owner": 2},
        {"kind": "text", "x": 6, "y": 4.9, "text": "end\n\nx", "anchor": "end", "size": 0.1},
        {"kind": "text", "x": 0.1, "y": 0.3, "text": "mono  text\n  kept ", "mono": True, "w": 1.2, "title": "<t>"},
    ]}
    plain = {"width": 8, "height": 2, "items": [{"kind": "text", "x": 0.3, "y": 0.6, "text": "board\n+--+", "mono": True, "size": 0.35}]}
    long_names = [f"{n} " + "W" * 30 + HOSTILE for n in range(6)]
    return [
        {"picture": busy, "seats": NAMES[:4], "changed": ["p3", "b2", "p3", "nothing", "road", "t", "hp", "ring"], "label": "A game & <it> after step 3"},
        {"picture": busy, "seats": [], "changed": [], "label": ""},
        {"picture": busy, "seats": long_names, "changed": ["zone", "back"], "label": HOSTILE},
        {"picture": plain, "seats": ["Ann"], "changed": [], "label": "plain"},
    ]


def test_the_page_draws_made_up_pictures_as_the_one_renderer_does():
    cases = made_up()
    drawn = in_node({"cases": cases})
    for case, svg in zip(cases, drawn, strict=True):
        assert svg == to_svg(case["picture"], case["seats"], case["changed"], label=case["label"])


def test_the_pages_numbers_are_pythons_even_halfway_between_two_thousandths():
    chooser = random.Random(7)
    numbers = [k / 16 for k in range(-200, 200)] + [k / 1000 for k in range(-3000, 3000, 7)]
    numbers += [chooser.uniform(-100, 100) for _ in range(2000)] + [chooser.uniform(-1, 1) * 10 ** chooser.randint(-6, 6) for _ in range(500)]
    numbers += [0.0, -0.0, -0.0004, 0.0005, 0.0015, 2.675, 1e-9, -1e-9, 123456.7895, math.pi]
    assert in_node({"numbers": numbers}) == [num(value) for value in numbers]
