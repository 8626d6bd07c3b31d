"""What the clients were told, and whether the store agrees.

``Ledger`` records every answer the client threads got: each acknowledged command (201: its game,
command id, version and event numbers), each idempotent replay (which must repeat the first answer),
each refusal, and anything that should never happen (a 5xx, a lost answer from a live server, a
command played twice). ``check_store`` then reads the store itself, outside the server, and
``audit_store`` runs ``ludolog audit --all`` on it.
"""

from __future__ import annotations

import subprocess
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from harness import LUDOLOG, PROJECT, Answer

from domain.keeping.service import GameService
from domain.keeping.store import store_env

RULES_REFUSALS = {"not-your-turn", "illegal-command", "game-over"}
"""What the rules may answer (422) to a command chosen before the game moved on, sent without If-Match."""


@dataclass(frozen=True)
class Acknowledged:
    """A command as a 201 answer described it: where its events are in its game's log."""

    game_id: str
    command_id: str
    version: int
    numbers: tuple[int, ...]
    types: tuple[str, ...]

    def where(self) -> str:
        return f"command {self.command_id} of game {self.game_id} (events {self.numbers[0]}..{self.numbers[-1]})"


@dataclass
class Ledger:
    """Every answer the clients got (thread-safe): counts by kind, the first 201 of each command id,
    and the problems: answers that break the API's promises."""

    acknowledged: dict[tuple[str, str], Acknowledged] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)
    last_acknowledged: float = field(default_factory=time.monotonic)
    """When the last 201 came: a load whose server stops answering is found by this, not by a rate."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, game_id: str, answer: Answer, key: str | None, *, if_match: int | None, first_send: bool,
             refusals_allowed: bool = True) -> Acknowledged | None:
        """Record the answer to a command sent with ``key`` and ``If-Match: "<if_match>"`` (``None``:
        either not sent); returns what a 201 acknowledged.

        Without ``If-Match`` a command may lose its race (409) or be refused by the rules when the game
        moved on before it was decided (422, when ``refusals_allowed``); with ``If-Match`` it is played
        right after that version, or stale (412). A first send is never a replay; a replay repeats the
        first answer exactly.
        """
        if answer.status == 201:
            ack = self._note_201(game_id, answer, key, first_send)
            if ack is not None and if_match is not None and not answer.body["replayed"] and ack.numbers[0] != if_match + 1:
                self.problem(f"{ack.where()} was played with If-Match: \"{if_match}\" on a game at version {ack.numbers[0] - 1}")
            return ack
        kind = answer.problem
        if answer.status == 409 and kind == "version-conflict" and if_match is None:
            self.count("conflict (409)")
        elif answer.status == 412 and kind == "stale-version" and if_match is not None:
            self.count("stale (412)")
        elif answer.status == 422 and kind in RULES_REFUSALS and if_match is None and refusals_allowed:
            self.count("refused by the rules (422)")
        else:
            self.problem(f"game {game_id}, key {key}, If-Match {if_match}: unexpected {answer.status} {answer.body!r}")
        return None

    def _note_201(self, game_id: str, answer: Answer, key: str | None, first_send: bool) -> Acknowledged | None:
        body = answer.body
        events = body.get("events") or []
        ids = {event["command_id"] for event in events}
        numbers = tuple(event["number"] for event in events)
        if len(ids) != 1 or (key is not None and ids != {key}):
            self.problem(f"game {game_id}: a 201 for key {key} whose events carry the command ids {ids}")
            return None
        if numbers != tuple(range(numbers[0], numbers[0] + len(numbers))) or numbers[-1] != body["version"]:
            self.problem(f"game {game_id}: a 201 at version {body['version']} with events numbered {numbers}")
            return None
        ack = Acknowledged(game_id, ids.pop(), body["version"], numbers, tuple(e["type"] for e in events))
        replayed = body["replayed"]
        if replayed != (answer.headers.get("idempotent-replayed") == "true"):
            self.problem(f"{ack.where()}: body says replayed={replayed}, the Idempotent-Replayed header disagrees")
        with self.lock:
            first = self.acknowledged.get((game_id, ack.command_id))
            if first is None:
                self.acknowledged[(game_id, ack.command_id)] = ack
        if not replayed:
            self.count("acknowledged (201)")
            if first is not None:
                self.problem(f"{ack.where()} was played a second time: first at {first.numbers}")
        else:
            self.count("replayed (201, replayed)")
            if first_send:
                self.problem(f"{ack.where()}: the first send of a new key answered as a replay")
            elif first is None:
                self.count("replay of a command whose answer was lost")
            elif (first.version, first.numbers, first.types) != (ack.version, ack.numbers, ack.types):
                self.problem(f"{ack.where()}: the replay says {ack.numbers} {ack.types}, the first answer {first.numbers} {first.types}")
        return ack

    def count(self, kind: str, n: int = 1) -> None:
        with self.lock:
            self.counts[kind] += n
            if kind == "acknowledged (201)":
                self.last_acknowledged = time.monotonic()

    def stalled(self, seconds: float) -> bool:
        """True when no command was acknowledged for ``seconds``: the server stopped making progress."""
        with self.lock:
            return time.monotonic() - self.last_acknowledged > seconds

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    def acknowledged_in(self, game_id: str) -> int:
        """How many commands of the game were acknowledged so far."""
        with self.lock:
            return sum(1 for game, _ in self.acknowledged if game == game_id)

    def summary(self, title: str, seconds: float, extra: dict[str, Any] | None = None) -> str:
        acked = self.counts["acknowledged (201)"]
        lines = [f"{title}: {acked} commands acknowledged in {seconds:.1f} s ({acked / seconds:.0f}/s)"]
        shown = Counter({"replayed (201, replayed)": 0, "conflict (409)": 0, "stale (412)": 0})
        shown.update(self.counts)
        lines += [f"  {kind}: {n}" for kind, n in sorted(shown.items()) if kind != "acknowledged (201)"]
        lines += [f"  {kind}: {value}" for kind, value in (extra or {}).items()]
        return "\n".join(lines)


# -- the store, read outside the server ------------------------------------------------------------


@dataclass
class StoredGame:
    """One game's log as stored: its version and where each command's events are."""

    game_id: str
    version: int
    commands: dict[str, tuple[tuple[int, ...], tuple[str, ...]]]
    """command id -> (event numbers, event types)"""


def read_store(store: str) -> tuple[dict[str, StoredGame], list[str]]:
    """Every game in the store with its commands, and the problems of shape found on the way: a
    version that is not the number of events, a gap or a repeat in the numbers, setup events after a
    command, a command whose events are not one contiguous block, or that appears twice."""
    service = GameService(env=store_env(store))
    games, problems = {}, []
    try:
        for summary in service.list_games():
            game_id = summary["id"]
            events = service.read_events(uuid.UUID(game_id))
            version = service.game(uuid.UUID(game_id)).version
            numbers = [event.number for event in events]
            if numbers != list(range(1, len(numbers) + 1)) or version != len(numbers):
                problems.append(f"game {game_id}: version {version} but events numbered {_ranges(numbers)}")
            commands: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {}
            previous: str | None = None
            for event in events:
                command_id = event.command_id
                if command_id is None:
                    if commands:
                        problems.append(f"game {game_id}: event {event.number} has no command but follows commands")
                elif command_id == previous:
                    stored_numbers, types = commands[command_id]
                    commands[command_id] = ((*stored_numbers, event.number), (*types, event.type))
                elif command_id in commands:
                    problems.append(f"game {game_id}: command {command_id} is stored twice, at {commands[command_id][0]} and from {event.number}")
                else:
                    commands[command_id] = ((event.number,), (event.type,))
                previous = command_id
            games[game_id] = StoredGame(game_id, version, commands)
    finally:
        service.close()
    return games, problems


def check_store(store: str, ledger: Ledger) -> tuple[dict[str, StoredGame], list[str]]:
    """The store against the ledger: every acknowledged command is stored exactly where and as its
    answer said, and every stored command was acknowledged to some client (nothing written that no
    answer owned up to; with the lost answers re-sent, this holds after crashes too)."""
    games, problems = read_store(store)
    for ack in ledger.acknowledged.values():
        game = games.get(ack.game_id)
        stored = game.commands.get(ack.command_id) if game else None
        if stored is None:
            problems.append(f"{ack.where()} was acknowledged but is not in the store")
        elif stored != (ack.numbers, ack.types):
            problems.append(f"{ack.where()} was acknowledged as {ack.numbers} {ack.types}, the store has {stored}")
    for game in games.values():
        for command_id, (numbers, _) in game.commands.items():
            if (game.game_id, command_id) not in ledger.acknowledged:
                problems.append(f"game {game.game_id}: command {command_id} at {numbers} is stored but no client was told so")
    return games, problems


def audit_store(store: str) -> subprocess.CompletedProcess[str]:
    """``ludolog audit --all`` on the store: hash chains, no missing event, every command re-decided alike."""
    return subprocess.run([*LUDOLOG, "audit", "--all", "--db", store], capture_output=True, text=True, cwd=PROJECT,
                          timeout=300, check=False)


def _ranges(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:12]))
    return f"[{shown}{', ...' if len(numbers) > 12 else ''}] ({len(numbers)} events)"
