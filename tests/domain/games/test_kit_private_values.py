"""Private counters and the secrets trace (ruling 24), on a crazy-eights kit (``tests/kits/crazy-eights.yaml``) whose
penalty points, each seat's hidden hand's total worked out with ``sum_of``, are a private counter: its seat sees its
own, no other seat does (views, text, pictures, facts, charts, a bot's imagined table) until the game ends, and the
rules read the true value. The same kit with a public counter is refused by ``kit check``'s trace at its line."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.language.expression_cost import MOST_STEPS, cost
from domain.games.table_kit.board.kit_board import Geometry
from domain.games.table_kit.play.kit_compile import kit_sizes
from domain.games.table_kit.reading.kit_taint import taint_problems
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
SEATS = ["Ann", "Ben"]
CRAZY_EIGHTS = Path(__file__).parents[2] / "kits" / "crazy-eights.yaml"


def kit(private: bool = True) -> dict:
    document, mistakes = read_kit(CRAZY_EIGHTS.read_text(encoding="utf-8"), "crazy-eights.yaml")
    assert mistakes == [], mistakes
    if not private:
        del document["counters"][0]["private"]
    return document


def game(document: dict | None = None, seed: str = "eights") -> Game:
    return Game.start(RULES, SEATS, RULES.resolve_options({"kit": document or kit()}), seed, salt="5eed" * 8)


def points(state, seat: int) -> int:
    hand = [entry["card"] for entry in state.zones[f"hand:{seat}"]["cards"]]
    return sum(card["fields"]["points"] for deck in state.kit["decks"] for card in deck["cards"] if card["name"] in hand)


def counter(view: dict, key: str) -> dict:
    return next(shown for shown in view["counters"] if shown["key"] == key)


def test_a_private_counter_is_seen_by_its_seat_and_hidden_from_the_others_in_views_text_and_pictures():
    state = game().state
    bens = points(state, 2)
    ann = RULES.view(state, 1)
    assert counter(ann, "points:1")["value"] == points(state, 1)
    assert counter(ann, "points:2") == {"key": "points:2", "name": "points", "seat": 2, "value": None, "min": None, "max": None,
                                        "private": True, "hidden": True}
    assert counter(RULES.view(state, 2), "points:2")["value"] == bens
    assert counter(RULES.view(state, None), "points:1")["value"] is None  # a spectator sees neither
    text = RULES.render(ann, SEATS)
    assert "Ben's points: hidden" in text and f"Ann's points: {points(state, 1)}" in text
    titles = [item["title"] for item in RULES.picture(ann, SEATS)["items"] if item.get("kind") == "counter"]
    assert "Ben's points: hidden" in titles


def test_a_private_counters_change_is_blank_in_the_facts_other_seats_receive():
    played = game()
    changed = [event.as_fact() for event in played.pending_events if hasattr(event, "fact")]
    private = [fact for fact in changed if isinstance(fact, f.PrivateCounterChanged) and fact.owner == 2]
    assert private and private[0].value == points(played.state, 2)
    assert RULES.redact(private[0], 1).value is None and RULES.redact(private[0], 1).by is None
    assert RULES.redact(private[0], None).value is None
    assert RULES.redact(private[0], 2) == private[0]
    assert RULES.describe(RULES.redact(private[0], 1), SEATS) == "Ann changes Ben's points (private)."
    assert f.PrivateCounterChanged.from_data(private[0].to_data()) == private[0]  # stored and read back whole


def test_a_bots_imagined_table_works_another_seats_private_total_out_from_the_imagined_hand():
    state = game().state
    imagined = [RULES.determinize(state, 1, SimRng(random.Random(seed))) for seed in range(8)]
    for table in imagined:
        assert table.counters["points:2"] == points(table, 2)  # the kit only ever sets it to sum_of(hand(seat), "points")
        assert table.counters["points:1"] == state.counters["points:1"]
    assert len({table.counters["points:2"] for table in imagined}) > 1  # not the real total, kept


def test_a_bots_imagined_table_holds_another_seats_private_counter_at_its_start_unless_it_is_a_hands_fold():
    document = kit()
    document["play"]["actions"][1]["effects"].insert(0, {"add": "points", "value": 1})  # no longer a fold of the hand alone
    state = game(document).state
    for seed in range(5):
        imagined = RULES.determinize(state, 1, SimRng(random.Random(seed)))
        assert imagined.counters["points:2"] == 0  # all Ann knows of Ben's points: their start
        assert imagined.counters["points:1"] == state.counters["points:1"]
    assert state.counters["points:2"] == points(state, 2) > 0


def test_the_charts_show_a_private_counter_only_once_the_game_is_over():
    played = game()
    assert RULES.seat_numbers(played.state) == {1: {}, 2: {}}
    ended = RULES.evolve(played.state, f.GameEnded(1, [1], "test"))
    assert RULES.seat_numbers(ended)[2] == {"points": points(played.state, 2)}


def test_the_rules_read_a_private_counters_true_value_and_the_end_shows_it():
    played = game(seed="knock")
    bot = random.Random(3)
    while played.outcome() is None:
        seat = played.to_act()[0]
        legal = RULES.legal_commands(played.state, seat)
        knock = [command for command in legal if command.get("action") == "knock"]
        played.play(seat, knock[0] if knock else legal[bot.randrange(len(legal))], f"c{played.version}")
    state = played.state
    if state.reason.startswith("the deck ran out"):
        assert state.winners == ([1] if points(state, 1) <= points(state, 2) else [2])
    for seat in (1, 2):
        assert counter(RULES.view(state, 3 - seat), f"points:{seat}")["value"] == points(state, seat)  # the end shows it


def test_sum_of_most_of_and_least_of_fold_a_field_over_a_list_of_cards():
    from domain.games.table_kit.language.expressions import compile_expression
    from domain.games.table_kit.play.kit_scope import FUNCTIONS, Scope

    state = game().state
    rules = compiled_rules(state)
    scope = Scope(rules, state, 1)
    hand = [entry["card"] for entry in state.zones["hand:1"]["cards"]]
    worth = [rules.cards[name]["points"] for name in hand]
    for source, expected in [('sum_of(hand(1), "points")', sum(worth)), ('most_of(hand(1), "points")', max(worth)),
                             ('least_of(hand(1), "rank")', min(rules.cards[name]["rank"] for name in hand)),
                             ('sum_of([], "points")', 0), ('sum_of(hand(1), "colour")', 0)]:
        assert compile_expression(source, rules.names, FUNCTIONS).value(scope) == expected, source


def compiled_rules(state):
    """The compiled rules of a table's kit."""
    from domain.games.table_kit.table.state import kit_of

    return kit_of(state).rules


