"""Forks: a new game that starts from any step of another (its trunk) and goes its own way.

A fork is created by a ``Game.Forked`` event that names its trunk (game id, step, the trunk's chain hash
at that step, so an audit ties the branch to it) and holds the state it starts from. Two rules keep a
fork from telling anyone a secret:

- **Its chance is its own.** A fork has a new seed and salt (or takes its chance from a table), so the
  next card it deals says nothing about the next card the trunk dealt.
- **It knows what its eye knew.** A fork is taken as an *eye*: everything (``None``) when its owner forks
  it or once the trunk is over (both have seen every card by then), or a seat of a game still being
  played, which knew only its own hand. A seat's fork starts from ``rules.determinize``: what that seat
  could not see at the step (another seat's hand) dealt afresh by the fork's own chance, as the bots
  imagine it. A spectator of a game being played may not fork it.

The fork's steps up to its trunk's step are the trunk's, read through the link as its eye saw them
(``replays.cursor``); its own events are numbered from 1 like any game's.

The link carries a **seal**: an HMAC-SHA256, keyed with the trunk's salt, of the fork's id, the step, the
trunk's hash there and the eye. A seat does not know the trunk's salt while the trunk is played, and a
fork's own records do not hold it, so a seat's fork rewritten to pass for an owner's (its eye set to
everything, its start to the trunk's true state, its chain recomputed with its own salt) no longer matches
its seal, which ``ludolog audit`` recomputes from the trunk.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from domain.engine import registry
from domain.engine.chain import (
    CHAIN_VERSION,
    chain_hash,
    chained_state,
    created_payload,
)
from domain.engine.errors import Forbidden, InvalidSetup
from domain.engine.game import Game, event_time
from domain.engine.randomness import Rng, chance_key, commitment, new_salt, new_seed
from domain.engine.ruleset import Ruleset
from domain.engine.seating import check_game_name
from domain.engine.viewing import Viewer
from domain.keeping.access import OWNER, GameAccess, Tokens

FORK_CHANCE = "fork"
"""The purpose of the fork's chance that deals what its eye could not see."""


def forking_eye(viewer: Viewer, trunk_over: bool) -> int | None:
    """The eye a viewer forks a game as: everything for the owner or a game that is over, a seat's own
    for a seat; a spectator of a game being played may not fork it (``Forbidden``)."""
    if viewer == OWNER or trunk_over:
        return None
    if isinstance(viewer, int):
        return viewer
    raise Forbidden("a spectator may fork a game once it is over; while it is played, a seat forks it "
                    "(knowing what that seat saw) or its owner does")


def fork_start(rules: Ruleset, state: Any, eye: int | None, chance: Any) -> Any:
    """The state a fork of ``state`` starts from: that state for everything, else what the seat could not
    see there dealt afresh from ``chance``."""
    return state if eye is None else rules.determinize(state, eye, chance)


def fork_chance(seed: str, salt: str, chain_version: int = CHAIN_VERSION) -> Rng:
    """The fork's own chance for dealing what its eye could not see."""
    return Rng(chance_key(seed, salt, chain_version), FORK_CHANCE)


def fork_seal(trunk_key: str, fork_id: uuid.UUID | str, link: dict[str, Any]) -> str:
    """The seal of a fork's link to its trunk (``link``: its trunk's game, step, hash and eye), keyed with
    the trunk's salt (its seed, for a game recorded before salts): ``trunk_key``."""
    content = json.dumps([str(fork_id), link["game"], link["step"], link["hash"], link["eye"]], separators=(",", ":"))
    return hmac.new(trunk_key.encode("utf-8"), content.encode("utf-8"), hashlib.sha256).hexdigest()


def trunk_key(trunk: Any) -> str:
    """What a trunk's seals are keyed with: its salt, or its seed for a game recorded before salts."""
    return trunk.salt or trunk.seed


def check_step(trunk_at_step: Game, step: int) -> None:
    """Refuse a step a fork could not be played on from (``InvalidSetup``)."""
    rules = trunk_at_step.rules
    if trunk_at_step.outcome() is not None:  # by its rules or a seat's act (``domain.engine.early_endings``)
        raise InvalidSetup(f"the game is over at step {step}: fork it at an earlier step")
    if not rules.to_act(trunk_at_step.state):
        raise InvalidSetup(f"no seat acts at step {step} (the table is still being set up): fork it at a later step")


