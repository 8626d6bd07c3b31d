"""Squad Combat: turns and action phases, passing, the end of the turn (recharge, discards, draws,
reshuffles), who opens each turn, the turn limit and the endings the players choose — one test per rule of the
text and per ruling."""

from __future__ import annotations

import pytest
from squad_table import SEATS, act, kinds, refuse, table

from chosen_endings import check_chosen_endings
from domain.engine import early_endings
from domain.engine.errors import IllegalCommand
from domain.engine.game import Game
from domain.engine.viewers import OWNER
from domain.engine.viewing import describe_event, summary
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.facts import (
    CardsDiscarded,
    CardsDrawn,
    DeckReshuffled,
    GameEnded,
    PhaseStarted,
    PlayerPassed,
    TurnEnded,
)

PASS = {"type": "pass"}
KEEP = {"type": "discard", "cards": []}
JAB = {"type": "play", "card": "jab", "performer": 2}  # the Marksman's Jab (red), or the Duelist's (blue)


def _full_hands(seats):
    return [["strike", "dodge", "brace", "jab", "slash"] for _ in range(seats)]


def _all_pass(state, *seats):
    for seat in seats:
        facts, state = act(state, seat, PASS)
    return facts, state


def test_rule_the_first_player_acts_first_then_each_other_player_in_turn_order_then_again_from_the_first():
    state = table(3, first=2, hands=[["jab"], ["jab"], ["jab"]], dice={(2, 1): [3, 3]})
    facts, state = act(state, 2, {"type": "refresh", "character": 1}, 1, 1, 1)
    assert facts[-1] == PhaseStarted(seat=3, turn=1)
    facts, state = act(state, 3, {"type": "refresh", "character": 1}, 1, 1, 1)
    assert facts[-1] == PhaseStarted(seat=1, turn=1)
    facts, state = act(state, 1, {"type": "refresh", "character": 1}, 1, 1, 1)
    assert facts[-1] == PhaseStarted(seat=2, turn=1)
    assert RULES.to_act(state) == [2] and state.turn == 1


def test_rule_an_action_takes_the_phase_and_hands_it_to_the_next_player_who_has_not_passed():
    state = table(3, first=1, passed=[2], hands=[["jab"], [], []])
    facts, state = act(state, 1, {**JAB, "target": [2, 1]})
    state = act(state, 2, {"type": "allow"})[1]  # a passed player still answers the attack
    assert state.current == 3 and RULES.to_act(state) == [3]


def test_rule_a_player_who_passes_gets_no_more_action_phases_this_turn():
    state = table(first=1, hands=[[], ["jab", "jab"]])
    facts, state = act(state, 1, PASS)
    assert facts == [PlayerPassed(seat=1), PhaseStarted(seat=2, turn=1)]
    assert state.player(1)["passed"] is True
    facts, state = act(state, 2, {**JAB, "target": [1, 1]})
    facts, state = act(state, 1, {"type": "allow"})
    assert facts[-1] == PhaseStarted(seat=2, turn=1)  # seat 1 is skipped: seat 2 again
    assert RULES.legal_commands(state, 1) == []


def test_rule_when_all_players_pass_the_turn_ends():
    state = table(3, first=2, hands=_full_hands(3))
    facts, state = _all_pass(state, 2, 3)
    assert facts == [PlayerPassed(seat=3), PhaseStarted(seat=1, turn=1)]
    facts, state = act(state, 1, PASS)
    assert facts == [PlayerPassed(seat=1), TurnEnded(turn=1, recharged=True)]
    assert state.phase == "discard" and RULES.to_act(state) == [2]


def test_ruling_pass_is_always_legal_and_a_player_with_nothing_payable_may_only_pass():
    state = table(hands=[["strike", "haymaker"], []], burden={(1, 1): 8, (1, 2): 8, (1, 3): 9})
    assert RULES.legal_commands(state, 1) == [PASS]


