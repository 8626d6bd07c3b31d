"""The shape of a turn in a kit's rules: phases (``play.phases``, an action's ``phase``, the step ``phase``, the
name ``phase``), answers out of turn (``ask``: another seat acts, the turn stays the asker's), steps named once
(``define`` and ``do``), steps taken as each turn begins (``turn_begins``), a card chosen from another seat's
hand (``of``) and taken from it (``take``), and ``seats_at``; each mistake in them named at its place. The
shipped example is Missions (``kits/missions-with-rules.yaml``)."""

from __future__ import annotations

import copy

import pytest
from kit_tables import acted, laid

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.engine.randomness import TableRng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")

BASE = {
    "kit": 2, "name": "turns", "title": "Turns", "seats": {"fewest": 3, "most": 3},
    "zones": [{"name": "pile", "shows": "face-down"}],
    "decks": [{"name": "cards", "pile": "pile", "cards": [{"name": n, "fields": {"worth": w}} for n, w in (("Ace", 3), ("Two", 2), ("Six", 6))]}],
    "counters": [{"name": "points", "start": 0}, {"name": "missed", "start": 0}],
    "play": {
        "phases": ["draw", "answer"],
        "actions": [
            {"name": "draw", "phase": "draw", "effects": [{"draw": "pile"}, {"phase": "answer"}, {"ask": "seat % seats + 1"}]},
            {"name": "keep", "phase": "answer", "effects": [{"do": "score"}, {"pass": "next"}]},
            {"name": "grab", "phase": "answer", "choose": [{"name": "take", "card": "hand", "of": "turn_seat"}],
             "when": "hand(turn_seat).size() > 0", "effects": [{"take": "take", "from": "turn_seat"}, {"pass": "next"}]},
        ],
        "define": {"score": [{"add": "points", "value": 1, "seat": "turn_seat"}]},
        "turn_begins": [{"if": "missed[seat] > 0", "then": [{"add": "missed", "value": -1}, {"pass": "next"}]}],
    },
}


def kit_with(**play):
    kit = copy.deepcopy(BASE)
    kit["play"].update(play)
    return kit


def table(kit=BASE, seats=3, outcomes=()):
    return laid(kit, seats, outcomes)


def act(state, seat, action, *outcomes, **choices):
    return acted(state, seat, action, *outcomes, **choices)


def refused(kit) -> str:
    document, mistakes = read_kit(__import__("json").dumps(kit), "turns.json")
    assert document is None
    return "\n".join(mistakes)


def test_a_turn_begins_in_the_first_phase_and_only_that_phases_actions_are_legal():
    state = table()
    assert RULES.view(state, 1)["phase"] == "draw"
    assert "Turn 1: Ann to act, in the draw phase" in RULES.render(RULES.view(state, 1), ["Ann", "Ben", "Cy"])
    assert [c["action"] for c in RULES.legal_commands(state, 1)] == ["draw"]


def test_a_phase_step_moves_the_turn_on_and_an_action_of_another_phase_is_refused_naming_both():
    state = table()
    with pytest.raises(IllegalCommand, match="keep is taken in the answer phase; the turn is in its draw phase"):
        RULES.decide(state, 1, {"type": "act", "action": "keep"}, TableRng())
    facts, state = act(state, 1, "draw", "Six")
    assert f.PhaseBegun(1, "answer") in facts and RULES.view(state, 2)["phase"] == "answer"


def test_ask_gives_another_seat_the_answer_without_beginning_its_turn():
    facts, state = act(table(), 1, "draw", "Six")
    assert facts[-1] == f.AnswerAsked(1, 2)
    assert RULES.to_act(state) == [2] and state.turns == 1  # no new turn began
    assert sorted(c["action"] for c in RULES.legal_commands(state, 2)) == ["grab", "keep"]
    assert RULES.legal_commands(state, 1) == []
    assert RULES.describe(facts[-1], ["Ann", "Ben", "Cy"]) == "Ann asks Ben to answer."


