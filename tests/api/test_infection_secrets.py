"""Infection's face-down tiles through the REST API: no response to a seat or a spectator shows where a
face-down tile lies (RULINGS.md of Infection, rulings 3 and 5).

Under rules v2 no tile has a place until it is turned over: a seat gets what the owner gets. Games
recorded under rules v1 had their placement laid at setup (the tests make the API create games under
v1, as it did before v2): two such games are played through the API with the same seed and the same
commands, their tiles laid alike but for the face-down tiles nobody picks up, moved round among their
squares within each region. Every response a seat's token or no token gets (the game, its state at
earlier events, the event log, the legal commands, every export) must be the same for both games once
the game id and the times are taken out. The owner's responses differ, and a seat's event log shows
the placement blanked.
"""

from __future__ import annotations

import random
import re

import pytest

from domain.engine import registry
from domain.games.infection import EARLIER
from domain.games.infection.board import TILE_SQUARES, region_of
from domain.games.infection.facts import TilesPlaced
from replays.exports import MEDIA_TYPES

SEED = "infection-http-seed"
TILES = ["cure", "virus", "virus", "virus", "virus", "recover", "recover", "generosity", "disarm", "contagion"]
PLACEMENT = TILES + ["cure", "virus", "virus", "generosity", "contagion"] + list(reversed(TILES))
TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[+-]\d{2}:\d{2}|Z)?")
HASH = re.compile(r"\b[0-9a-f]{64}\b")
"""The seed commitment and the chain hashes: salted with each game's own random salt, so twin games
differ in them whatever their tiles (and a seat cannot test a guess of a tile against them)."""
FORMATS = tuple(MEDIA_TYPES)
"""Every export format there is (the design diary as HTML among them)."""
V1 = EARLIER[0]


@pytest.fixture
def v1_games(monkeypatch):
    """Games created from now on are played under rules v1, as before rules v2."""
    monkeypatch.setitem(registry._RULESETS, "infection", V1)


@pytest.fixture
def lay(monkeypatch, v1_games):
    """``lay(placement)``: games created from now on get this placement instead of the seed's shuffle."""
    original = type(V1).setup

    def use(placement):
        def setup(state, rng):
            return [TilesPlaced(placement=list(placement)), *original(V1, state, rng)[1:]]

        monkeypatch.setattr(V1, "setup", setup)

    return use


def play(client, game, commands):
    """Play the commands (or, with an int, that many random legal ones); returns the commands played."""
    rng, played = random.Random(5), []
    for step in range(commands if isinstance(commands, int) else len(commands)):
        state = client.get(game.url, headers=game.owner).get_json()
        seat = state["to_act"][0]
        if isinstance(commands, int):
            options = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"]
            command = rng.choice(options)
        else:
            command = commands[step]
        headers = {**game.seat[seat], "Idempotency-Key": f"step-{step}"}
        assert client.post(f"{game.url}/commands", json={"command": command}, headers=headers).status_code == 201
        played.append(command)
    return played


def twin_placement(face_down):
    """``PLACEMENT`` with the face-down tiles of each region moved round (the turn changing the most)."""
    placement = dict(zip(TILE_SQUARES, PLACEMENT))
    for region in ("blue", "middle", "red"):
        squares = [s for s in TILE_SQUARES if s in face_down and region_of(s) == region]
        tiles = [placement[s] for s in squares]
        turns = [tiles[k:] + tiles[:k] for k in range(len(tiles))]
        placement.update(zip(squares, max(turns, key=lambda t: sum(a != b for a, b in zip(t, tiles)))))
    return [placement[s] for s in TILE_SQUARES]


