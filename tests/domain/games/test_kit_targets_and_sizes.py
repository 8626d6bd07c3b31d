"""Targets worked out and sizes following parameters (the kit language's ``keys``, ``key``, ``let``, worked-out
sizes, list and named-choice parameters, a piece kind worked out): Nim (``tests/kits/nim.yaml``) plays with a
counter for each pile, its sizes a list parameter and the pile taken from a choice; a Goofspiel deck and a
Crazy Eights deal follow a parameter and the seats; each mistake is named at its line, or refuses the game or
the step in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from domain.engine import registry
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.randomness import Rng, TableRng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.reading.checks import MOST_CARDS
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.language.kit_sizes import MOST_SIZED_CARDS
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.table.state import kit_of

RULES = registry.get("table-kit")
NIM_TEXT = (Path(__file__).parents[2] / "kits" / "nim.yaml").read_text(encoding="utf-8")
NIM = yaml.safe_load(NIM_TEXT)

GOOFSPIEL = """\
kit: 2
name: goofspiel-deck
title: Goofspiel's prizes
seats: {fewest: 2, most: 2}
zones: [{name: prizes, shows: face-down}]
decks:
  - {name: prizes, pile: prizes, cards: [{name: prize, numbered: prizes}]}
parameters:
  prizes: {default: 4, minimum: 2, maximum: 13}
play:
  actions: [{name: wait, effects: [{pass: next}]}]
"""

EIGHTS = """\
kit: 2
name: crazy-eights-deal
title: Crazy Eights' deal
seats: {fewest: 2, most: 5}
zones: [{name: stock, shows: face-down}]
decks:
  - {name: deck, pile: stock, cards: [{name: card, numbered: 52}]}
hands: {from: stock, deal: "seats == 2 ? 7 : 5"}
play:
  actions: [{name: wait, effects: [{pass: next}]}]
