"""The parts of a kit's rules language on the board and the cards: choices drawn from the components (a
space that is empty or the seat's, a step ahead as the seat faces, a number, a card in the hand, narrowed by
``where``), the steps on pieces (place, move, capture) and on cards (draw, play...), the board's and the
cards' functions, a seat with no action (the stuck rule), setup steps and dice behind screens, and the
mistakes in each named at their place."""

from __future__ import annotations

import copy

import pytest

from domain.engine import registry
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.randomness import TableRng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")


def table(kit, seats=2, outcomes=()):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, TableRng(list(outcomes))):
        state = RULES.evolve(state, fact)
    return state


def act(state, seat, outcomes=(), **command):
    facts = RULES.decide(state, seat, {"type": "act", **command}, TableRng(list(outcomes)))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def grid_kit(**play):
    """Two seats on a 3 × 3 grid, two pawns each (seat 1's on a1, b1; seat 2's on a3, c3) and a stone each off the board."""
    return {"kit": 2, "name": "grid", "title": "Grid", "seats": {"fewest": 2, "most": 2},
            "spaces": [{"name": "board", "kind": "grid", "columns": 3, "rows": 3}],
            "pieces": [{"kind": "pawn", "owner": "each", "count": 2, "at": ["a1", "b1", "a3", "c3"]},
                       {"kind": "stone", "owner": "each"}],
            "play": {"actions": [{"name": "pass", "effects": [{"pass": "next"}]}], **play}}


def refused(kit) -> str:
    with pytest.raises(InvalidSetup) as caught:
        RULES.new_state(2, RULES.resolve_options({"kit": kit}))
    return str(caught.value)


# -- choices -------------------------------------------------------------------------------------------


def test_a_space_choice_offers_the_spaces_holding_what_it_names():
    kit = grid_kit(actions=[{"name": "put", "choose": [{"name": "to", "space": "empty"}], "effects": [{"place": {"to": "to"}}]},
                            {"name": "lift", "choose": [{"name": "from", "space": "mine"}], "effects": [{"capture": "from"}]},
                            {"name": "hit", "choose": [{"name": "space", "space": "theirs"}], "effects": [{"capture": "space"}]}])
    legal = RULES.legal_commands(table(kit), 1)
    assert sorted(c["to"] for c in legal if c["action"] == "put") == ["a2", "b2", "b3", "c1", "c2"]
    assert sorted(c["from"] for c in legal if c["action"] == "lift") == ["a1", "b1"]
    assert sorted(c["space"] for c in legal if c["action"] == "hit") == ["a3", "c3"]


def test_steps_are_taken_as_the_seat_faces():
    kit = grid_kit(facing=["north", "south"], actions=[{"name": "go", "choose": [
        {"name": "from", "space": "mine"}, {"name": "to", "from": "from", "steps": ["ahead", "ahead-right"], "space": "empty"}],
        "effects": [{"move": {"from": "from", "to": "to"}}, {"pass": "next"}]}])
    state = table(kit)
    assert sorted((c["from"], c["to"]) for c in RULES.legal_commands(state, 1)) == [("a1", "a2"), ("a1", "b2"), ("b1", "b2"), ("b1", "c2")]
    _, state = act(state, 1, action="go", **{"from": "a1", "to": "a2"})
    # seat 2 faces south: ahead is down the rows, ahead-right south-west (a3's ahead is taken, its ahead-right off the grid)
    assert sorted((c["from"], c["to"]) for c in RULES.legal_commands(state, 2)) == [("c3", "b2"), ("c3", "c2")]


def test_a_where_narrows_a_choice_and_reads_the_choices_before_it():
    kit = grid_kit(actions=[{"name": "put", "choose": [{"name": "to", "space": "empty", "where": "row(to) == 2 && column(to) > 1"}],
                             "effects": [{"place": {"to": "to"}}]}])
    assert [c["to"] for c in RULES.legal_commands(table(kit), 1)] == ["b2", "c2"]


def test_a_number_choice_runs_from_its_least_to_its_most():
    kit = grid_kit(counters=[{"name": "score"}], actions=[{"name": "take", "choose": [{"name": "number", "number": [1, "seats + 1"]}],
                                                            "effects": [{"add": "score", "value": "number"}]}])
    kit["counters"] = kit["play"].pop("counters")
    state = table(kit)
    assert [c["number"] for c in RULES.legal_commands(state, 1)] == [1, 2, 3]
    _, state = act(state, 1, action="take", number=3)
    assert state.counters["score:1"] == 3