def new_fork(
    trunk_at_step: Game,
    eye: int | None,
    seed: str,
    salt: str | None = None,
    table: bool = False,
    name: str = "",
    start: Any = None,
    game_id: uuid.UUID | None = None,
    timestamps: Iterator[datetime] | None = None,
    sealed: bool = True,
    chain_version: int = CHAIN_VERSION,
) -> Game:
    """A fork of ``trunk_at_step`` (the trunk as it stood at the step) as ``eye``, with its own ``seed``
    and ``salt`` (a random salt by default). ``start``, ``game_id`` and ``timestamps`` re-create a fork
    from an export as it was (``sealed=False``: one made before links were sealed; ``chain_version``: the
    one it was made with); otherwise the start is dealt by ``fork_start``."""
    trunk = trunk_at_step
    game_id = game_id or uuid.uuid4()
    link = {"game": str(trunk.id), "step": trunk.version, "hash": trunk.chain, "eye": eye}
    if sealed:
        link["seal"] = fork_seal(trunk_key(trunk), game_id, link)
    salt = new_salt() if salt is None else salt
    if start is None:
        start = fork_start(trunk.rules, trunk.state, eye, fork_chance(seed, salt, chain_version))
    lineage = {"ruleset": trunk.ruleset, "ruleset_version": trunk.ruleset_version, "seats": list(trunk.seats),
               "options": dict(trunk.options)}
    return forked_game(lineage, link, start, seed, salt, table, name, game_id, timestamps, chain_version)


def forked_game(
    lineage: dict[str, Any],
    link: dict[str, Any],
    start: Any,
    seed: str,
    salt: str,
    table: bool,
    name: str,
    game_id: uuid.UUID,
    timestamps: Iterator[datetime] | None = None,
    chain_version: int = CHAIN_VERSION,
) -> Game:
    """The fork's creation from its parts: ``lineage`` (its trunk's ruleset, ruleset version, seats and
    options), its ``link`` to the trunk and the ``start`` state. An import uses it alone for a fork whose
    trunk it may not re-create (a seat's fork, exported with the trunk as that seat saw it)."""
    fields = {
        **lineage,
        "seed": seed,
        "seed_commitment": commitment(seed, salt),
        "salt": salt,
        "chain_version": chain_version,
        "table": table,
        "setup_outcomes": [],
        "name": name,
        "players": None,  # a fork's seats are people's: it is for trying a line of play out
    }
    timestamp = event_time(timestamps)
    event = Game.Forked
    payload = {**created_payload(fields), "fork": link, "start": chained_state(start, chain_version)}
    chain = chain_hash(chain_version, salt, str(game_id), 1, event.TOPIC, timestamp, payload)
    return Game._create(event, id=game_id, chain=chain, timestamp=timestamp, fork=link, start=start, **fields)


class GameForking:
    """Forking a game and listing a game's forks: a use case of the game service; needs its ``game``,
    ``game_at``, ``list_games``, ``mapper`` and ``_save``."""

    mapper: Any

    def game(self, game_id: uuid.UUID) -> Game:
        raise NotImplementedError

    def game_at(self, game_id: uuid.UUID, version: int) -> Game:
        raise NotImplementedError

    def list_games(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _save(self, *aggregates: Any, what: str = "the command") -> None:
        raise NotImplementedError

    def fork_game(
        self,
        trunk_id: uuid.UUID,
        step: int,
        viewer: Viewer = OWNER,
        seed: str | int | None = None,
        table: bool | None = None,
        name: str | None = None,
    ) -> tuple[uuid.UUID, Tokens]:
        """Fork the game at ``step`` as ``viewer`` may (``forking_eye``): a new game with its own seed (or
        a table game: ``table``, by default as the trunk is) and new tokens for every seat and its owner,
        returned in the clear once."""
        trunk = self.game(trunk_id)
        if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= trunk.version:
            raise InvalidSetup(f"step {step} is not in this game: its steps are 1 to {trunk.version}")
        rules = registry.get(trunk.ruleset, trunk.ruleset_version)
        eye = forking_eye(viewer, trunk.outcome() is not None)
        at_step = self.game_at(trunk_id, step)
        check_step(at_step, step)
        seed = new_seed() if seed is None else str(seed)
        salt = new_salt()
        transcoder = self.mapper.transcoder
        start = fork_start(rules, at_step.state, eye, fork_chance(seed, salt))
        start = transcoder.decode(transcoder.encode(start))  # as the store will give it back
        name = "" if name is None else check_game_name(name)
        fork = new_fork(at_step, eye, seed, salt, table=trunk.table if table is None else table, name=name, start=start)
        tokens = Tokens.issue(len(fork.seats))
        self._save(fork, GameAccess.grant(fork.id, tokens), what="the fork")
        return fork.id, tokens

    def forks_of(self, game_id: uuid.UUID) -> list[dict[str, Any]]:
        """The summaries of the game's forks (not of their own forks), oldest first."""
        self.game(game_id)
        wanted = str(game_id)
        return [listed for listed in self.list_games() if (listed.get("fork") or {}).get("game") == wanted]
