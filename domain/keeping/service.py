"""The game service: an eventsourcing ``Application`` whose methods are the use cases.

Create a game, submit a command as a seat, read a game as a viewer may see it, list games, read the
event log. Outer layers (CLI, API, replays) call these and get plain values back. Persistence is by
configuration: ``store_env(store)`` (``domain.keeping.store``) gives a SQLite file, a PostgreSQL database or memory.
"""

from __future__ import annotations

import dataclasses
import threading
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import (
    IntegrityError,
    PersistenceError,
)

from domain.engine import registry
from domain.engine.commands import Command
from domain.engine.errors import (
    Forbidden,
    IdempotencyKeyReused,
    InvalidSetup,
    StoreUnavailable,
    UnknownGame,
    VersionConflict,
)
from domain.engine.game import Game
from domain.engine.randomness import check_salt, new_seed
from domain.engine.seating import check_game_name, check_seat_names
from domain.engine.viewing import (
    GameEvent,
    Viewer,
    as_game_event,
    describe_event,
    head_seen,
)
from domain.keeping.access import OWNER, GameAccess, Tokens
from domain.keeping.application import SNAPSHOT_INTERVAL, GameStore
from domain.keeping.bot_seats import BotSeats, bot_to_act
from domain.keeping.forking import GameForking
from domain.keeping.listing import GameListing
from domain.keeping.reading import GameReading
from domain.keeping.persistence import DataclassAsDict, apply_events
from domain.keeping.seat_tokens import SeatTokens
from domain.keeping.store_health import StoreHealth
from domain.keeping.store_health import check as check_store
from domain.thinking.bots import BotPlay
from domain.thinking.seat_players import check_players, is_bot, player_phrase

__all__ = ["OWNER", "SNAPSHOT_INTERVAL", "DataclassAsDict", "GameEvent", "GameService", "Submission", "Viewer", "describe_event"]

CONFLICT_RETRIES = 5


@dataclasses.dataclass(frozen=True)
class Submission:
    """The answer to a submitted command: the game's version after it and its events as the seat sees
    them; ``replayed`` when the command id had been played before and this is the first answer again.
    ``head`` is the receipt of the game as of the answer's last event: ``{"number", "hash"}``; ``status``
    and ``to_act`` say whether the game went on after the command and who was to act next."""

    version: int
    events: list[GameEvent]
    replayed: bool
    head: dict[str, Any]
    status: str = "active"
    to_act: list[int] = dataclasses.field(default_factory=list)

def next_to_act(game: Game) -> dict[str, Any]:
    """Whether the game goes on and who acts next: ``{"status", "to_act"}``."""
    return {"status": "active" if game.outcome() is None else "over", "to_act": game.to_act()}