def test_a_choice_the_action_does_not_allow_is_refused_saying_what_it_must_be():
    kit = grid_kit(actions=[{"name": "put", "choose": [{"name": "to", "space": "empty"}], "effects": [{"place": {"to": "to"}}]}])
    state = table(kit)
    with pytest.raises(IllegalCommand, match="put: to 'a1' is not allowed: it must be a space that is empty"):
        act(state, 1, action="put", to="a1")
    with pytest.raises(IllegalCommand, match="put needs to: a space that is empty"):
        act(state, 1, action="put")
    with pytest.raises(IllegalCommand, match="put chooses to; not from"):
        act(state, 1, action="put", to="b2", **{"from": "a1"})


# -- steps on pieces -----------------------------------------------------------------------------------


def test_place_move_and_capture_become_the_tables_piece_moves():
    kit = grid_kit(actions=[{"name": "go", "choose": [{"name": "from", "space": "mine"}, {"name": "to", "space": "theirs"}],
                             "effects": [{"capture": "to"}, {"move": {"from": "from", "to": "to"}}, {"place": {"kind": "stone", "to": "from"}}]}])
    facts, state = act(table(kit), 1, action="go", **{"from": "a1", "to": "c3"})
    assert facts == [f.PieceMoved(1, "pawn-2-2", "c3", "off"), f.PieceMoved(1, "pawn-1-1", "a1", "c3"), f.PieceMoved(1, "stone-1", "off", "a1")]
    assert state.pieces["pawn-1-1"] == "c3" and state.pieces["pawn-2-2"] == "off"


def test_a_step_the_table_cannot_carry_out_refuses_the_action_and_records_nothing():
    kit = grid_kit(actions=[{"name": "go", "choose": [{"name": "from", "space": "mine"}, {"name": "to", "space": "theirs"}],
                             "effects": [{"move": {"from": "from", "to": "to"}}]},
                            {"name": "twice", "effects": [{"place": {"kind": "stone", "to": "'b2'"}}, {"place": {"kind": "stone", "to": "'c2'"}}]}])
    with pytest.raises(IllegalCommand, match=r"move onto c3, but pawn-2-2 stands there \(capture it first"):
        act(table(kit), 1, action="go", **{"from": "a1", "to": "c3"})
    with pytest.raises(IllegalCommand, match="seat 1 has no stone left off the board to place"):
        act(table(kit), 1, action="twice")


def test_the_board_functions_read_owner_kind_line_pieces_and_free_spaces():
    kit = grid_kit(counters=[{"name": "seen"}], actions=[{"name": "look", "effects": [
        {"set": "seen", "to": "owner('a1') * 1000 + owner('a3') * 100 + line(1) * 10 + pieces(2)"},
        {"if": "kind('a1') == 'pawn' && kind('b2') == '' && free_spaces == 5 && step('a1', 'north-east') == 'b2' && step('a1', 'west') == ''",
         "then": [{"add": "seen", "value": 1}]}]}])
    kit["counters"] = kit["play"].pop("counters")
    _, state = act(table(kit), 1, action="look")
    assert state.counters["seen:1"] == 1000 + 200 + 20 + 2 + 1


# -- a seat with no action ------------------------------------------------------------------------------


def test_a_seat_with_no_action_and_no_stuck_rule_ends_the_game_in_a_draw():
    kit = grid_kit(actions=[{"name": "pass", "when": "seat == 1", "effects": [{"pass": "next"}]}])
    facts, state = act(table(kit), 1, action="pass")
    assert facts[-1] == f.GameEnded(2, [], "seat 2 has no action it may take", False)
    assert RULES.outcome(state).winners == []


def test_the_stuck_rule_is_taken_for_a_seat_with_no_action():
    kit = grid_kit(stuck=[{"pass": "next"}], actions=[{"name": "pass", "when": "seat == 1", "effects": [{"pass": "next"}]}])
    facts, state = act(table(kit), 1, action="pass")
    assert facts == [f.TurnPassed(1, 2), f.TurnPassed(2, 1)] and RULES.to_act(state) == [1]
    never = grid_kit(stuck=[{"pass": "next"}], actions=[{"name": "pass", "when": "false", "effects": [{"pass": "next"}]}])
    assert RULES.outcome(table(never)).reason == "seat 1 has no action it may take"  # once round the table, then a draw


# -- cards, setup and dice behind screens -----------------------------------------------------------------


