"""Kuhn poker and Liar's dice written as kits (``kits/kuhn-poker.yaml``, ``kits/liars-dice.yaml``) against
OpenSpiel's own, an outside implementation, over 300 random games each. The deal and the dice behind the
screens are OpenSpiel's chance outcomes told to the kit game as a table tells them (Kuhn: outcome 0, 1, 2
is the Jack, Queen, King, player 0's card first; Liar's dice: outcome k is face k + 1, player 0's die
first), and at every step the seat to act and its legal commands correspond one to one to OpenSpiel's
player and legal actions (Pass ↔ pass, Bet ↔ bet; ``q-f`` ↔ bid count q, face f, Liar ↔ liar); both games
end at the same step and the same seat wins (in Kuhn poker, what the loser put in the pot)."""

from __future__ import annotations

import random

import pyspiel  # open-spiel, in the test extras

from domain.engine import registry
from domain.engine.randomness import TableRng
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")
CARDS = ["Jack", "Queen", "King"]
ACTIONS = {"Pass": "pass", "Bet": "bet"}


def dealt(game, number: int):
    """A new OpenSpiel game with its chance outcomes chosen by the game's number, its state and the outcomes."""
    choose = random.Random(number)
    theirs = game.new_initial_state()
    outcomes = []
    while theirs.is_chance_node():
        outcome = choose.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        theirs.apply_action(outcome)
        outcomes.append(outcome)
    return choose, theirs, outcomes


def test_kuhn_poker_as_a_kit_plays_as_openspiels_step_by_step():
    game = pyspiel.load_game("kuhn_poker")
    steps, showdowns = 0, 0
    for number in range(300):
        choose, theirs, outcomes = dealt(game, number)
        cards = [CARDS[outcome] for outcome in outcomes]
        ours = RULES.new_state(2, RULES.resolve_options({"kit": shipped_kit("kuhn-poker")}))
        for fact in RULES.setup(ours, TableRng(cards)):
            ours = RULES.evolve(ours, fact)
        assert [ours.zones[f"hand:{seat}"]["cards"][0]["card"] for seat in (1, 2)] == cards
        while not theirs.is_terminal():
            seat = theirs.current_player() + 1
            assert RULES.to_act(ours) == [seat], (number, steps)
            legal = {ACTIONS[theirs.action_to_string(action)]: action for action in theirs.legal_actions()}
            assert sorted(command["action"] for command in RULES.legal_commands(ours, seat)) == sorted(legal)
            action = choose.choice(sorted(legal))
            theirs.apply_action(legal[action])
            for fact in RULES.decide(ours, seat, {"type": "act", "action": action}, TableRng()):
                ours = RULES.evolve(ours, fact)
            steps += 1
            assert (RULES.outcome(ours) is None) == (not theirs.is_terminal()), (number, steps)
        returns = theirs.returns()
        (winner,) = RULES.outcome(ours).winners
        assert returns[winner - 1] > 0, number
        assert returns[winner - 1] == ours.counters[f"chips:{3 - winner}"], number  # the loser's chips in the pot
        assert RULES.outcome(ours).scores == returns, number  # the kit scores the chips won and lost, as OpenSpiel returns them
        showdowns += "showdown" in RULES.outcome(ours).reason
    assert steps > 300 * 2 and 0 < showdowns < 300


def liar(text: str) -> dict:
    if text == "Liar":
        return {"type": "act", "action": "liar"}
    count, face = text.split("-")
    return {"type": "act", "action": "bid", "count": int(count), "face": int(face)}


def key(command: dict) -> tuple:
    return tuple(sorted(command.items()))


def test_liars_dice_as_a_kit_plays_as_openspiels_step_by_step():
    game = pyspiel.load_game("liars_dice")
    steps, bidders_won = 0, 0
    for number in range(300):
        choose, theirs, outcomes = dealt(game, number)
        rolled = [outcome + 1 for outcome in outcomes]
        ours = RULES.new_state(2, RULES.resolve_options({"kit": shipped_kit("liars-dice")}))
        for fact in RULES.setup(ours, TableRng(rolled)):
            ours = RULES.evolve(ours, fact)
        assert [ours.dice[f"cup:{seat}"] for seat in (1, 2)] == [[face] for face in rolled]
        while not theirs.is_terminal():
            seat = theirs.current_player() + 1
            assert RULES.to_act(ours) == [seat], (number, steps)
            legal = {text: action for action in theirs.legal_actions() for text in [theirs.action_to_string(action)]}
            assert sorted(key(liar(text)) for text in legal) == sorted(map(key, RULES.legal_commands(ours, seat))), (number, steps)
            text = choose.choice(sorted(legal))
            theirs.apply_action(legal[text])
            for fact in RULES.decide(ours, seat, liar(text), TableRng()):
                ours = RULES.evolve(ours, fact)
            steps += 1
            assert (RULES.outcome(ours) is None) == (not theirs.is_terminal()), (number, steps)
        (winner,) = RULES.outcome(ours).winners
        assert theirs.returns()[winner - 1] > 0, number
        bidders_won += winner == ours.counters["bidder"]
    assert steps > 300 * 2 and 0 < bidders_won < 300
