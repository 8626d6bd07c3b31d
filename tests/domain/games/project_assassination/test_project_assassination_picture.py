"""Project Assassination drawn: every viewer's picture keeps the format through whole bot games, shows the
assassins, enemies, cards, obstacles and numbers where the view has them, names every board thing a legal
command names, carries seat names only as text, and keeps each piece's id as it moves."""

from __future__ import annotations

import json

import picture_checks
from picture_checks import by_id, viewers_pictures
from table import RULES, act, enemy, table, weapon

from domain.engine.game import Game
from domain.engine.picture import changed, check
from domain.games.project_assassination.cards import NAMES
from domain.thinking.bots import RandomBot
from tests.bot_matches import finished_random_game, play_checking_bots

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ann", "Bob"]
BOARD_FIELDS = ("deck", "discard", "square", "from", "to", "slot", "aim", "corner", "card")
"""The command fields that name a thing on the table: a deck, a card, a square, a weapon slot, a direction."""


def pictures(game: Game) -> list[dict]:
    return viewers_pictures(RULES, game.state, SEATS)



def missing_refs(state, seat: int) -> list[tuple[str, str, str]]:
    return picture_checks.missing_refs(RULES, state, seat, SEATS, BOARD_FIELDS)


def test_every_viewers_picture_keeps_the_format_through_a_random_game():
    game = Game.start(RULES, SEATS, RULES.resolve_options({}), "pictures", salt=SALT)
    bot, steps = RandomBot("pictures"), 0
    while game.outcome() is None:
        pictures(game)
        seat = game.to_act()[0]
        game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{steps}")
        steps += 1
    over = pictures(game)
    assert steps > 20
    assert any("won" in item.get("text", "") or "over" in item.get("text", "") for item in over[0]["items"])


def test_every_viewers_picture_keeps_the_format_at_the_end_of_bot_games():
    for game in (finished_random_game(RULES, {}, "drawn"), play_checking_bots(RULES, {"round_limit": 6}, "drawn")):
        assert game.outcome() is not None
        for picture in pictures(game):
            assert picture["width"] <= 22 and len(picture["items"]) < 400


def test_assassins_enemies_cards_and_obstacles_stand_where_the_view_puts_them():
    state = table(enemies=[enemy("heavy", "d4", hp=3), enemy("grunt", "b5", caged_by=2)], obstacles=["c3", "f5"],
                  cards={"a6": ["boots", "uzi"], "g2": ["cage", "sight", "grenade"]})
    state.player(1).update(square="c4", hp=7)
    view = RULES.view(state, 1)
    items = by_id(RULES.picture(view, SEATS))
    for player in view["players"]:
        assert items[f"assassin:{player['seat']}"]["at"] == player["square"]
        assert items[f"assassin:{player['seat']}"]["owner"] == player["seat"]
    assert items["enemy:heavy:0"]["at"] == "d4" and items["enemy:heavy:0"]["label"] == "H3"
    assert items["enemy:grunt:0"]["at"] == "b5" and "caged by Bob" in items["enemy:grunt:0"]["title"]
    assert [items[f"card:a6:{n}"]["title"] for n in (0, 1)] == ["Boots lying on a6", "UZI lying on a6"]
    assert items["cards:g2"]["label"] == "x3" and all(NAMES[c] in items["cards:g2"]["title"] for c in ("cage", "sight", "grenade"))
    walls = {key for key, item in items.items() if item["kind"] == "space" and item.get("tone") == "wall"}
    assert walls == set(view["obstacles"])
    assert items["d7"]["tone"] == "base" and items["d7"]["owner"] == 2 and items["a6"]["tone"] == "gold"


def test_each_seats_numbers_weapons_and_reserve_are_drawn_as_the_view_holds_them():
    state = table()
    state.player(1).update(hp=6, vp=4, boots=1, reserve=["cover", "obstacle", "cover"],
                           slots=[weapon("uzi", sight=True), weapon("pistol")])
    view = RULES.view(state, 2)
    items = by_id(RULES.picture(view, SEATS))
    for player in view["players"]:
        seat = player["seat"]
        assert [items[f"{key}:{seat}"]["value"] for key in ("hp", "vp", "boots", "reserve")] == [
            player["hp"], player["vp"], player["boots"], len(player["reserve"])]
    assert items["weapon:1:1"]["name"] == "UZI" and items["weapon:1:1"]["lines"] == ["+Sight"]
    assert sorted(key for key in items if key.startswith("reserve:1:") and items[key]["kind"] == "card") == [
        "reserve:1:cover:0", "reserve:1:cover:1", "reserve:1:obstacle:0"]
    assert items["deck:item"]["corner"] == str(view["decks"]["item"]) and items["deck:item"]["face_down"]


