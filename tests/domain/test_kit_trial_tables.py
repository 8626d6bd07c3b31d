"""The random games of ``kit check`` (``kit_trial``) are played through the ruleset's functions alone (``RulesTable``),
the first on the ``Game`` aggregate (``StoredTable``): a game so played is the one the aggregate plays from the same
seed, command for command, so the trial finds what it found when every game was stored. A kit that hides nothing from
any seat is not watched for a rule that tells a secret: its twin table (``determinize``) is the table itself."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

from domain.engine import registry
from domain.engine.randomness import Rng
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.thinking import kit_trial
from domain.thinking.greedy import SimRng
from domain.thinking.kit_secrets import hides_nothing
from domain.thinking.kit_trial import RulesTable, StoredTable, sees_all, trial


def _tables(name: str, seats: int, seed: str) -> tuple[object, RulesTable, StoredTable]:
    rules = registry.get("table-kit")
    options = rules.resolve_options({"kit": shipped_kit(name)})
    return rules, RulesTable(rules, options, seats, seed), StoredTable(rules, options, seats, seed)


@pytest.mark.parametrize(("name", "seats"), [("missions-with-rules", 4), ("liars-dice", 2), ("pig", 3), ("kuhn-poker", 2)])
def test_a_game_played_through_the_rules_is_the_game_the_aggregate_plays_from_that_seed(name, seats):
    commands = 0
    for number in range(4):
        rules, played, stored = _tables(name, seats, f"kit-check:{number}")
        for step in range(80):
            assert played.state == stored.state, (number, step)
            if rules.outcome(played.state) is not None:
                break  # the aggregate records the seed's reveal too, after the last command
            assert played.version == stored.version, (number, step)  # the chance of the next command alike
            seat = rules.to_act(played.state)[0]
            legal = rules.legal_commands(played.state, seat)
            command = Rng(f"bot:kit-check:{number}", played.version).choice(legal)
            played.play(seat, command, f"c{step}")
            stored.play(seat, command, f"c{step}")
            commands += 1
    assert commands > 6  # the games went some way


def test_the_first_game_only_is_stored(monkeypatch):
    made = []

    class Counted(StoredTable):
        def __init__(self, *args):
            made.append(args[-1])
            super().__init__(*args)

    monkeypatch.setattr(kit_trial, "StoredTable", Counted)
    found = trial(shipped_kit("tic-tac-toe"), 4, clock=time.monotonic)
    assert found.ended == 4 and made == ["kit-check:0"]


@pytest.mark.parametrize("name", [path.stem for path in sorted(KITS.glob("*.yaml"))
                                  if "play" in shipped_kit(path.stem) and hides_nothing(shipped_kit(path.stem))])
def test_a_kit_that_hides_nothing_deals_a_twin_table_that_is_the_table_itself(name):
    rules, table, _ = _tables(name, shipped_kit(name)["seats"]["most"], "kit-check:1")
    for step in range(40):
        if rules.outcome(table.state) is not None:
            break
        seat = rules.to_act(table.state)[0]
        assert rules.determinize(table.state, seat, SimRng(random.Random(step))) == table.state
        legal = rules.legal_commands(table.state, seat)
        table.play(seat, Rng("bot:kit-check:1", table.version).choice(legal), f"c{step}")


def test_a_kit_that_hides_something_deals_a_twin_table_that_differs():
    rules, table, _ = _tables("kuhn-poker", 2, "kit-check:1")
    seat = rules.to_act(table.state)[0]
    twins = [rules.determinize(table.state, seat, SimRng(random.Random(n))) for n in range(10)]
    assert any(twin != table.state for twin in twins)


HIDING = [path.stem for path in sorted(KITS.glob("*.yaml")) if "play" in shipped_kit(path.stem) and not hides_nothing(shipped_kit(path.stem))
          and not any(counter.get("private") for counter in shipped_kit(path.stem).get("counters", []))]


@pytest.mark.parametrize("name", HIDING)
def test_where_a_seat_sees_all_its_twin_table_is_the_table_itself(name):
    document = shipped_kit(name)
    for number in range(6):
        rules, table, _ = _tables(name, document["seats"]["most" if number % 2 else "fewest"], f"kit-check:{number}")
        for step in range(60):
            if rules.outcome(table.state) is not None:
                break
            seat = rules.to_act(table.state)[0]
            if sees_all(table.state, seat):
                assert all(rules.determinize(table.state, seat, SimRng(random.Random(n))) == table.state for n in range(4)), (number, step)
            legal = rules.legal_commands(table.state, seat)
            table.play(seat, Rng(f"bot:kit-check:{number}", table.version).choice(legal), f"c{step}")


def test_a_seat_sees_all_where_the_undealt_cards_lie_in_their_piles_and_not_where_another_seat_holds_a_card():
    rules, table, _ = _tables("missions-with-rules", 3, "kit-check:0")
    assert sees_all(table.state, rules.to_act(table.state)[0])  # the mission piles face down, not yet drawn from

    rules, table, _ = _tables("kuhn-poker", 2, "kit-check:0")
    seat = rules.to_act(table.state)[0]
    assert not sees_all(table.state, seat)  # the other seat's card
    assert any(rules.determinize(table.state, seat, SimRng(random.Random(n))) != table.state for n in range(10))


def test_a_deck_whose_undealt_cards_lie_in_two_piles_is_hidden_from_the_seat():
    rules, table, _ = _tables("missions-with-rules", 3, "kit-check:0")
    zones = {name: {**zone, "pool": list(zone["pool"])} for name, zone in table.state.zones.items()}
    moved = zones["level-1"]["pool"].pop(0)
    zones["level-2"]["pool"] = sorted([*zones["level-2"]["pool"], moved])  # which pile holds it, the seat cannot tell
    state = dataclasses.replace(table.state, zones=zones)
    seat = rules.to_act(state)[0]
    assert not sees_all(state, seat)
    assert any(rules.determinize(state, seat, SimRng(random.Random(n))) != state for n in range(10))
