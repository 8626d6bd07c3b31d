"""The game service: an eventsourcing ``Application`` whose methods are the use cases.

Create a game, submit a command as a seat, read a game as a viewer may see it, list games, read the
event log. Outer layers (CLI, API, replays) call these and get plain values back. Persistence is by
configuration: ``store_env(store)`` (``domain.store``) gives a SQLite file, a PostgreSQL database or memory.
"""

from __future__ import annotations

import dataclasses
import threading
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from eventsourcing.application import AggregateNotFoundError, Application, Repository
from eventsourcing.persistence import (
    ApplicationRecorder,
    IntegrityError,
    InternalError,
    JSONTranscoder,
    PersistenceError,
    ProgrammingError,
)

from domain import registry
from domain.access import OWNER, GameAccess, Tokens
from domain.bots import RandomBot
from domain.errors import (
    IdempotencyKeyReused,
    IllegalCommand,
    InvalidSetup,
    StoreUnavailable,
    Unauthorized,
    UnknownGame,
    UnknownSeat,
    VersionConflict,
)
from domain.game import Game
from domain.notes import GameNotes
from domain.persistence import DataclassAsDict, SnapshotTolerantRepository
from domain.randomness import new_seed
from domain.ruleset import Command
from domain.seating import check_seat_names
from domain.store_health import StoreHealth
from domain.store_health import check as check_store
from domain.viewing import GameEvent, Viewer, as_game_event, describe_event, head_seen, summary

__all__ = ["OWNER", "SNAPSHOT_INTERVAL", "DataclassAsDict", "GameEvent", "GameService", "Submission", "Viewer", "describe_event"]

SNAPSHOT_INTERVAL = 100
CONFLICT_RETRIES = 5
LISTING_PAGE = 1000
SIDE_TOPICS = (GameAccess.TOPIC, GameNotes.TOPIC)
"""The aggregates kept beside a game (its tokens, its notes): their events change no game's summary."""


@dataclasses.dataclass(frozen=True)
class Submission:
    """The answer to a submitted command: the game's version after it and its events as the seat sees
    them; ``replayed`` when the command id had been played before and this is the first answer again.
    ``head`` is the receipt of the game as of the answer's last event: ``{"number", "hash"}``."""

    version: int
    events: list[GameEvent]
    replayed: bool
    head: dict[str, Any]

