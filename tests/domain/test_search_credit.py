"""The search bot credits each seat with its own reward: at a position where another seat chooses, the tree
ranks that seat's commands by that seat's results, not the searcher's.

The game here is a trap, small enough to read whole: seat 1 takes the ``bait`` or ``leaves`` it; then seat
2 answers ``spring`` or ``wait``. Springing the trap after the bait wins for seat 2; every other line is a
win for seat 1. A search that credited seat 2's choices with seat 1's rewards would expect seat 2 to
``wait`` (the answer best for seat 1) and take the bait; one that credits each seat with its own sees the
spring coming and leaves the bait.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.engine.facts import Outcome
from domain.thinking.greedy import key_of
from domain.thinking.search import SearchBot


@dataclass(frozen=True)
class Trap:
    first: str | None = None
    second: str | None = None


class TrapRules:
    """The two-command game above, with the calls a search bot makes."""

    name = "trap"

    def seat_count(self, state: Trap) -> int:
        return 2

    def to_act(self, state: Trap) -> list[int]:
        return [] if state.second else [1 if state.first is None else 2]

    def legal_commands(self, state: Trap, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "bait"}, {"type": "leave"}] if seat == 1 else [{"type": "spring"}, {"type": "wait"}]

    def decide(self, state: Trap, seat: int, command: dict[str, Any], rng: Any) -> list[tuple[int, str]]:
        return [(seat, command["type"])]

    def evolve(self, state: Trap, fact: tuple[int, str]) -> Trap:
        seat, choice = fact
        return Trap(first=choice) if seat == 1 else Trap(first=state.first, second=choice)

    def outcome(self, state: Trap) -> Outcome | None:
        if state.second is None:
            return None
        winner = 2 if (state.first, state.second) == ("bait", "spring") else 1
        return Outcome(winners=[winner], reason="the trap")

    def evaluate(self, state: Trap, seat: int) -> float:
        return 0.5

    def determinize(self, state: Trap, seat: int, rng: Any) -> Trap:
        return state


def test_each_seat_s_choices_are_ranked_by_its_own_reward_so_the_search_leaves_the_bait():
    # explores enough to answer the bait; the means alone (no minimax backups, which would read seat 2's reply too)
    bot = SearchBot(seed="credit", simulations=200, exploration=3.0, minimax_weight=0.0)
    chosen = bot.choose(TrapRules(), Trap(), 1, 0)  # type: ignore[arg-type]
    assert chosen == {"type": "leave"}
    assert bot.last is not None and bot.last.tree is not None
    bait = bot.last.tree.children[key_of({"type": "bait"})]
    spring, wait = (bait.children[key_of({"type": kind})] for kind in ("spring", "wait"))
    assert spring.visits > wait.visits  # seat 2 springs: its own reward guides it
    assert spring.rewards[2] == spring.visits and spring.rewards.get(1, 0.0) == 0.0
    assert wait.rewards.get(1, 0.0) == wait.visits and wait.rewards.get(2, 0.0) == 0.0
    assert bait.rewards[1] < bait.visits / 2  # what seat 1 expects from the bait: mostly a loss
