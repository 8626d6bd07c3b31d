"""A game's family: its trunks and its forks (``domain.keeping.forking``), as an owner's export holds them.

An owner's NDJSON export of a game that is a fork or has forks holds the whole line it belongs to, one
section per game: the trunks it came from (oldest first), the game, then its forks and theirs (in the order
they were made). A trunk always comes before its forks, so an import re-creates each fork from its trunk
as re-created a moment before, and records all of them in one transaction.

A trunk is in it as the fork's owner may see it: whole above a fork taken seeing everything, but above a
seat's fork as that seat saw it (``eye_on_trunk``: no seed, no salt, no other seat's hidden card while the
trunk is played). Such a section cannot be re-created; an import re-creates the fork from its own start
(``fork_begin``: how ``replays.importing`` begins a fork of the file).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from domain.engine import registry
from domain.engine.errors import InvalidSetup, UnknownGame
from domain.engine.game import Game
from domain.engine.viewing import Viewer
from domain.keeping.access import OWNER
from domain.keeping.forking import forked_game, new_fork
from domain.keeping.persistence import apply_events
from domain.keeping.service import GameService


def family(service: GameService, game_id: uuid.UUID) -> list[tuple[uuid.UUID, Viewer]]:
    """The game's trunks (oldest first, as far as this store holds them), the game, then its forks and
    theirs, breadth first; each with the eye its owner sees it by (``eye_on_trunk``)."""
    line: list[tuple[uuid.UUID, Viewer]] = []
    game, viewer = service.game(game_id), OWNER
    while game.fork:
        viewer = eye_on_trunk(viewer, game.fork.get("eye"))
        try:
            game = service.game(uuid.UUID(game.fork["game"]))
        except UnknownGame:
            break
        line.insert(0, (game.id, viewer))
    line.append((game_id, OWNER))
    forks: dict[str, list[uuid.UUID]] = {}
    for listed in service.list_games():
        if listed.get("fork"):
            forks.setdefault(listed["fork"]["game"], []).append(uuid.UUID(listed["id"]))
    queue = [game_id]
    while queue:
        for child in forks.get(str(queue.pop(0)), []):
            line.append((child, OWNER))
            queue.append(child)
    return line


def eye_on_trunk(viewer: Viewer, eye: int | None) -> Viewer:
    """How ``viewer`` of a fork taken as ``eye`` sees the fork's trunk: as the fork's viewer would for a
    fork taken seeing everything; as seat ``eye`` for the fork's owner and that seat of a seat's fork; as
    a spectator for anyone else. A seat's fork so never shows its owner the trunk's seed, salt or another
    seat's hidden card while the trunk is played (``replays.cursor`` reads the trunk's steps the same way)."""
    if eye is None:
        return viewer
    return eye if viewer in (OWNER, eye) else None


def trunk_at_step(service: GameService, fork: Any, made: dict[uuid.UUID, Game]) -> Game:
    """The trunk a fork's header names, as it stood at the fork's step: re-created from the same file
    (``made``) or read from this store; ``InvalidSetup`` when it is in neither."""
    try:
        trunk_id, step = uuid.UUID(str(fork["game"])), fork["step"]
    except (KeyError, TypeError, ValueError):
        raise InvalidSetup("the export's header names the game it was forked from in a damaged way") from None
    if isinstance(step, bool) or not isinstance(step, int) or step < 1:
        raise InvalidSetup(f"the export's header names step {step!r} of its trunk: the file is damaged")
    if trunk_id in made:
        events = made[trunk_id].pending_events[:step]
        at_step = apply_events(None, events) if len(events) == step else None
    else:
        try:
            at_step = service.game_at(trunk_id, step)
        except UnknownGame:
            raise InvalidSetup(f"this fork's trunk, game {trunk_id}, is neither in the file nor in this store: "
                               "export the trunk with its forks (an owner's NDJSON export of either holds both)") from None
    if at_step is None or at_step.version != step:
        raise InvalidSetup(f"this fork's trunk, game {trunk_id}, has fewer than the {step} steps it was forked at")
    return at_step


def fork_eye(fork: Any, seat_count: int) -> int | None:
    """The eye a fork's header says it was forked as: ``None`` (everything) or a seat number."""
    eye = fork.get("eye") if isinstance(fork, dict) else None
    if eye is None or (isinstance(eye, int) and not isinstance(eye, bool) and 1 <= eye <= seat_count):
        return eye
    raise InvalidSetup(f"the export's header says the fork was taken as seat {eye!r}, which the game does not have")


def fork_begin(service: GameService, head: dict[str, Any], records: list[dict[str, Any]], made: dict[uuid.UUID, Game],
                seed: str, salt: str, table: bool, chain_version: int) -> Callable[[Iterator[datetime]], Game]:
    """How the file's fork is re-created: dealt again from its trunk (in the file or in this store), or, for
    a fork whose trunk neither holds (a seat's fork, exported with the trunk as that seat saw it), from the
    start its export recorded; made with the chain version it was made with."""
    fork, seats, name, game_id = head["fork"], head["seats"], head.get("name") or "", uuid.UUID(str(head["id"]))
    eye = fork_eye(fork, len(seats))
    try:
        trunk_at = trunk_at_step(service, fork, made)
    except InvalidSetup:
        start = records[0].get("start") if records else None
        if start is None or eye is None:
            raise  # a fork seeing everything is exported with its trunk whole: it comes with it
        lineage = {"ruleset": head["ruleset"], "ruleset_version": head["ruleset_version"], "seats": list(seats),
                   "options": dict(head["options"])}
        start = start_state(service, lineage, start)

        def begin_alone(stamps: Iterator[datetime]) -> Game:
            return forked_game(lineage, dict(fork), start, seed, salt, table, name, game_id, stamps, chain_version)
        return begin_alone

    def begin(stamps: Iterator[datetime]) -> Game:
        return new_fork(trunk_at, eye, seed, salt, table=table, name=name, game_id=game_id, timestamps=stamps,
                        sealed="seal" in fork, chain_version=chain_version)
    return begin


def start_state(service: GameService, lineage: dict[str, Any], start: Any) -> Any:
    """A fork's start as its export recorded it (the store's own encoding), decoded and read once as each
    seat and a spectator would: ``InvalidSetup`` for one that is no state of its rules."""
    rules = registry.get(lineage["ruleset"], lineage["ruleset_version"])
    transcoder = service.mapper.transcoder
    try:
        state = transcoder.decode(json.dumps(start).encode("utf-8"))
        if rules.state_types and not isinstance(state, rules.state_types):
            raise TypeError(f"a {type(state).__name__}")
        rules.to_act(state)
        for seat in [None, *range(1, len(lineage["seats"]) + 1)]:
            rules.view(state, seat)
    except Exception as error:  # a damaged start may fail anywhere in the rules: it is refused, never stored
        raise InvalidSetup(f"the export's fork starts from a state its rules cannot read ({type(error).__name__}): "
                           "the file is damaged") from None
    return state