def test_ruling_burden_tokens_come_off_at_the_end_of_every_turn():
    state = table(hands=_full_hands(2), burden={(1, 1): 5, (2, 3): 7}, dead=[(2, 2)])
    facts, state = _all_pass(state, 1, 2)
    assert facts[-1] == TurnEnded(turn=1, recharged=True)
    assert [c["burden"] for seat in (1, 2) for c in state.player(seat)["characters"]] == [0] * 6


def test_ruling_option_recharge_never_keeps_the_burden_tokens_as_the_v1_text_says():
    state = table(options={"recharge": "never"}, hands=_full_hands(2), burden={(1, 1): 5, (2, 3): 7})
    facts, state = _all_pass(state, 1, 2)
    assert facts[-1] == TurnEnded(turn=1, recharged=False)
    assert state.character([1, 1])["burden"] == 5 and state.character([2, 3])["burden"] == 7


def test_rule_v05_removes_all_spent_focus_counters_at_the_end_of_the_turn():
    state = table(options={"rules": "v0.5", "recharge": "never"}, hands=_full_hands(2), burden={(1, 1): 5})
    facts, state = _all_pass(state, 1, 2)
    assert facts[-1] == TurnEnded(turn=1, recharged=True)
    assert state.character([1, 1])["burden"] == 0


def test_rule_at_the_end_of_the_turn_each_player_discards_up_to_two_cards_then_all_draw_up_to_five():
    hands = [["strike", "dodge", "jab"], ["strike", "dodge", "brace", "jab", "slash"], ["slash"]]
    state = table(3, first=2, hands=hands)
    facts, state = _all_pass(state, 2, 3, 1)
    assert state.discarding == 2  # in turn order from the first player: 2, 3, 1
    assert RULES.legal_commands(state, 2)[:3] == [KEEP, {"type": "discard", "cards": ["brace"]},
                                                  {"type": "discard", "cards": ["brace", "dodge"]}]
    facts, state = act(state, 2, {"type": "discard", "cards": ["dodge", "brace"]})
    assert facts == [CardsDiscarded(seat=2, cards=["dodge", "brace"])]
    assert state.player(2)["discard"] == ["dodge", "brace"] and state.player(2)["hand"] == ["strike", "jab", "slash"]
    assert RULES.to_act(state) == [3]
    facts, state = act(state, 3, KEEP)
    assert facts == [CardsDiscarded(seat=3, cards=[])] and RULES.to_act(state) == [1]
    facts, state = act(state, 1, {"type": "discard", "cards": ["strike"]},
                       "sap", "sap",  # seat 2 (blue) draws 2
                       "taunt", "cleave", "haymaker", "haymaker",  # seat 3 (red) draws 4
                       "focus", "mend", "triage")  # seat 1 (red) draws 3
    assert facts == [
        CardsDiscarded(seat=1, cards=["strike"]),
        CardsDrawn(seat=2, cards=["sap", "sap"]),
        CardsDrawn(seat=3, cards=["taunt", "cleave", "haymaker", "haymaker"]),
        CardsDrawn(seat=1, cards=["focus", "mend", "triage"]),
        PhaseStarted(seat=2, turn=2),
    ]
    assert [len(state.player(seat)["hand"]) for seat in (1, 2, 3)] == [5, 5, 5]
    assert state.player(1)["hand"] == ["dodge", "jab", "focus", "mend", "triage"]
    assert [state.player(seat)["passed"] for seat in (1, 2, 3)] == [False, False, False]


def test_rule_discard_at_most_two_cards_and_only_from_the_hand():
    state = _all_pass(table(hands=_full_hands(2)), 1, 2)[1]
    with pytest.raises(IllegalCommand, match="discard up to 2 cards, not 3"):
        RULES.decide(state, 1, {"type": "discard", "cards": ["strike", "dodge", "jab"]}, None)
    with pytest.raises(IllegalCommand, match="you have no 'haymaker' in your hand to discard"):
        refuse(state, 1, {"type": "discard", "cards": ["haymaker"]})
    with pytest.raises(IllegalCommand, match="you have no 'jab' in your hand to discard"):
        refuse(state, 1, {"type": "discard", "cards": ["jab", "jab"]})


