"""A game's cap of seats per address (``domain.keeping.joining``): counted in the claim's own transaction, so
two worker processes claiming for one address at once cannot both pass it; records written before the cap
existed read as uncapped; what a capped claim records is a key of the address made with the join code, never
the address; opening joining again counts afresh, and a claim made without an address is not counted."""

from __future__ import annotations

import json

import pytest
from eventsourcing.persistence import StoredEvent

from domain.keeping.joining import GameJoining, Joining, SeatsPerAddressReached
from domain.keeping.joining_records import address_key
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SCHOOL = "203.0.113.10"


@pytest.fixture
def two_workers(store):
    """Two services on one store, as two worker processes hold them."""
    first, second = GameService(env=store_env(store)), GameService(env=store_env(store))
    yield first, second
    first.close()
    second.close()


def test_two_workers_claiming_for_one_address_at_once_cannot_both_pass_a_cap_of_one(two_workers, monkeypatch):
    first, second = two_workers
    game_id, _ = first.open_game("missions", ["Ana", "Ben", "Cy"])
    code = Joining(first).open(game_id, seats_per_address=1)
    saving = first._save

    def the_other_worker_first(*aggregates, **kwargs):
        """The other worker's claim for the same address is recorded between this one's read and its write."""
        monkeypatch.setattr(first, "_save", saving)
        assert Joining(second).claim(code, "Max", address=SCHOOL).seat == 1
        saving(*aggregates, **kwargs)  # this version is taken now: read again and decide again

    monkeypatch.setattr(first, "_save", the_other_worker_first)
    with pytest.raises(SeatsPerAddressReached, match="one address may hold 1 seat of this game"):
        Joining(first).claim(code, "Zoé", address=SCHOOL)
    joiners = Joining(first).joiners(game_id)
    assert joiners.joined == [{"seat": 1, "seat_name": "Ana", "name": "Max"}] and joiners.open_seats == [2, 3]
    assert Joining(first).claim(code, "Zoé", address="198.51.100.7").seat == 2


def test_a_joining_opened_before_the_cap_existed_reads_as_uncapped(store_service):
    game_id, _ = store_service.open_game("missions", ["Ana", "Ben", "Cy"])
    Joining(store_service).open(game_id)
    stored = next(n for n in store_service.recorder.select_notifications(1, 100) if n.topic == GameJoining.Opened.TOPIC)
    state = json.loads(stored.state)
    assert state.pop("seats_per_address") is None
    older = StoredEvent(originator_id=stored.originator_id, originator_version=stored.originator_version,
                        topic=stored.topic, state=json.dumps(state).encode())
    joining = GameJoining(game_id)
    store_service.mapper.to_domain_event(older).apply(joining)
    assert joining.is_open and joining.seats_per_address is None


def test_a_capped_claim_records_a_key_made_with_the_code_never_the_address(store_service):
    game_id, _ = store_service.open_game("missions", ["Ana", "Ben", "Cy", "Di"])
    uncapped = Joining(store_service).open(game_id)
    Joining(store_service).claim(uncapped, "Zoé", address=SCHOOL)
    capped = Joining(store_service).open(game_id, seats_per_address=1)
    Joining(store_service).claim(capped, "Max", address=SCHOOL)
    claims = [json.loads(n.state) for n in store_service.recorder.select_notifications(1, 100)
              if n.topic == GameJoining.Claimed.TOPIC]
    assert [claim["address_key"] for claim in claims] == [None, address_key(capped, SCHOOL)]  # uncapped: nothing kept
    assert address_key(capped, SCHOOL) != address_key(uncapped, SCHOOL)
    assert not [n for n in store_service.recorder.select_notifications(1, 100) if SCHOOL.encode() in n.state]


def test_opening_again_counts_afresh_and_a_claim_without_an_address_is_not_counted(store_service):
    game_id, _ = store_service.open_game("missions", ["Ana", "Ben", "Cy", "Di"])
    code = Joining(store_service).open(game_id, seats_per_address=1)
    assert Joining(store_service).claim(code, "Zoé", address=SCHOOL).seat == 1
    assert Joining(store_service).claim(code, "The teacher's own").seat == 2  # not from the network
    code = Joining(store_service).open(game_id, seats_per_address=1)
    assert Joining(store_service).joiners(game_id).seats_per_address == 1
    assert Joining(store_service).claim(code, "Max", address=SCHOOL).seat == 3
    with pytest.raises(SeatsPerAddressReached):
        Joining(store_service).claim(code, "Kim", address=SCHOOL)
    Joining(store_service).close(game_id)
    assert Joining(store_service).joiners(game_id).seats_per_address is None
