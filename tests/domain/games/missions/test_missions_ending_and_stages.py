"""Missions: how the game ends (the target, the round limit, or the players' choice), the diary's stages as
options, and whole games played with purpose that end the ways the text says."""

from __future__ import annotations

import pytest
from missions_table import L1, L2, L3, RULES, SEATS, act, kinds, table

from chosen_endings import check_chosen_endings
from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.games.missions.cards import LEVEL_OF, money, needed, value
from domain.games.missions.facts import CardsTraded, GameWon, RoundLimitReached
from domain.games.missions.rules import STAGES

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

ANN, BEN = 1, 2
RICH = [L3[0], L3[1], L2[0]]  # $80,000


def test_rule_the_first_player_to_reach_100000_wins():
    state = table(hands=[RICH, [], [], []])
    state = act(state, ANN, {"type": "roll"}, 3)[1]
    facts, state = act(state, ANN, {"type": "move", "direction": "cw"}, L2[1], 1)
    assert facts[-1] == GameWon(seat=ANN, money=100000)
    assert kinds(facts)[-2:] == ["RankChanged", "GameWon"]
    outcome = RULES.outcome(state)
    assert outcome.winners == [ANN] and outcome.reason == "reached $100,000"
    assert RULES.to_act(state) == []


def test_rule_money_is_the_total_of_the_mission_cards_in_hand():
    assert money([L1[0], L2[0], L3[0]]) == 60000
    assert [value(card) for card in (L1[0], L2[0], L3[0])] == [10000, 20000, 30000]


def test_ruling_falling_short_of_the_target_does_not_end_the_game():
    state = table(hands=[RICH, [], [], []])
    state = act(state, ANN, {"type": "roll"}, 1)[1]
    facts, state = act(state, ANN, {"type": "move", "direction": "cw"}, L1[1], 1)
    assert state.money(ANN) == 90000 and RULES.outcome(state) is None


def test_ruling_a_rob_that_reaches_the_target_wins_at_once():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0], L3[0], L3[1], L2[0]], [L3[2]], [], []])
    state = act(act(state, ANN, {"type": "roll"}, 4)[1], ANN, {"type": "move", "direction": "cw"})[1]
    facts, state = act(state, ANN, {"type": "rob", "player": BEN, "give": L1[0], "take": L3[2]})
    assert kinds(facts) == ["CardsTraded", "GameWon"]  # no mission drawn: the game is over
    assert RULES.outcome(state).winners == [ANN]


def test_ruling_a_rob_can_make_the_robbed_player_win():
    state = table(positions=[0, 4, 14, 21], hands=[[L3[0]], [L3[1], L3[2], L2[1], L1[0]], [], []])
    state = act(act(state, ANN, {"type": "roll"}, 4)[1], ANN, {"type": "move", "direction": "cw"})[1]
    facts, state = act(state, ANN, {"type": "rob", "player": BEN, "give": L3[0], "take": L1[0]})
    assert facts == [CardsTraded(robber=ANN, robbed=BEN, give=L3[0], take=L1[0]), GameWon(seat=BEN, money=110000)]
    assert RULES.outcome(state).winners == [BEN]


def test_ruling_the_snitchs_level_1_card_can_win_the_game():
    state = table(hands=[[L3[0], L3[1], L3[2]], [L1[0]], [], []])
    state = act(act(state, ANN, {"type": "roll"}, 2)[1], ANN, {"type": "move", "direction": "cw"})[1]
    facts, state = act(state, ANN, {"type": "snitch"}, BEN, L1[1])
    assert kinds(facts) == ["SnitchRolled", "CardGained", "GameWon"]  # Ben gives nothing up: it is over
    assert RULES.outcome(state).winners == [ANN]


def test_ruling_option_target():
    state = table(hands=[RICH, [], [], []], options={"target": 90000})
    state = act(state, ANN, {"type": "roll"}, 1)[1]
    facts, state = act(state, ANN, {"type": "move", "direction": "cw"}, L1[1], 1)
    assert facts[-1] == GameWon(seat=ANN, money=90000)


def test_ruling_option_round_limit_the_richest_player_wins():
    state = table(seats=3, hands=[[L1[0]], [L2[0]], []], mover=3, round_number=2, options={"round_limit": 2})
    state = act(state, 3, {"type": "roll"}, 2)[1]
    state = act(state, 3, {"type": "move", "direction": "cw"})[1]
    facts, state = act(state, 3, {"type": "no_snitch"})
    assert facts[-1] == RoundLimitReached(rounds=2, winners=[BEN], money=[10000, 20000, 0])
    assert RULES.outcome(state).winners == [BEN]
    assert "round limit" in RULES.outcome(state).reason


