"""The Assassination Game Le: one test per rule of the text and per ruling in RULINGS.md.

Tables are written inline: ``table(victim=3, squares=["a1", "e5", "c3"])`` puts seat 1 on a1, seat 2
on e5 and seat 3, the victim, in the Safe House.
"""

from __future__ import annotations

import pytest
from scenarios import Loaded as LoadedDie

from chosen_endings import check_chosen_endings
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.games.assassination_le import RULESET as RULES
from domain.games.assassination_le.board import BASES, SAFE_HOUSE, SQUARES
from domain.games.assassination_le.facts import (
    BaseTouched,
    DieRolled,
    PawnMoved,
    TableSetUp,
    TurnLost,
    VictimCaptured,
)
from domain.games.assassination_le.state import State
from domain.keeping.service import OWNER
from replays.cursor import Cursor

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ann", "Ben", "Cy"]


def table(victim=3, squares=("a1", "e5", "c3"), coins=None, mover=None, phase="roll", rolled=0,
          left=True, keep_coins=False, last_assassin=None, small=None) -> State:
    return State(
        seat_count=3,
        keep_coins=keep_coins,
        bases=list(BASES),
        squares=list(squares),
        coins=[list(c) for c in (coins or ([], [], []))],
        small_victories=list(small or [0, 0, 0]),
        victim=victim,
        mover=mover or victim,
        last_assassin=last_assassin or victim,
        phase=phase,
        rolled=rolled,
        left_safe_house=left,
    )


def act(state, seat, command, die=()):
    """Decide and apply one command; returns the facts and the new state."""
    facts = RULES.decide(state, seat, command, LoadedDie(*die))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def reachable(state, seat):
    return [c["to"] for c in RULES.legal_commands(state, seat) if c["type"] == "move"]


def set_up(*faces):
    state = RULES.new_state(3, {"keep_coins": False})
    facts = RULES.setup(state, LoadedDie(*faces))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


# -- Setup -----------------------------------------------------------------------------------


def test_three_players(service):
    assert (RULES.min_seats, RULES.max_seats) == (3, 3)
    with pytest.raises(InvalidSetup):
        service.create_game(RULES.name, ["Ann", "Ben", "Cy", "Dee"])


def test_the_board_is_5x5_with_the_empty_centre_as_the_safe_house():
    assert len(SQUARES) == 25 and SAFE_HOUSE == "c3"


def test_one_base_on_one_square_of_each_side():
    sides = {"south": [s for s in BASES if s[1] == "1"], "north": [s for s in BASES if s[1] == "5"],
             "west": [s for s in BASES if s[0] == "a"], "east": [s for s in BASES if s[0] == "e"]}
    assert all(len(on_side) == 1 for on_side in sides.values())
    assert sorted(BASES) == ["a3", "c1", "c5", "e3"]  # ruling 1: the middle of each side


def test_a_roll_decides_the_first_victim_and_ties_roll_again():
    facts, state = set_up(4, 5, 5, 2, 3)  # Ann 4, Ben 5, Cy 5; then Ben 2, Cy 3
    setup = facts[0]
    assert setup.rounds == [[[1, 4], [2, 5], [3, 5]], [[2, 2], [3, 3]]]
    assert setup.victim == 3 and state.victim == 3


def test_null_is_the_lowest_roll_for_the_first_victim():
    _, state = set_up(0, 1, 0)
    assert state.victim == 2


def test_the_victim_starts_in_the_safe_house_and_the_assassins_on_opposite_corners():
    _, state = set_up(1, 5, 2)
    assert state.squares == ["a1", SAFE_HOUSE, "e5"]  # ruling 2: lower seat on a1
    assert state.mover == 2  # ruling 4: the first victim moves first


# -- Turns -----------------------------------------------------------------------------------


def test_the_victim_takes_a_turn_after_each_assassin():
    state = table(victim=3, squares=["a1", "e5", "c3"])
    movers = []
    for _ in range(6):
        movers.append(state.mover)
        _, state = act(state, state.mover, {"type": "roll"}, die=[0] if state.mover != 3 else [1])
        if state.phase == "move":
            _, state = act(state, state.mover, {"type": "move", "to": reachable(state, state.mover)[0]})
    assert movers == [3, 1, 3, 2, 3, 1]  # ruling 4: the assassins alternate


