"""Infection drawn: every viewer's picture keeps the format through whole bot games, shows the villagers,
cures, face-down tiles, cards and numbers where the view has them, keeps a rules-v1 placement to the
owner's picture, names every board thing and card a legal command names, carries seat names only as
text, and keeps each villager's id as it moves."""

from __future__ import annotations

import json

import picture_checks
from infection_table import V1, act, hand, put, table
from picture_checks import by_id, viewers_pictures

from domain.engine.game import Game
from domain.engine.picture import changed, check
from domain.games.infection import RULESET as RULES
from domain.games.infection.cards import CARDS
from domain.thinking.bots import RandomBot
from tests.bot_matches import finished_random_game, play_checking_bots

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ann", "Bob"]
NAMING_FIELDS = ("to", "target", "step", "card")
"""The command fields that name a thing on the table: a square, the enemy village, a card."""


def pictures(rules, state) -> list[dict]:
    return viewers_pictures(rules, state, SEATS)



def missing_refs(state, seat: int) -> list[tuple[str, str, str]]:
    return picture_checks.missing_refs(RULES, state, seat, SEATS, NAMING_FIELDS)


def test_every_viewers_picture_keeps_the_format_through_random_games_under_both_rule_versions():
    for rules in (RULES, V1):
        game = Game.start(rules, SEATS, rules.resolve_options({}), "pictures", salt=SALT)
        bot, steps = RandomBot("pictures"), 0
        while game.outcome() is None:
            pictures(rules, game.state)
            seat = game.to_act()[0]
            game.play(seat, bot.choose(rules, game.state, seat, game.version), f"c{steps}")
            steps += 1
        over = pictures(rules, game.state)
        assert steps > 20
        assert by_id(over[0])["status"]["text"].startswith("Game over")


def test_every_viewers_picture_keeps_the_format_at_the_end_of_bot_games():
    for game in (finished_random_game(RULES, {}, "drawn"), play_checking_bots(RULES, {"round_limit": 4}, "drawn")):
        assert game.outcome() is not None
        for picture in pictures(RULES, game.state):
            assert picture["width"] <= 22 and len(picture["items"]) < 400


def test_villagers_cures_and_tiles_stand_where_the_view_puts_them():
    state = table(tiles={"c3": "virus", "a5": "cure"})
    put(state, 1, 1, "c2", hp=2, cure=True)
    put(state, 2, 2, "d5", cannot_move=True)
    state.cures = {"b4": 2}
    view = RULES.view(state, 1)
    items = by_id(RULES.picture(view, SEATS))
    for side in view["sides"]:
        for v in side["villagers"]:
            piece = items[f"villager:{side['seat']}:{v['villager']}"]
            assert (piece["at"], piece["owner"]) == (v["square"], side["seat"])
            assert items[f"hp:{side['seat']}:{v['villager']}"]["value"] == v["hp"]
        assert items[f"cures:{side['seat']}"]["value"] == side["cures_home"]
    assert "carried:1:1" in items and "carried:1:2" not in items and items["carried:1:1"]["ref"] == "c2"
    assert "cannot move next turn" in items["villager:2:2"]["title"]
    assert items["cure:b4"]["at"] == "b4" and items["cure:b4"]["label"] == "C2"
    dark = {key for key, item in items.items() if item["kind"] == "space" and item.get("tone") == "dark"}
    assert dark == set(view["face_down"]) == {"c3", "a5"}
    assert items["a1"]["tone"] == "base" and items["a1"]["owner"] == 1 and items["e7"]["owner"] == 2


def test_each_sides_cards_show_how_many_are_in_hand_and_played():
    state = table()
    hand(state, 1, move=1, axe=0)
    state.side(2)["steal_used"] = True
    hand(state, 2, steal=0)
    view = RULES.view(state, 2)
    items = by_id(RULES.picture(view, SEATS))
    for side in view["sides"]:
        for card in CARDS:
            drawn = items[f"hand:{side['seat']}:{card}"]
            assert drawn["corner"] == str(side["hand"][card]) and drawn["ref"] == card
    assert items["hand:1:move"]["lines"] == ["played 3"] and items["hand:1:axe"]["tone"] == "muted"
    assert items["hand:2:steal"]["lines"] == ["used"] and "lines" not in items["hand:2:gun"]


def test_the_placement_of_a_rules_v1_game_is_drawn_for_the_owner_only():
    state = table(rules=V1)
    owner = by_id(V1.picture(V1.owner_view(state), SEATS))
    assert {key[len("hidden:"):] for key in owner if key.startswith("hidden:")} == set(state.tiles)
    assert all(state.tiles[key[7:]].upper()[:4] in item["text"] for key, item in owner.items() if key.startswith("hidden:"))
    for seat in (1, 2, None):
        seen = V1.picture(V1.view(state, seat), SEATS)
        assert not [item for item in seen["items"] if item.get("id", "").startswith("hidden:")]
        assert "lies face down on" not in json.dumps(seen)


def test_the_board_things_and_cards_of_every_legal_command_are_refs_in_the_acting_seats_picture():
    kinds: set[str] = set()
    for seed in ("refs", "a", "b"):
        game = Game.start(RULES, SEATS, RULES.resolve_options({}), seed, salt=SALT)
        bot = RandomBot(seed)
        while game.outcome() is None:
            seat = game.to_act()[0]
            kinds |= {command["type"] for command in RULES.legal_commands(game.state, seat)}
            assert missing_refs(game.state, seat) == []
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), "c")
    assert {"move", "axe", "gun", "arrow", "grenade", "steal", "discard", "recover"} <= kinds


def test_the_enemy_village_a_steal_names_is_a_ref():
    state = table(tiles={})
    put(state, 1, 1, "c6")
    state.side(2)["village"] = 1
    assert {"type": "steal", "target": "village"} in RULES.legal_commands(state, 1)
    assert missing_refs(state, 1) == []


def test_a_hostile_seat_name_is_carried_only_as_text():
    hostile = "<script>alert(1)</script>"
    state = table()
    picture = check(RULES.picture(RULES.owner_view(state), [hostile, "Bob"]))
    carrying = [(item["kind"], key) for item in picture["items"] for key, value in item.items()
                if isinstance(value, str) and "<script>" in value]
    assert carrying and all(key in ("text", "title") for _, key in carrying)
    assert any(kind == "text" for kind, key in carrying)


def test_a_moved_villager_keeps_its_id_and_the_change_names_both_squares():
    state = table(tiles={"b3": "virus"})
    before = RULES.picture(RULES.view(state, 2), SEATS)
    _, after_state = act(state, 1, {"type": "move", "to": "b3"})
    after = RULES.picture(RULES.view(after_state, 2), SEATS)
    found = changed(before, after)
    assert by_id(after)["villager:1:1"]["at"] == "b3"
    assert {"villager:1:1", "b1", "b3", "hand:1:move"} <= set(found)
    assert not {"villager:1:2", "villager:2:1", "villager:2:2", "hand:2:move"} & set(found)