"""


def table(kit, seats=2, **parameters):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit, "parameters": parameters}))
    for fact in RULES.setup(state, Rng("5eed" * 8, "setup")):
        state = RULES.evolve(state, fact)
    return state


def act(state, seat, **command):
    facts = RULES.decide(state, seat, {"type": "act", **command}, TableRng())
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def mistakes(text):
    document, lines = read_kit(text, "kit.yaml")
    assert document is None, "the kit was read without a mistake"
    return lines


def line_of(text, part, after=""):
    return text[:text.index(part, text.index(after))].count("\n") + 1


def nim_with(old, new):
    assert old in NIM_TEXT
    return NIM_TEXT.replace(old, new)


def test_a_keyed_counter_has_a_counter_a_key_its_keys_and_starts_from_a_list_parameter():
    assert table(NIM).counters == {"pile[1]": 1, "pile[2]": 3, "pile[3]": 5, "pile[4]": 7}
    assert table(NIM, piles=[2, 9]).counters == {"pile[1]": 2, "pile[2]": 9}


def test_a_keyed_counter_is_read_by_its_key_in_expressions():
    state = table(NIM)
    scope = Scope(kit_of(state).rules, state, 1)
    assert scope["pile"] == {1: 1, 2: 3, 3: 5, 4: 7}
    assert RULES.legal_commands(state, 1)[:3] == [{"type": "act", "action": "take", "number": 1, "count": 1},
                                                 {"type": "act", "action": "take", "number": 2, "count": 1},
                                                 {"type": "act", "action": "take", "number": 2, "count": 2}]
    assert len(RULES.legal_commands(state, 1)) == 1 + 3 + 5 + 7


def test_a_step_acts_on_the_key_a_choice_names():
    facts, state = act(table(NIM), 1, action="take", number=3, count=2)
    assert facts == [f.CounterChanged(1, "pile[3]", 3, -2), f.TurnPassed(1, 2)]
    assert {command["number"] for command in RULES.legal_commands(state, 2)} == {1, 2, 3, 4}


def test_nim_is_played_to_its_end_and_whoever_takes_the_last_object_wins():
    state = table(NIM, piles=[1, 2])
    _, state = act(state, 1, action="take", number=2, count=1)
    _, state = act(state, 2, action="take", number=1, count=1)
    assert RULES.legal_commands(state, 1) == [{"type": "act", "action": "take", "number": 2, "count": 1}]
    facts, state = act(state, 1, action="take", number=2, count=1)
    assert facts[-1] == f.GameEnded(1, [1], "took the last object", False)
    assert RULES.outcome(state).winners == [1] and RULES.legal_commands(state, 2) == []


def test_a_key_a_keyed_counter_has_not_refuses_the_step_and_records_nothing():
    kit = yaml.safe_load(nim_with("{add: pile, key: number, value: -count}", "{add: pile, key: number + 4, value: -count}"))
    with pytest.raises(IllegalCommand, match=r"'number \+ 4' is 5, which is no key of pile \(its keys: 1, 2, 3, 4\)"):
        RULES.decide(table(kit), 1, {"type": "act", "action": "take", "number": 1, "count": 1}, TableRng())


def test_an_unknown_constant_key_is_named_at_its_line():
    text = nim_with("keys: size(piles)", "keys: 4").replace("{add: pile, key: number,", "{add: pile, key: 5,")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, 'key: 5')}: play.actions.0.effects.0.key: pile has no key 5; its keys: 1, 2, 3, 4"]


def test_a_step_on_a_keyed_counter_must_name_its_key():
    text = nim_with("{add: pile, key: number, value: -count}", "{add: pile, value: -count}")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, '{add: pile')}: play.actions.0.effects.0: pile has keys: say which one (key: ...)"]


def test_keys_may_be_names_and_a_seats_keyed_counter_is_read_by_seat_then_key():
    text = nim_with("counters:\n", "counters:\n  - {name: used, keys: [red, blue], start: 1}\n").replace(
        "        - {pass: next}", "        - {add: used, key: \"'blue'\", value: \"used[seat]['red'] + 1\"}\n        - {pass: next}")
    kit = yaml.safe_load(text)
    state = table(kit)
    assert {key: value for key, value in state.counters.items() if key.startswith("used")} == {
        "used[red]:1": 1, "used[blue]:1": 1, "used[red]:2": 1, "used[blue]:2": 1}
    facts, _ = act(state, 1, action="take", number=1, count=1)
    assert facts[1] == f.CounterChanged(1, "used[blue]:1", 3, 2)


def test_a_named_value_is_read_in_two_places_and_worked_out_once_a_look_at_the_table():
    rules = kit_of(table(NIM)).rules
    assert rules.lets["heaps"].source == "pile.filter(k, pile[k] > 0)"
    readers = [path for path, expression, _ in rules.expressions if "heaps" in expression.names]
    assert readers == [("play", "actions", 0, "choose", 0, "where"), ("play", "end", 0, "when")]
    _, state = act(table(NIM, piles=[1, 4]), 1, action="take", number=1, count=1)
    scope = Scope(rules, state, 1)
    assert scope["heaps"] == [2] and scope.lets_worked_out == {"heaps": [2]}
    scope.lets_worked_out["heaps"] = [1]  # the value kept is the one read again
    assert scope.with_choice({"number": 1})["heaps"] == [1]


def test_a_named_value_reading_itself_through_another_is_named_at_its_line():
    text = nim_with("    heaps: pile.filter(k, pile[k] > 0)\n", "    heaps: pile.filter(k, pile[k] > 0 && size(left) > 0)\n    left: heaps\n")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, 'heaps: pile')}: play.let.heaps: the named values read each other round in a "
                              "cycle (heaps -> left -> heaps): none of them could be worked out"]


def test_a_named_value_is_checked_by_name():
    text = nim_with("    heaps: pile", "    pile: pile")
    found = mistakes(text)
    assert found[0] == (f"kit.yaml:{line_of(text, 'pile: pile')}: play.let.pile: 'pile' names a named value and a counter: "
                        "the rules would not know which")
    assert all("reads 'heaps'" in line for line in found[1:])  # the rules still reading the named value it replaced


def test_an_expression_reading_a_named_value_costs_what_the_named_value_costs():
    costly = "piles.map(a, piles.map(b, a + b)).size() > 0"  # some 21,000 steps: three of them are too many
    lets = "".join(f"    costly_{n}: {costly}\n" for n in (1, 2, 3))
    text = nim_with("    heaps: pile", f"{lets}    heaps: pile")
    assert read_kit(text.replace("when: size(heaps) == 0", "when: size(heaps) == 0 && costly_1 && costly_2 && costly_1"))[1] == []
    text = text.replace("when: size(heaps) == 0", "when: size(heaps) == 0 && costly_1 && costly_2 && costly_3")
    [line] = mistakes(text)
    assert re.fullmatch(f"kit.yaml:{line_of(text, 'when: size')}: play.end.0.when: with the named values it reads "
                        r"\(costly_1, costly_2, costly_3, heaps\) it may take up to [\d,]+ steps to work out, more than the 50,000 "
                        r"an expression may", line), line


def test_a_list_parameter_of_the_wrong_shape_refuses_the_game():
    for value, said in ((["a"], "parameter 'piles' is a list of whole numbers (as its default [1, 3, 5, 7]); 'a' is not one"),
                        (5, "parameter 'piles' is a list of 1 to 20 whole numbers, not 5"),
                        ([1, 21], "parameter 'piles' holds numbers from 1 to 20; 21 is outside")):
        with pytest.raises(InvalidSetup, match=f"^{re.escape(said)}$"):
            table(NIM, piles=value)


def test_a_list_parameters_default_of_the_wrong_shape_is_named_at_its_line():
    text = nim_with("default: [1, 3, 5, 7]", "default: [1, three]")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, 'default: [1')}: parameters.piles.default: a list parameter holds whole numbers "
                              "or names, not both"]


def test_a_named_choice_parameter_is_one_of_its_choices_and_read_as_its_name():
    text = nim_with("parameters:\n", "parameters:\n  rule: {default: normal, choices: [normal, misere]}\n").replace(
        'winners: "[seat]"', "winners: \"rule == 'normal' ? [seat] : [3 - seat]\"")
    kit = yaml.safe_load(text)
    state = table(kit, piles=[1], rule="misere")
    assert act(state, 1, action="take", number=1, count=1)[0][-1].winners == [2]
    with pytest.raises(InvalidSetup, match="^parameter 'rule' is one of normal, misere, not 'hard'$"):
        table(kit, rule="hard")
    bad = text.replace("default: normal", "default: hard")
    assert mistakes(bad) == [f"kit.yaml:{line_of(bad, 'default: hard')}: parameters.rule.default: parameter 'rule' is one of normal, "
                             "misere, not 'hard'"]


def test_a_deck_follows_its_parameter_four_cards_or_five_by_one_line():
    four = table(yaml.safe_load(GOOFSPIEL))
    five = table(yaml.safe_load(GOOFSPIEL.replace("prizes: {default: 4,", "prizes: {default: 5,")))
    assert four.zones["prizes"]["pool"] == ["prize 1", "prize 2", "prize 3", "prize 4"]
    assert five.zones["prizes"]["pool"] == [*four.zones["prizes"]["pool"], "prize 5"]
    assert table(yaml.safe_load(GOOFSPIEL), prizes=13).zones["prizes"]["pool"][-1] == "prize 9"  # sorted as names
    rules = kit_of(five).rules
    assert Scope(rules, five, 1).function("card")("prize 5") == {"number": 5, "name": "prize 5"}


def test_a_deal_size_follows_the_seats():
    kit = yaml.safe_load(EIGHTS)
    assert [len(table(kit, seats).zones[f"hand:{seat}"]["cards"]) for seats in (2, 3, 5) for seat in (1, seats)] == [7, 7, 5, 5, 5, 5]
    assert len(table(kit, 2).zones["stock"]["pool"]) == 52 - 14


def test_a_size_out_of_bounds_for_a_seat_count_the_kit_allows_is_named_at_its_line():
    text = EIGHTS.replace("numbered: 52", "numbered: 20").replace("most: 5", "most: 6")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, 'deal:')}: hands.deal: 5 cards for each of 5 seats, but 'stock' holds 20 (at 5 seats)"]


def test_a_size_out_of_bounds_for_a_parameter_value_is_named_at_its_line():
    text = GOOFSPIEL.replace("maximum: 13", "maximum: 80")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, 'numbered:')}: decks.0.cards.0.numbered: numbered is a whole number from 1 to 60, "
                              "not 80 (at 2 seats, prizes 80)"]


def test_a_size_out_of_bounds_for_a_list_value_refuses_the_game():
    kit = yaml.safe_load(nim_with("start: \"piles[key - 1]\", min: 0}", "start: \"piles[key - 1]\", min: 0, max: 9}")
                         .replace("minimum: 1, maximum: 20", "minimum: 1"))
    with pytest.raises(InvalidSetup, match=r"^Nim cannot be set up at 2 seats with these parameters: counters.0.start: a counter's start "
                                           r"\(key 2\) is a whole number from 0 to 9, not 12$"):
        table(kit, piles=[1, 12])


def test_a_size_that_reads_what_is_not_a_parameter_is_named_at_its_line():
    text = EIGHTS.replace('"seats == 2 ? 7 : 5"', '"turn == 2 ? 7 : 5"')
    assert mistakes(text)[0].startswith(f"kit.yaml:{line_of(text, 'deal:')}: hands.deal: 'turn == 2 ? 7 : 5' reads 'turn'")


BOARD = """\
kit: 2
name: two-kinds
title: Two kinds
seats: {fewest: 2, most: 2}
spaces: [{name: board, kind: grid, columns: 3, rows: 1}]
pieces: [{kind: red, count: 2}, {kind: blue, count: 2}]
play:
  actions:
    - name: put
      choose: [{name: to, space: empty}]
      effects:
        - {place: {kind: "column(to) == 2 ? 'blue' : 'red'", to: to}}
        - {pass: next}
