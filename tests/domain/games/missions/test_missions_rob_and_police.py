"""Missions: robbing a player you land on, the police space's snitch roll, giving up a card, and
the first changes' police fine."""

from __future__ import annotations

import pytest
from missions_table import L1, L2, L3, RULES, act, kinds, table

from domain.engine.errors import IllegalCommand
from domain.games.missions.facts import (
    CardDemanded,
    CardGained,
    CardLost,
    CardsTraded,
    NothingLost,
    RobDeclined,
    SnitchRolled,
    TurnLost,
    TurnStarted,
)

ANN, BEN, CY, DEE = 1, 2, 3, 4


def landed(state, face, direction="cw", *outcomes):
    state = act(state, ANN, {"type": "roll"}, face)[1]
    return act(state, ANN, {"type": "move", "direction": direction}, *outcomes)


def on_police(hands, seats=4, **options):
    """Ann has just landed on the police space 2 (Ben's piece elsewhere)."""
    return landed(table(seats=seats, hands=hands, options=options or None), 2)[1]


# -- robbing ---------------------------------------------------------------------------------------

def test_rule_landing_on_another_player_lets_the_mover_rob_them_by_trading_one_card_for_one():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0], L2[0]], [], []])
    facts, state = landed(state, 4)
    assert state.phase == "rob"
    assert RULES.legal_commands(state, ANN) == [
        {"type": "rob", "player": BEN, "give": L1[0], "take": L3[0]},
        {"type": "rob", "player": BEN, "give": L1[0], "take": L2[0]},
        {"type": "no_rob"},
    ]
    facts, state = act(state, ANN, {"type": "rob", "player": BEN, "give": L1[0], "take": L3[0]}, L1[1], 6)
    assert facts[0] == CardsTraded(robber=ANN, robbed=BEN, give=L1[0], take=L3[0])
    assert state.hands[0] == [L3[0]] and state.hands[1] == [L1[0], L2[0]]


def test_ruling_the_rob_comes_first_then_the_space_acts():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0]], [], []])
    facts, state = landed(state, 4)
    assert kinds(facts) == ["PieceMoved"]
    facts, state = act(state, ANN, {"type": "rob", "player": BEN, "give": L1[0], "take": L3[0]}, L1[1], 1)
    assert kinds(facts) == ["CardsTraded", "MissionDrawn", "MissionRolled", "TurnStarted"]
    assert state.hands[0] == [L3[0], L1[1]]


def test_ruling_robbing_is_optional():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0]], [], []])
    state = landed(state, 4)[1]
    facts, state = act(state, ANN, {"type": "no_rob"}, L1[1], 6)
    assert facts[0] == RobDeclined(seat=ANN)
    assert kinds(facts)[1:] == ["MissionDrawn", "MissionRolled", "TurnStarted"]
    assert state.hands[1] == [L3[0]]


def test_ruling_a_rob_needs_a_card_on_each_side():
    for hands in ([[], [L3[0]], [], []], [[L1[0]], [], [], []]):
        state = table(positions=[0, 4, 14, 21], hands=hands)
        facts, state = landed(state, 4, "cw", L1[1], 6)
        assert state.phase != "rob" and "MissionDrawn" in kinds(facts)


def test_rule_a_player_sitting_on_a_police_space_cannot_be_robbed():
    state = table(positions=[0, 2, 14, 21], hands=[[L1[0]], [L3[0]], [], []])
    facts, state = landed(state, 2)
    assert state.phase == "snitch"
    with pytest.raises(IllegalCommand, match="first answer the snitch"):
        RULES.decide(state, ANN, {"type": "rob", "player": BEN, "give": L1[0], "take": L3[0]}, None)


def test_ruling_a_rob_names_cards_the_two_players_hold():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0]], [L2[0]], []])
    state = landed(state, 4)[1]
    with pytest.raises(IllegalCommand, match="you do not hold"):
        RULES.decide(state, ANN, {"type": "rob", "player": BEN, "give": L2[0], "take": L3[0]}, None)
    with pytest.raises(IllegalCommand, match="does not hold"):
        RULES.decide(state, ANN, {"type": "rob", "player": BEN, "give": L1[0], "take": L2[0]}, None)
    with pytest.raises(IllegalCommand, match="not on your space"):
        RULES.decide(state, ANN, {"type": "rob", "player": CY, "give": L1[0], "take": L2[0]}, None)