def test_the_folds_are_priced_as_a_walk_of_their_list():
    document = kit()
    sizes = kit_sizes(document, Geometry.of(document))
    once = cost('sum_of(hand(seat), "points")', sizes)
    assert cost("size(hand(seat))", sizes) < once < MOST_STEPS
    nested = 'hand(seat).all(a, hand(seat).all(b, sum_of(hand(seat), "points") > 0))'
    assert cost(nested, sizes) > 16 * once


def test_a_public_counter_set_from_a_hand_is_refused_by_the_trace_at_its_line():
    _, lines = read_kit(CRAZY_EIGHTS.read_text(encoding="utf-8").replace("{name: points, private: true}", "{name: points}"),
                        "crazy-eights.yaml", more=taint_problems)
    text = CRAZY_EIGHTS.read_text(encoding="utf-8").splitlines()
    assert lines and all("'points' is public, yet set from hand(" in line for line in lines)
    first = int(lines[0].split(":")[1])
    assert "sum_of(hand(1)" in text[first - 1]
    assert taint_problems(kit()) == []  # private: nothing to refuse


def test_knowingly_lets_a_public_value_read_what_a_seat_cannot_see():
    told = kit(private=False)
    told["counters"][0]["knowingly"] = True
    assert taint_problems(told) == []
    step = kit(private=False)
    step["play"]["actions"][1]["effects"][1]["knowingly"] = True
    assert sorted(problem.path[:4] for problem in taint_problems(step)) == [("play", "actions", 0, "effects"), ("play", "setup", 1, "to"),
                                                                            ("play", "setup", 2, "to")]


def test_an_action_offered_by_what_the_acting_seat_cannot_see_is_refused_and_its_own_hand_is_not():
    document = kit()
    document["play"]["actions"][1]["when"] = 'size(cards("deck")) > 0 && "H8" in hand(seat)'
    assert taint_problems(document) == []
    document["play"]["actions"][1]["when"] = 'size(cards("deck")) > 0 && points[3 - seat] > 10'
    assert [(problem.path, "points (a private counter)" in problem.message) for problem in taint_problems(document)] == [
        (("play", "actions", 1, "when"), True)]
    document["play"]["actions"][1]["knowingly"] = True
    assert taint_problems(document) == []


def test_a_counter_changed_under_a_condition_on_a_hand_is_refused():
    document = kit()
    document["counters"].append({"name": "warned", "each": False})
    document["play"]["actions"][1]["effects"].insert(0, {"if": 'sum_of(hand(seat), "points") > 60', "then": [{"add": "warned", "value": 1}]})
    assert [problem.path for problem in taint_problems(document)] == [("play", "actions", 1, "effects", 0, "then", 0, "value")]


def test_an_ending_may_read_the_hands():
    document = kit()
    document["play"]["end"].append({"when": 'sum_of(hand(seat), "points") > 200', "winners": "[3 - seat]"})
    assert taint_problems(document) == []


@pytest.mark.parametrize("name", sorted(path.stem for path in KITS.glob("*.yaml")))
def test_every_shipped_kit_passes_the_trace(name):
    assert taint_problems(shipped_kit(name)) == []


def test_a_kit_still_plays_with_a_public_counter_the_trace_refuses():
    leaky = game(kit(private=False))  # the trace is kit check's: a kit (and every game of it recorded) still plays
    assert RULES.view(leaky.state, 1)["counters"][1]["value"] == points(leaky.state, 2)


def test_a_private_shared_counter_is_seen_by_no_seat_until_the_end():
    document = copy.deepcopy(kit())
    document["counters"].append({"name": "pot", "each": False, "private": True, "start": 7})
    state = game(document).state
    assert [counter(RULES.view(state, seat), "pot")["value"] for seat in (1, 2, None)] == [None, None, None]
    assert counter(RULES.owner_view(state), "pot")["value"] == 7


def test_a_kit_with_a_bad_private_flag_is_refused():
    document = kit()
    document["counters"][0]["private"] = "yes"
    with pytest.raises(InvalidSetup, match="private"):
        game(document)


def test_a_table_without_rules_offers_a_seat_no_change_to_another_seats_private_counter():
    document = kit()
    del document["play"]
    document["kit"] = 1
    state = game(document).state
    counters = {command["counter"] for command in RULES.legal_commands(state, 1) if command["type"] == "add"}
    assert counters == {"points:1"}  # whether Ben's sits at a bound is Ben's secret
    facts = RULES.decide(state, 1, {"type": "add", "counter": "points:1", "amount": 2}, None)
    assert facts == [f.PrivateCounterChanged(1, "points:1", 2, 2, 1)] and RULES.redact(facts[0], 2).value is None
