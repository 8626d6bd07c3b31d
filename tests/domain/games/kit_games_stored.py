"""Stored games of the kits with rules, made to be kept: what ``old_kit_games/`` holds and how it was made.

Each is a seeded random game of one kit, played through the game service as a client plays it (the game read,
its seat to act asked its legal commands, one picked by a seeded ``random.Random`` and submitted), recorded as
events in an event store and written out with the owner's NDJSON export (``replays.records.to_ndjson``),
gzipped (an export is mostly hashes and sentences: five times smaller so; one game stops at ``MOST_COMMANDS``). The kits: every shipped kit with
rules (``domain/games/table_kit/kits/*.yaml`` with a ``play`` section) and every test kit with rules
(``tests/kits/*.yaml``); two seeds each at the kit's fewest seats, and one more at its most where the count may
vary (seed 3). ``test_old_kit_games.py`` replays them.

The committed files were made by the code before kits' expressions and state copies were rewritten for speed:
run again, this makes the games as the code of its day plays them (``python tests/domain/games/kit_games_stored.py``
from the project folder rewrites the folder), which is only right when the rules are meant to play differently.
"""

from __future__ import annotations

import gzip
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import KITS
from domain.keeping.access import OWNER
from domain.keeping.service import GameService
from replays import records

STORED = Path(__file__).parent / "old_kit_games"
TEST_KITS = Path(__file__).resolve().parents[2] / "kits"
SALT = "5eed" * 8
SEEDS = (1, 2)
"""The seeds at a kit's fewest seats; its game at its most seats (where they may differ) is seed 3."""
MOST_COMMANDS = 300
"""Commands a stored game plays at most: a longer one is stored unfinished, as a game its players left."""


@dataclass(frozen=True)
class StoredGame:
    """One stored game: its kit's file, how many seats played and the seed (of the game and of the picks)."""

    kit: Path
    seats: int
    seed: int

    @property
    def name(self) -> str:
        return f"{self.kit.stem}-{self.seats}-seats-{self.seed}"

    @property
    def path(self) -> Path:
        return STORED / f"{self.name}.ndjson.gz"


def kit_document(path: Path) -> dict[str, Any]:
    """A kit file read and checked, as ``ludolog kit check`` and the service read it."""
    document, mistakes = read_kit(path.read_text(encoding="utf-8"), path.name)
    if document is None:
        raise ValueError(f"{path.name}: {'; '.join(mistakes)}")
    return document


def kits_with_rules() -> list[Path]:
    """The shipped kits with rules, then the test kits with rules, each in its folder's order."""
    return [path for folder in (KITS, TEST_KITS) for path in sorted(folder.glob("*.yaml")) if "play" in kit_document(path)]


def stored_games() -> list[StoredGame]:
    """Every game the folder holds: two seeds at each kit's fewest seats, and a third at its most where that differs."""
    games = []
    for path in kits_with_rules():
        seats = kit_document(path)["seats"]
        games += [StoredGame(path, seats["fewest"], seed) for seed in SEEDS]
        if seats["most"] != seats["fewest"]:
            games.append(StoredGame(path, seats["most"], len(SEEDS) + 1))
    return games


def seat_names(seats: int) -> list[str]:
    return [f"Seat {number}" for number in range(1, seats + 1)]


def play_random_game(service: GameService, kit: dict[str, Any], seats: int, seed: str) -> Any:
    """A seeded random game of the kit played through the service, to its end or ``MOST_COMMANDS``; its id."""
    game_id = service.create_game("table-kit", seat_names(seats), {"kit": kit}, seed=seed, salt=SALT)
    picks = random.Random(seed)
    for _ in range(MOST_COMMANDS):
        game = service.game(game_id)
        if game.outcome() is not None:
            break
        seat = game.to_act()[0]
        legal = game.rules.legal_commands(game.state, seat)
        service.submit(game_id, seat, legal[picks.randrange(len(legal))])
    return game_id


def exported(stored: StoredGame) -> str:
    """The stored game played now, in a store of its own, and its owner's NDJSON export."""
    service = GameService(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        game_id = play_random_game(service, kit_document(stored.kit), stored.seats, stored.name)
        return records.to_ndjson(service, game_id, OWNER)
    finally:
        service.close()


def read_stored(path: Path) -> str:
    """A stored game's export, as its file holds it gzipped."""
    return gzip.decompress(path.read_bytes()).decode("utf-8")


def write_stored(stored: StoredGame, text: str) -> None:
    stored.path.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))


if __name__ == "__main__":
    STORED.mkdir(exist_ok=True)
    for game in stored_games():
        write_stored(game, exported(game))
        print(game.path.name, game.path.stat().st_size)
