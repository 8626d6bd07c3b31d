"""What a viewer may see of a game: its summary, its options, its receipt and its events, each with the
secrets the viewer may not know taken out while the game goes on (the owner sees everything)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from domain.engine import early_endings
from domain.engine.chain import CREATED_FIELDS
from domain.engine.game import SECRET_FIELDS, Game
from domain.engine.ruleset import GAME_CREATED, GAME_FORKED, SEED_REVEALED, Ruleset
from domain.engine.viewers import OWNER, Viewer

"""Who is looking: a seat number, the game's owner (sees everything), or ``None`` for a spectator."""


@dataclasses.dataclass(frozen=True)
class GameEvent:
    """One stored event as a viewer may see it."""

    number: int
    type: str
    time: datetime
    seat: int | None
    command_id: str | None
    sentence: str
    data: dict[str, Any]

    def to_data(self) -> dict[str, Any]:
        """The event as JSON data; ``data`` is the event's own (JSON already), not copied: an answer is written
        from it at once (``dataclasses.asdict`` copied every nested value of it again)."""
        return {"number": self.number, "type": self.type, "time": self.time.isoformat(), "seat": self.seat,
                "command_id": self.command_id, "sentence": self.sentence, "data": self.data}


def display_name(game: Game) -> str:
    """The name its creator gave the game, or, without one, its ruleset, seats and day (and a fork's step):
    ``Correction · Ann, Ben · 2026-11-23``, ``Correction · Ann, Ben · 2026-11-23 · fork at step 12``."""
    if game.name:
        return game.name
    forked = f" · fork at step {game.fork['step']}" if game.fork else ""
    return f"{game.rules.title} · {', '.join(game.seats)} · {game.created_on.date().isoformat()}{forked}"


def public_link(fork: dict[str, Any]) -> dict[str, Any]:
    """A fork's link to its trunk as answers show it: the trunk's game, the step, its hash there and the eye
    (its seal, ``domain.keeping.forking``, is for the audit and the export)."""
    return {key: fork[key] for key in ("game", "step", "hash", "eye")}


def summary(game: Game, viewer: Viewer = None) -> dict[str, Any]:
    """A game's envelope without its view: id, name, ruleset, seats, options, whether it is a table game (its
    chance outcomes supplied by the people at a table: a paper game transcribed), version, status, to_act,
    outcome, seed commitment, seed and salt (once revealed), head (the receipt of its last event), the seats
    agreed to a standing draw offer (``draw_offer``, empty when none stands: ``domain.engine.early_endings``), the
    seats still in the game (``seats_in_play``: a seat knocked out neither resigns nor has a say in a draw), and
    for a fork its trunk (``{"game", "step", "hash", "eye"}``: ``domain.keeping.forking``)."""
    rules = game.rules
    outcome = game.outcome()
    roles = rules.seat_roles(game.state)
    return {
        "id": str(game.id),
        "name": display_name(game),
        "ruleset": game.ruleset,
        "ruleset_version": game.ruleset_version,
        "title": rules.game_title(game.options),
        "seats": [{"seat": n, "name": name, "role": roles.get(n)} for n, name in enumerate(game.seats, 1)],
        "options": options_seen(game, viewer, over=outcome is not None),
        "table": game.table,
        "version": game.version,
        "status": "over" if outcome is not None else "active",
        "to_act": game.to_act(),
        "outcome": None if outcome is None else outcome.to_data(),
        "draw_offer": list(game.draw_offer or []),
        "seats_in_play": early_endings.seats_still_in(rules, game.state, len(game.seats)),
        "seed_commitment": game.seed_commitment,
        "seed": game.seed if game.seed_revealed else None,
        "seed_salt": game.salt if game.seed_revealed else None,
        "head": head_seen(game, game.version, game.chain, viewer),
        "fork": public_link(game.fork) if game.fork else None,
        "created": game.created_on.isoformat(),
        "updated": game.modified_on.isoformat(),
    }