def test_ruling_commands_outside_their_moment_are_refused():
    state = table(hands=_full_hands(2))
    with pytest.raises(IllegalCommand, match="allow is not possible now: it is your action phase: play, edge, refresh or pass"):
        refuse(state, 1, {"type": "allow"})
    with pytest.raises(IllegalCommand, match="discard is not possible now: it is your action phase"):
        refuse(state, 1, KEEP)
    ended = _all_pass(state, 1, 2)[1]
    with pytest.raises(IllegalCommand, match="pass is not possible now: it is the end of the turn: discard up to two cards"):
        refuse(ended, 1, PASS)
    attacked = act(state, 1, {**JAB, "target": [2, 1]})[1]
    with pytest.raises(IllegalCommand, match="refresh is not possible now: it is an attack waits for its defender"):
        refuse(attacked, 2, {"type": "refresh", "character": 1})


def test_ruling_the_first_player_opens_every_turn():
    state = table(3, first=3, current=2, passed=[3], hands=_full_hands(3))
    state = _all_pass(state, 2, 1)[1]
    state = act(state, 3, KEEP)[1]
    state = act(state, 1, KEEP)[1]
    facts, state = act(state, 2, KEEP)
    assert facts == [CardsDiscarded(seat=2, cards=[]), PhaseStarted(seat=3, turn=2)]


def test_ruling_option_rotate_first_hands_the_opening_to_the_next_player_each_turn():
    state = table(3, options={"rotate_first": True}, first=3, current=2, passed=[3], hands=_full_hands(3))
    for seat in (2, 1):
        state = act(state, seat, PASS)[1]
    for seat in (3, 1):
        state = act(state, seat, KEEP)[1]
    facts, state = act(state, 2, KEEP)
    assert facts[-1] == PhaseStarted(seat=1, turn=2)  # turn 2: the one after the first player
    state = _all_pass(state, 1, 2, 3)[1]
    for seat in (3, 1):  # discards still go from the first player
        state = act(state, seat, KEEP)[1]
    facts, state = act(state, 2, KEEP)
    assert facts[-1] == PhaseStarted(seat=2, turn=3)


def test_ruling_an_eliminated_player_is_skipped_in_turns_discards_and_draws():
    state = table(3, first=2, out=[2], dead=[(2, 1), (2, 2), (2, 3)], current=3, hands=[[], [], []],
                  decks=[["jab"] * 5, ["jab"] * 5, ["jab"] * 5])
    facts, state = act(state, 3, PASS)
    assert facts == [PlayerPassed(seat=3), PhaseStarted(seat=1, turn=1)]
    facts, state = act(state, 1, PASS)
    assert facts[-1] == TurnEnded(turn=1, recharged=True) and RULES.to_act(state) == [3]
    state = act(state, 3, KEEP)[1]
    facts, state = act(state, 1, KEEP, *["jab"] * 10)
    assert facts == [CardsDiscarded(seat=1, cards=[]), CardsDrawn(seat=3, cards=["jab"] * 5),
                     CardsDrawn(seat=1, cards=["jab"] * 5), PhaseStarted(seat=3, turn=2)]
    assert state.player(2)["hand"] == []


