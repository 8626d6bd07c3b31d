"""An action whose condition and choices read only plain values keeps its commands by those values
(``kit_plain.PlainOffers``): the legal commands so kept are those made the long way at every table of seeded Liar's
dice games (a bid reading the turn too, met once each game), whatever was done to the commands handed out; an action
reading the board, a hand or a map is never kept, one whose values are seldom met again stops being kept, and one
keeps a bounded number of commands whatever its kit."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from domain.engine import registry
from domain.games.table_kit.play import kit_offers
from domain.games.table_kit.play.kit_bounds import OfferTally
from domain.games.table_kit.play.kit_plain import MOST_KEPT, PlainOffers
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.play.kit_sift import MOST_KEYS
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
LIARS_DICE = shipped_kit("liars-dice")


def _reading_the_turn() -> dict[str, Any]:
    kit = copy.deepcopy(LIARS_DICE)
    kit["title"] = "Liar's dice, the turn read"
    bid = kit["play"]["actions"][0]
    bid["choose"][1]["where"] = f"({bid['choose'][1]['where']}) && turn > 0"
    return kit


@pytest.mark.parametrize(("kit", "seed"), [(LIARS_DICE, seed) for seed in range(8)] + [(_reading_the_turn(), seed) for seed in range(4)])
def test_the_commands_kept_by_the_values_read_are_those_made_the_long_way(kit: dict[str, Any], seed: int) -> None:
    kit_offers.asked_after()[:] = [kit_offers.ASKED_WINDOW] * 2  # a random game's way, whatever this thread played before
    source = random.Random(seed)
    state = RULES.new_state(2, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, SimRng(source)):
        state = RULES.evolve(state, fact)
    ruled = kit_rules_of(state)
    while state.winners is None and state.turn:
        seat = state.turn
        legal = RULES.legal_commands(state, seat)
        assert legal == list(ruled._legal(Scope(ruled, state, seat), True))  # made one after another, none kept
        for command in legal:
            command["face"] = 99  # what a caller does to the commands it was given changes nothing kept
        command = source.choice(RULES.legal_commands(state, seat))
        assert command.get("face") != 99
        for fact in RULES.decide(state, seat, command, SimRng(source)):
            state = RULES.evolve(state, fact)
    assert ruled._plain["bid"] is not None and ruled._plain["bid"]._kept  # the bids were kept, and looked up


def test_only_an_action_of_numbers_reading_plain_values_is_kept() -> None:
    liars = kit_rules_of(_table(LIARS_DICE))
    assert liars._plain["bid"].names == ("bid_count", "bid_face", "seats")  # type: ignore[union-attr]
    assert liars._plain["liar"] is None  # no choice: its condition alone
    for name, action in (("connect-four", "drop"), ("missions-with-rules", "lose"), ("missions-with-rules", "rob")):
        assert kit_rules_of(_table(shipped_kit(name)))._plain[action] is None, (name, action)  # the board, a hand


def test_an_action_whose_values_are_seldom_met_again_stops_being_kept() -> None:
    kept = PlainOffers(("turn",))
    stopped = None
    for turn in range(3 * MOST_KEYS):
        key = kept.key(_Given(turn=turn))
        if kept.usable:
            assert key is not None and kept.found(key, OfferTally()) is None  # each met once
            tally = OfferTally()
            tally.made[:] = [1]
            kept.keep(key, [{"type": "act", "action": "take", "number": turn}], [], tally)
        elif stopped is None:
            stopped = turn
    assert stopped is not None and MOST_KEYS <= stopped < 2 * MOST_KEYS
    assert not kept._kept
    assert kept.key(_Given(turn=[1])) is None and kept.key(_Given(turn=True)) != kept.key(_Given(turn=1))


def _table(kit: dict[str, Any]) -> Any:
    state = RULES.new_state(kit["seats"]["fewest"], RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, SimRng(random.Random(0))):
        state = RULES.evolve(state, fact)
    return state


class _Given(dict):  # type: ignore[type-arg]
    """The values a scope gives, the seat acting 1."""

    seat = 1


def test_an_action_keeps_at_most_a_bounded_number_of_commands() -> None:
    kept = PlainOffers(("limit",))
    for limit in range(3 * MOST_KEPT // 1000):
        key = kept.key(_Given(limit=limit))
        assert key is not None and kept.found(key, OfferTally()) is None
        tally = OfferTally()
        tally.made[:] = [1000]
        kept.keep(key, [{"type": "act", "action": "take", "number": n} for n in range(1000)], [], tally)
        assert kept._commands == sum(len(commands) for commands, _ in kept._kept.values()) <= MOST_KEPT
        assert kept.found(key, OfferTally()) is not None  # the last kept is found
