"""The address students open, recorded in the store by the service that starts on it
(``domain.keeping.service_address``): read back as recorded, recorded again only when it changes, refused
when no browser could open it, and no game: the listing and the games' heads pass over it, on each store."""

from __future__ import annotations

import pytest

from domain.keeping.service_address import ADDRESS_ID, record_address, recorded_address


def test_the_address_is_read_back_and_recorded_again_only_when_it_changes(store_service):
    assert recorded_address(store_service) is None
    assert record_address(store_service, "http://192.168.1.20:8000") == "http://192.168.1.20:8000/"
    record_address(store_service, "http://192.168.1.20:8000/")
    assert recorded_address(store_service) == "http://192.168.1.20:8000/"
    assert store_service._get(ADDRESS_ID).version == 2  # created, then recorded once
    record_address(store_service, "https://class.example/ludolog")
    assert recorded_address(store_service) == "https://class.example/ludolog/"
    assert store_service._get(ADDRESS_ID).version == 3


@pytest.mark.parametrize("address", ["192.168.1.20:8000", "ftp://192.168.1.20/", "http://", "http://a b:8000/"])
def test_an_address_no_browser_opens_is_refused_and_nothing_recorded(store_service, address):
    with pytest.raises(ValueError):
        record_address(store_service, address)
    assert recorded_address(store_service) is None


def test_the_listing_and_the_games_heads_pass_over_it(store_service):
    game_id, _ = store_service.open_game("project-assassination", ["Ana", "Ben"])
    assert [game["id"] for game in store_service.list_games()] == [str(game_id)]  # listed once: what follows is new
    record_address(store_service, "http://192.168.1.20:8000")
    record_address(store_service, "http://192.168.1.21:8000")
    assert [game["id"] for game in store_service.list_games()] == [str(game_id)]
    assert store_service.recorder.game_head(ADDRESS_ID) is None
    assert store_service.recorder.game_head(game_id) is not None