def test_a_move_is_exactly_the_rolled_count_of_orthogonal_steps():
    state = table(victim=3, squares=["a1", "e5", "b2"], phase="move", rolled=2)
    # two steps from b2; a1 holds an assassin and c3 is the Safe House
    assert reachable(state, 3) == ["a3", "b4", "c1", "d2"]
    with pytest.raises(IllegalCommand, match="exactly 2 steps, not 1"):
        act(state, 3, {"type": "move", "to": "b3", "path": ["b3"]})
    with pytest.raises(IllegalCommand, match="b3 to c4 is not one orthogonal step"):
        act(state, 3, {"type": "move", "to": "c4", "path": ["b3", "c4"]})


def test_the_pawn_may_change_direction():
    state = table(victim=3, squares=["a1", "e5", "b2"], phase="move", rolled=2)
    facts, after = act(state, 3, {"type": "move", "to": "c1", "path": ["b1", "c1"]})
    assert facts[0] == PawnMoved(seat=3, start="b2", path=["b1", "c1"]) and after.squares[2] == "c1"


def test_the_pawn_may_not_backtrack_onto_the_space_it_just_left():
    state = table(victim=3, squares=["a1", "e5", "b4"], phase="move", rolled=2)
    with pytest.raises(IllegalCommand, match="straight back onto b4"):
        act(state, 3, {"type": "move", "to": "b4", "path": ["b5", "b4"]})
    assert "b4" not in reachable(state, 3)


def test_a_longer_loop_back_to_the_start_is_allowed():  # ruling 5
    state = table(victim=3, squares=["a1", "b2", "d4"], phase="move", rolled=4)
    _, after = act(state, 3, {"type": "move", "to": "d4", "path": ["d5", "e5", "e4", "d4"]})
    assert after.squares[2] == "d4"


def test_aces_count_as_one():
    state = table(victim=3, squares=["a1", "e5", "b4"])
    facts, after = act(state, 3, {"type": "roll"}, die=[1])
    assert facts == [DieRolled(seat=3, face=1)]
    assert set(reachable(after, 3)) == {"b5", "c4", "b3", "a4"}


# -- The victim's turn -----------------------------------------------------------------------


def test_on_a_null_the_victim_may_re_roll():
    state = table(victim=3, squares=["a1", "e5", "b4"])
    _, after = act(state, 3, {"type": "roll"}, die=[0])
    assert after.phase == "reroll" and after.mover == 3
    assert RULES.legal_commands(after, 3) == [{"type": "roll"}, {"type": "pass"}]
    facts, again = act(after, 3, {"type": "roll"}, die=[3])
    assert facts == [DieRolled(seat=3, face=3)] and again.phase == "move"


def test_on_a_null_the_victim_may_keep_still_instead():  # ruling 6
    state = table(victim=3, squares=["a1", "e5", "b4"])
    _, after = act(state, 3, {"type": "roll"}, die=[0])
    facts, passed = act(after, 3, {"type": "pass"})
    assert facts == [TurnLost(seat=3, reason="passed")]
    assert passed.squares[2] == "b4" and passed.mover == 1


def test_pass_is_only_for_a_victim_who_rolled_a_null():
    with pytest.raises(IllegalCommand, match="only a victim who has just rolled a null"):
        act(table(victim=3), 3, {"type": "pass"})


def test_once_the_victim_has_left_the_safe_house_it_may_not_re_enter():
    state = table(victim=3, squares=["a1", "e5", "c4"], phase="move", rolled=1)
    with pytest.raises(IllegalCommand, match="may not re-enter the Safe House"):
        act(state, 3, {"type": "move", "to": "c3"})
    assert "c3" not in reachable(state, 3)