def test_after_an_answer_pass_next_passes_from_the_seat_whose_turn_it_is_and_the_new_turn_is_in_its_first_phase():
    _, state = act(table(), 1, "draw", "Six")
    facts, state = act(state, 2, "keep")
    assert facts[-1] == f.TurnPassed(2, 2)  # seat 1's turn over: seat 2's begins, not seat 3's
    assert state.turns == 2 and RULES.view(state, 2)["phase"] == "draw"
    assert [c["action"] for c in RULES.legal_commands(state, 2)] == ["draw"]


def test_named_steps_are_taken_where_do_names_them_reading_the_table_as_it_is():
    _, state = act(table(), 1, "draw", "Six")
    facts, state = act(state, 2, "keep")
    assert facts[0] == f.CounterChanged(2, "points:1", 1, 1)  # define.score adds to turn_seat's points


def test_a_card_is_chosen_from_another_seats_hand_and_taken_into_the_acting_seats():
    _, state = act(table(), 1, "draw", "Six")
    assert [c for c in RULES.legal_commands(state, 2) if c["action"] == "grab"] == [{"type": "act", "action": "grab", "take": "Six"}]
    with pytest.raises(IllegalCommand, match="grab: take 'Ace' is not allowed: it must be a card in the hand of seat turn_seat"):
        RULES.decide(state, 2, {"type": "act", "action": "grab", "take": "Ace"}, TableRng())
    facts, state = act(state, 2, "grab", take="Six")
    assert facts[0] == f.CardMoved(2, "take", "Six", "hand:1", 0, "hand:2", False, [1, 2])
    assert [e["card"] for e in state.zones["hand:2"]["cards"]] == ["Six"] and state.zones["hand:1"]["cards"] == []
    assert RULES.redact(facts[0], 3).card == ""  # seat 3 never saw it
    assert RULES.describe(facts[0], ["Ann", "Ben", "Cy"]) == "Ben takes Six from Ann's hand."


def test_turn_begins_steps_are_taken_for_the_seat_whose_turn_begins_and_may_pass_it_on():
    kit = copy.deepcopy(BASE)
    kit["counters"][1]["start"] = 1  # every seat misses its next turn once
    _, state = act(table(kit), 1, "draw", "Six")
    facts, state = act(state, 2, "keep")
    assert facts[1:] == [f.TurnPassed(2, 2), f.CounterChanged(2, "missed:2", 0, -1), f.TurnPassed(2, 3),
                         f.CounterChanged(3, "missed:3", 0, -1), f.TurnPassed(3, 1),
                         f.CounterChanged(1, "missed:1", 0, -1), f.TurnPassed(1, 2)]  # seat 2 has missed its turn already
    assert RULES.to_act(state) == [2] and state.turns == 5


def test_turn_begins_steps_that_never_stop_passing_are_refused_and_nothing_is_recorded():
    kit = kit_with(turn_begins=[{"pass": "next"}])
    _, state = act(table(kit), 1, "draw", "Six")
    with pytest.raises(IllegalCommand, match="more than 20 turns began in one action"):
        RULES.decide(state, 2, {"type": "act", "action": "keep"}, TableRng())


def test_named_steps_that_do_themselves_for_ever_are_refused():
    kit = kit_with(define={"score": [{"do": "score"}]})
    _, state = act(table(kit), 1, "draw", "Six")
    with pytest.raises(IllegalCommand, match="taken inside each other more than 20 times"):
        RULES.decide(state, 2, {"type": "act", "action": "keep"}, TableRng())


def test_seats_at_names_the_seats_whose_pieces_stand_on_a_space():
    kit = shipped_kit("missions-with-rules")
    state = table(kit, 3, outcomes=[1])
    from domain.games.table_kit.play.kit_scope import Scope

    scope = Scope(state_rules(state), state, 1)
    assert scope.function("seats_at")("1") == [1] and scope.function("seats_at")("2") == []


def state_rules(state):
    from domain.games.table_kit.table.state import kit_of

    return kit_of(state).rules


