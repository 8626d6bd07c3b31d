"""The Assassination Game Le: its views drawn as pictures (``domain.engine.picture``): valid at every step of bot
games, pawns, coins and numbers where the view has them, the squares a move names as refs, seat names
carried only as text, and ids that follow the pawns so an event's changes are found.
"""

from __future__ import annotations

from picture_checks import by_id, fields_carrying
from scenarios import Loaded as LoadedDie

from domain.engine.game import Game
from domain.engine.picture import changed, check, refs
from domain.games.assassination_le import RULESET as RULES
from domain.games.assassination_le.board import BASES, SAFE_HOUSE
from domain.games.assassination_le.state import State
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ann", "Ben", "Cy"]


def table(victim=3, squares=("a1", "e5", "c3"), coins=None, mover=None, phase="roll", rolled=0, small=None) -> State:
    return State(seat_count=3, keep_coins=False, bases=list(BASES), squares=list(squares),
                 coins=[list(c) for c in (coins or ([], [], []))], small_victories=list(small or [0, 0, 0]),
                 victim=victim, mover=mover or victim, last_assassin=victim, phase=phase, rolled=rolled, left_safe_house=True)


def act(state, seat, command, die=()):
    for fact in RULES.decide(state, seat, command, LoadedDie(*die)):
        state = RULES.evolve(state, fact)
    return state


def drawn(state, seat=1, seats=SEATS):
    return RULES.picture(RULES.view(state, seat), seats)



def played_games():
    """Bot games (random bots, and random bots against a greedy one), yielding each step, to their end or
    to 300 commands."""
    for seed, greedy in (("pic-1", None), ("pic-2", 2)):
        game = Game.start(RULES, SEATS, RULES.resolve_options({}), seed, salt=SALT)
        players = {seat: RandomBot(f"{seed}-{seat}") for seat in (1, 2, 3)}
        if greedy:
            players[greedy] = GreedyBot(2)
        yield game
        for _ in range(300):
            if game.outcome() is not None:
                break
            seat = game.to_act()[0]
            game.play(seat, players[seat].choose(RULES, game.state, seat, game.version), "c")
            yield game


def test_every_view_of_every_step_of_bot_games_is_a_valid_picture():
    steps = 0
    for game in played_games():
        views = [RULES.view(game.state, seat) for seat in (1, 2, 3, None)] + [RULES.owner_view(game.state)]
        for view in views:
            check(RULES.picture(view, SEATS))
        steps += 1
    assert steps > 50


def test_the_seat_on_turns_moves_name_only_squares_its_picture_refers_to():
    moves = 0
    for game in played_games():
        for seat in game.to_act():
            known = set(refs(drawn(game.state, seat)).values())
            for command in RULES.legal_commands(game.state, seat):
                if command["type"] == "move":
                    assert command["to"] in known
                    assert all(square in known for square in command.get("path", []))
                    moves += 1
    assert moves > 20


def test_every_square_is_drawn_and_the_bases_and_the_safe_house_are_toned():
    items = by_id(drawn(table()))
    squares = [item for item in items.values() if item["kind"] == "space"]
    assert len(squares) == 25
    assert {key for key, item in items.items() if item.get("tone") == "base"} == set(BASES)
    assert items[SAFE_HOUSE]["tone"] == "good"


def test_pawns_stand_on_their_squares_and_the_victims_is_a_diamond():
    state = table(victim=2, squares=("b2", "c3", "d4"))
    view = RULES.view(state, 1)
    items = by_id(RULES.picture(view, SEATS))
    for player in view["players"]:
        pawn = items[f"pawn:{player['seat']}"]
        assert (pawn["at"], pawn["ref"], pawn["owner"]) == (player["square"], player["square"], player["seat"])
        assert pawn["shape"] == ("diamond" if player["role"] == "victim" else "disc")
        assert f"{SEATS[player['seat'] - 1]}'s pawn on {player['square']}" in pawn["title"]


