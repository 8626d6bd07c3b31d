"""The secrets trace of ``kit check`` (``kit_taint``, ruling 24) follows named values (``play.let``) and the keys of
keyed counters: a public value that reads a named value worked out from what some seat cannot see is refused as if
it read that directly, at its own line; a named value reading nothing hidden, or read only by the endings, is fine.
Read on the crazy-eights kit of ``tests/kits/crazy-eights.yaml`` (hidden hands, a face-down deck, private points)."""

from __future__ import annotations

import json
from pathlib import Path

from domain.engine import registry
from domain.engine.game import Game
from domain.games.table_kit.reading.kit_taint import taint_problems
from domain.games.table_kit.reading.loading import read_kit

CRAZY_EIGHTS = Path(__file__).parents[2] / "kits" / "crazy-eights.yaml"
RULES = registry.get("table-kit")


def kit(**lets: str) -> dict:
    document, mistakes = read_kit(CRAZY_EIGHTS.read_text(encoding="utf-8"), "crazy-eights.yaml")
    assert mistakes == [], mistakes
    document["play"]["let"] = dict(lets)
    document["counters"].append({"name": "shown", "each": False})
    return document


def with_step(document: dict, step: dict) -> dict:
    document["play"]["actions"][1]["effects"].insert(0, step)  # the draw action's first step
    return document


def told(document: dict) -> list[tuple[tuple, str]]:
    return [(problem.path, problem.message) for problem in taint_problems(document)]


def test_a_public_counter_set_from_a_named_value_read_from_a_hand_is_refused_at_its_line():
    text = CRAZY_EIGHTS.read_text(encoding="utf-8").replace(
        "play:\n", "play:\n  let:\n    heavy: 'sum_of(hand(2), \"points\")'\n", 1).replace(
        "  - {name: points, private: true}\n", "  - {name: points, private: true}\n  - {name: shown, each: false}\n", 1).replace(
        "        - {draw: deck}\n", "        - {draw: deck}\n        - {set: shown, to: heavy}\n", 1)
    _, lines = read_kit(text, "crazy-eights.yaml", more=taint_problems)
    assert len(lines) == 1, lines
    assert "'shown' is public, yet set from heavy (a named value worked out from hand(2))" in lines[0]
    assert text.splitlines()[int(lines[0].split(":")[1]) - 1].strip() == "- {set: shown, to: heavy}"


def test_a_named_value_reading_nothing_hidden_stays_fine():
    document = with_step(kit(left='size(cards("deck")) + size(hand(2))', top='cards("discard")[0]'),
                         {"set": "shown", "to": 'left + (top == "H8" ? 1 : 0)'})
    assert told(document) == []


def test_a_named_value_read_through_another_named_value_is_followed():
    document = with_step(kit(first='cards("deck")[0]', rank="card(first).rank", doubled="rank * 2"), {"add": "shown", "value": "doubled"})
    [(path, message)] = told(document)
    assert path == ("play", "actions", 1, "effects", 0, "value")
    assert 'doubled (a named value worked out through rank then first from cards("deck"))' in message


def test_a_named_value_read_from_a_hidden_die_or_another_seats_private_counter_is_refused():
    document = kit(screened="secret * 2", others="points[2] + 1")
    document["dice"] = [{"name": "secret", "faces": 6, "hidden": True}]
    with_step(document, {"set": "shown", "to": "screened"})
    with_step(document, {"set": "shown", "to": "others"})
    assert [(path[-2:], "secret (a die behind a screen)" in message or "points (a private counter)" in message)
            for path, message in told(document)] == [((0, "to"), True), ((1, "to"), True)]


def test_an_if_around_a_step_reading_a_hidden_named_value_taints_the_counter():
    document = with_step(kit(heavy='sum_of(hand(seat), "points") > 40'), {"if": "heavy", "then": [{"add": "shown", "value": 1}]})
    assert [path for path, _ in told(document)] == [("play", "actions", 1, "effects", 0, "then", 0, "value")]


