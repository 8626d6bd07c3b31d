"""The kit format's schema and the code that reads a kit agree: what the schema describes is what the code does
(a piece off the board, links read by the rules, the turn limit's last turn, the names an expression reads), a
step keyword the code would not read is refused, and a graph's neighbours can be read by the rules."""

from __future__ import annotations

import copy
import json
import re

import pytest
from kit_tables import acted, laid

from domain.engine import registry
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.language.expression_cost import cost
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.board.kit_board import Geometry
from domain.games.table_kit.play.kit_compile import kit_sizes
from domain.games.table_kit.play.kit_scope import FUNCTIONS, GIVEN, WIDE
from domain.games.table_kit.vocabulary.layout import OFF, SCHEMA
from domain.games.table_kit.reading.loading import read_kit

RACE = {
    "kit": 2, "name": "race", "title": "Race", "seats": {"fewest": 2, "most": 2},
    "spaces": [{"name": "road", "kind": "track", "count": 5, "links": [{"from": 2, "to": 4}]}],
    "pieces": [{"kind": "pawn", "owner": "each"}],
    "zones": [{"name": "pile", "shows": "face-down"}, {"name": "table", "shows": "face-up"}],
    "decks": [{"name": "cards", "pile": "pile", "cards": [{"name": "Ace", "count": 3}]}],
    "counters": [{"name": "moves", "start": 0}],
    "play": {
        "actions": [{"name": "go", "effects": [{"add": "moves", "value": 1}, {"pass": "next"}]}],
        "limit": {"turns": 3, "most": "moves"},
    },
}
"""A two-seat race on a track of five spaces (a link from 2 to 4), a pawn a seat off the board, and a turn limit."""


RULES = registry.get("table-kit")


def with_play(**play):
    kit = copy.deepcopy(RACE)
    kit["play"].update(play)
    return kit


def mistakes(kit) -> list[str]:
    document, lines = read_kit(json.dumps(kit), "race.json")
    assert document is None, "the kit was read without a mistake"
    return [re.sub(r"^race\.json:\d+: ", "", line) for line in lines]


# pieces[].at: off the board

def test_a_piece_without_at_or_at_off_starts_off_the_board():
    kit = copy.deepcopy(RACE)
    assert read_kit(json.dumps(kit), "race.json")[1] == []
    kit["pieces"] = [{"kind": "pawn", "owner": "each", "at": OFF}]
    assert read_kit(json.dumps(kit), "race.json")[1] == []
    assert {piece.start for piece in Kit(kit).pieces(2)} == {OFF}
    assert "at: off" in SCHEMA["$defs"]["piece"]["properties"]["at"]["description"]


def test_a_piece_at_none_is_refused_saying_how_to_put_it_off_the_board():
    kit = copy.deepcopy(RACE)
    kit["pieces"] = [{"kind": "pawn", "owner": "each", "at": "none"}]
    assert mistakes(kit) == ["pieces.0.at: no space named 'none': pieces off the board have no at, or at: off"]


# links: read by the rules

def test_links_are_described_as_read_by_the_rules_and_link_reads_them():
    described = SCHEMA["$defs"]["links"]["description"]
    assert "link(space)" in described and "drawing only, the table keeps" not in described
    kit = with_play(actions=[{"name": "go", "when": 'link("2") == "4" && link("3") == ""', "effects": [{"pass": "next"}]}])
    assert RULES.legal_commands(laid(kit, 2), 1) == [{"type": "act", "action": "go"}]


# play.limit: the turn after the last

def test_a_turn_limit_of_three_plays_three_turns_and_stops_as_the_fourth_would_begin():
    assert "once this many turns have been played" in SCHEMA["$defs"]["limit"]["description"]
    state = laid(RACE, 2)
    for seat in (1, 2):
        facts, state = acted(state, seat, "go")
        assert not any(isinstance(fact, f.GameEnded) for fact in facts)  # turns 2 and 3 begin
    facts, state = acted(state, 1, "go")  # the third turn played: the fourth would begin
    assert facts[-1] == f.GameEnded(1, [1], "the turn limit was reached", True)