class GameService(Application[uuid.UUID]):
    """Plays and records games; one instance per process, shared by threads."""

    name = "ludolog"
    snapshotting_intervals = {Game: SNAPSHOT_INTERVAL}
    env = {"AGGREGATE_CACHE_MAXSIZE": "500"}

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self._locks = [threading.Lock() for _ in range(64)]
        self._listing_lock = threading.Lock()
        self._summaries: dict[uuid.UUID, dict[str, Any]] = {}  # by game id, in order of creation
        self._listed_up_to = 0  # the last notification the summaries have seen
        for attempt in range(5):
            try:
                super().__init__(env=env)
                return
            except (IntegrityError, InternalError, ProgrammingError):
                # Worker processes starting together on an empty PostgreSQL database race to create
                # the same tables ("already exists", "duplicate key", "tuple concurrently updated");
                # the winner's tables are there now. A real error is raised again after five tries.
                if getattr(self, "factory", None) is not None:
                    self.factory.close()
                if attempt == 4:
                    raise

    def construct_recorder(self) -> ApplicationRecorder:
        """The library's recorder; on PostgreSQL, the URL's ``schema`` is created first if need be."""
        factory: Any = self.factory
        if type(factory).__module__ == "eventsourcing.postgres" and factory.env_create_table():
            from psycopg.sql import SQL, Identifier

            datastore = factory.datastore
            if datastore.schema != "public":
                with datastore.transaction(commit=True) as cursor:
                    cursor.execute(SQL("CREATE SCHEMA IF NOT EXISTS {0}").format(Identifier(datastore.schema)))
        return super().construct_recorder()

    def construct_repository(self) -> Repository[uuid.UUID]:
        repository = super().construct_repository()
        repository.__class__ = SnapshotTolerantRepository  # the library's settings, one method more
        return repository

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        for rules in registry.all_versions():
            for state_type in rules.state_types:
                transcoder.register(DataclassAsDict(state_type, f"{rules.name}:{state_type.__name__}"))

    # -- use cases ---------------------------------------------------------------------------

    def create_game(
        self,
        ruleset: str,
        seats: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: str | int | None = None,
        table: bool = False,
        outcomes: list[Any] | None = None,
    ) -> uuid.UUID:
        """Create a game with its table set; the seed is drawn from ``secrets`` when not given. A
        ``table`` game takes its chance from the table: its setup's ``outcomes`` are given here."""
        game = self._start(ruleset, seats, options, seed, table, outcomes)
        self._save(game)
        return game.id

    def open_game(
        self,
        ruleset: str,
        seats: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: str | int | None = None,
        table: bool = False,
        outcomes: list[Any] | None = None,
    ) -> tuple[uuid.UUID, Tokens]:
        """Create a game and its tokens in one transaction; the tokens are returned in the clear once."""
        game = self._start(ruleset, seats, options, seed, table, outcomes)
        tokens = Tokens.issue(len(seats))
        self._save(game, GameAccess.grant(game.id, tokens))
        return game.id, tokens

    def issue_tokens(self, game_id: uuid.UUID) -> Tokens:
        """New tokens for every seat and the owner, replacing any issued before."""
        game = self.game(game_id)
        tokens = Tokens.issue(len(game.seats))
        access = self._access(game_id)
        if access is None:
            access = GameAccess.grant(game_id, tokens)
        else:
            access.reissue(tokens)
        self._save(access)
        return tokens

    def holder(self, game_id: uuid.UUID, token: str | None) -> Viewer:
        """Who holds the token for this game: a seat, ``OWNER``, or ``None`` (a spectator) without a token."""
        if token is None:
            self.game(game_id)
            return None
        access = self._access(game_id)
        if access is None:
            self.game(game_id)  # no such game: UnknownGame
            raise Unauthorized("this game has no tokens; its owner can issue them with 'ludolog tokens'")
        holder = access.holder(token)
        if holder is None:
            raise Unauthorized("the token is not one of this game's")
        return holder

    def _start(
        self,
        ruleset: str,
        seats: Sequence[str],
        options: dict[str, Any] | None,
        seed: str | int | None,
        table: bool = False,
        outcomes: list[Any] | None = None,
    ) -> Game:
        if table and seed is not None:
            raise InvalidSetup("a table game takes its chance outcomes from the table, not from a seed: give no seed")
        rules = registry.get(ruleset)
        rules.check_seat_count(len(seats))
        check_seat_names(seats)
        resolved = rules.resolve_options(options)
        seed = new_seed() if seed is None else str(seed)
        return Game.start(rules, list(seats), resolved, seed, table=table, outcomes=outcomes)

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
    ) -> list[GameEvent]:
        """Decide and record a command as a seat; returns the new events as that seat sees them.

        A concurrent writer's win is retried against the new state, unless ``expected_version`` was
        given: then a game that moved on raises ``VersionConflict``.
        """
        return self.submit_once(
            game_id, seat, command, command_id=command_id, expected_version=expected_version, outcomes=outcomes, teller=teller
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
    ) -> Submission:
        """Like ``submit``, and a command id played before gets its first answer again, writing
        nothing (``IdempotencyKeyReused`` if it was for another seat or command). A table game's
        command comes with the chance ``outcomes`` the table saw, in the order the command meets them, told
        by the seat ``teller`` (``None``: the owner), who may not tell another seat's secret."""
        command_id = command_id or str(uuid.uuid4())
        for _ in range(CONFLICT_RETRIES):
            game = self.game(game_id)
            number = self.seat_number(game, seat)
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
                return Submission(version=last, events=events, replayed=True, head=head)
            if expected_version is not None and game.version != expected_version:
                raise VersionConflict(f"the game is at version {game.version}, not {expected_version}")
            game.play(number, command, command_id, outcomes=outcomes, teller=teller)
            events = [as_game_event(event, game, number) for event in game.pending_events]
            version = game.version
            head = head_seen(game, version, game.chain, number)
            try:
                self._save(game)  # from here the cache may share ``game`` with other threads: read no more
            except IntegrityError:
                if expected_version is not None:
                    raise VersionConflict(f"the game moved on from version {expected_version}") from None
                continue
            return Submission(version=version, events=events, replayed=False, head=head)
        raise VersionConflict("the game is too busy: other commands kept arriving first; try again")

    def play_bots(
        self, game_id: uuid.UUID, seats: Sequence[int | str] = (), bot_seed: str | int | None = None
    ) -> Iterator[list[GameEvent]]:
        """Let random bots play the given seats (all when none given) until the game ends or waits
        for a seat no bot plays; yields each command's events. Resumable: the same seed picks the
        same commands at the same versions. The default seed is the game's id: bots play each game
        differently, and a stopped bot resumes alike without being told its seed."""
        game = self.game(game_id)
        if game.table:
            raise IllegalCommand("a table game takes its chance outcomes from the people at the table: bots cannot play it")
        playing = {self.seat_number(game, seat) for seat in seats} or set(range(1, len(game.seats) + 1))
        bot = RandomBot(str(game_id) if bot_seed is None else bot_seed)
        while True:
            game = self.game(game_id)
            waiting = [seat for seat in game.to_act() if seat in playing]
            if game.outcome() is not None or not waiting:
                return
            seat = waiting[0]
            command = bot.choose(game.rules, game.state, seat, game.version)
            try:
                yield self.submit(game_id, seat, command, expected_version=game.version)
            except VersionConflict:
                continue

    def save_imported(self, game: Game, *beside: Any) -> None:
        """Record a re-created game (``Game.start`` with its id, then its commands) and the aggregates
        kept beside it (its notes) in one transaction."""
        try:
            self.save(game, *beside)
        except IntegrityError:
            raise UnknownGame("the game is already in this store") from None
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not record the import, nothing was saved: {error}") from None

    def _save(self, *aggregates: Game | GameAccess) -> None:
        """Record the aggregates' new events in one transaction; a version conflict is re-raised as is."""
        try:
            self.save(*aggregates)
        except IntegrityError:
            raise
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not record the command, nothing was saved: {error}") from None

    def game(self, game_id: uuid.UUID) -> Game:
        """The game aggregate at its latest version (a private copy: the caller may play on it)."""
        found = self._get(game_id)
        if not isinstance(found, Game):
            raise UnknownGame(f"no game {game_id}")
        return found

    def _access(self, game_id: uuid.UUID) -> GameAccess | None:
        try:
            found = self._get(GameAccess.id_for(game_id))
        except UnknownGame:
            return None
        return found if isinstance(found, GameAccess) else None

    def _get(self, aggregate_id: uuid.UUID) -> Any:
        """An aggregate from the repository, one thread at a time per aggregate: the repository's cache
        brings its cached copy up to date in place and then deep-copies it, which must not overlap."""
        lock = self._locks[aggregate_id.int % len(self._locks)]
        try:
            with lock:
                return self.repository.get(aggregate_id)
        except AggregateNotFoundError:
            raise UnknownGame(f"no game {aggregate_id}") from None
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not be read: {error}") from None

    def game_at(self, game_id: uuid.UUID, version: int) -> Game:
        """The game as it stood after event ``version``."""
        try:
            game: Game = self.repository.get(game_id, version=version)
        except AggregateNotFoundError:
            raise UnknownGame(f"no game {game_id}") from None
        return game

    def seat_number(self, game: Game, seat: int | str) -> int:
        """The seat number for a number or a name (``2``, ``"2"`` or ``"Ben"``)."""
        text = str(seat)
        if text.isascii() and text.isdigit() and 1 <= int(text) <= len(game.seats):
            return int(text)
        if text in game.seats:
            return game.seats.index(text) + 1
        listing = ", ".join(f"{n} {name}" for n, name in enumerate(game.seats, 1))
        raise UnknownSeat(f"no seat {text!r} in this game; seats: {listing}")

    def status(self, game_id: uuid.UUID, viewer: Viewer = None, game: Game | None = None) -> dict[str, Any]:
        """The game as the viewer may see it: id, ruleset, version, status, to_act, outcome, view."""
        game = game or self.game(game_id)
        rules = game.rules
        if viewer == OWNER or rules.outcome(game.state) is not None:
            view = rules.owner_view(game.state)
        else:
            view = rules.view(game.state, viewer if isinstance(viewer, int) else None)
        return {**summary(game, viewer), "view": view}

    def list_games(self) -> list[dict[str, Any]]:
        """Every stored game, oldest first, with ruleset, seats, status and version.

        The summaries are kept between calls: a call reads the store's notification log from where
        the last one stopped and reloads only the games written since (by any process).
        """
        with self._listing_lock:
            position = self._listed_up_to
            changed: dict[uuid.UUID, None] = {}
            if position == 0:  # the first call: every game once, found by its creation alone
                position = self.recorder.max_notification_id() or 0
                start = 1
                while page := self.recorder.select_notifications(start, LISTING_PAGE, stop=position, topics=[Game.Created.TOPIC]):
                    changed.update((uuid.UUID(str(n.originator_id)), None) for n in page)
                    start = page[-1].id + 1
            while True:
                page = self.recorder.select_notifications(position + 1, LISTING_PAGE)
                for notification in page:
                    if not notification.topic.startswith(SIDE_TOPICS):
                        changed[uuid.UUID(str(notification.originator_id))] = None
                if not page:
                    break
                position = page[-1].id
            for game_id in changed:
                self._summaries[game_id] = summary(self.game(game_id))
            self._listed_up_to = position
            return list(self._summaries.values())

    def read_events(
        self, game_id: uuid.UUID, after: int = 0, limit: int | None = None, viewer: Viewer = OWNER
    ) -> list[GameEvent]:
        """The game's events numbered from 1 (creation), after ``after``, as the viewer may see them."""
        game = self.game(game_id)
        stored = self.events.get(game_id, gt=after or None, limit=limit)
        return [as_game_event(event, game, viewer) for event in stored]

    def find_game(self, reference: str) -> uuid.UUID:
        """The id of the game whose id is, or starts with, ``reference`` (at least 4 characters)."""
        text = reference.strip().lower()
        try:
            game_id = uuid.UUID(text)
        except ValueError:
            if len(text) < 4:
                raise UnknownGame(f"no game {reference!r}: give the id or at least its first 4 characters") from None
            matches = [g["id"] for g in self.list_games() if g["id"].startswith(text)]
            if len(matches) != 1:
                what = "no game" if not matches else f"{len(matches)} games start with"
                raise UnknownGame(f"{what} {reference!r}") from None
            return uuid.UUID(matches[0])
        self.game(game_id)
        return game_id

    def store_health(self) -> StoreHealth:
        """Whether the store answers a read and takes a write now: one real commit that records
        nothing (``domain.store_health``); what each met, for ``/healthz``."""
        return check_store(self.recorder)