def test_an_action_offered_by_a_named_value_read_from_another_seats_hand_is_refused_and_its_own_hand_is_not():
    document = kit(mine='sum_of(hand(seat), "points")', theirs='sum_of(hand(3 - seat), "points")')
    document["play"]["actions"][1]["when"] = 'size(cards("deck")) > 0 && mine > 10'
    assert told(document) == []
    document["play"]["actions"][1]["when"] = 'size(cards("deck")) > 0 && theirs > 10'
    [(path, message)] = told(document)
    assert path == ("play", "actions", 1, "when") and "theirs (a named value worked out from hand(3 - seat))" in message
    document["play"]["actions"][1]["knowingly"] = True
    assert told(document) == []


def test_a_choices_where_reading_a_named_value_from_a_face_down_pile_is_refused():
    document = kit(next_up='cards("deck")[0]')
    document["play"]["actions"][0]["choose"][0]["where"] = "card != next_up"
    assert [path for path, _ in told(document)] == [("play", "actions", 0, "choose", 0, "where")]


def test_the_bots_value_reading_a_named_value_from_another_seats_private_counter_is_refused():
    document = kit(lead="points[seat] - points[3 - seat]")
    document["play"]["value"] = "lead"
    [(path, message)] = told(document)
    assert path == ("play", "value") and "lead (a named value worked out from points (a private counter))" in message
    document["play"]["let"]["lead"] = "0 - points[seat]"  # its own private counter is the seat's to read
    assert told(document) == []


def test_a_named_value_is_never_refused_by_itself_only_the_public_values_reading_it():
    document = kit(heavy='sum_of(hand(1), "points")')
    document["play"]["end"].append({"when": "heavy > 200", "winners": "[2]", "reason": "too heavy"})
    assert told(document) == []  # read by an ending only: the end shows every card


def test_a_named_value_in_a_text_or_a_function_of_the_same_name_is_not_a_read():
    document = with_step(kit(size='sum_of(hand(1), "points")'), {"set": "shown", "to": 'size(cards("deck")) + ("size" == "x" ? 1 : 0)'})
    assert told(document) == []


def test_a_keyed_counters_key_read_from_a_hand_taints_the_counter():
    document = kit()
    document["counters"].append({"name": "suits_seen", "each": False, "keys": ["H", "S", "D", "C"]})
    with_step(document, {"add": "suits_seen", "key": "card(hand(seat)[0]).suit", "value": 1})
    [(path, message)] = told(document)
    assert path == ("play", "actions", 1, "effects", 0, "key") and "'suits_seen' is public, yet set from hand(seat)" in message
    document["play"]["actions"][1]["effects"][0]["key"] = 'card(cards("discard")[0]).suit'
    assert told(document) == []


def test_a_keyed_counters_key_read_through_a_hidden_named_value_taints_it_and_a_private_one_is_fine():
    document = kit(top_suit="card(hand(seat)[0]).suit")
    document["counters"].append({"name": "suits_seen", "each": False, "keys": ["H", "S", "D", "C"]})
    with_step(document, {"set": "suits_seen", "key": "top_suit", "to": 1})
    assert [path[-1] for path, _ in told(document)] == ["key"]
    document["counters"][-1]["private"] = True
    assert told(document) == []


def test_a_named_value_is_never_shown_in_a_view_only_read_by_rules():
    text = CRAZY_EIGHTS.read_text(encoding="utf-8").replace("play:\n", "play:\n  let:\n    heavy_secret: 'sum_of(hand(2), \"points\")'\n", 1)
    document, mistakes = read_kit(text, "crazy-eights.yaml")
    assert mistakes == [], mistakes
    game = Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options({"kit": document}), "lets", salt="5eed" * 8)
    for seat in (1, 2, None):
        shown = json.dumps(RULES.view(game.state, seat) if seat else RULES.owner_view(game.state))
        assert "heavy_secret" not in shown.replace(json.dumps(text)[1:-1], "")  # the kit's own text aside


def test_named_values_reading_each_other_round_end_the_trace():
    document = with_step(kit(one="two + 1", two='one + sum_of(hand(1), "points")', three="one"), {"set": "shown", "to": "three"})
    [(_, message)] = told(document)  # the cycle is refused at its line by the rules' own check; the trace ends
    assert "three (a named value worked out through one then two from hand(1))" in message
