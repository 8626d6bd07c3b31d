"""The Location CCG drawn as pictures (``domain.engine.picture``): every view of whole bot games keeps the format;
cards in play stand in their owner's HQ or at their location, counters say what the view says; a seat's
hand is face up in its own picture and in no one else's; what the acting seat's legal commands name is
clickable; a seat name is only ever text; and a card's id follows it when it moves."""

from __future__ import annotations

import json

import pytest
from location_table import CASINO, DOCKS, RULES, SEATS, act, table

from domain.engine.game import Game
from domain.engine.picture import changed, check, refs
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def viewers(state):
    """Every view of a state: each seat's, the spectator's and the owner's."""
    return [RULES.view(state, 1), RULES.view(state, 2), RULES.view(state, None), RULES.owner_view(state)]


def bot_game(seed: str, greedy: bool = False):
    """Each state of a game between bots, played to its end (25 turns at most)."""
    game = Game.start(RULES, SEATS, RULES.resolve_options({"turn_limit": 25}), seed, salt=SALT)
    players = {1: RandomBot(seed), 2: GreedyBot(2) if greedy else RandomBot(seed + "2")}
    played = 0
    while game.outcome() is None:
        yield game.state
        seat = game.to_act()[0]
        game.play(seat, players[seat].choose(RULES, game.state, seat, game.version), f"c{played}")
        played += 1
    yield game.state


def items(picture, kind=None):
    return {item["id"]: item for item in picture["items"] if "id" in item and kind in (None, item["kind"])}


def inside(item, area) -> bool:
    return (area["x"] <= item["x"] and item["x"] + item["w"] <= area["x"] + area["w"] + 1e-9
            and area["y"] <= item["y"] and item["y"] + item["h"] <= area["y"] + area["h"] + 1e-9)


@pytest.mark.parametrize("seed, greedy", [("draw-1", False), ("draw-2", True)])
def test_every_view_of_whole_bot_games_is_a_valid_picture_that_fits(seed, greedy):
    steps = 0
    for state in bot_game(seed, greedy):
        for view in viewers(state):
            picture = check(RULES.picture(view, SEATS))
            assert picture["width"] <= 22 and len(picture["items"]) < 400
            for item in picture["items"]:
                if "x" in item and "w" in item:
                    assert 0 <= item["x"] and item["x"] + item["w"] <= picture["width"] + 1e-9, item["id"]
                    assert 0 <= item["y"] and item["y"] + item.get("h", 0.5) <= picture["height"] + 1e-9, item["id"]
        steps += 1
    assert steps > 20


def test_cards_in_play_stand_in_the_hq_or_at_their_location_and_counters_say_what_the_view_says():
    seen_at = set()
    for state in bot_game("where", greedy=True):
        for view in viewers(state):
            picture = RULES.picture(view, SEATS)
            drawn = items(picture)
            for c in view["in_play"]:
                item = drawn[f"play:{c['uid']}"]
                assert item["ref"] == f"#{c['uid']}" and item["owner"] == c["owner"] and item["name"] == c["name"]
                area = drawn[f"hq:{c['owner']}" if c["at"] == "hq" else f"locarea:{c['at']}"]
                assert inside(item, area)
                if "atk" in c:
                    assert f"{c['atk']}/{c['defense']}/{c['skl']}" in item["lines"]
                seen_at.add(c["at"])
            in_play = {f"play:{c['uid']}" for c in view["in_play"]}
            assert {key for key in drawn if key.startswith("play:")} == in_play
            for player in view["players"]:
                seat = player["seat"]
                assert drawn[f"hand:{seat}"]["value"] == player["hand_size"]
                assert drawn[f"deck:{seat}"]["value"] == player["deck_size"]
                assert drawn[f"discard:{seat}"]["value"] == len(player["discard"])
                assert drawn[f"won:{seat}"]["value"] == player["locations_won"]
                hand = [item for key, item in drawn.items() if key.startswith(f"hand:{seat}:")]
                assert len(hand) == player["hand_size"]
            for loc in view["locations"]:
                card = drawn[f"loc:{loc['place']}"]
                assert card["ref"] == f"location:{loc['place']}" and card["name"] == loc["name"]
                assert card.get("owner") == (loc["won_by"] or None)
                for seat in (1, 2):
                    assert drawn[f"tokens:{loc['place']}:{seat}"]["value"] == loc["tokens"][str(seat)]
    assert "hq" in seen_at and seen_at & {1, 2, 3}


def test_a_seats_hand_is_face_up_in_its_own_picture_and_in_no_other_seats():
    state = table(hands=[["sniper", "katana", "sniper"], ["colossus", "windfall"]], bottoms=[["dojo"], ["arrest"]])
    mine = RULES.picture(RULES.view(state, 1), SEATS)
    hand = [item for key, item in items(mine, "card").items() if key.startswith("hand:1:")]
    assert [(card["ref"], card.get("face_down", False)) for card in hand] == [("card:sniper", False), ("card:katana", False), ("card:sniper", False)]
    hidden = [item for key, item in items(mine, "card").items() if key.startswith("hand:2:")]
    assert len(hidden) == 2 and all(card["face_down"] and "name" not in card and "ref" not in card for card in hidden)
    text = json.dumps(mine).lower()
    assert "colossus" not in text and "windfall" not in text and "arrest" not in text
    assert "training dojo" in text  # the card seat 1 put under its deck, which it may see
    for other in (RULES.view(state, 2), RULES.view(state, None)):
        text = json.dumps(RULES.picture(other, SEATS)).lower()
        assert "sniper" not in text and "katana" not in text and "dojo" not in text