def card_kit(**play):
    return {"kit": 2, "name": "cards", "title": "Cards", "seats": {"fewest": 2, "most": 2},
            "zones": [{"name": "deck", "shows": "face-down"}, {"name": "table", "shows": "face-up"}],
            "decks": [{"name": "ranks", "pile": "deck", "shuffled": False,
                       "cards": [{"name": name, "fields": {"rank": rank}} for rank, name in enumerate(["two", "three", "four", "five"], 2)]}],
            "play": {"actions": [{"name": "draw", "effects": [{"draw": "deck", "count": 2}]},
                                 {"name": "lay", "choose": [{"name": "card", "card": "hand"}],
                                  "effects": [{"play": "card", "to": "table"}, {"pass": "next"}]}], **play}}


def test_card_steps_draw_into_the_hand_and_a_card_choice_names_a_card_in_it():
    kit = card_kit()
    _, state = act(table(kit), 1, action="draw")
    assert [entry["card"] for entry in state.zones["hand:1"]["cards"]] == ["two", "three"]
    assert [c["card"] for c in RULES.legal_commands(state, 1) if c["action"] == "lay"] == ["two", "three"]
    facts, state = act(state, 1, action="lay", card="three")
    assert facts[0] == f.CardMoved(1, "play", "three", "hand:1", 1, "table", True, [1])
    with pytest.raises(IllegalCommand, match="lay: card 'five' is not allowed: it must be a card in your hand"):
        act(state, 2, action="lay", card="five")


def test_the_card_functions_read_a_hand_a_zone_and_a_cards_fields():
    kit = card_kit(end=[{"when": "size(hand(seat)) == 2 && card(hand(seat)[1]).rank == 3 && size(cards('deck')) == 2",
                         "winners": "[seat]", "reason": "read"}])
    _, state = act(table(kit), 1, action="draw")
    assert RULES.outcome(state).reason == "read"


def test_setup_steps_roll_each_seats_hidden_die_told_by_the_table():
    kit = shipped_kit("liars-dice")
    state = table(kit, outcomes=[4, 6])
    assert state.dice == {"cup:1": [4], "cup:2": [6]}
    assert [c for c in RULES.legal_commands(state, 1) if c["action"] == "liar"] == []  # no bid to call yet
    _, state = act(state, 1, action="bid", count=2, face=4)
    _, state = act(state, 2, action="liar")
    assert RULES.outcome(state).winners == [1]  # a 4 and a wild 6: two fours


# -- mistakes named at their place --------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "said"), [
    ({"actions": [{"name": "go", "choose": [{"name": "target", "space": "empty"}], "effects": [{"pass": "next"}]}]},
     "play.actions.0.choose.0.name: 'target' is not one of ['from', 'to', 'space', 'card', 'number', 'count', 'face', 'player', 'give', 'take']"),
    ({"actions": [{"name": "go", "choose": [{"name": "to", "from": "from", "steps": ["ahead"]}], "effects": [{"pass": "next"}]}]},
     "play.actions.0.choose.0.from: 'from' is no earlier choice of a space"),
    ({"actions": [{"name": "go", "effects": [{"place": {"kind": "rook", "to": "'a2'"}}]}]},
     "play.actions.0.effects.0.place.kind: no piece of kind 'rook'; the kit's pieces: pawn, stone"),
    ({"actions": [{"name": "go", "effects": [{"draw": "deck"}]}]}, "play.actions.0.effects.0.draw: no zone named 'deck'"),
    ({"actions": [{"name": "go", "when": "owns('a1') == 1", "effects": [{"pass": "next"}]}]},
     """play.actions.0.when: "owns('a1') == 1" calls 'owns', which is no function here"""),
    ({"facing": ["up"]}, "play.facing.0: 'up' is not one of ['north', 'north-east'"),
    ({"actions": [{"name": "go", "choose": [{"name": "to", "space": "empty", "number": [1, 2]}], "effects": [{"pass": "next"}]}]},
     "play.actions.0.choose.0.space: say what is chosen, one of: space"),
])
def test_a_mistake_on_the_board_or_the_cards_is_named_at_its_place(change, said):
    kit = grid_kit()
    kit["play"].update(change)
    assert said in refused(kit)


def test_steps_on_pieces_need_a_board():
    kit = card_kit()
    kit["play"]["actions"][0]["effects"] = [{"capture": "'a1'"}]
    assert "play.actions.0.effects.0.capture: capture needs a board: this kit has no spaces" in refused(kit)