def test_only_the_owner_sees_what_the_decks_hold():
    state = table(collectible_deck=["paralysis_pistol", "muzzle"])
    owner = json.dumps(RULES.picture(RULES.owner_view(state), SEATS))
    assert "Paralysis Pistol 1" in owner
    for seat in (1, 2, None):
        seen = json.dumps(RULES.picture(RULES.view(state, seat), SEATS))
        assert "Paralysis" not in seen and "Muzzle" not in seen


def test_the_board_things_of_every_legal_command_are_refs_in_the_acting_seats_picture():
    kinds: set[str] = set()
    for seed in ("refs", "a", "b", "c"):
        game = Game.start(RULES, SEATS, RULES.resolve_options({}), seed, salt=SALT)
        bot = RandomBot(seed)
        while game.outcome() is None:
            seat = game.to_act()[0]
            kinds |= {command["type"] for command in RULES.legal_commands(game.state, seat)}
            assert missing_refs(game.state, seat) == []
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), "c")
    assert {"move", "place", "draw", "attack", "obstacle", "strategy"} <= kinds


def test_the_board_things_of_the_choices_after_collecting_a_card_are_refs():
    scenes = {
        "drop": dict(pending=["shotgun"], slots=[weapon("uzi"), weapon("pistol")]),
        "attach": dict(pending=["sight"], slots=[weapon("uzi"), weapon("pistol")]),
        "cage": dict(pending=["cage"]),
        "grenade": dict(pending=["grenade"]),
        "discard": dict(pending=["discard"], reserve=["obstacle", "cover", "ambush", "strategy", "obstacle", "cover"]),
    }
    for kind, scene in scenes.items():
        state = table(enemies=[enemy("heavy", "d4")])
        state.pending = scene.pop("pending")
        state.player(1).update(**scene)
        commands = RULES.legal_commands(state, 1)
        assert commands and {c["type"] for c in commands} == {kind}
        assert missing_refs(state, 1) == [], kind


def test_the_directions_a_shotgun_and_a_sniper_aim_at_are_refs():
    state = table(enemies=[enemy("heavy", "d3")])
    state.player(1).update(slots=[weapon("shotgun"), weapon("sniper")])
    aims = {str(c["aim"]) for c in RULES.legal_commands(state, 1) if c["type"] == "attack"}
    assert "north" in aims
    assert missing_refs(state, 1) == []


def test_a_hostile_seat_name_is_carried_only_as_text():
    hostile = "<script>alert(1)</script>"
    state = table()
    picture = check(RULES.picture(RULES.owner_view(state), [hostile, "Bob"]))
    carrying = [(item["kind"], key) for item in picture["items"] for key, value in item.items()
                if isinstance(value, str) and "<script>" in value]
    assert carrying and all(key in ("text", "title") for _, key in carrying)
    assert any(kind == "text" for kind, key in carrying)


def test_a_moved_assassin_keeps_its_id_and_the_change_names_both_squares():
    state = table()
    before = RULES.picture(RULES.view(state, 2), SEATS)
    start = state.player(1)["square"]
    _, after_state = act(state, 1, {"type": "move", "to": "c1"})
    after = RULES.picture(RULES.view(after_state, 2), SEATS)
    found = changed(before, after)
    assert {"assassin:1", start, "c1"} <= set(found)
    assert "assassin:2" not in found


def test_an_enemy_moved_by_a_strategy_keeps_its_id():
    state = table(enemies=[enemy("heavy", "c4"), enemy("grunt", "f3")], obstacles=[])
    state.player(1).update(reserve=["strategy"])
    before = RULES.picture(RULES.view(state, 1), SEATS)
    _, after_state = act(state, 1, {"type": "strategy", "from": "c4", "to": "c6"})
    after = RULES.picture(RULES.view(after_state, 1), SEATS)
    assert by_id(after)["enemy:heavy:0"]["at"] == "c6"
    assert {"enemy:heavy:0", "c4", "c6"} <= set(changed(before, after))
    assert "enemy:grunt:0" not in changed(before, after)


def test_the_board_has_a_legend_of_its_marks_as_the_terminal_board_does():
    game = Game.start(RULES, SEATS, RULES.resolve_options({}), "legend", salt=SALT)
    for picture in pictures(game):
        legend = " ".join(item["text"] for item in picture["items"] if item.get("id", "").startswith("legend:"))
        for mark in ("G grunt", "H heavy", "M medic", "B boss", "obstacle", "spawn", "rendezvous", "tunnel", "heal point",
                     "no enemy"):
            assert mark in legend, mark
