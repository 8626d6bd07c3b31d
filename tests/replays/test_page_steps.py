"""The replay page's steps stored small (``replays.page_steps``): splices rebuild every list they were
made from; a long game's page stores each step as what changed since the step before (a key step every
``EVERY``), each distinct item and line once and no drawing at all, a few hundred bytes a step where
the page that drew every step ahead took over two thousand; a seat's page stores nothing but what that
seat's own pictures and boards showed; and what players typed stays JSON text the page never reads
as markup."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from played_games import steady_game
from quick_games import quick_options

from domain.engine import registry
from domain.keeping.access import OWNER
from domain.keeping.notebook import Notebook
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.cursor import Cursor
from replays.page import to_html
from replays.page_steps import EVERY, as_json, encode, expand, splices

EVIL = "<img src=x onerror=alert(1)></script>&"
DATA = re.compile(r'<script type="application/json" id="game-steps">(.*?)</script>', re.DOTALL)


@pytest.fixture(scope="module")
def service():
    found = GameService(env=store_env(None))
    yield found
    found.close()


def applied(tokens: list[int], found: list[list[int]]) -> list[int]:
    tokens = list(tokens)
    for start, removed, *added in found:
        tokens[start:start + removed] = added
    return tokens


@given(st.lists(st.integers(0, 5), max_size=30), st.lists(st.integers(0, 5), max_size=30))
def test_splices_turn_the_list_before_into_the_list_after(before, after):
    numbered = {value: value + 100 for value in range(6)}
    tokens, found = splices(after, before, [numbered[value] for value in before], lambda value, _: numbered[value])
    assert tokens == [numbered[value] for value in after] == applied([numbered[value] for value in before], found)
    if len(before) == len(after):  # one splice a changed place, nothing for an unchanged one
        assert len(found) == sum(1 for old, new in zip(before, after, strict=True) if old != new)
    else:
        assert len(found) == 1


def test_a_long_games_page_stores_each_step_as_what_changed_and_no_drawing(service):
    game_id = steady_game(service, ["Ann", "Ben"], 250, "page-steps")
    text = to_html(service, game_id)
    (json_text,) = DATA.findall(text)
    data = json.loads(json_text)
    total = len(data["sentences"])
    assert total > 1000 and len(data["pictures"]) == len(data["boards"]) == len(data["turn"]) == len(data["frame"]) == total
    assert "svg" not in json_text and "drawing" not in data and "pieces" not in data
    assert len({json.dumps(item, sort_keys=True) for item in data["items"]}) == len(data["items"])  # each item once
    assert len(set(data["lines"])) == len(data["lines"])
    items_shown = [len(step["picture"]["items"]) for step in expand(data)]
    for number, (pictured, board) in enumerate(zip(data["pictures"], data["boards"], strict=True), 1):
        if (number - 1) % EVERY == 0:  # a key step: the whole list, from an empty one
            assert pictured == [[0, 0, *pictured[0][2:]]] and len(pictured[0]) - 2 == items_shown[number - 1]
            assert len(board) == 1 and board[0][:2] == [0, 0]
    changed = [sum(len(splice) - 2 for splice in pictured) for number, pictured in enumerate(data["pictures"], 1) if (number - 1) % EVERY]
    assert sum(changed) / len(changed) < 0.1 * min(items_shown)  # a step stores the few items its event changed
    assert len(text.encode()) / total < 400  # bytes a step; drawn ahead, every step's SVG took over 2,000


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda rules: rules.name)
def test_a_seats_page_stores_only_what_its_own_pictures_and_boards_showed(service, rules):
    seats = [f"S{n}" for n in range(1, rules.min_seats + 1)]
    game_id = service.create_game(rules.name, seats, quick_options(rules.name), seed="page-secrets")
    for _ in itertools.islice(service.play_bots(game_id, bot_seed=4), 12):
        pass
    assert service.status(game_id)["status"] == "active"  # secrets still kept from seats
    for viewer in (1, None):
        cursor = Cursor(service, game_id, viewer)
        data = json.loads(as_json(encode(cursor)))
        items, lines = set(), set()
        for number in range(1, cursor.total + 1):
            step = cursor.goto(number)
            items.update(json.dumps(item, sort_keys=True) for item in rules.picture(step.view, seats)["items"])
            lines.update(rules.render(step.view, seats).split("\n"))
        assert {json.dumps(item, sort_keys=True) for item in data["items"]} == items
        assert set(data["lines"]) == lines
        assert data["sentences"] == [cursor.event(number).sentence for number in range(1, cursor.total + 1)]


def test_names_and_notes_stay_json_text_in_the_stored_steps(service):
    rules = registry.get("assassination-le")
    seats = [EVIL, "Ben", "Cy & <b>"]
    game_id = service.create_game(rules.name, seats, seed="page-escapes")
    for _ in itertools.islice(service.play_bots(game_id, bot_seed=1), 8):
        pass
    Notebook(service).write(game_id, OWNER, {"at": 3, "text": EVIL + "\nline two", "glyph": "?!", "bookmark": EVIL})
    text = to_html(service, game_id)
    (json_text,) = DATA.findall(text)
    assert not set("<>&") & set(json_text) and EVIL not in text
    assert text.count("<script") == 2 and text.count("</script>") == 2
    data = json.loads(json_text)
    assert data["seats"] == seats and data["bookmarks"] == [{"name": EVIL, "step": 3, "by": "the owner"}]
    assert data["notes"]["3"][0]["text"] == EVIL + "\nline two"
    assert any(EVIL in sentence for sentence in data["sentences"])
    assert any(EVIL in json.dumps(item, ensure_ascii=False) for item in data["items"])  # drawn as text by the page's renderer


def test_an_empty_list_and_a_list_that_does_not_change_need_no_splice():
    assert splices([], [], [], lambda value, _: 0) == ([], [])
    chooser = random.Random(3)
    values = [chooser.randint(0, 9) for _ in range(50)]
    assert splices(values, list(values), list(range(50)), lambda value, _: -1) == (list(range(50)), [])