def test_the_shipped_board_and_card_kits_are_whole():
    for name in ("tic-tac-toe", "connect-four", "breakthrough", "kuhn-poker", "liars-dice"):
        kit = copy.deepcopy(shipped_kit(name))
        assert RULES.legal_commands(table(kit, outcomes=[1, 2] if name == "liars-dice" else ["Jack", "King"] if name == "kuhn-poker" else []), 1)


# -- tracks, links and landing rules ----------------------------------------------------------------------


def track_kit(**play):
    """A loop of 6 spaces with a link from 2 to 5, a mark on 4, and a pawn each on 1."""
    return {"kit": 2, "name": "loop", "title": "Loop", "seats": {"fewest": 2, "most": 2},
            "spaces": [{"name": "ring", "kind": "loop", "count": 6, "kinds": {"4": "gold"}, "links": [{"from": 2, "to": 5}]}],
            "pieces": [{"kind": "pawn", "owner": "each", "at": ["1", "1"]}], "dice": [{"name": "die", "faces": [1, 2, 3]}],
            "play": {"actions": [{"name": "go", "choose": [{"name": "from", "space": "mine"}, {"name": "to", "from": "from", "along": [2, -2]}],
                                  "effects": [{"move": {"from": "from", "to": "to", "stack": True}}, {"pass": "next"}]}], **play}}


def test_along_offers_the_spaces_that_many_on_or_back_round_a_loop():
    legal = RULES.legal_commands(table(track_kit()), 1)
    assert [c["to"] for c in legal] == ["3", "5"]  # 1 + 2, and 1 - 2 round the loop of 6


def test_a_landing_rule_is_taken_where_a_piece_lands_and_reads_the_space():
    kit = track_kit(counters=[{"name": "gold"}], landing=[{"when": 'link(landed) != ""', "effects": [{"move": {"from": "landed", "to": "link(landed)", "stack": True}}]},
                                                         {"when": 'mark(landed) == "gold"', "effects": [{"add": "gold", "value": 1}]}])
    kit["counters"] = kit["play"].pop("counters")
    kit["play"]["actions"][0]["choose"][1]["along"] = [1, 3]
    facts, state = act(table(kit), 1, action="go", **{"from": "1", "to": "2"})
    assert facts[:2] == [f.PieceMoved(1, "pawn-1", "1", "2"), f.PieceMoved(1, "pawn-1", "2", "5")]  # the link: 2 leads to 5
    facts, state = act(state, 2, action="go", **{"from": "1", "to": "4"})
    assert state.counters["gold:2"] == 1 and state.counters["gold:1"] == 0  # only the first rule that holds is taken


def test_landing_rules_that_never_stop_refuse_the_action():
    kit = track_kit(landing=[{"when": "true", "effects": [{"move": {"from": "landed", "to": "along(landed, 1)", "stack": True}}]}])
    with pytest.raises(IllegalCommand, match="the landing rules moved a piece more than 20 times in one action"):
        act(table(kit), 1, action="go", **{"from": "1", "to": "3"})


def test_pieces_share_a_space_only_where_a_move_says_stack():
    kit = track_kit()
    kit["play"]["actions"][0]["effects"][0]["move"]["stack"] = False
    _, state = act(table(kit), 1, action="go", **{"from": "1", "to": "3"})  # from under seat 2's pawn: the space is seat 1's too
    with pytest.raises(IllegalCommand, match="move onto 3, but pawn-1 stands there"):
        act(state, 2, action="go", **{"from": "1", "to": "3"})
    assert act(table(track_kit()), 1, action="go", **{"from": "1", "to": "5"})[1].pieces == {"pawn-1": "5", "pawn-2": "1"}


def test_a_card_step_puts_a_card_under_a_pile():
    kit = card_kit()
    kit["play"]["actions"][1]["effects"] = [{"discard": "card", "to": "deck", "under": True}, {"pass": "next"}]
    _, state = act(table(kit), 1, action="draw")
    facts, state = act(state, 1, action="lay", card="two")
    assert facts[0] == f.CardPutUnder(1, "discard", "two", "hand:1", 0, "deck", [1])
    assert state.zones["deck"]["cards"][0]["card"] == "two" and state.zones["deck"]["under"] == 1
    bad = card_kit()
    bad["play"]["actions"][0]["effects"] = [{"draw": "deck", "under": True}]
    assert "play.actions.0.effects.0.under: under (true or false) is for play and discard" in refused(bad)
