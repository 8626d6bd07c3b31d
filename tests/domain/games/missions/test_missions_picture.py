"""Missions drawn as pictures (``domain.games.missions.picture``): every view of whole bot games keeps
the format, the pieces stand on the spaces the view says, the counters and cards hold the view's
numbers and cards, no pile card shows before it is drawn, every legal command's board things are refs
in the acting seat's picture, a seat's name is only ever text, and ids follow the things they draw."""

from __future__ import annotations

import json

from missions_table import L1, L3, RULES, SEATS, act, table
from picture_checks import by_id

from domain.engine.game import Game
from domain.engine.picture import changed, check, refs
from domain.games.missions.cards import ALL_NAMES
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SMALL = {"spaces": ["start", "L1", "start", "police", "start", "L2", "L3", "police"]}
LARGE = {"spaces": (["start", "L1", "police", "L2", "L1", "L3", "police", "L1", "L2", "L3"] * 8)}


def _games():
    """Whole games, one state after another: random bots on 3 and 4 seats, a small and a large board,
    the first changes' rules, and a random bot against a greedy one."""
    cases = [(4, {}, "random"), (3, {"layout": SMALL, "max_per_space": 3}, "random"), (4, {"layout": LARGE}, "random"),
             (3, {"stage": "first-changes", "target": 60000}, "random"), (3, {"target": 60000}, "greedy")]
    for seats, options, players in cases:
        game = Game.start(RULES, SEATS[:seats], RULES.resolve_options(options), f"picture-{seats}-{players}", salt=SALT)
        bots = {seat: GreedyBot(2) if players == "greedy" and seat == 2 else RandomBot(seat) for seat in range(1, 5)}
        yield game
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bots[seat].choose(RULES, game.state, seat, game.version), f"c{game.version}")
            yield game



def _names(text: str) -> set[str]:
    return {name for name in ALL_NAMES if json.dumps(name)[1:-1] in text}


def _command_refs(command: dict) -> list[str]:
    """The values of a command's fields that name things on the table: a direction, a player, cards."""
    return [str(value) for key, value in command.items() if key != "type"]


def test_every_view_of_whole_bot_games_is_a_valid_picture_showing_what_the_view_holds():
    steps = 0
    for game in _games():
        views = [RULES.view(game.state, seat) for seat in (None, *range(1, len(game.seats) + 1))]
        for view in views + [RULES.owner_view(game.state)]:
            picture = check(RULES.picture(view, game.seats))
            items = by_id(picture)
            assert picture["width"] <= 22.5 and len(picture["items"]) < 400
            assert _names(json.dumps(picture)) <= _names(json.dumps(view)), "a pile card shows before it is drawn"
            for player in view["players"]:
                seat = player["seat"]
                if player["space"] is not None:
                    assert items[f"piece:{seat}"]["at"] == f"space:{player['space']}"
                    assert items[f"piece:{seat}"]["owner"] == seat
                assert items[f"money:{seat}"]["value"] == f"${player['money']:,}"
                assert items[f"rank:{seat}"]["value"] == player["rank"]
                assert items[f"miss:{seat}"]["value"] == player["turns_to_miss"]
                for card in player["cards"]:
                    drawn = items[f"card:{card['name']}"]
                    assert drawn["owner"] == seat and drawn["ref"] == card["name"] and not drawn.get("face_down")
            held = sum(len(player["cards"]) for player in view["players"])
            assert sum(1 for item in picture["items"] if item["kind"] == "card" and not item.get("face_down")) == held
            for level, pile in view["piles"].items():
                assert items[f"pile-size:{level}"]["value"] == pile["cards"]
            for way, space in view["moves"].items():
                assert items[f"move:{way}"]["at"] == f"space:{space}" and items[f"move:{way}"]["ref"] == way
            spaces = [item for item in picture["items"] if item["kind"] == "space"]
            assert len(spaces) == len(view["board"]["spaces"])
        steps += 1
    assert steps > 100


def test_every_legal_command_names_only_refs_of_the_acting_seats_picture():
    named = set()
    for game in _games():
        for seat in game.to_act():
            found = set(refs(RULES.picture(RULES.view(game.state, seat), game.seats)).values())
            for command in RULES.legal_commands(game.state, seat):
                assert set(_command_refs(command)) <= found, command
                named.add(command["type"])
    assert {"move", "rob", "lose"} <= named


def test_the_pictures_are_the_same_for_every_seat_as_nothing_is_secret():
    state = table(positions=[0, 4, 4, 21], hands=[[L1[0]], [L3[0]], [], []])
    pictures = [RULES.picture(RULES.view(state, seat), SEATS) for seat in (None, 1, 2, 3, 4)]
    assert all(picture == pictures[0] for picture in pictures)
    assert RULES.picture(RULES.owner_view(state), SEATS) == pictures[0]


def test_a_hostile_seat_name_is_carried_only_as_text():
    hostile = "<script>alert(1)</script>"
    seats = [hostile, "Ben", "Cy", "Dee"]
    state = table(hands=[[L1[0]], [], [], []])
    picture = check(RULES.picture(RULES.view(state, 1), seats))
    carrying = {key for item in picture["items"] for key, value in item.items() if isinstance(value, str) and hostile in value}
    assert carrying == {"text", "title"}, "the name is a text and in titles, never an id, ref or label"


def test_a_move_changes_the_piece_and_the_two_spaces_and_markers_show_the_way():
    state = act(table(), 1, {"type": "roll"}, 2)[1]
    before = RULES.picture(RULES.view(state, 1), SEATS)
    markers = {item["ref"]: item["at"] for item in before["items"] if item["id"].startswith("move:")}
    assert markers == {"cw": "space:2", "ccw": "space:26"}
    state = act(state, 1, {"type": "move", "direction": "cw"})[1]
    after = RULES.picture(RULES.view(state, 1), SEATS)
    found = changed(before, after)
    assert {"piece:1", "space:0", "space:2"} <= set(found)
    assert "piece:2" not in found and "space:7" not in found


def test_a_robbed_card_keeps_its_id_and_changes_hands():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0]], [], []])
    state = act(state, 1, {"type": "roll"}, 4)[1]
    state = act(state, 1, {"type": "move", "direction": "cw"})[1]
    before = RULES.picture(RULES.view(state, 1), SEATS)
    assert {"2", L1[0], L3[0]} <= set(refs(before).values())
    state = act(state, 1, {"type": "rob", "player": 2, "give": L1[0], "take": L3[0]}, L1[1], 6)[1]
    after = RULES.picture(RULES.view(state, 1), SEATS)
    found = changed(before, after)
    assert f"card:{L1[0]}" in found and f"card:{L3[0]}" in found
    assert by_id(after)[f"card:{L3[0]}"]["owner"] == 1 and by_id(after)[f"card:{L1[0]}"]["owner"] == 2


def test_the_outcome_is_drawn_when_the_game_is_over():
    game = None
    for game in _games():
        pass
    view = RULES.view(game.state, None)
    status = by_id(RULES.picture(view, game.seats))["status"]["text"]
    assert view["phase"] == "over"
    if view["winners"]:
        assert all(game.seats[seat - 1] in status for seat in view["winners"]) and "win" in status
    else:
        assert "draw" in status
