"""Infection's hidden information through the game service and every export: a face-down tile is
unknown to both players and to spectators until it is picked up (rulings 3 and 5).

Under rules v2 no tile has a place until it is turned over, so there is no secret to keep: a seat gets
what the owner gets. Games recorded under rules v1 had their placement laid at setup, and it must stay
secret while they go on. The strongest check is a twin game: the same seed and commands, but the tiles
nobody picks up moved round among their squares within each region. Everything a seat or a spectator
can get (the view and its board, the event log, the NDJSON, JSON and CSV exports, the design diary, the
replay page) must be the same for both games, id aside: nothing they show depends on where a face-down
tile lies. The owner's view differs, and once the game is over everything is public.
"""

from __future__ import annotations

import pytest
from freezegun import freeze_time
from infection_table import PLACEMENT, RULES, V1

from domain.engine.game import Game
from domain.games.infection.board import TILE_SQUARES, region_of
from domain.games.infection.cards import REGION_TILES
from domain.games.infection.facts import TilesPlaced
from domain.keeping.access import OWNER
from domain.thinking.bots import RandomBot
from replays import diary, page, records

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEED = "hidden-tiles-seed"
COMMANDS = 40


@pytest.fixture
def lay(monkeypatch):
    """``lay(placement)``: new games under rules v1 get this placement instead of the seed's shuffle."""
    original = type(V1).setup

    def use(placement):
        def setup(state, rng):
            facts = original(V1, state, rng)
            return [TilesPlaced(placement=list(placement)), *facts[1:]]

        monkeypatch.setattr(V1, "setup", setup)

    return use


def play(service, commands=COMMANDS, bot_seed=7, rules=V1):
    """A game a random bot plays for some commands (with ids of their own, the same in twin games),
    under rules v1 (a game recorded under them) unless told otherwise."""
    if rules is RULES:
        game_id = service.create_game("infection", ["Ana", "Ben"], seed=SEED, salt=SALT)
    else:
        started = Game.start(rules, ["Ana", "Ben"], rules.resolve_options({}), SEED, salt=SALT)
        service.save(started)
        game_id = started.id
    bot = RandomBot(bot_seed)
    for number in range(commands):
        game = service.game(game_id)
        if game.outcome() is not None:
            break
        seat = game.to_act()[0]
        service.submit(game_id, seat, bot.choose(game.rules, game.state, seat, game.version), command_id=f"c{number}")
    return game_id


def twin_placement(state):
    """``PLACEMENT`` with the face-down tiles of each region moved round among their squares (by the
    turn that changes the most squares): the placement of a twin game, and the squares changed."""
    placement = dict(zip(TILE_SQUARES, PLACEMENT))
    for region in ("blue", "middle", "red"):
        squares = [s for s in TILE_SQUARES if s in state.tiles and region_of(s) == region]
        tiles = [placement[s] for s in squares]
        turns = [tiles[k:] + tiles[:k] for k in range(len(tiles))]
        best = max(turns, key=lambda turned: sum(a != b for a, b in zip(turned, tiles)))
        placement.update(zip(squares, best))
    changed = [s for s, tile in zip(TILE_SQUARES, PLACEMENT) if placement[s] != tile]
    return [placement[s] for s in TILE_SQUARES], changed


def everything_seen(service, game_id, viewer):
    """All a viewer can get, as text, with the game's id, seed commitment and head hash taken out (each
    game has its own random salt, so these differ between twins whatever their tiles)."""
    status = service.status(game_id, OWNER)
    own = {str(game_id): "GAME", str(game_id)[:8]: "GAME", status["seed_commitment"]: "COMMITMENT", status["head"]["hash"]: "HEAD"}
    texts = [
        repr(service.status(game_id, viewer)["view"]),
        RULES.render(service.status(game_id, viewer)["view"], ["Ana", "Ben"]),
        repr([e.to_data() for e in service.read_events(game_id, viewer=viewer)]),
        records.to_ndjson(service, game_id, viewer),
        records.to_json(service, game_id, viewer),
        records.to_csv(service, game_id, viewer),
        diary.to_markdown(service, game_id, viewer),
        page.to_html(service, game_id, viewer),
    ]
    for value, placeholder in own.items():
        texts = [text.replace(value, placeholder) for text in texts]
    return texts


@pytest.fixture
def twins(service, lay):
    """Two games alike in everything seats see but the face-down tiles: (first, second, squares changed)."""
    with freeze_time("2026-06-11 10:00:00"):
        lay(PLACEMENT)
        first = play(service)
        swapped, squares = twin_placement(service.game(first).state)
        lay(swapped)
        second = play(service)
    assert [e.sentence for e in service.read_events(second)] == [e.sentence for e in service.read_events(first)]
    assert service.status(first)["status"] == "active"
    return first, second, squares


