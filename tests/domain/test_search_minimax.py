"""The search bot's implicit minimax backups (two seats, perfect information): besides each command's mean result, the minimax
value of the look-ahead scores below it, raised along each simulation's path, so that a command whose reply
refutes it is seen as soon as that reply is scored, not after many simulations drown its good first look.

The game here is a trap of two commands: seat 1 plays ``bait`` (its look-ahead scores 0.9 for seat 1) or
``safe`` (0.6); after ``bait`` seat 2's ``refute`` wins at once, after ``safe`` every reply is a draw.
"""

from __future__ import annotations

from typing import Any

from domain.engine.facts import Outcome
from domain.thinking.greedy import key_of
from domain.thinking.search import SearchBot

BAIT, SAFE = {"type": "bait"}, {"type": "safe"}
REFUTE, WAIT = {"type": "refute"}, {"type": "wait"}


class TrapRules:
    """The game above, with the calls a search bot makes; a state is the commands' types so far."""

    name = "trap"
    perfect_information = True

    def seat_count(self, state: tuple[str, ...]) -> int:
        return 2

    def to_act(self, state: tuple[str, ...]) -> list[int]:
        return [1 + len(state)]

    def legal_commands(self, state: tuple[str, ...], seat: int) -> list[dict[str, Any]]:
        return [BAIT, SAFE] if not state else [REFUTE, WAIT]

    def determinize(self, state: tuple[str, ...], seat: int, rng: Any) -> tuple[str, ...]:
        return state

    def decide(self, state: tuple[str, ...], seat: int, command: dict[str, Any], rng: Any) -> list[str]:
        return [command["type"]]

    def evolve(self, state: tuple[str, ...], fact: str) -> tuple[str, ...]:
        return (*state, fact)

    def outcome(self, state: tuple[str, ...]) -> Outcome | None:
        if len(state) < 2:
            return None
        return Outcome(winners=[2] if state == ("bait", "refute") else [1] if state == ("bait", "wait") else [],
                       reason="the trap")

    def evaluate(self, state: tuple[str, ...], seat: int) -> float:
        ahead = 0.9 if state == ("bait",) else 0.6
        return ahead if seat == 1 else 1 - ahead


def test_a_refuted_command_is_left_once_its_refutation_is_scored():
    rules = TrapRules()
    for simulations in (2, 3, 4):
        assert SearchBot("trap", simulations=simulations, minimax_weight=0.8).choose(rules, (), 1, 0) == SAFE


def test_without_the_backups_the_bait_first_looks_best():
    # the same few simulations with the means alone: the bait's good first look outweighs one refutation
    assert SearchBot("trap", simulations=2, minimax_weight=0.0).choose(rules := TrapRules(), (), 1, 0) == BAIT
    assert SearchBot("trap", simulations=400, minimax_weight=0.0).choose(rules, (), 1, 0) == SAFE  # in the end


def test_the_minimax_value_of_a_command_is_the_other_seats_best_reply_read_as_a_loss():
    bot = SearchBot("trap", simulations=4, minimax_weight=0.8)
    bot.choose(TrapRules(), (), 1, 0)
    root = bot.last.tree
    assert root.minimax[key_of(BAIT)] == 0.0  # seat 2 refutes: seat 1 loses
    assert root.minimax[key_of(SAFE)] == 0.5  # every reply a draw
    assert bot.value_of(root, BAIT, 1) < bot.value_of(root, SAFE, 1)


def test_with_more_than_two_seats_the_backups_are_left_out():
    class ThreeSeats(TrapRules):
        def seat_count(self, state: tuple[str, ...]) -> int:
            return 3

    bot = SearchBot("trap", simulations=2, minimax_weight=0.8)
    assert bot.choose(ThreeSeats(), (), 1, 0) == BAIT  # the means alone, as without the backups


def test_where_worlds_are_sampled_the_backups_are_left_out():
    class Hidden(TrapRules):
        perfect_information = False  # one sampled world's minimax value would be read as certain

    assert SearchBot("trap", simulations=2, minimax_weight=0.8).choose(Hidden(), (), 1, 0) == BAIT
