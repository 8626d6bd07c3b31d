"""Games with secrets for the tests of a seat's review (domain, API, CLI), and what a seat saw of them.

The games: Rock, paper, scissors (its signs chosen in secret) and Sealed bids (``tests/kits/sealed-bids.yaml``:
each round both seats bid a card of a hidden hand at once), Location CCG and Squad Combat (hidden hands), each
played part of the way by seeded random bots, the same every run (a fixed seed and salt), and still being
played. What a seat saw: every text of its view and of each event as it was shown them, at every step. What it
could not see: the texts the owner was shown that the seat never was (another seat's cards in hand, its bid).
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

from quick_games import quick_options

from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import shipped_kit
from domain.keeping.access import OWNER
from domain.keeping.service import GameService, Viewer
from domain.thinking.bots import RandomBot
from replays.cursor import Cursor

SALT = "5eed" * 8
SEATS = ["Ana", "Ben"]
SEALED_BIDS = Path(__file__).parent / "kits" / "sealed-bids.yaml"


def sealed_bids() -> dict[str, Any]:
    """The Sealed bids kit, read as ``POST /games`` takes it."""
    kit, mistakes = read_kit(SEALED_BIDS.read_text(encoding="utf-8"), SEALED_BIDS.name)
    assert kit is not None, mistakes
    return kit


def options_of(name: str) -> tuple[str, dict[str, Any]]:
    """The ruleset and options of a game with secrets, by name: a sealed-choice kit or a ruleset with hidden hands."""
    if name == "sealed-bids":
        return "table-kit", {"kit": sealed_bids()}
    if name == "rock-paper-scissors":
        return "table-kit", {"kit": shipped_kit(name)}
    return name, quick_options(name)


SEALED_GAMES = [("rock-paper-scissors", "rps-a", 3), ("rock-paper-scissors", "rps-b", 5),
                ("sealed-bids", "bids-a", 3), ("sealed-bids", "bids-b", 5), ("sealed-bids", "bids-c", 6),
                ("sealed-bids", "bids-d", 7)]
"""Seeded games of the sealed-choice kits, each with how many commands are played: some stop with one seat's
choice sealed (the other's still to come), some with a round just revealed."""
HIDDEN_HAND_GAMES = [("location-ccg", "hands-a", 24), ("squad-combat", "hands-b", 24)]


def played(service: GameService, name: str, seed: str, commands: int) -> uuid.UUID:
    """A game of ``name`` with ``commands`` commands played by a seeded random bot, still being played."""
    ruleset, options = options_of(name)
    return play_on(service, service.create_game(ruleset, SEATS, options, seed=seed, salt=SALT), seed, commands)


def play_on(service: GameService, game_id: uuid.UUID, seed: str, commands: int) -> uuid.UUID:
    """The game after ``commands`` commands of a random bot seeded with ``seed``: still being played."""
    bot = RandomBot(seed)
    for _ in range(commands):
        game = service.game(game_id)
        seat = game.to_act()[0]
        service.submit(game_id, seat, bot.choose(game.rules, game.state, seat, game.version))
    assert service.game(game_id).outcome() is None, f"game {seed} ended within {commands} commands"
    return game_id


def texts_shown(service: GameService, game_id: uuid.UUID, viewer: Viewer) -> set[str]:
    """Every text the viewer was shown of the game: in its view and its event, sentence and data, at every step."""
    cursor = Cursor(service, game_id, viewer)
    shown: set[str] = set()
    for number in range(1, cursor.total + 1):
        step = cursor.goto(number)
        shown.add(step.event.sentence)
        _texts(step.view, shown)
        _texts(step.event.data, shown)
    return shown


def unseen_in(text: str, service: GameService, game_id: uuid.UUID, seat: int) -> list[str]:
    """The texts the seat could not see (the owner was shown them, the seat never was: another seat's cards, a
    bid made in secret) that ``text`` holds, each as a whole word or words."""
    unseen = texts_shown(service, game_id, OWNER) - texts_shown(service, game_id, seat)
    return sorted(secret for secret in unseen if len(secret) >= 3 and re.search(rf"\b{re.escape(secret)}\b", text))


def _texts(value: Any, into: set[str]) -> None:
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _texts(item, into)
    elif isinstance(value, list | tuple):
        for item in value:
            _texts(item, into)