def test_the_victim_may_not_pass_through_the_safe_house():  # ruling 8
    state = table(victim=3, squares=["a1", "e5", "c4"], phase="move", rolled=2)
    with pytest.raises(IllegalCommand, match="re-enter the Safe House"):
        act(state, 3, {"type": "move", "to": "c2", "path": ["c3", "c2"]})
    assert "c2" not in reachable(state, 3)


def test_the_victim_leaves_the_safe_house_on_its_first_move():
    state = table(victim=3, squares=["a1", "e5", "c3"], phase="move", rolled=2, left=False)
    assert set(reachable(state, 3)) == {"c5", "b4", "d4", "e3", "d2", "c1", "b2", "a3"}
    _, after = act(state, 3, {"type": "move", "to": "b4"})
    assert after.left_safe_house


def test_the_victim_may_not_pass_over_an_assassin():
    state = table(victim=3, squares=["b3", "e5", "a3"], phase="move", rolled=2)
    with pytest.raises(IllegalCommand, match="may not pass over an assassin"):
        act(state, 3, {"type": "move", "to": "b2", "path": ["b3", "b2"]})
    assert "c3" not in reachable(state, 3) and "b2" in reachable(state, 3)  # b2 by a2


def test_the_victim_may_not_land_on_an_assassin():  # ruling 7
    state = table(victim=3, squares=["b3", "e5", "a3"], phase="move", rolled=1)
    with pytest.raises(IllegalCommand, match="may not land on an assassin"):
        act(state, 3, {"type": "move", "to": "b3"})


def test_the_victim_marks_a_base_by_landing_on_it_by_exact_count():
    state = table(victim=3, squares=["a1", "e5", "b1"], phase="move", rolled=1)
    facts, after = act(state, 3, {"type": "move", "to": "c1"})
    assert facts[1] == BaseTouched(seat=3, base="c1") and after.coins[2] == ["c1"]


def test_passing_over_a_base_does_not_mark_it():
    state = table(victim=3, squares=["a1", "e5", "b1"], phase="move", rolled=2)
    facts, after = act(state, 3, {"type": "move", "to": "d1", "path": ["c1", "d1"]})
    assert [type(f) for f in facts] == [PawnMoved] and after.coins[2] == []


def test_landing_again_on_a_marked_base_does_nothing_more():
    state = table(victim=3, squares=["a1", "e5", "b1"], phase="move", rolled=1, coins=[[], [], ["c1"]])
    facts, after = act(state, 3, {"type": "move", "to": "c1"})
    assert [type(f) for f in facts] == [PawnMoved] and after.coins[2] == ["c1"]


# -- The assassins' turn ---------------------------------------------------------------------


def test_an_assassin_who_rolls_a_null_cannot_move_this_turn():
    state = table(victim=3, squares=["a1", "e5", "b4"], mover=1)
    facts, after = act(state, 1, {"type": "roll"}, die=[0])
    assert facts == [DieRolled(seat=1, face=0), TurnLost(seat=1, reason="null")]
    assert after.squares[0] == "a1" and after.mover == 3


def test_an_assassin_may_pass_over_a_base_but_not_land_on_it():
    state = table(victim=3, squares=["b1", "e5", "e1"], mover=1, phase="move", rolled=1)
    with pytest.raises(IllegalCommand, match="may not land on a base"):
        act(state, 1, {"type": "move", "to": "c1"})
    passing = table(victim=3, squares=["b1", "e5", "a5"], mover=1, phase="move", rolled=2)
    _, after = act(passing, 1, {"type": "move", "to": "d1", "path": ["c1", "d1"]})
    assert after.squares[0] == "d1"


def test_an_assassin_may_not_enter_the_safe_house():
    state = table(victim=3, squares=["b3", "e5", "a5"], mover=1, phase="move", rolled=2)
    with pytest.raises(IllegalCommand, match="assassins may not enter the Safe House"):
        act(state, 1, {"type": "move", "to": "d3", "path": ["c3", "d3"]})
    assert "c3" not in reachable(table(victim=3, squares=["b3", "e5", "a5"], mover=1, phase="move", rolled=1), 1)


