"""What a command names on the board (``Ruleset.command_refs``) is never ambiguous: in random games of every
ruleset and rule variant, at every step, for each seat to act, every ref its legal commands name is an item
on its board, and the items that share a ref are one kind of thing (a square and the pieces that stand on
it; never a seat, a character and a die, or a location and a card in play, under one number)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from quick_games import quick_options

from domain.engine import registry
from domain.engine.game import Game
from domain.thinking.bots import RandomBot

SALT = "5eed" * 8
"""With the seed, what deals the same games every run."""
GAMES = 4
MOST_COMMANDS = 200
CASES = [(rules, variant) for rules in registry.all_rulesets() for variant in ["", *rules.variants]]


def kind_of(item: dict[str, Any], spaces: set[str]) -> str:
    """What sort of thing a clickable item stands for: a square, for a square and whatever its ref names
    as standing on it; else what its id says it is (``char`` of ``char:1:2``)."""
    return "square" if item["ref"] in spaces else item["id"].split(":")[0]


def clickable_kinds(picture: dict[str, Any]) -> dict[str, set[str]]:
    """Each ref on the board, with the kinds of the items that carry it."""
    spaces = {item["id"] for item in picture["items"] if item["kind"] == "space" and "id" in item}
    kinds: dict[str, set[str]] = defaultdict(set)
    for item in picture["items"]:
        if item["kind"] == "space" and "id" in item:
            kinds[item.get("ref", item["id"])].add("square")
        elif "ref" in item and "id" in item:
            kinds[item["ref"]].add(kind_of(item, spaces))
    return kinds


def states_to_act(rules, variant: str, game_number: int):
    """The states of a random game (short options), with each seat to act in it."""
    seats = ["Ann", "Ben", "Cy", "Dee"][: max(2, rules.min_seats)]
    options = {**quick_options(rules.name), **rules.variants.get(variant, {})}
    game = Game.start(rules, seats, rules.resolve_options(options), f"refs-{game_number}", salt=SALT)
    bot = RandomBot(game_number)
    for number in range(MOST_COMMANDS):
        if game.outcome() is not None:
            return
        for seat in game.to_act():
            yield game.state, seat, seats
        seat = game.to_act()[0]
        game.play(seat, bot.choose(rules, game.state, seat, game.version), f"c{number}")


@pytest.mark.parametrize(("rules", "variant"), CASES, ids=lambda case: getattr(case, "name", case) or "default")
def test_every_ref_a_command_names_is_one_kind_of_thing_on_the_board(rules, variant):
    checked = 0
    for game_number in range(GAMES):
        for state, seat, seats in states_to_act(rules, variant, game_number):
            kinds = clickable_kinds(rules.picture(rules.view(state, seat), seats))
            for command in rules.legal_commands(state, seat):
                for field, refs in rules.command_refs(state, seat, command).items():
                    for ref in refs:
                        assert ref in kinds, f"{command} names {ref} ({field}), which is not on the board"
                        assert len(kinds[ref]) == 1, f"{ref} ({field} of {command}) stands for {sorted(kinds[ref])} at once"
                        checked += 1
    assert checked > 50


def test_a_squad_combat_command_names_its_character_by_seat_and_place_and_its_die_by_its_character():
    rules = registry.get("squad-combat")
    play = {"type": "play", "card": "jab", "performer": 2, "target": [2, 1], "attack_die": 5, "discard": ["focus"]}
    assert rules.command_refs(None, 1, play) == {"card": ["card:jab"], "performer": ["character:1:2"],
                                                 "target": ["character:2:1"], "attack_die": ["die:1:2:5"],
                                                 "discard": ["card:focus"]}
    assert rules.command_refs(None, 2, {"type": "refresh", "character": 3}) == {"character": ["character:2:3"]}


def test_a_location_ccg_command_tells_a_location_from_a_card_in_play_of_the_same_number():
    rules = registry.get("location-ccg")
    assert rules.command_refs(None, 1, {"type": "attack", "location": 2, "characters": ["2", "5"]}) == {
        "location": ["location:2"], "characters": ["#2", "#5"]}
    assert rules.command_refs(None, 1, {"type": "play", "card": "scout", "target": "2", "pay": ["cash"]}) == {
        "card": ["card:scout"], "target": ["#2"], "pay": ["bank:cash"]}
    assert rules.command_refs(None, 1, {"type": "upkeep", "card": "2", "pay": False}) == {"card": ["#2"]}


def test_by_default_a_command_names_its_fields_values_as_texts():
    rules = registry.get("correction")
    assert rules.command_refs(None, 1, {"type": "move", "from": "c1", "to": "c2"}) == {"from": ["c1"], "to": ["c2"]}
