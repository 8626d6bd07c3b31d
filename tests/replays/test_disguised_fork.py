"""A seat's fork passed off as an owner's: someone holding the store rewrites the fork's first event so
that it says it was forked seeing everything and starts from the trunk's true state, its chain recomputed
with the fork's own salt. Its link's seal, keyed with the trunk's salt, no longer matches: the audit says
so, on SQLite and on PostgreSQL."""

from __future__ import annotations

import dataclasses
import sqlite3
from urllib.parse import parse_qs, urlsplit

from quick_games import quick_options

from domain.engine.chain import chain_hash
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.bots import RandomBot
from replays.audit import audit


def rewrite_first_event(store: str, table: str, event, mapper) -> None:
    """Write ``event`` over the stored event with its id and number, as someone holding the store could."""
    stored = mapper.to_stored_event(event)
    if store.startswith("postgresql://"):
        import psycopg

        schema = parse_qs(urlsplit(store).query)["schema"][0]
        with psycopg.connect(store.split("?")[0], autocommit=True) as connection:
            connection.execute(f'UPDATE "{schema}"."{table}" SET state = %s WHERE originator_id = %s AND originator_version = 1',
                               (stored.state, event.originator_id))
    else:
        with sqlite3.connect(store) as db:
            db.execute("UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 1",
                       (stored.state, event.originator_id.hex))


def test_a_seats_fork_disguised_as_an_owners_fork_is_caught_by_its_seal(store):
    service = GameService(env=store_env(store))
    trunk_id = service.create_game("location-ccg", ["Ana", "Ben"], quick_options("location-ccg"), seed="disguise")
    bot = RandomBot("disguise")
    while (trunk := service.game(trunk_id)).version < 24:
        seat = trunk.to_act()[0]
        service.submit(trunk_id, seat, bot.choose(trunk.rules, trunk.state, seat, trunk.version))
    fork_id, _ = service.fork_game(trunk_id, trunk.version, viewer=1, seed="mine")
    (forked,) = service.events.get(fork_id)
    assert audit(service, fork_id).clean and forked.fork["eye"] == 1

    true_state = service.game_at(trunk_id, trunk.version).state
    disguised = dataclasses.replace(forked, fork={**forked.fork, "eye": None}, start=true_state)
    disguised = dataclasses.replace(disguised, chain=chain_hash(
        forked.chain_version, forked.salt, str(fork_id), 1, forked.TOPIC, forked.timestamp, disguised.chained(forked.chain_version)))
    rewrite_first_event(store, service.recorder.events_table_name, disguised, service.mapper)
    service.close()

    fresh = GameService(env=store_env(store))
    (read_back,) = fresh.events.get(fork_id)
    assert read_back.fork["eye"] is None and read_back.chain == disguised.chain  # a whole chain, a true start
    assert fresh.game(fork_id).rules.owner_view(fresh.game(fork_id).state) == fresh.game(fork_id).rules.owner_view(true_state)
    report = audit(fresh, fork_id)
    assert report.problems == ["event 1: its link to its trunk says it was forked seeing everything, but the seal its "
                               "trunk gave it does not match: its eye, step or trunk was changed since (a seat's fork "
                               "passed off as an owner's shows so)"]
    fresh.close()