def options_seen(game: Game, viewer: Viewer, over: bool) -> dict[str, Any]:
    """The game's options, with a player's secret ones hidden from the others while the game goes on."""
    if viewer == OWNER or over:
        return dict(game.options)
    return game.rules.redact_options(dict(game.options), viewer if isinstance(viewer, int) else None)


def head_seen(game: Game, number: int, chain: str, viewer: Viewer) -> dict[str, Any]:
    """The receipt of a game's event ``number`` for the viewer: ``{"number", "hash"}``. A game of chain
    version 1 has unkeyed hashes, from which a seat could try to recover a secret: its hash is given
    only to the owner, or once the game is over (``None`` otherwise)."""
    shown = game.chain_version > 1 or viewer == OWNER or game.seed_revealed
    return {"number": number, "hash": chain if shown else None}


def as_game_event(event: Any, game: Game, viewer: Viewer) -> GameEvent:
    """A stored event as the viewer may see it now; secrets are redacted while the game goes on."""
    return describe_event(event, game.rules, game.seats, viewer, over=game.outcome() is not None)


def fork_sentence(event: Any, seats: Sequence[str]) -> str:
    """What a fork's creation says: where it came from, as which eye, and whose chance it plays on."""
    fork = event.fork
    eye = "seeing everything" if fork["eye"] is None else f"as {seats[fork['eye'] - 1]} saw it, what that seat could not see dealt afresh"
    chance = "its dice and draws told by the people at the table" if event.table else "its own seed for what comes next"
    return f"Forked from game {fork['game']} at step {fork['step']}, {eye}; {chance}."


def describe_event(event: Any, rules: Ruleset, seats: Sequence[str], viewer: Viewer, over: bool) -> GameEvent:
    """A stored event as the viewer may see it: redacted for seats and spectators unless ``over``
    (replays pass whether the game was over at that moment, the service whether it is now)."""
    number = event.originator_version
    if isinstance(event, Game.Created):
        data = {key: getattr(event, key) for key in CREATED_FIELDS if key not in SECRET_FIELDS}
        data["table"] = event.table
        if event.name:
            data["name"] = event.name
        if getattr(event, "players", None):  # who plays each seat, where a bot plays one
            data["players"] = [dict(player) for player in event.players]
        if viewer != OWNER and not over:
            data["options"] = rules.redact_options(dict(data["options"]), viewer if isinstance(viewer, int) else None)
        elif event.table:
            data["setup_outcomes"] = list(event.setup_outcomes)  # a hand dealt at setup is a seat's secret
        if isinstance(event, Game.Forked):
            data["fork"] = dict(event.fork)
            return GameEvent(number, GAME_FORKED, event.timestamp, None, None, fork_sentence(event, seats), data)
        sentence = (f"New {'table game' if event.table else 'game'} of {rules.game_title(event.options)} (rules v{event.ruleset_version}) for "
                    f"{', '.join(event.seats)}" + (": played on paper and transcribed, its dice and draws told by the people "
                                                   "at the table." if event.table else "."))
        return GameEvent(number, GAME_CREATED, event.timestamp, None, None, sentence, data)
    if isinstance(event, early_endings.EarlyEvent):  # a seat's resignation, draw offer or abort: nothing secret
        knocks_out = type(rules).seats_in_play is not Ruleset.seats_in_play
        sentence = early_endings.sentence(event, seats, knocks_out)
        return GameEvent(number, type(event).__name__, event.timestamp, event.seat, None, sentence, event.payload())
    cause = event.cause or {}
    seat, command_id = cause.get("seat"), cause.get("command_id")
    if isinstance(event, Game.SeedRevealed):
        sentence = f"The game is over; the seed was {event.seed!r}."
        data = {"seed": event.seed, "salt": event.salt}
        return GameEvent(number, SEED_REVEALED, event.timestamp, seat, command_id, sentence, data)
    fact = event.as_fact()
    if viewer != OWNER and not over:
        fact = rules.redact(fact, viewer if isinstance(viewer, int) else None)
    sentence = rules.describe(fact, seats)
    return GameEvent(number, type(fact).__name__, event.timestamp, seat, command_id, sentence, fact.to_data())