def test_ruling_option_landing_on_player_none_turns_robbing_off():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0]], [], []], options={"landing_on_player": "none"})
    facts, state = landed(state, 4, "cw", L1[1], 6)
    assert "MissionDrawn" in kinds(facts) and state.hands[1] == [L3[0]]


# -- snitching -------------------------------------------------------------------------------------

def test_ruling_snitching_is_optional():
    state = on_police([[], [L1[0]], [], []])
    assert RULES.legal_commands(state, ANN) == [{"type": "snitch"}, {"type": "no_snitch"}]
    facts, state = act(state, ANN, {"type": "no_snitch"})
    assert kinds(facts) == ["SnitchDeclined", "TurnStarted"]


def test_rule_snitch_on_another_players_number_they_lose_a_card_and_the_snitch_gains_a_level_1_card():
    state = on_police([[], [L2[0], L3[0]], [], []])
    facts, state = act(state, ANN, {"type": "snitch"}, BEN, L1[2])
    assert facts == [SnitchRolled(seat=ANN, face=2, target=BEN), CardGained(seat=ANN, card=L1[2]),
                     CardDemanded(seat=BEN, reason="snitched")]
    assert state.hands[0] == [L1[2]] and state.money(ANN) == 10000
    assert RULES.to_act(state) == [BEN]
    assert RULES.legal_commands(state, BEN) == [{"type": "lose", "card": L2[0]}, {"type": "lose", "card": L3[0]}]
    assert RULES.legal_commands(state, ANN) == []
    facts, state = act(state, BEN, {"type": "lose", "card": L2[0]})
    assert facts == [CardLost(seat=BEN, card=L2[0]), TurnStarted(seat=BEN, round=1)]
    assert state.hands[1] == [L3[0]] and state.bottom["2"] == [L2[0]]


def test_rule_the_snitch_landing_on_their_own_number_loses_a_card():
    state = on_police([[L1[0], L2[0]], [], [], []])
    facts, state = act(state, ANN, {"type": "snitch"}, ANN)
    assert facts == [SnitchRolled(seat=ANN, face=1, target=ANN), CardDemanded(seat=ANN, reason="self")]
    facts, state = act(state, ANN, {"type": "lose", "card": L1[0]})
    assert state.hands[0] == [L2[0]] and state.bottom["1"] == [L1[0]]


def test_ruling_a_snitch_with_no_card_who_rolls_their_own_number_loses_nothing():
    facts, state = act(on_police([[], [L1[0]], [], []]), ANN, {"type": "snitch"}, ANN)
    assert facts == [SnitchRolled(seat=ANN, face=1, target=ANN), NothingLost(seat=ANN, reason="self"),
                     TurnStarted(seat=BEN, round=1)]


@pytest.mark.parametrize("face", [5, 6])
def test_rule_a_snitch_roll_of_5_or_6_does_nothing(face):
    state = on_police([[L1[0]], [L1[1]], [L1[2]], [L1[3]]])
    facts, state = act(state, ANN, {"type": "snitch"}, face)
    assert facts == [SnitchRolled(seat=ANN, face=face, target=0), TurnStarted(seat=BEN, round=1)]


def test_ruling_with_three_players_a_snitch_roll_of_4_does_nothing():
    state = on_police([[L1[0]], [L1[1]], [L1[2]]], seats=3)
    facts, _ = act(state, ANN, {"type": "snitch"}, 4)
    assert facts == [SnitchRolled(seat=ANN, face=4, target=0), TurnStarted(seat=BEN, round=1)]


