"""Board sizes from parameters (``kit_boards``): a grid's ``columns`` and ``rows``, a track's ``count`` and a
piece's ``count`` worked out from the parameters and seats, each table's board its own (its legal moves, its
text and its picture); a size out of bounds for a value the kit allows, or that reads what is not a parameter,
is named at its line; the rules are priced on the largest board; the shipped kits keep their one board, and a
game whose board follows a parameter replays from its stored events as it was played."""

from __future__ import annotations

import copy
import dataclasses
import re

import pytest
from picture_checks import by_id

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.engine.picture import refs
from domain.engine.randomness import Rng, TableRng
from domain.games.table_kit.board import kit_boards
from domain.games.table_kit.table import state as table_state
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.games.table_kit.table.state import kit_of
from domain.keeping.service import GameService
from domain.keeping.store import store_env

RULES = registry.get("table-kit")
SALT = "5eed" * 8

CONNECT = """\
kit: 2
name: connect-columns
title: Connect Four, its columns a parameter
seats: {fewest: 2, most: 2}
spaces:
  - {name: grid, kind: grid, columns: cols, rows: 6}
pieces:
  - {kind: red, owner: 1, count: "cols * 3", label: R}
  - {kind: yellow, owner: 2, count: "cols * 3", label: Y}
parameters:
  cols: {default: 7, minimum: 4, maximum: 10, summary: the grid's columns}
play:
  actions:
    - name: drop
      choose:
        - {name: to, space: empty, where: 'row(to) == 1 || owner(step(to, "south")) != 0'}
      effects:
        - place: {to: to}
        - pass: next
  end:
    - when: line(seat) >= 4
      winners: "[seat]"
    - when: free_spaces == 0
      winners: "[]"
"""

RACE = """\
kit: 2
name: race
title: A race as long as the seats
seats: {fewest: 2, most: 4}
spaces:
  - {name: road, kind: track, count: "seats * 10"}
pieces:
  - {kind: runner, at: 1}
play:
  actions:
    - name: run
      choose: [{name: to, from: "spaces(seat)[0]", along: [1, 2]}]
      effects:
        - move: {from: "spaces(seat)[0]", to: to, stack: true}
        - pass: next
  end:
    - when: mark(spaces(seat)[0]) == "end"
      winners: "[seat]"
"""


def document(text=CONNECT):
    found, lines = read_kit(text, "kit.yaml")
    assert found is not None, lines
    return found


def mistakes(text):
    found, lines = read_kit(text, "kit.yaml")
    assert found is None, "the kit was read without a mistake"
    return lines


def table(text=CONNECT, seats=2, **parameters):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": document(text), "parameters": parameters}))
    for fact in RULES.setup(state, Rng(SALT, "setup")):
        state = RULES.evolve(state, fact)
    return state


def act(state, seat, **command):
    for fact in RULES.decide(state, seat, {"type": "act", **command}, TableRng()):
        state = RULES.evolve(state, fact)
    return state


def line_of(text, part):
    return text[:text.index(part)].count("\n") + 1


def test_a_grids_columns_follow_a_parameter_in_its_legal_moves():
    assert [command["to"] for command in RULES.legal_commands(table(cols=4), 1)] == ["a1", "b1", "c1", "d1"]
    wide = table(cols=9)
    assert [command["to"] for command in RULES.legal_commands(wide, 1)] == [f"{column}1" for column in "abcdefghi"]
    moved = act(wide, 1, action="drop", to="i1")
    assert "i2" in [command["to"] for command in RULES.legal_commands(moved, 2)]


def test_a_grids_columns_follow_a_parameter_in_its_text_and_picture():
    state = act(table(cols=5), 1, action="drop", to="e1")
    shown = RULES.view(state, 1)
    assert shown["spaces"][0]["columns"] == 5
    text = RULES.render(shown, ["Ann", "Ben"])
    assert re.search(r"^\s+a\s+b\s+c\s+d\s+e\s*$", text, re.MULTILINE) and "30 spaces" in text
    drawn = RULES.picture(shown, ["Ann", "Ben"])
    spaces = [name for name in refs(drawn) if re.fullmatch(r"[a-z]\d", name)]
    assert sorted(spaces) == sorted(f"{column}{row}" for column in "abcde" for row in range(1, 7))
    assert "f1" not in by_id(drawn)


def test_a_pieces_count_follows_a_parameter():
    assert len(table(cols=4).pieces) == 2 * 4 * 3
    assert len(table(cols=10).pieces) == 2 * 10 * 3


def test_a_tracks_count_follows_the_seats():
    for seats, ahead in ((2, ["20"]), (4, ["20", "21"])):
        state = table(RACE, seats=seats)
        assert kit_of(state).spaces == [str(number) for number in range(1, seats * 10 + 1)]
        assert RULES.view(state, 1)["spaces"][0]["count"] == seats * 10
        near_the_end = dataclasses.replace(state, pieces={**state.pieces, "runner-1": "19"})
        assert [command["to"] for command in RULES.legal_commands(near_the_end, 1)] == ahead