def test_ruling_round_limit_ties_share_the_win_and_a_tie_of_everyone_is_a_draw():
    for hands, winners in (([[L1[0]], [L1[1]], []], [1, 2]), ([[], [], []], [])):
        state = table(seats=3, hands=hands, mover=3, round_number=1, options={"round_limit": 1})
        state = act(state, 3, {"type": "roll"}, 2)[1]
        state = act(state, 3, {"type": "move", "direction": "cw"})[1]
        facts, state = act(state, 3, {"type": "no_snitch"})
        assert RULES.outcome(state).winners == winners


def test_ruling_the_round_limit_default_is_far_beyond_a_sensible_game():
    limit = RULES.resolve_options({})["round_limit"]
    assert limit == 100
    for stage in STAGES:
        for seats in (3, 4):
            for seed in range(20):
                game = play_with_purpose(seats, {"stage": stage}, f"limit-{seed}")
                assert game.state.round < limit and game.outcome().reason.startswith("reached"), f"{stage}, seed {seed}"


def test_ruling_23_a_resignation_gives_every_other_player_the_game_a_draw_needs_everyone_an_abort_has_no_result(service):
    check_chosen_endings(service, RULES.name, SEATS[:3], SALT, resigner=BEN, winners=[ANN, 3])


# -- stages ----------------------------------------------------------------------------------------

def test_ruling_stage_final_is_the_game_rules_section():
    options = RULES.resolve_options({})
    assert options["stage"] == "final"
    assert (options["target"], options["police"], options["landing_on_player"], options["max_per_space"]) == (
        100000, "snitch", "rob", 2)
    assert (options["start_rank"], options["level2_ranks_up"], options["level3_failure_loses_rank"]) == (1, True, False)


def test_ruling_stage_first_changes_sets_its_win_amount_police_rule_failure_penalty_and_start_rank():
    options = RULES.resolve_options({"stage": "first-changes"})
    assert options["target"] == 150000
    assert options["police"] == "fine"
    assert options["level3_failure_loses_rank"] is True
    assert options["start_rank"] == 1
    assert options["landing_on_player"] == "none" and options["max_per_space"] == 4
    assert set(STAGES["first-changes"]) <= set(RULES.options_schema["properties"])


def test_ruling_an_option_given_beside_the_stage_overrides_it():
    options = RULES.resolve_options({"stage": "first-changes", "target": 100000, "police": "snitch"})
    assert (options["target"], options["police"], options["landing_on_player"]) == (100000, "snitch", "none")
    assert RULES.resolve_options(options) == options


def test_ruling_the_first_playtest_stage_is_not_offered():
    with pytest.raises(InvalidSetup, match="bad option stage"):
        RULES.resolve_options({"stage": "first-playtest"})


# -- whole games played with purpose ---------------------------------------------------------------

def purposeful(state, seat):
    """A player who plays for money: moves towards the best mission they can complete (away from a
    police fine), robs the most
    valuable card for their cheapest, always snitches, gives up their cheapest card."""
    legal = RULES.legal_commands(state, seat)
    kind = legal[0]["type"]
    if kind == "move":
        return max(legal, key=lambda c: _space_worth(state, seat, c["direction"]))
    if kind in ("rob", "no_rob"):
        return max(legal, key=lambda c: value(c["take"]) - value(c["give"]) if c["type"] == "rob" else 0)
    if kind in ("snitch", "no_snitch"):
        return {"type": "snitch"}
    if kind == "lose":
        return min(legal, key=lambda c: value(c["card"]))
    return legal[0]


def _space_worth(state, seat, direction):
    from domain.games.missions.board import step

    space = state.spaces[step(state.positions[seat - 1], state.rolled, direction, len(state.spaces))]
    if space == "police" and state.options["police"] == "fine":
        return -10000  # a card and a turn lost
    if space not in ("L1", "L2", "L3"):
        return 0
    level = int(space[1])
    return needed(level, state.ranks[seat - 1]) / 6 * value(next(c for c in LEVEL_OF if LEVEL_OF[c] == level))


def play_with_purpose(seats, options, seed):
    game = Game.start(RULES, SEATS[:seats], RULES.resolve_options(options), seed, salt=SALT)
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, purposeful(game.state, seat), "c")
    return game


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("stage", ["final", "first-changes"])
def test_purposeful_play_ends_with_a_player_reaching_the_target(seats, stage):
    target = RULES.resolve_options({"stage": stage})["target"]
    winners = set()
    for seed in range(15):
        game = play_with_purpose(seats, {"stage": stage}, f"purpose-{seed}")
        outcome = game.outcome()
        assert outcome.reason.startswith("reached"), outcome.reason
        (winner,) = outcome.winners
        assert game.state.money(winner) >= target
        winners.add(winner)
    assert len(winners) > 1