def test_ruling_an_empty_deck_takes_back_the_discard_pile_before_drawing():
    state = table(hands=[["jab"], _full_hands(1)[0]], decks=[["cleave", "taunt"], None],
                  discards=[["strike", "dodge", "strike"], None])
    state = _all_pass(state, 1, 2)[1]
    state = act(state, 1, {"type": "discard", "cards": ["jab"]})[1]
    facts, state = act(state, 2, KEEP, "taunt", "cleave", "strike", "jab", "strike")
    assert facts == [CardsDiscarded(seat=2, cards=[]),
                     CardsDrawn(seat=1, cards=["taunt", "cleave"]),
                     DeckReshuffled(seat=1, cards=4),
                     CardsDrawn(seat=1, cards=["strike", "jab", "strike"]),
                     PhaseStarted(seat=1, turn=2)]
    assert state.player(1)["hand"] == ["taunt", "cleave", "strike", "jab", "strike"]
    assert state.player(1)["deck"] == ["dodge"] and state.player(1)["discard"] == []


def test_ruling_with_deck_and_discard_pile_empty_nothing_is_drawn():
    state = table(hands=[["jab"], _full_hands(1)[0]], decks=[["cleave"], None], discards=[[], None])
    state = _all_pass(state, 1, 2)[1]
    state = act(state, 1, KEEP)[1]
    facts, state = act(state, 2, KEEP, "cleave")
    assert facts == [CardsDiscarded(seat=2, cards=[]), CardsDrawn(seat=1, cards=["cleave"]), PhaseStarted(seat=1, turn=2)]
    assert state.player(1)["hand"] == ["jab", "cleave"] and state.player(1)["deck"] == []


def _to_the_limit(state, *seats):
    """Every seat passes the last turn."""
    return _all_pass(state, *seats)


def test_ruling_turn_limit_the_most_living_characters_wins():
    state = table(3, options={"turn_limit": 4}, turn=4, dead=[(1, 1), (3, 2)],
                  wounds={(2, 1): [("haymaker", 6, 1), ("cleave", 5, 1)], (2, 2): [("jab", 2, 3)]})
    facts, state = _to_the_limit(state, 1, 2, 3)
    assert facts[-2:] == [TurnEnded(turn=4, recharged=True), GameEnded(
        winners=[2], reason="the turn limit (4 turns): the most characters alive, then the most HP left", at_limit=True)]
    assert RULES.outcome(state).winners == [2] and RULES.to_act(state) == []


def test_ruling_turn_limit_then_the_most_hp_left_wins():
    state = table(3, options={"turn_limit": 2}, turn=2, dead=[(1, 1), (3, 1), (2, 1)],
                  wounds={(2, 2): [("jab", 2, 1)], (1, 2): [("strike", 3, 2)]})
    # two characters each; HP left: seat 1 (12-3) + 13 = 22, seat 2 (12-2) + 15 = 25, seat 3 12 + 13 = 25
    facts, state = _to_the_limit(state, 1, 2, 3)
    assert facts[-1].winners == [2, 3]
    state = table(2, options={"turn_limit": 2}, turn=2, wounds={(1, 3): [("jab", 2, 2)]})
    facts, state = _to_the_limit(state, 1, 2)
    assert facts[-1].winners == [2]  # red 16+12+11 = 39, blue 13+12+15 = 40


def test_ruling_turn_limit_everyone_tied_is_a_draw():
    state = table(options={"turn_limit": 7}, turn=7, wounds={(2, 2): [("jab", 2, 1)]})
    facts, state = _to_the_limit(state, 1, 2)  # red 16+12+13 = 41 and blue 13+10+15 = 38
    assert facts[-1].winners == [1]
    state = table(options={"turn_limit": 7}, turn=7, wounds={(1, 1): [("strike", 3, 2)], (2, 3): [("jab", 2, 1)]},
                  dead=[(1, 2), (2, 2)])  # red 13+13 = 26, blue 13+13 = 26
    facts, state = _to_the_limit(state, 1, 2)
    assert facts[-1] == GameEnded(winners=[], reason="the turn limit (7 turns): the most characters alive, "
                                                     "then the most HP left", at_limit=True)
    assert RULES.outcome(state).winners == []