# expression: every name and function the scope gives

def test_the_expression_description_names_every_name_and_function_the_scope_gives():
    described = SCHEMA["$defs"]["expression"]["description"]
    for name in (*GIVEN, "phase"):
        assert re.search(rf"\b{name}\b", described), name
    for name in FUNCTIONS:
        assert re.search(rf"\b{name}\(", described), name


# step keywords that would do nothing

@pytest.mark.parametrize(("step", "said"), [
    ({"gather": "table", "from": "pile", "to": "pile"}, "from: gather does not read 'from': it would do nothing here; a gather step reads to, put"),
    ({"play": "'Ace'", "to": "table", "count": 2}, "count: play does not read 'count': it would do nothing here; a play step reads to, face, under"),
    ({"draw": "pile", "face": "up"}, "face: draw does not read 'face': it would do nothing here; a draw step reads count"),
    ({"shuffle": "pile", "count": 2}, "count: shuffle does not read 'count': it would do nothing here; a shuffle step reads nothing more"),
    ({"add": "moves", "value": 1, "to": 3}, "to: add does not read 'to': it would do nothing here; an add step reads value, seat, key"),
    ({"flip": "pile", "face": "up"}, "face: flip does not read 'face': it would do nothing here; a flip step reads to"),
])
def test_a_step_keyword_the_step_does_not_read_is_refused_at_its_place(step, said):
    kit = with_play(actions=[{"name": "go", "effects": [step, {"pass": "next"}]}])
    assert mistakes(kit) == [f"play.actions.0.effects.0.{said}"]


def test_a_misspelt_step_keyword_is_the_schemas_unknown_field_with_the_keyword_meant():
    kit = with_play(actions=[{"name": "go", "effects": [{"draw": "pile", "cuont": 2}, {"pass": "next"}]}])
    assert mistakes(kit) == ["play.actions.0.effects.0: unknown field ('cuont' was unexpected) (did you mean \"count\"?)",
                             "the kit: not checked until it fits the schema: names and ranges, its rules"]


def test_every_step_keyword_a_shipped_or_test_kit_gives_is_read():
    from pathlib import Path

    root = Path(__file__).parents[3]
    for path in [*root.glob("domain/games/table_kit/kits/*.yaml"), *root.glob("tests/kits/*.yaml")]:
        assert read_kit(path.read_text(encoding="utf-8"), path.name)[1] == [], path


# neighbours(s)

GRAPH = {
    "kit": 2, "name": "roads", "title": "Roads", "seats": {"fewest": 2, "most": 2},
    "spaces": [{"name": "village", "kind": "graph", "neighbours": {"well": ["church", "mill"], "church": ["well"], "mill": ["well"]}},
               {"name": "board", "kind": "grid", "columns": 3, "rows": 2},
               {"name": "path", "kind": "track", "count": 4},
               {"name": "ring", "kind": "loop", "names": ["n", "e", "s", "w"]}],
    "pieces": [{"kind": "cart", "owner": "each", "at": "well"}],
    "play": {"actions": [{"name": "go", "choose": [{"name": "to", "space": "any", "where": "to in neighbours(here)"}],
                          "effects": [{"move": {"from": "here", "to": "to"}}, {"pass": "next"}]}]},
}
"""A graph of three spaces, a 3x2 grid, a track of four and a loop of four; a cart a seat moves to a neighbour."""


def test_neighbours_are_a_graphs_as_listed_a_grids_four_ways_a_tracks_and_a_loops_beside():
    near = Geometry.of(GRAPH).neighbours
    assert near["well"] == ("church", "mill") and near["mill"] == ("well",)
    assert near["a1"] == ("a2", "b1") and near["b1"] == ("b2", "c1", "a1") and near["b2"] == ("c2", "b1", "a2")
    assert near["1"] == ("2",) and near["2"] == ("1", "3") and near["4"] == ("3",)
    assert near["n"] == ("w", "e")