class GameService(GameReading, GameListing, SeatTokens, BotPlay, BotSeats, GameForking, GameStore):
    """Plays and records games; one instance per process, shared by threads. Reading a game as a viewer may
    see it (``domain.keeping.reading``), listing and finding games (``domain.keeping.listing``), the seats' tokens (``domain.keeping.seat_tokens``), bots playing seats
    (``domain.thinking.bots``), the bot seats it plays itself (``domain.keeping.bot_seats``) and forks (``domain.keeping.forking``) are use cases of their own; how
    games are stored is ``GameStore``'s (``domain.keeping.application``)."""

    name = "ludolog"  # set on every subclass: the library names an application by its class otherwise,
    # and the name picks the store's tables and settings

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self._locks = [threading.Lock() for _ in range(64)]
        self.start_listing()
        self.start_bot_seats()
        super().__init__(env=env)

    # -- use cases ---------------------------------------------------------------------------

    def create_game(
        self,
        ruleset: str,
        seats: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: str | int | None = None,
        table: bool = False,
        outcomes: list[Any] | None = None,
        salt: str | None = None,
        name: str | None = None,
        players: list[dict[str, Any]] | None = None,
        bot_pace_ms: int | None = None,
    ) -> uuid.UUID:
        """Create a game with its table set; the seed is drawn from ``secrets`` when not given, and so
        is the salt: a seed and the salt a game revealed play that game again. A ``table`` game takes its
        chance from the table: its setup's ``outcomes`` are given here. ``name``: what its creator calls it
        (without one it is shown by its ruleset, seats and date). ``players``: who plays each seat
        (``domain.thinking.seat_players``; default people), ``bot_pace_ms`` the pace of a bot given none."""
        game = self._start(ruleset, seats, options, seed, table, outcomes, salt, name, players, bot_pace_ms)
        self._save(game, what="the new game")
        self.schedule_bot_seat(game)
        return game.id

    def open_game(
        self,
        ruleset: str,
        seats: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: str | int | None = None,
        table: bool = False,
        outcomes: list[Any] | None = None,
        salt: str | None = None,
        name: str | None = None,
        players: list[dict[str, Any]] | None = None,
        bot_pace_ms: int | None = None,
    ) -> tuple[uuid.UUID, Tokens]:
        """Create a game and its tokens in one transaction; the tokens are returned in the clear once."""
        game = self._start(ruleset, seats, options, seed, table, outcomes, salt, name, players, bot_pace_ms)
        tokens = Tokens.issue(len(seats))
        self._save(game, GameAccess.grant(game.id, tokens), what="the new game")
        self.schedule_bot_seat(game)
        return game.id, tokens

    def _start(
        self,
        ruleset: str,
        seats: Sequence[str],
        options: dict[str, Any] | None,
        seed: str | int | None,
        table: bool = False,
        outcomes: list[Any] | None = None,
        salt: str | None = None,
        name: str | None = None,
        players: list[dict[str, Any]] | None = None,
        bot_pace_ms: int | None = None,
    ) -> Game:
        if table and (seed is not None or salt is not None):
            raise InvalidSetup("a table game takes its chance outcomes from the table, not from a seed: give no seed or salt")
        if salt is not None and seed is None:
            raise InvalidSetup("a salt plays a game again only with its seed: give the seed too")
        rules = registry.get(ruleset)
        rules.check_seat_count(len(seats))
        check_seat_names(seats)
        name = "" if name is None else check_game_name(name)
        players = check_players(players, len(seats), bot_pace_ms, table)
        resolved = rules.resolve_options(options)
        seed = new_seed() if seed is None else str(seed)
        salt = None if salt is None else check_salt(salt)
        return Game.start(rules, list(seats), resolved, seed, salt=salt, table=table, outcomes=outcomes, name=name,
                          players=players)

    def submit(
        self,
        game_id: uuid.UUID,
        seat: int | str,
        command: Command,
        *,
        command_id: str | None = None,
        expected_version: int | None = None,
        outcomes: list[Any] | None = None,
        teller: int | None = None,
        by_bot: bool = False,
    ) -> list[GameEvent]:
        """Decide and record a command as a seat; returns the new events as that seat sees them.

        A concurrent writer's win is retried against the new state, unless ``expected_version`` was
        given: then a game that moved on raises ``VersionConflict``. A bot seat's commands are a bot's
        (``by_bot``): a person's are refused (``Forbidden``).
        """
        return self.submit_once(
            game_id, seat, command, command_id=command_id, expected_version=expected_version, outcomes=outcomes, teller=teller,
            by_bot=by_bot,
        ).events

    def submit_once(
        self,
        game_id: uuid.UUID,
        seat: int | str,
        command: Command,
        *,
        command_id: str | None = None,
        expected_version: int | None = None,
        outcomes: list[Any] | None = None,
        teller: int | None = None,
        by_bot: bool = False,
    ) -> Submission:
        """Like ``submit``, and a command id played before gets its first answer again, writing
        nothing (``IdempotencyKeyReused`` if it was for another seat or command). A table game's
        command comes with the chance ``outcomes`` the table saw, in the order the command meets them, told
        by the seat ``teller`` (``None``: the owner), who may not tell another seat's secret."""
        command_id = command_id or str(uuid.uuid4())
        for _ in range(CONFLICT_RETRIES):
            game = self.game(game_id)
            number = self.seat_number(game, seat)
            if not by_bot and is_bot(game.players, number):
                raise Forbidden(f"{player_phrase(game.seats, game.players, number)}, plays seat {number}: the service plays "
                                "its moves, a person cannot submit them")
            answer = game.answer(command_id)
            if answer is not None:
                if answer["seat"] != number or answer["command"] != command:
                    raise IdempotencyKeyReused(f"the key {command_id!r} was used for another command")
                first, last = answer["first"], answer["last"]
                (stored,) = self.events.get(game_id, gt=last - 1, lte=last)
                if game.table and (stored.cause or {}).get("outcomes") != list(outcomes or []):
                    raise IdempotencyKeyReused(f"the key {command_id!r} was used for the command with other outcomes")
                events = self.read_events(game_id, after=first - 1, limit=last - first + 1, viewer=number)
                head = head_seen(game, last, stored.chain, number)
                then = game if last == game.version else self.game_at(game_id, last)  # the first answer's, again
                return Submission(version=last, events=events, replayed=True, head=head, **next_to_act(then))
            if expected_version is not None and game.version != expected_version:
                raise VersionConflict(f"the game is at version {game.version}, not {expected_version}")
            game.play(number, command, command_id, outcomes=outcomes, teller=teller)
            events = [as_game_event(event, game, number) for event in game.pending_events]
            version = game.version
            head = head_seen(game, version, game.chain, number)
            after = next_to_act(game)
            bot_next = bot_to_act(game) is not None
            try:
                self._save(game)  # from here the cache may share ``game`` with other threads: read no more
            except IntegrityError:
                if expected_version is not None:
                    raise VersionConflict(f"the game moved on from version {expected_version}") from None
                continue
            if self.repository.cache is not None:  # the game as stored: the next read need not replay its new events
                self.repository.cache.put(game_id, game)
            if bot_next:
                self.schedule_bot_seat(game)
            return Submission(version=version, events=events, replayed=False, head=head, **after)
        raise VersionConflict("the game is too busy: other commands kept arriving first; try again")

    def save_imported(self, game: Game, *beside: Any) -> None:
        """Record a re-created game (``Game.start`` with its id, then its commands) and the aggregates
        kept beside it (its notes) in one transaction."""
        try:
            self.save(game, *beside)
        except IntegrityError:
            raise UnknownGame("the game is already in this store") from None
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not record the import, nothing was saved: {error}") from None

    def _save(self, *aggregates: Game | GameAccess, what: str = "the command") -> None:
        """Record the aggregates' new events in one transaction; a version conflict is re-raised as is.
        ``what`` is what a failure says could not be recorded."""
        try:
            self.save(*aggregates)
        except IntegrityError:
            raise
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not record {what}, nothing was saved: {error}") from None

    def game(self, game_id: uuid.UUID) -> Game:
        """The game aggregate at its latest version (a private copy: the caller may play on it)."""
        found = self._get(game_id)
        if not isinstance(found, Game):
            raise UnknownGame(f"no game {game_id}")
        return found

    def _get(self, aggregate_id: uuid.UUID) -> Any:
        """An aggregate from the repository, one thread at a time per aggregate: the repository's cache
        brings its cached copy up to date in place and then deep-copies it, which must not overlap."""
        return self._read(aggregate_id, None)

    def _read(self, aggregate_id: uuid.UUID, read: Callable[[Any], Any] | None) -> Any:
        """``read`` of the aggregate as the repository's cache holds it, up to date and not copied, under the
        same lock (for a look that changes nothing); with ``read`` ``None``, a copy of the aggregate."""
        lock = self._locks[aggregate_id.int % len(self._locks)]
        try:
            with lock:
                if read is None:
                    return self.repository.get(aggregate_id, projector_func=apply_events)
                return read(self.repository.get(aggregate_id, projector_func=apply_events, deepcopy_from_cache=False))
        except AggregateNotFoundError:
            raise UnknownGame(f"no game {aggregate_id}") from None
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not be read: {error}") from None

    def close(self) -> None:
        """Stop the bot seats' moves scheduled here, then close the store."""
        self.stop_bot_seats()
        super().close()

    def store_health(self) -> StoreHealth:
        """Whether the store answers a read and takes a write now: one real commit that records
        nothing (``domain.keeping.store_health``); what each met, for ``/healthz``."""
        return check_store(self.recorder)