@pytest.mark.parametrize(("play", "said"), [
    ({"phases": ["draw", "draw"]}, "play.phases.1: the phase 'draw' is named twice"),
    ({"actions": [{"name": "x", "phase": "bid", "effects": [{"pass": "next"}]}]},
     "play.actions.0.phase: no phase named 'bid'; the kit's phases: draw, answer"),
    ({"actions": [{"name": "x", "effects": [{"phase": "bid"}]}]}, "play.actions.0.effects.0.phase: no phase named 'bid'"),
    ({"actions": [{"name": "x", "effects": [{"do": "scorer"}]}]},
     "play.actions.0.effects.0.do: no steps named 'scorer' in play.define (did you mean \"score\"?); the named steps: score"),
    ({"actions": [{"name": "x", "effects": [{"take": "'Ace'"}]}]}, "play.actions.0.effects.0: take needs 'from'"),
    ({"actions": [{"name": "x", "effects": [{"ask": "sea + 1"}]}]}, "play.actions.0.effects.0.ask: 'sea + 1' reads 'sea'"),
    ({"actions": [{"name": "x", "choose": [{"name": "take", "number": [1, 2], "of": "seat"}], "effects": [{"pass": "next"}]}]},
     "play.actions.0.choose.0.of: of names whose hand a card is chosen from: it goes with card: hand"),
])
def test_a_mistake_in_the_shape_of_a_turn_is_named_at_its_place(play, said):
    assert said in refused(kit_with(**play))


def test_a_kit_without_phases_reads_no_phase_and_its_views_name_none():
    kit = kit_with(phases=[], actions=[{"name": "go", "when": "phase == 'x'", "effects": [{"pass": "next"}]}])
    del kit["play"]["phases"]
    assert "reads 'phase', which this kit does not name here" in refused(kit)
    assert "phase" not in RULES.view(table(shipped_kit("pig"), 2), 1)


def test_ruling_15_an_answer_begins_no_turn_and_the_next_turn_passes_from_the_asker_in_its_first_phase():
    kit = kit_with(limit={"turns": 1})  # one turn: a turn begun by the answer would stop the game
    facts, state = act(table(kit), 1, "draw", "Ace")
    assert RULES.outcome(state) is None and state.turns == 1 and RULES.to_act(state) == [2]
    facts, state = act(state, 2, "keep")
    assert f.TurnPassed(2, 2) in facts and RULES.outcome(state).at_limit  # from seat 1, the asker: seat 2's turn


def test_ruling_16_revealing_a_card_every_seat_has_seen_does_nothing():
    kit = kit_with(actions=[{"name": "show", "effects": [{"draw": "pile"}, {"reveal": "hand(seat)[0]"}, {"reveal": "hand(seat)[0]"},
                                                         {"pass": "next"}]}], phases=["draw"])
    facts, state = act(table(kit), 1, "show", "Two")
    assert [type(fact).__name__ for fact in facts] == ["CardMoved", "CardRevealed", "TurnPassed"]
    assert state.zones["hand:1"]["cards"][0]["seen"] == [1, 2, 3]


def test_a_choice_along_a_track_may_go_from_an_expressions_space():
    state = table(shipped_kit("missions-with-rules"), 3, outcomes=[1])  # seat 1 first, its pawn on space 1
    _, state = act(state, 1, "roll", 3)
    assert sorted(c["to"] for c in RULES.legal_commands(state, 1)) == ["26", "4"]  # 3 on round the loop, or back
    with pytest.raises(IllegalCommand, match="move: to .5. is not allowed: it must be the space die or -die on from here"):
        RULES.decide(state, 1, {"type": "act", "action": "move", "to": "5"}, TableRng())


GRID = {
    "kit": 2, "name": "walks", "title": "Walks", "seats": {"fewest": 2, "most": 2},
    "spaces": [{"name": "board", "kind": "grid", "columns": 3, "rows": 3}],
    "pieces": [{"kind": "pawn", "owner": "each"}],
    "counters": [{"name": "tries", "each": False, "start": 0}],
    "dice": [{"name": "die", "faces": [1, 2, 3, 4]}],
    "play": {
        "setup": [{"place": {"to": '"a1"'}, "seat": 2}, {"place": {"to": '"c3"'}, "seat": 1},
                  {"repeat": [{"roll": "die"}, {"add": "tries", "value": 1}], "until": "die == 4"}, {"pass": 2}],
        "actions": [{"name": "walk", "choose": [{"name": "to", "from": "here", "walk": 2,
                                                  "through": "!(to in owners) || owners[to] == seat"}],
                     "effects": [{"move": {"from": "here", "to": "to"}}, {"pass": "next"}]}],
    },
}