def test_a_rule_reads_a_spaces_neighbours_and_offers_only_them():
    state = laid(GRAPH, 2)
    offered = RULES.legal_commands(state, 1)
    assert sorted(command["to"] for command in offered) == ["church", "mill"]


def test_neighbours_is_priced_as_a_list_as_long_as_the_kits_largest():
    sizes = kit_sizes(GRAPH, Geometry.of(GRAPH))
    assert "neighbours" in WIDE
    one, nested = cost('neighbours("well").size()', sizes), cost('neighbours("well").all(a, neighbours(a).all(b, b != ""))', sizes)
    assert nested > one * sizes.largest // 2


def test_a_misspelt_action_or_parameter_gets_did_you_mean():
    from domain.engine.errors import IllegalCommand, InvalidSetup
    from domain.games.table_kit.vocabulary.kit_parameters import parameter_values

    with pytest.raises(IllegalCommand, match=r"this kit has no action 'goo' \(did you mean \"go\"\?\); its actions: go"):
        acted(laid(RACE, 2), 1, "goo")
    kit = {**RACE, "parameters": {"target": {"default": 3, "minimum": 1, "maximum": 9}}}
    with pytest.raises(InvalidSetup, match=r"this kit has no parameter 'taget' \(did you mean \"target\"\?\); its parameters: target"):
        parameter_values(kit, {"taget": 4})


def test_every_mistake_of_a_choice_is_told_a_misspelt_word_with_the_one_meant():
    kit = with_play(actions=[{"name": "go", "choose": [{"name": "to", "space": "empty", "of": "seat", "through": "true"}],
                              "effects": [{"pass": "next"}]}])
    assert mistakes(kit) == ["play.actions.0.choose.0.of: of names whose hand a card is chosen from: it goes with card: hand",
                             "play.actions.0.choose.0.through: through says which spaces a walk may step onto: it goes with walk"]
    kit["play"]["actions"][0]["choose"] = [{"name": "to", "space": "empyt"}]
    assert mistakes(kit) == ["play.actions.0.choose.0.space: 'empyt' is not one of ['any', 'empty', 'mine', 'theirs', 'occupied'] "
                             '(did you mean "empty"?)', "the kit: not checked until it fits the schema: names and ranges, its rules"]


# the compiled check: every constant of the schema kept

@pytest.mark.parametrize(("change", "said"), [
    ({"first": "randomly"}, "first: 'randomly' is not of type 'integer'"),
    ({"play": {"actions": [{"name": "go", "choose": [{"name": "card", "card": "hands"}], "effects": [{"pass": "next"}]}]}},
     "play.actions.0.choose.0.card: 'hand' was expected"),
    ({"spaces": [{"name": "road", "kind": "grid", "count": 5}]}, "spaces.0: 'columns' is missing"),
])
def test_a_value_other_than_the_schemas_constant_is_refused(change, said):
    assert mistakes({**RACE, **change})[0] == said


def test_the_compiled_check_reads_each_constant_as_an_enum_of_it_and_a_field_named_const_as_a_field():
    from domain.games.table_kit.reading.checks import _constants_as_enums

    schema = {"properties": {"const": {"const": 1}, "kind": {"oneOf": [{"const": "grid"}, {"type": "integer"}]}},
              "$defs": {"const": {"type": "string"}}}
    assert _constants_as_enums(schema) == {"properties": {"const": {"enum": [1]}, "kind": {"oneOf": [{"enum": ["grid"]}, {"type": "integer"}]}},
                                           "$defs": {"const": {"type": "string"}}}
    assert "'const'" not in repr(_constants_as_enums(SCHEMA))
