"""Hidden information in kit games with rules, hands, face-down piles, dice behind screens and choices made in secret
(Kuhn poker, Liar's dice, Missions: its mission piles face down, a card drawn kept private until it is shown; Rock,
paper, scissors: each sign sealed until both are shown): over
whole random games, no event shows a seat the other's card or die, and a table where every card the seat cannot see is dealt afresh gives that
seat the same view, board, text, legal commands and bot evaluation: a kit's rules read the whole table, but
nothing that changes with a hidden card or die reaches a seat before the game is over. The same check
catches a kit whose rule reads the opponent's card or die."""

from __future__ import annotations

import copy
import random

import pytest

from domain.engine import registry
from domain.engine.game import Game
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
NAMES = ["Ann", "Ben", "Cy", "Dee"]


def facts_of(events) -> list:
    return [event.as_fact() for event in events if hasattr(event, "fact")]


def histories(kit: dict, games: int):
    """Each state of ``games`` random games of the kit at its fewest seats, with the state before (``None``: the
    setup) and the facts that led from it."""
    for number in range(games):
        game = Game.start(RULES, NAMES[:kit["seats"]["fewest"]], RULES.resolve_options({"kit": kit}), f"secrets-{number}", salt="5eed" * 8)
        yield None, game.state, facts_of(game.pending_events)
        bot = RandomBot(number)
        while game.outcome() is None:
            seat, state = game.to_act()[0], game.state
            before = len(game.pending_events)
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")
            yield state, game.state, facts_of(game.pending_events[before:])


def knew(state, fact) -> set[int]:
    """The seats that knew the card a ``CardMoved`` moves before it moved: those who had seen it where it lay
    (none for a card chosen from a shuffled pile, or at setup), and the seat moving it from its own hand."""
    if state is None or fact.index < 0:
        return set()
    known = set(state.zones[fact.origin]["cards"][fact.index]["seen"])
    return known | ({fact.seat} if fact.origin == f"hand:{fact.seat}" else set())


def leaks(kit: dict, games: int = 60) -> tuple[list[str], int]:
    """What reached a seat that changes with what it cannot see, and how many (state, seat) pairs were checked."""
    found: list[str] = []
    checked = 0
    seats = NAMES[:kit["seats"]["fewest"]]
    for before, state, facts in histories(kit, games):
        for fact in facts:
            for viewer in (*range(1, len(seats) + 1), None):
                shown = RULES.redact(fact, viewer)
                if type(fact).__name__ == "CardMoved" and shown.card and not (
                        fact.up or fact.to == f"hand:{viewer}" or viewer in knew(before, fact)):
                    found.append(f"{fact} shown to {viewer}")
                if type(fact).__name__ == "HiddenDiceRolled" and viewer != fact.seat and any(shown.faces):
                    found.append(f"{fact} shown to {viewer}")
                if type(fact).__name__ == "ChoiceSealed" and viewer != fact.seat and (shown.action or shown.choices):
                    found.append(f"{fact} shown to {viewer}")
            before = None if before is None else RULES.evolve(before, fact)
        if state.winners is not None:
            continue
        for viewer in range(1, len(seats) + 1):
            twin = RULES.determinize(state, viewer, SimRng(random.Random(checked)))
            view = RULES.view(state, viewer)
            for what, ours, theirs in [
                ("view", view, RULES.view(twin, viewer)),
                ("picture", RULES.picture(view, seats), RULES.picture(RULES.view(twin, viewer), seats)),
                ("text", RULES.render(view, seats), RULES.render(RULES.view(twin, viewer), seats)),
                ("legal commands", RULES.legal_commands(state, viewer), RULES.legal_commands(twin, viewer)),
                ("evaluation", RULES.evaluate(state, viewer), RULES.evaluate(twin, viewer))]:
                if ours != theirs:
                    found.append(f"seat {viewer}'s {what}")
            checked += 1
    return found, checked


@pytest.mark.parametrize(("kit", "games"), [("kuhn-poker", 60), ("liars-dice", 60), ("missions-with-rules", 8), ("rock-paper-scissors", 30)])
def test_no_secret_of_a_kit_game_with_rules_reaches_a_seat(kit, games):
    found, checked = leaks(shipped_kit(kit), games)
    assert found == [] and checked > 60


@pytest.mark.parametrize(("kit", "action", "when"), [("kuhn-poker", 1, "card(hand(3 - seat)[0]).rank < 3"),  # no bet into a King
                                                     ("liars-dice", 1, "bid_count > 0 && cup[3 - seat] != 6")])  # no call on a wild die
def test_a_kit_rule_that_reads_the_opponents_secret_is_caught_telling_it(kit, action, when):
    leaky = copy.deepcopy(shipped_kit(kit))
    leaky["play"]["actions"][action]["when"] = when
    found, _ = leaks(leaky, games=30)
    assert any("legal commands" in leak for leak in found)