def test_ruling_the_default_turn_limit_ends_the_game_at_the_end_of_that_turn_and_not_sooner():
    limit = RULES.resolve_options({})["turn_limit"]
    assert limit == RULES.options_schema["properties"]["turn_limit"]["default"] >= 30
    state = table(turn=limit - 1, hands=_full_hands(2))
    facts, state = _all_pass(state, 1, 2)
    assert kinds(facts) == ["PlayerPassed", "TurnEnded"] and state.phase == "discard"
    state = table(turn=limit, hands=_full_hands(2))
    facts, state = _all_pass(state, 1, 2)
    assert kinds(facts) == ["PlayerPassed", "TurnEnded", "GameEnded"] and state.phase == "over"


# -- Ending by the players' choice (ruling 23) ------------------------------------------------------


def test_ruling_23_a_resignation_gives_every_other_player_the_game_a_draw_needs_everyone_an_abort_has_no_result(service):
    seats = SEATS[:3]
    check_chosen_endings(service, RULES.name, seats, "5eed" * 8, resigner=2, winners=[1, 3])
    # a player already out (every character dead) does not share the win
    game = Game.start(RULES, seats, RULES.resolve_options({}), "end-out", salt="5eed" * 8)
    game.state = table(3, dead=[(3, 1), (3, 2), (3, 3)], out=[3])
    early_endings.act(game, early_endings.RESIGN, 2)
    assert game.outcome().winners == [1]


def test_ruling_23_a_player_already_out_may_not_resign_and_has_no_say_in_a_draw():
    game = Game.start(RULES, SEATS[:3], RULES.resolve_options({}), "end-out", salt="5eed" * 8)
    game.state = table(3, dead=[(3, 1), (3, 2), (3, 3)], out=[3])
    assert summary(game)["seats_in_play"] == [1, 2]
    recorded = len(game.pending_events)
    for action in (early_endings.RESIGN, early_endings.OFFER_DRAW):
        with pytest.raises(IllegalCommand, match=r"Cy is out of the game: only a seat still in it \(1 Ann, 2 Ben\)"):
            early_endings.act(game, action, 3)
    assert game.ending is None and game.draw_offer is None and len(game.pending_events) == recorded
    early_endings.act(game, early_endings.OFFER_DRAW, 1)
    with pytest.raises(IllegalCommand, match="Cy is out of the game"):
        early_endings.act(game, early_endings.DECLINE_DRAW, 3)
    assert game.draw_offer == [1]
    offered = describe_event(game.pending_events[-1], RULES, SEATS[:3], OWNER, over=False)
    assert offered.sentence == "Ann offered a draw; it waits for every other seat still in the game to agree."
    early_endings.act(game, early_endings.OFFER_DRAW, 2)  # the last seat still in agrees: the draw is agreed
    outcome = game.outcome()
    assert (outcome.winners, outcome.ended_by, outcome.reason) == ([], "agreement", "a draw agreed by Ann and Ben")


def test_ruling_23_every_player_is_in_the_game_before_the_squads_are_dealt(service):
    assert RULES.seats_in_play(RULES.new_state(3, RULES.resolve_options({}))) is None
    game_id = service.create_game(RULES.name, SEATS[:3], seed="step-0", salt="5eed" * 8)
    for step in (1, 2):  # a game shown at its first steps, as a replay or GET /games/{id}/state?at= shows it
        status = service.status(game_id, game=service.game_at(game_id, step))
        assert status["seats_in_play"] == [1, 2, 3]


def test_ruling_23_every_player_is_in_the_game_while_a_character_of_theirs_lives():
    game = Game.start(RULES, SEATS[:3], RULES.resolve_options({}), "end-in", salt="5eed" * 8)
    game.state = table(3, dead=[(3, 1), (3, 2)])
    assert summary(game)["seats_in_play"] == [1, 2, 3]
    early_endings.act(game, early_endings.OFFER_DRAW, 1)
    early_endings.act(game, early_endings.OFFER_DRAW, 2)
    assert game.outcome() is None and game.draw_offer == [1, 2]  # Cy, one character alive, has not agreed
