"""Hidden information in kit games with rules, hands, face-down piles, dice behind screens and choices made in secret
(Kuhn poker, Liar's dice, Missions: its mission piles face down, a card drawn kept private until it is shown; Rock,
paper, scissors: each sign sealed until both are shown): over
whole random games, no event shows a seat the other's card or die, and a table where every card the seat cannot see is dealt afresh gives that
seat the same view, board, text, legal commands and bot evaluation: a kit's rules read the whole table, but
nothing that changes with a hidden card or die reaches a seat before the game is over. The same check
catches a kit whose rule reads the opponent's card or die."""

from __future__ import annotations

import copy

import pytest

from domain.games.table_kit.rules import shipped_kit
from domain.thinking.kit_secrets import secret_leaks


def leaks(kit: dict, games: int = 60) -> tuple[list[str], int]:
    """What reached a seat that changes with what it cannot see, and how many (table, seat) pairs were compared: the
    test ``kit check --secrets`` runs (``domain.thinking.kit_secrets``), on a clock that never runs out."""
    report = secret_leaks(kit, games, clock=lambda: 0.0)
    return [problem.message for problem in report.problems], report.checked


@pytest.mark.parametrize(("kit", "games"), [("kuhn-poker", 60), ("liars-dice", 60), ("missions-with-rules", 3), ("rock-paper-scissors", 30)])
def test_no_secret_of_a_kit_game_with_rules_reaches_a_seat(kit, games):
    found, checked = leaks(shipped_kit(kit), games)
    assert found == [] and checked > 60


@pytest.mark.parametrize(("kit", "action", "when"), [("kuhn-poker", 1, "card(hand(3 - seat)[0]).rank < 3"),  # no bet into a King
                                                     ("liars-dice", 1, "bid_count > 0 && cup[3 - seat] != 6")])  # no call on a wild die
def test_a_kit_rule_that_reads_the_opponents_secret_is_caught_telling_it(kit, action, when):
    leaky = copy.deepcopy(shipped_kit(kit))
    leaky["play"]["actions"][action]["when"] = when
    found, _ = leaks(leaky, games=30)
    assert any("is offered it changes with what it cannot see" in leak for leak in found)
