"""Squad Combat drawn as pictures (``domain.games.squad_combat.picture``): every view of whole bot games
keeps the format, characters, counters and dice hold the view's numbers, a seat's hand is face up in
its own picture and nowhere in another's, every legal command's refs are items in the acting seat's
picture, a seat's name is only ever text, and ids follow the things they draw."""

from __future__ import annotations

import functools
import json
import re

import pytest
from picture_checks import by_id
from squad_table import SEATS, act, table

from domain.engine.game import Game
from domain.engine.picture import changed, check, refs, seat_colours
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.cards import canonical, card_set, demo_set_data
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

CARDS = card_set(canonical(demo_set_data())).cards


@functools.cache
def _games():
    """Whole games, one step after another (seat names, state): random bots on 2, 3 and 4 seats, the
    v0.5 rules, more reactions an attack, and a random bot against a greedy one."""
    return [(tuple(game.seats), game.state) for game in _played()]


def _played():
    cases = [(2, {}, "random"), (3, {"hand_size": 7}, "random"), (4, {"reactions_per_attack": 2}, "random"),
             (2, {"rules": "v0.5"}, "random"), (2, {}, "greedy")]
    for seats, options, players in cases:
        game = Game.start(RULES, SEATS[:seats], RULES.resolve_options(options), f"picture-{seats}-{players}", salt=SALT)
        bots = {seat: GreedyBot(1) if players == "greedy" and seat == 2 else RandomBot(seat) for seat in range(1, 5)}
        yield game
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bots[seat].choose(RULES, game.state, seat, game.version), f"c{game.version}")
            yield game



def _shows(text: str, card: str) -> bool:
    """Whether a picture's JSON text names the card, by its id (quoted, or beside a colon) or its name."""
    return any(id_form in text for id_form in _ID_FORMS[card]) or bool(_NAMES[card].search(text))


_ID_FORMS = {card: [f"{before}{card}{after}" for before in "\":" for after in "\":"] for card in CARDS}
"""The id as a pattern ``[":]id[":]`` would find it, looked for as plain text (a regular expression starting with
a class of characters scans the text slowly)."""
_NAMES = {card: re.compile(rf"\b{re.escape(CARDS[card].name)}\b") for card in CARDS}


def test_every_view_of_whole_bot_games_is_a_valid_picture_showing_what_the_view_holds():
    steps = 0
    for names, state in _games()[::2]:  # every other step: six pictures a step, checked item by item
        for view in [RULES.view(state, seat) for seat in (None, *range(1, len(names) + 1))] + [RULES.owner_view(state)]:
            picture = check(RULES.picture(view, names))
            items = by_id(picture)
            assert picture["width"] <= 22.5 and len(picture["items"]) < 400
            for player in view["players"]:
                seat = player["seat"]
                assert items[f"hand-size:{seat}"]["value"] == player["hand_size"]
                assert items[f"deck-size:{seat}"]["value"] == player["deck_size"]
                assert items[f"discard-size:{seat}"]["value"] == len(player["discard"])
                for c in player["characters"]:
                    key = f"{seat}:{c['place']}"
                    assert items[f"char:{key}"]["ref"] == f"character:{key}" and items[f"char:{key}"]["owner"] == seat
                    if c["dead"]:
                        assert f"hp:{key}" not in items and "dead" in items[f"char:{key}"]["name"]
                        continue
                    assert (items[f"hp:{key}"]["value"], items[f"hp:{key}"]["max"]) == (c["hp"] - c["wound_total"], c["hp"])
                    assert (items[f"energy:{key}"]["value"], items[f"energy:{key}"]["max"]) == (c["energy_left"], c["energy"])
                    assert [items[f"die:{key}:{n}"]["label"] for n in range(1, len(c["dice"]) + 1)] == [str(d) for d in c["dice"]]
                    assert f"die:{key}:{len(c['dice']) + 1}" not in items
                shown = [item for item in picture["items"] if item["id"].startswith(f"hand:{seat}:")]
                hidden = [item for item in picture["items"] if item["id"].startswith(f"hidden:{seat}:")]
                if player["hand"] is None:
                    assert not shown and len(hidden) == player["hand_size"] and all(item["face_down"] for item in hidden)
                else:
                    assert not hidden and [item["ref"] for item in shown] == [f"card:{card}" for card in player["hand"]]
                    assert all(not item.get("face_down") and item["owner"] == seat for item in shown)
        steps += 1
    assert steps > 300


def test_a_seat_sees_its_own_hand_face_up_and_no_card_of_another_hand():
    checked = 0
    for names, state in _games()[::3]:
        public = {card for p in state.players for card in p["discard"]}
        public |= {w["card"] for p in state.players for c in p["characters"] for w in c["wounds"]}
        public |= {state.attack["card"]} if state.attack else set()
        for seat in range(1, len(names) + 1):
            text = json.dumps(RULES.picture(RULES.view(state, seat), names))
            mine = set(state.player(seat)["hand"])
            assert all(_shows(text, card) for card in mine)
            for other, player in enumerate(state.players, 1):
                for card in set(player["hand"]) - mine - public if other != seat else ():
                    assert not _shows(text, card), f"seat {seat} sees {card} in seat {other}'s hand"
                    checked += 1
        spectator = json.dumps(RULES.picture(RULES.view(state, None), names))
        assert not any(_shows(spectator, card) for p in state.players for card in set(p["hand"]) - public)
    assert checked > 500


