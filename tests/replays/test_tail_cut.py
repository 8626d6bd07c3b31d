"""A tail cut at a command boundary is caught without a receipt: the store records each game's last
event number beside its rows (``domain.keeping.heads``), and the audit names a game whose log ends before it.
On SQLite the cut game's rows are the store's last (no gap in the store's sequence shows); on
PostgreSQL a gap in the sequence is only a note (refused writes use numbers up too)."""

from __future__ import annotations

from stores import cut_tail

from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.audit import audit, audit_all

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def test_a_tail_cut_at_a_command_boundary_is_caught_without_a_receipt(store):
    service = GameService(env=store_env(store))
    game_id = service.create_game("correction", ["Ann", "Ben"], seed="tail", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    stored = list(service.events.get(game_id))
    last = stored[-1].cause["command_id"]
    boundary = next(e.originator_version for e in stored if (getattr(e, "cause", None) or {}).get("command_id") == last) - 1
    assert service.game(game_id).outcome() is not None and audit(service, game_id).clean
    table = service.recorder.events_table_name
    service.close()

    cut_tail(store, table, game_id, boundary)  # the last command and the end of the game are gone; the chain is whole
    fresh = GameService(env=store_env(store))
    assert fresh.game(game_id).outcome() is None  # the game reads as active again
    report = audit(fresh, game_id)
    assert report.problems == [f"the store recorded event {len(stored)} of this game, but its log ends at event "
                               f"{boundary}: events {boundary + 1} to {len(stored)} were cut off"]
    assert not all(found.clean for found in audit_all(fresh))
    fresh.close()


def test_a_game_that_goes_on_raises_its_recorded_head_and_audits_clean(store):
    service = GameService(env=store_env(store))
    game_id = service.create_game("correction", ["Ann", "Ben"], seed="head", salt=SALT)
    assert service.recorder.game_head(game_id) == service.game(game_id).version
    for _ in service.play_bots(game_id, bot_seed=2):
        assert service.recorder.game_head(game_id) == service.game(game_id).version
    assert audit(service, game_id).clean
    service.close()