def test_an_assassin_may_pass_over_but_not_land_on_the_other_assassin():  # ruling 9
    state = table(victim=3, squares=["a1", "b1", "e5"], mover=1, phase="move", rolled=1)
    with pytest.raises(IllegalCommand, match="may not land on the other assassin"):
        act(state, 1, {"type": "move", "to": "b1"})
    over = table(victim=3, squares=["a2", "b2", "e5"], mover=1, phase="move", rolled=2)
    _, after = act(over, 1, {"type": "move", "to": "c2", "path": ["b2", "c2"]})
    assert after.squares[0] == "c2"


def test_an_assassin_may_pass_over_the_victim_without_catching_it():  # ruling 9
    state = table(victim=3, squares=["a2", "e5", "b2"], mover=1, phase="move", rolled=2)
    facts, after = act(state, 1, {"type": "move", "to": "c2", "path": ["b2", "c2"]})
    assert [type(f) for f in facts] == [PawnMoved] and after.victim == 3


# -- Capture ---------------------------------------------------------------------------------


def test_an_assassin_who_lands_on_the_victim_becomes_the_victim_in_the_safe_house():
    state = table(victim=3, squares=["a2", "e5", "b2"], mover=1, phase="move", rolled=1)
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert facts[1] == VictimCaptured(assassin=1, victim=3, square="b2", coins_removed=[])
    assert after.victim == 1 and after.squares[0] == SAFE_HOUSE
    assert after.squares[2] == "b2"  # the old victim stays where it was caught, now an assassin
    assert not after.left_safe_house


def test_the_old_victims_coins_are_removed_from_the_bases():
    state = table(victim=3, squares=["a2", "e5", "b2"], mover=1, phase="move", rolled=1, coins=[[], [], ["c1", "a3"]])
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert facts[1].coins_removed == ["c1", "a3"] and after.coins[2] == []


def test_variant_captured_victims_keep_their_coins():
    state = table(victim=3, squares=["a2", "e5", "b2"], mover=1, phase="move", rolled=1,
                  coins=[[], [], ["c1", "a3"]], keep_coins=True)
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert facts[1].coins_removed == [] and after.coins[2] == ["c1", "a3"]
    assert RULES.resolve_options({"keep_coins": True})["keep_coins"] is True


def test_play_continues_with_the_new_victim_taking_its_first_turn():
    state = table(victim=3, squares=["a2", "e5", "b2"], mover=1, phase="move", rolled=1)
    _, after = act(state, 1, {"type": "move", "to": "b2"})
    assert RULES.to_act(after) == [1] and after.phase == "roll"
    _, after = act(after, 1, {"type": "roll"}, die=[2])
    _, after = act(after, 1, {"type": "move", "to": reachable(after, 1)[0]})
    assert after.mover == 2  # ruling 4: the assassin after the capturer in seat order


def test_a_small_victory_goes_to_any_assassin_who_catches_the_victim():
    state = table(victim=3, squares=["a2", "e5", "b2"], mover=1, phase="move", rolled=1, small=[2, 0, 1])
    _, after = act(state, 1, {"type": "move", "to": "b2"})
    assert after.small_victories == [3, 0, 1]
    assert RULES.view(after, None)["players"][0]["small_victories"] == 3


# -- Winning ---------------------------------------------------------------------------------


def test_the_victim_who_touches_all_four_bases_wins():
    state = table(victim=3, squares=["a1", "e5", "b1"], phase="move", rolled=1, coins=[[], [], ["a3", "c5", "e3"]])
    assert RULES.outcome(state) is None
    _, after = act(state, 3, {"type": "move", "to": "c1"})
    outcome = RULES.outcome(after)
    assert outcome.winners == [3] and outcome.reason == "touched all four bases"
    assert RULES.to_act(after) == []


def test_only_the_victim_can_truly_win(service):
    game_id = service.create_game(RULES.name, SEATS, seed="win", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=3):
        pass
    status = service.status(game_id, OWNER)
    winner = status["outcome"]["winners"][0]
    assert status["view"]["victim"] == winner
    assert sorted(status["view"]["players"][winner - 1]["coins"]) == sorted(BASES)