def test_no_hidden_hand_shows_a_card_in_whole_games():
    for state in bot_game("secrets"):
        for seat in (1, 2, None):
            view = RULES.view(state, seat)
            for key, item in items(RULES.picture(view, SEATS), "card").items():
                if key.startswith("hand:") and not key.startswith(f"hand:{seat}:"):
                    assert item["face_down"] and not {"name", "ref", "lines"} & set(item)


@pytest.mark.parametrize("seed, greedy", [("refs-1", False), ("refs-2", True)])
def test_what_the_acting_seats_legal_commands_name_is_clickable_in_its_picture(seed, greedy):
    named = set()
    for state in bot_game(seed, greedy):
        for seat in RULES.to_act(state):
            clickable = set(refs(RULES.picture(RULES.view(state, seat), SEATS)).values())
            for command in RULES.legal_commands(state, seat):
                for key, refs_of_field in RULES.command_refs(state, seat, command).items():
                    for ref in refs_of_field:
                        assert ref in clickable, (command, state.phase)
                        named.add(key)
    assert {"location", "card", "character"} <= named


def test_a_hostile_seat_name_is_carried_only_as_text():
    hostile = "<script>alert(1)</script>"
    state = table(phase="tricks", mission={"location": DOCKS, "attackers": ["1"], "defenders": ["2"],
                                           "pairs": [{"seat": 1, "challenger": "1", "opposers": ["2"]}]},
                  hands=[["sniper"], ["fixer"]], in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("enforcer", 2, DOCKS)},
                  won={CASINO: 2})
    for view in viewers(state):
        picture = RULES.picture(view, [hostile, "Ben"])
        carriers = {(item["kind"], key) for item in picture["items"] for key, value in item.items()
                    if hostile in json.dumps(value)}
        assert carriers and all(key in ("text", "title", "lines") for _, key in carriers)
        assert ("text", "text") in carriers


def test_a_cards_id_follows_it_from_the_hq_to_the_location_it_is_sent_to():
    state = table(phase="attackers", mission={"location": CASINO}, in_play={"1": ("fixer", 1), "2": ("sniper", 1)})
    before = RULES.picture(RULES.view(state, 1), SEATS)
    _, after_state = act(state, 1, {"type": "send", "character": "2"})
    after = RULES.picture(RULES.view(after_state, 1), SEATS)
    moved = changed(before, after)
    assert "play:2" in moved and "play:1" not in moved
    assert inside(items(before)["play:2"], items(before)["hq:1"])
    assert inside(items(after)["play:2"], items(after)[f"locarea:{CASINO + 1}"])


def test_a_played_card_leaves_the_hand_and_enters_play_the_rest_of_the_hand_keeping_its_ids():
    state = table(phase="deploy", hands=[["sniper", "katana", "fixer"], []], banks=[["sniper", "fixer", "fixer"], []])
    before = RULES.picture(RULES.view(state, 1), SEATS)
    _, after_state = act(state, 1, {"type": "play", "card": "sniper"})
    after = RULES.picture(RULES.view(after_state, 1), SEATS)
    uid = next(c["uid"] for c in RULES.view(after_state, 1)["in_play"] if c["card"] == "sniper")
    assert "hand:1:sniper:1" in items(before) and "hand:1:sniper:1" not in items(after)
    assert {"hand:1:katana:1", "hand:1:fixer:1"} <= set(items(after))
    assert f"play:{uid}" in changed(before, after)


def test_a_challenger_and_its_opposer_are_joined_by_a_line_in_the_challengers_colour():
    state = table(phase="tricks", mission={"location": DOCKS, "attackers": ["1"], "defenders": ["2"],
                                           "pairs": [{"seat": 1, "challenger": "1", "opposers": ["2"]}]},
                  in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("enforcer", 2, DOCKS), "3": ("fixer", 2)})
    picture = RULES.picture(RULES.view(state, 2), SEATS)
    drawn = items(picture)
    line = drawn["pair:1:2"]
    assert line["owner"] == 1
    ends = {tuple(line["points"][0]), tuple(line["points"][-1])}
    for uid in ("1", "2"):
        card = drawn[f"play:{uid}"]
        assert any(card["x"] <= x <= card["x"] + card["w"] and y in (card["y"], card["y"] + card["h"]) for x, y in ends)
    assert "challenger" in drawn["play:1"]["lines"] and "opposes #1" in drawn["play:2"]["lines"]
    assert drawn[f"locarea:{DOCKS + 1}"]["tone"] == "accent"
    assert not [key for key in drawn if key.startswith("pair:") and "3" in key]