def test_setup_steps_place_a_named_seats_piece_repeat_until_and_pass_the_first_turn():
    state = table(GRID, 2, outcomes=[1, 3, 4])  # the repeat rolls until a 4: three rolls
    assert state.pieces == {"pawn-1": "c3", "pawn-2": "a1"}
    assert state.counters["tries"] == 3 and RULES.to_act(state) == [2] and state.turns == 1


def test_a_walk_offers_the_spaces_exactly_n_orthogonal_steps_away_never_straight_back():
    state = table(GRID, 2, outcomes=[4])
    # from a1, two steps: a3, b2, c1 (never back onto a1: that would step straight back)
    assert sorted(c["to"] for c in RULES.legal_commands(state, 2)) == ["a3", "b2", "c1"]


def test_a_walks_through_condition_keeps_it_off_the_spaces_it_refuses_on_the_way_and_at_the_end():
    kit = copy.deepcopy(GRID)
    kit["play"]["setup"][1] = {"place": {"to": '"b1"'}, "seat": 1}  # seat 1 stands in the way, on b1
    state = table(kit, 2, outcomes=[4])
    assert sorted(c["to"] for c in RULES.legal_commands(state, 2)) == ["a3", "b2"]  # c1 only through b1
    with pytest.raises(IllegalCommand, match="walk: to 'c1' is not allowed: it must be a space 2 steps from here, never straight back"):
        RULES.decide(state, 2, {"type": "act", "action": "walk", "to": "c1"}, TableRng())


def test_a_walk_round_a_loop_may_end_where_it_began():
    kit = copy.deepcopy(GRID)
    kit["play"]["actions"][0]["choose"][0]["walk"] = 4
    state = table(kit, 2, outcomes=[4])
    assert "a1" in [c["to"] for c in RULES.legal_commands(state, 2)]  # a1 b1 b2 a2 a1
    facts, state = act(state, 2, "walk", to="a1")
    assert f.PieceMoved(2, "pawn-2", "a1", "a1") in facts and state.pieces["pawn-2"] == "a1"


def test_a_repeat_that_never_ends_is_refused_after_a_hundred_rounds():
    kit = copy.deepcopy(GRID)
    kit["play"]["setup"][2]["until"] = "die == 5"
    with pytest.raises(IllegalCommand, match="repeated 100 times and 'die == 5' never held"):
        table(kit, 2, outcomes=[1] * 100)


def test_here_and_owners_read_where_the_seat_stands_and_who_holds_each_space():
    state = table(GRID, 2, outcomes=[4])
    from domain.games.table_kit.play.kit_scope import Scope

    assert Scope(state_rules(state), state, 2)["here"] == "a1"
    assert Scope(state_rules(state), state, 1)["owners"] == {"a1": 2, "c3": 1}


@pytest.mark.parametrize(("choice", "said"), [
    ({"name": "to", "walk": 2}, "play.actions.0.choose.0.from: from goes with steps, along or walk"),
    ({"name": "to", "from": "here", "walk": 2, "steps": ["north"]}, "a choice goes by steps on a grid, along a track or on a walk"),
    ({"name": "to", "space": "empty", "through": "true"}, "through says which spaces a walk may step onto: it goes with walk"),
])
def test_a_mistake_in_a_walk_is_named_at_its_place(choice, said):
    kit = copy.deepcopy(GRID)
    kit["play"]["actions"][0]["choose"] = [choice]
    assert said in refused(kit)


def test_a_repeat_without_until_is_named_at_its_place():
    kit = copy.deepcopy(GRID)
    del kit["play"]["setup"][2]["until"]
    assert "play.setup.2: repeat needs 'until': the condition that ends it" in refused(kit)