def test_a_turn_counts_from_its_roll_to_the_move_that_passes_it_on(service):
    """Diaries and replays group events by turn: each turn's roll and move (or lost turn) together."""
    game_id = service.create_game(RULES.name, SEATS, seed="turns", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=3):
        pass
    cursor = Cursor(service, game_id)
    turns: dict[int, list[str]] = {}
    for number in range(1, cursor.total + 1):
        turns.setdefault(RULES.turn_number(cursor.state_at(number)), []).append(cursor.event(number).type)
    assert turns[0] == ["GameCreated", "TableSetUp"]
    played = [kinds for turn, kinds in turns.items() if turn and kinds[-1] != "SeedRevealed"]
    assert len(played) > 20
    assert all(kinds[0] == "DieRolled" for kinds in played)
    assert all(kinds[-1] in ("PawnMoved", "TurnLost", "BaseTouched", "VictimCaptured") for kinds in played)


# -- Rulings on play -------------------------------------------------------------------------


def test_a_roll_with_no_legal_path_loses_the_turn():  # ruling 10
    # the victim on a1, boxed in by assassins on a2 and b1
    state = table(victim=3, squares=["a2", "b1", "a1"])
    facts, after = act(state, 3, {"type": "roll"}, die=[2])
    assert facts == [DieRolled(seat=3, face=2), TurnLost(seat=3, reason="blocked")]
    assert after.mover in (1, 2) and after.squares[2] == "a1"


def test_moving_before_rolling_is_refused():
    with pytest.raises(IllegalCommand, match="roll the die before you move"):
        act(table(victim=3, squares=["a1", "e5", "b4"]), 3, {"type": "move", "to": "b5"})


def test_rolling_twice_is_refused():
    with pytest.raises(IllegalCommand, match="rolled 3 already"):
        act(table(victim=3, squares=["a1", "e5", "b4"], phase="move", rolled=3), 3, {"type": "roll"})


def test_a_destination_out_of_reach_is_refused_naming_the_reachable_squares():
    state = table(victim=3, squares=["a1", "e5", "b4"], phase="move", rolled=1)
    with pytest.raises(IllegalCommand, match="with 1 step you cannot end on e1; you can reach a4, b3, b5, c4"):
        act(state, 3, {"type": "move", "to": "e1"})


def test_a_path_must_end_on_the_destination_given():
    state = table(victim=3, squares=["a1", "e5", "b4"], phase="move", rolled=1)
    with pytest.raises(IllegalCommand, match="ends on b5, not on c4"):
        act(state, 3, {"type": "move", "to": "c4", "path": ["b5"]})


def test_the_setup_is_described_and_rendered(service):
    game_id = service.create_game(RULES.name, SEATS, seed="describe", salt=SALT)
    events = service.read_events(game_id)
    assert "is the victim and starts in the Safe House" in events[1].sentence
    status = service.status(game_id, OWNER)
    board = RULES.render(status["view"], SEATS)
    assert " # " not in board.splitlines()[6]  # the victim stands in the Safe House
    assert "victim" in board and "small victories" in board
    assert isinstance(events[1], object) and events[1].type == TableSetUp.__name__


def test_commands_are_labelled_in_words_for_a_menu():
    from domain.engine import registry

    rules = registry.get("assassination-le")
    assert rules.describe_command({"type": "move", "to": "c1"}) == "move to c1"
    assert rules.describe_command({"type": "move", "to": "c1", "path": ["b1", "c1"]}) == "move to c1 via b1 c1"
    assert rules.describe_command({"type": "roll"}) == "roll the die"
    assert rules.describe_command({"type": "pass"}) == "keep the null and stay"


# -- Ending by the players' choice (ruling 14) -----------------------------------------------


def test_ruling_14_a_resignation_gives_the_two_others_the_game_a_draw_needs_all_three_an_abort_has_no_result(service):
    check_chosen_endings(service, RULES.name, SEATS, SALT, resigner=2, winners=[1, 3])