def test_ruling_5_in_a_v1_game_nothing_a_seat_or_spectator_gets_depends_on_where_a_face_down_tile_lies(service, twins):
    first, second, squares = twins
    with freeze_time("2026-06-11 10:00:00"):
        for viewer in (1, 2, None):
            assert everything_seen(service, first, viewer) == everything_seen(service, second, viewer), viewer
        owner_first = service.status(first, OWNER)["view"]["hidden_tiles"]
        owner_second = service.status(second, OWNER)["view"]["hidden_tiles"]
    assert len(squares) >= 10 and all(owner_first[s] != owner_second[s] for s in squares)
    assert sorted(owner_first.values()) == sorted(owner_second.values())


def test_ruling_5_in_a_v1_game_a_seats_view_shows_where_tiles_lie_face_down_never_which(service):
    game_id = play(service, commands=12)
    owner = service.status(game_id, OWNER)["view"]
    for viewer in (1, 2, None):
        view = service.status(game_id, viewer)["view"]
        assert "hidden_tiles" not in view
        assert view["face_down"] == list(owner["hidden_tiles"]) == owner["face_down"]
        assert {k: v for k, v in view.items()} == {k: v for k, v in owner.items() if k != "hidden_tiles"}
        board = RULES.render(view, ["Ana", "Ben"])
        assert "(VIRUS)" not in board and "(CURE)" not in board and "?" in board
    assert "(VIRUS)" in RULES.render(owner, ["Ana", "Ben"])


def test_ruling_3_a_v1_games_placement_is_blanked_in_every_seats_and_spectators_event_log(service):
    game_id = play(service, commands=5)
    owners = service.read_events(game_id)
    placement = next(e for e in owners if e.type == "TilesPlaced").data["placement"]
    assert sorted(placement) != ["?"] * 25 and len(placement) == 25
    for viewer in (1, 2, None):
        placed = next(e for e in service.read_events(game_id, viewer=viewer) if e.type == "TilesPlaced")
        assert placed.data == {"placement": ["?"] * 25}
        assert placed.sentence == next(e for e in owners if e.type == "TilesPlaced").sentence


@pytest.mark.parametrize("rules", [RULES, V1], ids=["v2", "v1"])
def test_a_tile_picked_up_is_shown_to_everyone(service, rules):
    game_id = play(service, commands=30, rules=rules)
    picked = [e for e in service.read_events(game_id, viewer=2) if e.type == "TilePickedUp"]
    assert picked, "the bots picked up no tile"
    for event in picked:
        assert event.data["tile"] in ("cure", "virus", "recover", "generosity", "disarm", "contagion")
        assert event.data["square"] not in service.status(game_id, 1)["view"]["face_down"]
    owner = [e for e in service.read_events(game_id) if e.type == "TilePickedUp"]
    assert [e.to_data() for e in picked] == [e.to_data() for e in owner]


def test_once_a_v1_game_is_over_the_placement_is_public(service):
    game_id = play(service, commands=100_000)
    assert service.status(game_id)["status"] == "over"
    owner = service.status(game_id, OWNER)["view"]
    for viewer in (1, 2, None):
        assert service.status(game_id, viewer)["view"] == owner
        placed = next(e for e in service.read_events(game_id, viewer=viewer) if e.type == "TilesPlaced")
        assert "?" not in placed.data["placement"]


def test_ruling_3_under_rules_v2_a_seat_gets_all_the_owner_gets_no_tile_having_a_place(service):
    game_id = play(service, commands=12, rules=RULES)
    owner = service.status(game_id, OWNER)["view"]
    owner_events = [e.to_data() for e in service.read_events(game_id)]
    for viewer in (1, 2, None):
        assert service.status(game_id, viewer)["view"] == owner
        assert [e.to_data() for e in service.read_events(game_id, viewer=viewer)] == owner_events
    assert "hidden_tiles" not in owner
    laid = next(e for e in owner_events if e["type"] == "TilesLaid")
    assert laid["data"] == {"regions": REGION_TILES}
    assert not any(e["type"] == "TilesPlaced" for e in owner_events)


def test_ruling_5_the_tiles_left_in_each_region_are_the_texts_less_those_turned_over(service):
    game_id = play(service, commands=60, rules=RULES)
    view = service.status(game_id, 1)["view"]
    left = {region: dict(counts) for region, counts in REGION_TILES.items()}
    for event in service.read_events(game_id, viewer=1):
        if event.type == "TilePickedUp":
            left[region_of(event.data["square"])][event.data["tile"]] -= 1
    assert sum(sum(counts.values()) for counts in left.values()) < 25, "the bots turned no tile over"
    assert view["unrevealed"] == {region: {t: n for t, n in counts.items() if n} for region, counts in left.items()}
    for region, counts in view["unrevealed"].items():
        assert sum(counts.values()) == sum(1 for square in view["face_down"] if region_of(square) == region)
