"""A game recorded before salts existed, in the shape its events were stored then: for the tests that
check such games still load, audit clean, play on and import."""

from __future__ import annotations

import json

from eventsourcing.persistence import StoredEvent

from domain.engine import registry
from domain.engine.game import Game
from domain.thinking.bots import RandomBot


def old_game_events(service, seed):
    """The stored events of a game recorded before salts existed, in their old shape: a Created event
    without salt or chain version (class version 1), its setup and a few commands, chained unkeyed."""
    rules = registry.get("assassination-le")
    game = Game.start(rules, ["Ann", "Ben", "Cy"], rules.resolve_options({}), seed, salt="")
    bot = RandomBot(1)
    for number in range(4):
        seat = game.to_act()[0]
        game.play(seat, bot.choose(rules, game.state, seat, game.version), f"old-{number}")
    stored = []
    for event in game.pending_events:
        record = service.mapper.to_stored_event(event)
        state = json.loads(record.state)
        for key in ("salt", "chain_version", "class_version"):
            if key in state and isinstance(event, (Game.Created, Game.SeedRevealed)):
                del state[key]
        stored.append(StoredEvent(record.originator_id, record.originator_version, record.topic, json.dumps(state).encode()))
    return game, stored