def test_coins_mark_the_bases_touched_and_the_counters_show_the_views_numbers():
    state = table(victim=3, squares=("a1", "e5", "c1"), coins=([], ["a3"], ["c1", "e3"]), small=(0, 2, 1))
    view = RULES.view(state, None)
    items = by_id(RULES.picture(view, SEATS))
    coins = {key for key in items if key.startswith("coin:")}
    assert coins == {f"coin:{p['seat']}:{base}" for p in view["players"] for base in p["coins"]}
    for key in coins:
        base = key.split(":")[2]
        square = items[base]
        assert square["x"] <= items[key]["x"] <= square["x"] + square["w"]
        assert square["y"] <= items[key]["y"] <= square["y"] + square["h"]
    for player in view["players"]:
        seat = player["seat"]
        assert items[f"seat:{seat}:coins"]["value"] == len(player["coins"])
        assert items[f"seat:{seat}:small_victories"]["value"] == player["small_victories"]


def test_the_die_and_the_status_follow_the_phase():
    state = table(victim=3, mover=3)
    items = by_id(drawn(state))
    assert items["die"]["value"] == "-" and items["status"]["text"].endswith("Cy rolls the die")  # the seat to act, named
    state = act(state, 3, {"type": "roll"}, die=(0,))
    items = by_id(drawn(state))
    assert items["die"]["value"] == "null" and items["status"]["text"] == "Cy rolled a null"
    state = act(state, 3, {"type": "roll"}, die=(3,))
    items = by_id(drawn(state))
    assert items["die"]["value"] == "3" and items["status:detail"]["text"].startswith("Cy moves exactly 3 squares")
    older = {key: value for key, value in RULES.view(state, 1).items() if key != "to_act"}  # a view without whose turn
    assert "the seat on turn moves exactly 3 squares" in by_id(RULES.picture(older, SEATS))["status:detail"]["text"]


def test_the_winner_is_told_on_the_table():
    state = table(victim=3, squares=("a1", "e5", "c2"), coins=([], [], ["a3", "c5", "e3"]), mover=3, phase="move", rolled=1)
    state = act(state, 3, {"type": "move", "to": "c1"})
    assert RULES.outcome(state).winners == [3]
    assert by_id(drawn(state))["status"]["text"] == "Over: Cy won"


def test_every_seat_sees_the_same_picture_as_nothing_is_secret():
    state = table(coins=([], [], ["c1"]), phase="move", rolled=2)
    pictures = [drawn(state, seat) for seat in (1, 2, 3, None)] + [RULES.picture(RULES.owner_view(state), SEATS)]
    assert all(picture == pictures[0] for picture in pictures)


def test_a_hostile_seat_name_is_carried_only_as_text():
    hostile = "<script>alert(1)</script>"
    picture = drawn(table(victim=1, squares=("c3", "a1", "e5")), 1, [hostile, "Ben", "Cy"])
    check(picture)
    assert any(item["kind"] == "text" and item["text"].startswith("<script>") for item in picture["items"])
    assert any(hostile in item.get("title", "") for item in picture["items"])
    assert fields_carrying(picture, "<script>") <= {"text", "title"}


def test_a_move_changes_the_moved_pawn_and_the_squares_it_left_and_reached():
    state = table(victim=3, squares=("a1", "e5", "c2"), mover=3, phase="move", rolled=1)
    before = drawn(state)
    state = act(state, 3, {"type": "move", "to": "c1"})  # a base: the victim marks it
    after = drawn(state)
    found = changed(before, after)
    assert {"pawn:3", "c2", "c1", "coin:3:c1"} <= set(found)
    assert "pawn:1" not in found and "pawn:2" not in found
    assert by_id(after)["pawn:3"]["at"] == "c1"


def test_a_caught_victim_changes_roles_and_the_catcher_goes_to_the_safe_house():
    state = table(victim=3, squares=("a1", "e5", "b2"), coins=([], [], ["c1"]), mover=1, phase="move", rolled=2)
    before = drawn(state)
    state = act(state, 1, {"type": "move", "to": "b2"})
    after = by_id(drawn(state))
    assert after["pawn:1"]["at"] == SAFE_HOUSE and after["pawn:1"]["shape"] == "diamond"
    assert after["pawn:3"]["shape"] == "disc" and "coin:3:c1" not in after
    assert {"pawn:1", "pawn:3", "seat:1:small_victories"} <= set(changed(before, drawn(state)))