def test_a_board_size_out_of_bounds_for_an_allowed_parameter_value_is_named_at_its_line():
    wide = CONNECT.replace("maximum: 10", "maximum: 30")
    assert mistakes(wide) == [(f"kit.yaml:{line_of(CONNECT, 'columns: cols')}: spaces.0.columns: a grid's number of columns is a "
                               "whole number from 1 to 26, not 30 (at 2 seats, cols 30)")]
    long = RACE.replace("most: 4", "most: 8").replace("seats * 10", "seats * 30")
    assert mistakes(long)[0].startswith(f"kit.yaml:{line_of(RACE, 'count:')}: spaces.0.count: a track's count is a whole number "
                                        f"from 2 to 200, not 210 (at 7 seats)")


def test_a_board_size_that_reads_what_is_not_a_parameter_is_named_at_its_line():
    (line,) = mistakes(CONNECT.replace("columns: cols", "columns: colz"))
    assert line.startswith(f"kit.yaml:{line_of(CONNECT, 'columns: cols')}: spaces.0.columns: ") and "colz" in line


def test_a_space_the_smallest_board_has_not_is_named_at_its_line_with_the_values():
    text = CONNECT.replace('count: "cols * 3", label: R}', 'count: "cols * 3", label: R, at: g1}')
    (line,) = mistakes(text)
    assert line == f"kit.yaml:{line_of(CONNECT, 'kind: red')}: pieces.0.at: no space named 'g1' (at 2 seats, cols 4)"


def test_a_piece_counted_by_a_size_starts_off_the_board_or_on_one_space():
    text = CONNECT.replace('count: "cols * 3", label: R}', 'count: "cols * 3", label: R, at: [a1]}')
    assert mistakes(text)[0].startswith(f"kit.yaml:{line_of(CONNECT, 'kind: red')}: pieces.0.at: a piece whose count is worked out")


def test_the_rules_are_priced_on_the_largest_board_the_kit_allows():
    assert Kit.of(document()).rules.sizes.largest == 10 * 6
    assert kit_of(table(cols=4)).rules.sizes.largest == 4 * 6


def test_a_table_whose_board_is_larger_than_any_tried_is_refused():
    text = CONNECT.replace("columns: cols", 'columns: "cols == 5 ? 26 : cols"').replace('"cols * 3"', "21")
    with pytest.raises(InvalidSetup, match="more than the 60 of the largest tried"):
        table(text, cols=5)
    assert len(kit_of(table(text, cols=6)).spaces) == 36


def test_the_shipped_kits_keep_their_one_board():
    for name in sorted(path.stem for path in KITS.glob("*.yaml")):
        found = shipped_kit(name)
        kit = Kit.of(found)
        assert kit.board is kit.document == found and not kit.board_sized, name
        assert Kit.at_table(found, kit.defaults, kit.most) is kit, name


def test_a_game_whose_board_follows_a_parameter_replays_from_its_stored_events():
    service = GameService(env=store_env(None))
    game_id = service.create_game("table-kit", ["Ann", "Ben"], seed="boards", options={"kit": document(), "parameters": {"cols": 5}}, salt=SALT)
    live = {}
    for _ in service.play_bots(game_id, bot_seed=3):
        game = service.game(game_id)
        live[game.version] = copy.deepcopy(game.state)
    assert len(live) > 4 and len(kit_of(game.state).spaces) == 30
    table_state._TABLES.clear()
    Kit._at_table.cache_clear()
    kit_boards._sized.cache_clear()
    rebuilt = None
    for event in service.events.get(game_id):
        rebuilt = event.mutate(rebuilt)
        if rebuilt.version in live:
            assert rebuilt.state == live[rebuilt.version]
    assert rebuilt.state == game.state


def test_a_tables_own_board_missing_a_space_a_piece_starts_on_refuses_the_game():
    text = (CONNECT.replace("minimum: 4", "minimum: 7").replace("columns: cols", 'columns: "cols == 8 ? 6 : cols"')
            .replace('count: "cols * 3", label: R}', 'count: "cols * 3", label: R, at: g1}'))
    assert len(kit_of(table(text, cols=9)).spaces) == 54
    with pytest.raises(InvalidSetup, match="pieces.0.at: no space named 'g1'"):
        table(text, cols=8)


def test_board_sizes_that_may_cost_too_much_to_work_out_refuse_the_kit_before_any_is_worked_out():
    costly = (CONNECT.replace("columns: cols", 'columns: "size(piles.map(a, piles.map(b, piles.map(c, a + b + c)))) > 0 ? cols : 4"')
              .replace("fewest: 2, most: 2", "fewest: 1, most: 8").replace("  cols:", "  piles: {default: [1, 2, 3]}\n  cols:"))
    (line,) = mistakes(costly)
    assert line.startswith(f"kit.yaml:{line_of(CONNECT, 'spaces:')}: spaces: working out the board's sizes for each of the 24 sets of values")