def test_every_legal_command_names_only_refs_of_the_acting_seats_picture():
    played = set()
    for names, state in _games():
        for seat in RULES.to_act(state):
            found = set(refs(RULES.picture(RULES.view(state, seat), names)).values())
            for command in RULES.legal_commands(state, seat):
                values = [ref for refs_of_field in RULES.command_refs(state, seat, command).values() for ref in refs_of_field]
                assert set(values) <= found, command
                if command["type"] == "defend":
                    assert values == ([f"die:{state.attack['target'][0]}:{state.attack['target'][1]}:{command['die']}"]
                                      if command["die"] else [])  # the defender's die; none names nothing on the table
                played.add(command["type"] + ("+die" if command.get("attack_die") else ""))
    assert {"play", "edge", "refresh", "react", "discard", "defend", "play+die"} <= played


def test_a_hostile_seat_name_is_carried_only_as_text():
    hostile = "<script>alert(1)</script>"
    state = table(hands=[["strike"], ["dodge"]])
    picture = check(RULES.picture(RULES.view(state, 2), [hostile, "Ben"]))
    carrying = {key for item in picture["items"] for key, value in item.items() if isinstance(value, str) and hostile in value}
    assert carrying == {"text", "title"}, "the name is a text and in titles, never an id, ref, label or card name"


def test_an_attack_changes_the_target_and_the_played_card_keeps_the_other_cards_ids():
    state = table(hands=[["jab", "strike", "jab"], ["mend"]], dice={(1, 1): [3, 5]})
    before = RULES.picture(RULES.view(state, 1), SEATS)
    assert [item["id"] for item in before["items"] if item["id"].startswith("hand:1:")] == ["hand:1:jab:1", "hand:1:strike:1", "hand:1:jab:2"]
    state = act(state, 1, {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]})[1]
    during = RULES.picture(RULES.view(state, 1), SEATS)
    line = by_id(during)["attack"]
    attacker, target = by_id(during)["char:1:1"], by_id(during)["char:2:1"]
    ends = [attacker["x"] + attacker["w"] / 2, attacker["y"], target["x"] + target["w"] / 2, target["y"] + target["h"]]
    assert line["points"][0] + line["points"][1] == pytest.approx(ends), "from the attacker's top edge to the target's bottom edge"
    assert line["owner"] == 1 and target["tone"] == "danger" and "tone" not in attacker
    found = changed(before, during)
    assert "hand:1:strike:1" not in by_id(during) and "hand:1:jab:1" in by_id(during) and "energy:1:1" in found
    assert "hp:2:1" not in found
    state = act(state, 2, {"type": "allow"})[1]
    after = RULES.picture(RULES.view(state, 1), SEATS)
    assert "hp:2:1" in changed(during, after) and by_id(after)["hp:2:1"]["value"] == by_id(during)["hp:2:1"]["value"] - 3
    assert "attack" not in by_id(after)


def test_the_text_of_a_card_is_printed_only_from_the_demo_set():
    state = table(hands=[["strike"], []])
    card = by_id(RULES.picture(RULES.view(state, 1), SEATS))["hand:1:strike:1"]
    assert card["name"] == "Strike" and "attack" in card["lines"] and "damage 3" in card["lines"]
    own = json.loads(canonical(demo_set_data()))
    own["characters"][0]["hp"] = 30
    state = table(hands=[["strike"], []], options={"card_set": own})
    card = by_id(RULES.picture(RULES.view(state, 1), SEATS))["hand:1:strike:1"]
    assert card["name"] == "Strike" and "lines" not in card


def test_the_outcome_is_drawn_when_the_game_is_over():
    names, state = _games()[-1]
    view = RULES.view(state, None)
    status = by_id(RULES.picture(view, names))["status"]["text"]
    assert view["phase"] == "over"
    if view["winners"]:
        assert all(names[seat - 1] in status for seat in view["winners"]) and "win" in status
    else:
        assert "draw" in status


def test_a_squad_named_for_a_colour_is_drawn_in_that_colour_not_its_seats():
    game = Game.start(RULES, SEATS[:3], RULES.resolve_options({"squads": ["red", "blue", "red"]}), "colours", salt=SALT)
    picture = check(RULES.picture(RULES.view(game.state, 1), SEATS[:3]))
    assert picture["colours"] == {"1": "red", "2": "blue"}  # the second red squad keeps a colour of its own
    assert seat_colours(picture, 3) == {1: "red", 2: "blue", 3: "green"}
    view = RULES.view(game.state, 1)
    for player in view["players"]:
        player["squad"] = f"team {player['seat']}"
    assert "colours" not in RULES.picture(view, SEATS[:3])