def seen(client, game, headers):
    """Everything these headers get about the game, as text, game id, times and hashes taken out."""
    version = client.get(game.url, headers=headers).get_json()["version"]
    urls = [game.url, f"{game.url}/events?limit=1000", f"{game.url}/legal-commands",
            *(f"{game.url}/state?at={n}" for n in (2, 3, version // 2, version)),
            *(f"{game.url}/export?format={form}" for form in FORMATS)]
    texts = []
    for url in urls:
        response = client.get(url, headers=headers)
        text = response.get_data(as_text=True)
        texts.append((url.replace(game.id, "GAME"), response.status_code,
                      HASH.sub("HASH", TIME.sub("TIME", text.replace(game.id, "GAME").replace(game.id[:8], "GAME")))))
    return texts


def test_in_a_v1_game_no_response_to_a_seat_or_spectator_depends_on_where_a_face_down_tile_lies(client, new_game, lay):
    lay(PLACEMENT)
    first = new_game(ruleset="infection", seats=["Ana", "Ben"], seed=SEED)
    commands = play(client, first, 30)
    view = client.get(first.url, headers=first.owner).get_json()["view"]
    assert view["phase"] == "turn" and len(view["face_down"]) >= 12
    lay(twin_placement(view["face_down"]))
    second = new_game(ruleset="infection", seats=["Ana", "Ben"], seed=SEED)
    play(client, second, commands)

    for headers in (first.seat[1], first.seat[2], {}):
        twin = {first.seat[1]["Authorization"]: second.seat[1], first.seat[2]["Authorization"]: second.seat[2]}
        other = twin.get(headers.get("Authorization"), {})
        assert seen(client, first, headers) == seen(client, second, other)

    owner_first = client.get(first.url, headers=first.owner).get_json()["view"]["hidden_tiles"]
    owner_second = client.get(second.url, headers=second.owner).get_json()["view"]["hidden_tiles"]
    assert owner_first.keys() == owner_second.keys() and owner_first != owner_second


def test_a_v1_games_event_log_and_exports_show_a_seat_the_placement_blanked_and_the_owner_it(client, new_game, v1_games):
    game = new_game(ruleset="infection", seats=["Ana", "Ben"], seed=SEED)
    assert client.get(game.url, headers=game.owner).get_json()["ruleset_version"] == 1
    play(client, game, 4)
    owner_events = client.get(f"{game.url}/events", headers=game.owner).get_json()["events"]
    placement = next(e for e in owner_events if e["type"] == "TilesPlaced")["data"]["placement"]
    assert len(placement) == 25 and "?" not in placement
    hidden = client.get(game.url, headers=game.owner).get_json()["view"]["hidden_tiles"]
    for headers in (game.seat[1], game.seat[2], {}):
        events = client.get(f"{game.url}/events", headers=headers).get_json()["events"]
        assert next(e for e in events if e["type"] == "TilesPlaced")["data"] == {"placement": ["?"] * 25}
        body = client.get(game.url, headers=headers).get_json()
        assert "hidden_tiles" not in body["view"] and body["view"]["face_down"] == list(hidden)
        for form in FORMATS:
            text = client.get(f"{game.url}/export?format={form}", headers=headers).get_data(as_text=True)
            assert "hidden_tiles" not in text and '"placement": ["cure"' not in text
    owner_export = client.get(f"{game.url}/export?format=ndjson", headers=game.owner).get_data(as_text=True)
    assert '"placement": [' in owner_export and '"hidden_tiles"' not in owner_export  # the log, not the view


def test_under_rules_v2_a_seat_or_spectator_gets_what_the_owner_gets_no_tile_having_a_place(client, new_game):
    game = new_game(ruleset="infection", seats=["Ana", "Ben"], seed=SEED)
    play(client, game, 12)
    owner = client.get(game.url, headers=game.owner).get_json()
    owner_events = client.get(f"{game.url}/events?limit=1000", headers=game.owner).get_json()["events"]
    assert owner["ruleset_version"] == 2 and "hidden_tiles" not in owner["view"]
    assert [e["type"] for e in owner_events][1] == "TilesLaid" and "TilesPlaced" not in {e["type"] for e in owner_events}
    for headers in (game.seat[1], game.seat[2], {}):
        assert client.get(game.url, headers=headers).get_json()["view"] == owner["view"]
        assert client.get(f"{game.url}/events?limit=1000", headers=headers).get_json()["events"] == owner_events