"""


def test_a_piece_kind_is_worked_out_as_the_step_is_taken():
    facts, state = act(table(yaml.safe_load(BOARD)), 1, action="put", to="b1")
    assert facts[0] == f.PieceMoved(1, "blue-1-1", "off", "b1")
    facts, _ = act(state, 2, action="put", to="a1")
    assert facts[0] == f.PieceMoved(2, "red-2-1", "off", "a1")


def test_a_piece_kind_worked_out_that_names_no_kind_refuses_the_step():
    kit = yaml.safe_load(BOARD.replace("'blue' : 'red'", "'green' : 'red'"))
    with pytest.raises(IllegalCommand, match="is 'green', which is no kind of piece of the kit"):
        act(table(kit), 1, action="put", to="b1")


def test_a_piece_kind_misspelt_is_named_at_its_line():
    text = BOARD.replace("kind: \"column(to) == 2 ? 'blue' : 'red'\"", "kind: green")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, 'place:')}: play.actions.0.effects.0.place.kind: no piece of kind 'green'; "
                              "the kit's pieces: blue, red"]


def test_a_seats_view_lists_the_keyed_counters_its_table_has():
    state = table(NIM, piles=[2, 9])
    assert [(counter["key"], counter["name"], counter["value"]) for counter in RULES.view(state, 1)["counters"]] == [
        ("pile[1]", "pile", 2), ("pile[2]", "pile", 9)]


def test_numbered_cards_a_seat_cannot_see_are_imagined_among_their_decks_cards():
    state = table(yaml.safe_load(EIGHTS), 3)
    imagined = RULES.determinize(state, 1, Rng("5eed" * 8, "imagined"))
    assert imagined.zones["hand:1"] == state.zones["hand:1"]
    others = sorted(entry["card"] for seat in (2, 3) for entry in imagined.zones[f"hand:{seat}"]["cards"]) + imagined.zones["stock"]["pool"]
    assert sorted(others) == sorted(f"card {n}" for n in range(1, 53) if f"card {n}" not in
                                    {entry["card"] for entry in state.zones["hand:1"]["cards"]})


def test_sizes_that_may_cost_too_much_to_work_out_refuse_the_kit_before_any_is_worked_out():
    costly = "piles.map(a, piles.map(b, a * b)).size() + key"
    text = nim_with('keys: size(piles), start: "piles[key - 1]"', f'keys: 30, start: "{costly}"')
    [line] = mistakes(text)
    assert re.fullmatch(r"kit.yaml:\d+: the kit: working out the kit's sizes may take up to [\d,]+ steps as a table is set up, "
                        r"more than the 200,000 it may: write fewer or simpler sizes", line), line


def test_decks_whose_sizes_hold_more_cards_than_a_kit_may_are_refused():
    text = GOOFSPIEL.replace("cards: [{name: prize, numbered: prizes}]", "cards: [{name: prize, numbered: prizes, count: 60}]")
    assert mistakes(text) == [f"kit.yaml:{line_of(text, 'decks:')}: decks: the decks hold up to 780 cards, more than the 600 a kit may"]
    assert MOST_SIZED_CARDS == MOST_CARDS  # the bound the rules price expressions by is the one the checks hold


def test_a_seats_keyed_counter_is_charted_key_by_key():
    text = nim_with("counters:\n", "counters:\n  - {name: used, keys: [red, blue], start: 1}\n")
    assert RULES.seat_numbers(table(yaml.safe_load(text)))[2] == {"used[red]": 1, "used[blue]": 1}


def test_a_keyed_counter_is_shown_with_its_key():
    state = table(NIM, piles=[2, 9])
    view = RULES.view(state, 1)
    assert "pile[1]: 2\npile[2]: 9" in RULES.render(view, ["Ann", "Ben"])
    assert [item["label"] for item in RULES.picture(view, ["Ann", "Ben"])["items"] if item["kind"] == "counter"] == ["pile[1]", "pile[2]"]