def test_ruling_each_players_number_is_their_seat_number():
    state = on_police([[], [], [], [L1[1]]])
    facts, _ = act(state, ANN, {"type": "snitch"}, DEE, L1[2])
    assert facts[0] == SnitchRolled(seat=ANN, face=4, target=DEE)
    assert facts[-1] == CardDemanded(seat=DEE, reason="snitched")


def test_ruling_a_player_with_no_card_loses_nothing_but_the_snitch_still_gains():
    state = on_police([[], [], [], []])
    facts, state = act(state, ANN, {"type": "snitch"}, CY, L1[2])
    assert facts == [SnitchRolled(seat=ANN, face=3, target=CY), CardGained(seat=ANN, card=L1[2]),
                     NothingLost(seat=CY, reason="snitched"), TurnStarted(seat=BEN, round=1)]


def test_ruling_the_snitch_gains_nothing_when_the_level_1_pile_is_empty():
    state = on_police([[], [L2[0]], [], []])
    state.unseen["1"] = []
    facts, state = act(state, ANN, {"type": "snitch"}, BEN)
    assert facts[1] == CardGained(seat=ANN, card="")
    assert state.hands[0] == []


def test_ruling_only_the_player_who_must_give_up_a_card_may_act():
    state = act(on_police([[], [L2[0]], [], []]), ANN, {"type": "snitch"}, BEN, L1[2])[1]
    with pytest.raises(IllegalCommand, match="first give up"):
        RULES.decide(state, BEN, {"type": "roll"}, None)
    with pytest.raises(IllegalCommand, match="you do not hold"):
        RULES.decide(state, BEN, {"type": "lose", "card": L1[2]}, None)


# -- the first changes' police ---------------------------------------------------------------------

def test_ruling_option_police_fine_costs_a_turn_and_a_card_of_the_players_choice():
    state = table(hands=[[L1[0], L3[0]], [], [], []], options={"police": "fine"})
    facts, state = landed(state, 2)
    assert facts[-2:] == [TurnLost(seat=ANN, reason="police"), CardDemanded(seat=ANN, reason="police")]
    facts, state = act(state, ANN, {"type": "lose", "card": L1[0]})
    assert state.hands[0] == [L3[0]] and state.skips[0] == 1
    assert facts[-1] == TurnStarted(seat=BEN, round=1)


def test_ruling_option_police_fine_with_no_card_costs_only_the_turn():
    state = table(options={"police": "fine"})
    facts, state = landed(state, 2)
    assert kinds(facts) == ["PieceMoved", "TurnLost", "NothingLost", "TurnStarted"]
    assert state.skips[0] == 1


def test_ruling_the_snitched_players_lost_card_is_chosen_by_them_or_with_the_option_by_the_snitch():
    state = on_police([[], [L2[0], L3[0]], [], []], lost_card="snitch-chooses")
    _, state = act(state, ANN, {"type": "snitch"}, BEN, L1[2])
    assert RULES.to_act(state) == [ANN]  # the snitch names the card
    assert RULES.legal_commands(state, ANN) == [{"type": "lose", "card": L2[0]}, {"type": "lose", "card": L3[0]}]
    assert RULES.legal_commands(state, BEN) == []
    assert "Ben must give up a mission card that Ann chooses" in RULES.render(RULES.view(state, BEN), ["Ann", "Ben", "Cy", "Dee"])
    with pytest.raises(IllegalCommand, match="seat 2 does not hold"):
        act(state, ANN, {"type": "lose", "card": L1[2]})
    facts, state = act(state, ANN, {"type": "lose", "card": L3[0]})
    assert facts[0] == CardLost(seat=BEN, card=L3[0]) and state.hands[1] == [L2[0]]
    own = on_police([[L1[0], L2[0]], [], [], []], lost_card="snitch-chooses")  # snitched on oneself: one's own choice
    _, own = act(own, ANN, {"type": "snitch"}, ANN, L1[2])
    assert RULES.to_act(own) == [ANN] and own.demanded == ANN
    default = on_police([[], [L2[0], L3[0]], [], []])
    assert RULES.to_act(act(default, ANN, {"type": "snitch"}, BEN, L1[2])[1]) == [BEN]
