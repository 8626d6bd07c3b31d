"""Table kits: one test per ruling in domain/games/table_kit/RULINGS.md and per generic command."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
import yaml

from domain.engine import early_endings, registry
from domain.engine.errors import IllegalCommand, InvalidSetup, OutcomeNotYours
from domain.engine.game import Game
from domain.engine.randomness import Rng, TableRng
from domain.games.table_kit.reading.kit import Kit, content_hash
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
SALT = "5eed" * 8
SEATS = ["Ann", "Ben", "Cy"]

CARDS_KIT = yaml.safe_load((Path(__file__).resolve().parents[2] / "kits" / "market.yaml").read_text(encoding="utf-8"))
"""A kit with hands dealt from a face-down pile, a face-up market, a private vault per seat, a die, counters."""


def start(kit=CARDS_KIT, seats=SEATS, seed="kit"):
    return Game.start(RULES, list(seats), RULES.resolve_options({"kit": kit}), seed, salt=SALT)


def play(game, seat, command, n=[0]):  # noqa: B006 -- a counter for command ids
    """Play the command; its recorded facts' events."""
    n[0] += 1
    before = len(game.pending_events)
    game.play(seat, RULES.check_command(command), f"c{n[0]}")
    return [event for event in game.pending_events[before:] if hasattr(event, "fact")]


def hand(game, seat):
    return [entry["card"] for entry in game.state.zones[f"hand:{seat}"]["cards"]]


def test_the_kit_is_part_of_the_game_and_its_hash_is_the_first_event():
    game = start()
    laid = game.pending_events[1]  # after the creation
    assert type(laid).__name__ == "KitLaid" and laid.fact["hash"] == content_hash(CARDS_KIT) == game.state.kit_hash
    assert game.options["kit"] == CARDS_KIT


def test_a_changed_kit_is_another_kit_and_the_old_game_keeps_its_own():
    changed = copy.deepcopy(CARDS_KIT)
    changed["decks"][0]["cards"][0]["count"] = 5
    old, new = start(), start(changed)
    assert old.state.kit_hash != new.state.kit_hash
    assert sum(len(z["pool"]) + len(z["cards"]) for z in old.state.zones.values()) == 14
    assert sum(len(z["pool"]) + len(z["cards"]) for z in new.state.zones.values()) == 15


def test_a_kit_outside_its_seats_or_broken_is_refused_with_a_clear_error():
    with pytest.raises(InvalidSetup, match="Market is played by 2-4 players, not 5"):
        start(seats=["A", "B", "C", "D", "E"])
    broken = {**CARDS_KIT, "decks": [{**CARDS_KIT["decks"][0], "pile": "nowhere"}]}
    with pytest.raises(InvalidSetup, match="decks.0.pile: no zone named 'nowhere'"):
        start(broken)


def test_only_the_seat_whose_turn_it_is_acts_until_it_passes():
    game = start()
    assert game.to_act() == [1]
    assert RULES.legal_commands(game.state, 2) == []
    play(game, 1, {"type": "pass"})
    assert game.to_act() == [2]
    play(game, 2, {"type": "pass", "to": 1})
    assert game.to_act() == [1]
    with pytest.raises(IllegalCommand):
        RULES.decide(game.state, 1, {"type": "pass", "to": 1}, Rng("x", 1))


def test_the_first_turn_is_the_kits_first_seat_or_random():
    assert start({**CARDS_KIT, "first": 2}).to_act() == [2]
    firsts = {start({**CARDS_KIT, "first": "random"}, seed=f"s{n}").to_act()[0] for n in range(20)}
    assert firsts == {1, 2, 3}


def test_a_face_down_piles_order_is_decided_card_by_card_as_it_is_drawn():
    game = start()
    assert game.state.zones["draw"]["cards"] == [] and len(game.state.zones["draw"]["pool"]) == 12 - 6
    before = sorted(game.state.zones["draw"]["pool"])
    events = play(game, 1, {"type": "draw", "from": "draw"})
    drawn = events[-1].fact["card"]
    assert drawn in before and hand(game, 1)[-1] == drawn
    assert sorted(game.state.zones["draw"]["pool"] + [drawn]) == before


def test_a_card_put_on_a_pile_lies_on_top_and_is_drawn_first():
    game = start()
    card = hand(game, 1)[0]
    play(game, 1, {"type": "play", "card": card, "to": "draw"})
    assert game.state.zones["draw"]["cards"][-1] == {"card": card, "up": False, "seen": [1]}
    play(game, 1, {"type": "pass"})
    events = play(game, 2, {"type": "draw", "from": "draw"})
    assert events[-1].fact["card"] == card and events[-1].fact["index"] == 0


def test_a_card_put_under_a_pile_comes_up_after_every_card_above_it_those_put_under_first_first():
    game = start()
    first, second = hand(game, 1)[:2]
    before = len(game.state.zones["draw"]["pool"])
    with pytest.raises(IllegalCommand, match="a card goes under a face-down pile; 'market' is face-up"):
        play(game, 1, {"type": "discard", "card": first, "to": "market", "under": True})
    (event,) = play(game, 1, {"type": "discard", "card": first, "to": "draw", "under": True})
    play(game, 1, {"type": "discard", "card": second, "to": "draw", "under": True})
    assert RULES.describe(RULES.redact(event.as_fact(), 2), SEATS) == "Ann puts a card under draw."  # Ben did not see it
    assert RULES.describe(event.as_fact(), SEATS) == f"Ann puts {first} under draw."
    pile = RULES.view(game.state, 2)["zones"]
    assert next(zone for zone in pile if zone["name"] == "draw")["under"] == 2
    drawn = []
    for _ in range(before + 2):
        seat = game.to_act()[0]
        events = play(game, seat, {"type": "draw", "from": "draw"})
        drawn.append(events[-1].fact["card"])
        play(game, seat, {"type": "pass"})
    assert drawn[-2:] == [first, second]  # the pile's own cards first, then those put under, in the order they went
    assert "under" not in game.state.zones["draw"]


def test_an_unshuffled_deck_lies_in_its_listed_order_first_card_on_top():
    game = start()
    assert [entry["card"] for entry in game.state.zones["market"]["cards"]] == ["Mill", "Well"]


def test_who_sees_a_card_hands_are_their_holders_and_a_pile_shows_only_a_number():
    game = start()
    for seat in (1, 2, 3):
        view = RULES.view(game.state, seat)
        zones = {zone["name"]: zone for zone in view["zones"]}
        for other in (1, 2, 3):
            names = [card["card"] for card in zones[f"hand:{other}"]["cards"]]
            assert names == (hand(game, other) if other == seat else [None, None])
        assert zones["draw"]["cards"] == [] and zones["draw"]["hidden"] == 6 and "undecided" not in zones["draw"]
        assert [card["card"] for card in zones["market"]["cards"]] == ["Mill", "Well"]


def test_a_card_played_face_down_is_seen_by_its_player_only_and_flipped_by_all():
    game = start()
    card = hand(game, 1)[0]
    events = play(game, 1, {"type": "play", "card": card, "to": "discard", "face": "down"})
    assert RULES.redact(events[-1].as_fact(), 2).card == "" and RULES.redact(events[-1].as_fact(), 1).card == card
    discard = {z["name"]: z for z in RULES.view(game.state, 2)["zones"]}["discard"]
    assert discard["cards"] == [{"card": None, "up": False}]
    play(game, 1, {"type": "flip", "from": "discard"})
    discard = {z["name"]: z for z in RULES.view(game.state, 2)["zones"]}["discard"]
    assert discard["cards"] == [{"card": card, "up": True}]


def test_a_gift_is_seen_by_the_two_seats_only():
    game = start()
    card = hand(game, 1)[0]
    events = play(game, 1, {"type": "give", "card": card, "seat": 2})
    fact = events[-1].as_fact()
    assert [RULES.redact(fact, seat).card for seat in (1, 2, 3, None)] == [card, card, "", ""]
    assert hand(game, 2)[-1] == card


def test_a_revealed_card_is_known_to_all_and_stays_in_hand():
    game = start()
    card = hand(game, 1)[0]
    play(game, 1, {"type": "reveal", "card": card})
    seen_by_3 = [c["card"] for c in {z["name"]: z for z in RULES.view(game.state, 3)["zones"]}["hand:1"]["cards"]]
    assert card in seen_by_3 and hand(game, 1)[0] == card
    if hand(game, 1).count(card) > 1:
        play(game, 1, {"type": "reveal", "card": card})
    with pytest.raises(IllegalCommand, match="every seat has seen"):
        RULES.decide(game.state, 1, {"type": "reveal", "card": card}, Rng("x", 1))


def test_looking_decides_the_top_cards_for_the_looker_alone():
    game = start()
    events = play(game, 1, {"type": "look", "zone": "draw", "count": 2})
    fact = events[-1].as_fact()
    assert len(fact.decided) == 2 and all(fact.decided)
    assert RULES.redact(fact, 2).decided == ["", ""]
    top = [c["card"] for c in {z["name"]: z for z in RULES.view(game.state, 1)["zones"]}["draw"]["cards"]]
    assert top == fact.decided
    play(game, 1, {"type": "draw", "from": "draw"})
    assert hand(game, 1)[-1] == fact.decided[-1]  # the top one, last


def test_a_shuffle_forgets_what_was_seen():
    game = start()
    play(game, 1, {"type": "look", "zone": "draw", "count": 1})
    play(game, 1, {"type": "shuffle", "zone": "draw"})
    assert game.state.zones["draw"]["cards"] == [] and len(game.state.zones["draw"]["pool"]) == 6
    with pytest.raises(IllegalCommand, match="only a face-down zone is shuffled"):
        RULES.decide(game.state, 1, {"type": "shuffle", "zone": "market"}, Rng("x", 1))


def test_hands_always_exist_and_no_one_reaches_into_anothers():
    game = start({**CARDS_KIT, "hands": {}})
    assert hand(game, 1) == [] and "hand:3" in game.state.zones
    for command, words in [({"type": "draw", "from": "hand:2"}, "only seat 2"), ({"type": "draw", "from": "vault:2"}, "only seat 2"),
                           ({"type": "look", "zone": "vault:2"}, "only seat 2")]:
        with pytest.raises(IllegalCommand, match=words):
            RULES.decide(game.state, 1, command, Rng("x", 1))


def test_per_seat_zones_and_counters_are_named_with_the_seat():
    game = start()
    assert {"vault:1", "vault:2", "vault:3", "hand:1"} <= set(game.state.zones)
    assert game.state.counters == {"money:1": 2, "money:2": 2, "money:3": 2, "round": 1}


def test_counters_keep_their_range():
    game = start()
    play(game, 1, {"type": "add", "counter": "money:2", "amount": 8})
    assert game.state.counters["money:2"] == 10
    for command in ({"type": "add", "counter": "money:2", "amount": 1}, {"type": "set", "counter": "money:1", "value": -1}):
        with pytest.raises(IllegalCommand, match="ranges 0..10"):
            RULES.decide(game.state, 1, command, Rng("x", 1))
    play(game, 1, {"type": "set", "counter": "round", "value": 99})
    assert game.state.counters["round"] == 99


def test_gathering_puts_a_pile_on_another_and_unseen_cards_only_onto_a_face_down_one():
    game = start()
    card = hand(game, 1)[0]
    play(game, 1, {"type": "discard", "card": card, "to": "discard"})
    play(game, 1, {"type": "gather", "from": "discard", "to": "draw"})
    top = game.state.zones["draw"]["cards"][-1]
    assert top["card"] == card and not top["up"] and top["seen"] == [1, 2, 3]  # everyone saw it face up
    with pytest.raises(IllegalCommand, match="only onto a face-down zone"):
        RULES.decide(game.state, 1, {"type": "gather", "from": "draw", "to": "discard"}, Rng("x", 1))
    play(game, 1, {"type": "gather", "from": "hand:1", "to": "discard"})
    assert hand(game, 1) == []


def test_turning_over_the_top_card_of_a_pile_onto_another():
    game = start()
    events = play(game, 1, {"type": "flip", "from": "draw", "to": "discard"})
    card = events[-1].fact["card"]
    assert {z["name"]: z for z in RULES.view(game.state, 3)["zones"]}["discard"]["cards"] == [{"card": card, "up": True}]


def test_moving_pieces_any_piece_to_any_space_or_off_the_board():
    game = start()
    play(game, 1, {"type": "move", "piece": "pawn-2", "to": "c3"})
    play(game, 1, {"type": "move", "piece": "coin-1", "to": "off"})
    assert game.state.pieces["pawn-2"] == "c3" and game.state.pieces["coin-1"] == "off"
    for command, words in [({"type": "move", "piece": "pawn-9", "to": "a1"}, "no piece"),
                           ({"type": "move", "piece": "pawn-1", "to": "z9"}, "no space"),
                           ({"type": "move", "piece": "pawn-2", "to": "c3"}, "already")]:
        with pytest.raises(IllegalCommand, match=words):
            RULES.decide(game.state, 1, command, Rng("x", 1))


def test_rolling_dice_records_each_face():
    game = start()
    events = play(game, 1, {"type": "roll", "die": "d6", "count": 3})
    faces = events[-1].fact["faces"]
    assert len(faces) == 3 and set(faces) <= {1, 2, 3, 4, 5, 6} and game.state.dice["d6"] == faces


def test_a_die_rolled_behind_a_screen_is_seen_by_its_roller_alone_until_the_end():
    kit = copy.deepcopy(CARDS_KIT)
    kit["dice"].append({"name": "cup", "faces": [1, 2, 3, 4, 5, 6], "hidden": True})
    game = start(kit)
    (event,) = play(game, 1, {"type": "roll", "die": "cup", "count": 2})
    fact = event.as_fact()
    assert type(fact).__name__ == "HiddenDiceRolled" and game.state.dice["cup:1"] == fact.faces
    assert RULES.redact(fact, 1).faces == fact.faces
    assert RULES.redact(fact, 2).faces == ["", ""] and RULES.redact(fact, None).faces == ["", ""]
    assert RULES.describe(RULES.redact(fact, 2), SEATS) == "Ann rolls cup behind a screen."
    mine = [die for die in RULES.view(game.state, 1)["dice"] if die["name"] == "cup"]
    theirs = [die for die in RULES.view(game.state, 2)["dice"] if die["name"] == "cup"]
    assert mine[0]["last"] == fact.faces and theirs[0]["last"] is None and theirs[0]["hidden"] is True
    assert "Ann's cup: behind a screen" in RULES.render(RULES.view(game.state, 2), SEATS)
    assert [die["last"] for die in RULES.owner_view(game.state)["dice"] if die["name"] == "cup"][0] == fact.faces
    twin = RULES.determinize(game.state, 2, Rng("twin", 0))
    assert RULES.view(twin, 2) == RULES.view(game.state, 2)  # the imagined table keeps what seat 2 sees
    with pytest.raises(OutcomeNotYours, match="is another seat's secret"):  # at a table, only the roller tells it
        RULES.decide(game.state, 1, {"type": "roll", "die": "cup"}, TableRng([3], teller=2))


def test_dealing_gives_every_seat_its_cards_seat_1_first():
    game = start({**CARDS_KIT, "hands": {}})
    events = play(game, 1, {"type": "deal", "from": "draw", "count": 2})
    assert [e.fact["to"] for e in events] == ["hand:1", "hand:2", "hand:3"] * 2
    assert [len(hand(game, seat)) for seat in (1, 2, 3)] == [2, 2, 2]


def test_the_game_ends_when_every_seat_agrees():
    game = start()
    play(game, 1, {"type": "end", "winners": [2], "reason": "most money"})
    assert game.outcome() is None and sorted(game.to_act()) == [2, 3]
    with pytest.raises(IllegalCommand, match="agrees or refuses first"):
        RULES.decide(game.state, 2, {"type": "pass"}, Rng("x", 1))
    play(game, 2, {"type": "agree"})
    play(game, 3, {"type": "refuse"})
    assert game.outcome() is None and game.to_act() == [1]
    play(game, 1, {"type": "end", "winners": [2], "reason": "most money"})
    play(game, 3, {"type": "agree"})
    play(game, 2, {"type": "agree"})
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == [2] and outcome.reason == "most money"
    assert RULES.view(game.state, 3)["zones"][0]["cards"][0]["card"] is not None  # over: everything shown


def test_while_a_proposed_end_waits_the_text_and_picture_name_who_proposed_it_and_who_is_yet_to_answer():
    game = start()
    play(game, 1, {"type": "end", "winners": [2], "reason": "most money"})
    play(game, 3, {"type": "agree"})
    said = "Turn 1: Ann proposes to end the game (Ben wins); waiting for Ben to agree or refuse"
    view = RULES.view(game.state, 2)
    assert said in RULES.render(view, ["Ann", "Ben", "Cy"])
    assert any(item.get("text") == said for item in RULES.picture(view, ["Ann", "Ben", "Cy"])["items"])


def test_alone_at_the_table_an_end_ends_at_once():
    game = start({**CARDS_KIT, "seats": {"fewest": 1, "most": 4}}, seats=["Solo"])
    play(game, 1, {"type": "end", "winners": []})
    assert game.outcome() is not None and game.outcome().winners == []



def test_ruling_19_in_every_kit_a_seat_may_resign_and_the_others_win_agree_a_draw_or_abort():
    resigned, drawn, aborted = (start(seed=f"end-{n}") for n in range(3))
    early_endings.act(resigned, early_endings.RESIGN, 2)
    assert resigned.outcome().to_data() == {"winners": [1, 3], "reason": "Ben resigned", "at_limit": False,
                                            "ended_by": "resignation"}
    for seat in (1, 3, 2):
        assert drawn.outcome() is None
        early_endings.act(drawn, early_endings.OFFER_DRAW, seat)
    assert (drawn.outcome().winners, drawn.outcome().ended_by) == ([], "agreement")
    play(aborted, 1, {"type": "roll", "die": "d6"})
    early_endings.act(aborted, early_endings.ABORT, 1)
    assert (aborted.outcome().winners, aborted.outcome().ended_by) == ([], "abort")
    ruled = start(shipped_kit("tic-tac-toe"), seats=["Ann", "Ben"], seed="end-ruled")
    with pytest.raises(IllegalCommand, match="this kit's rules say what is played"):  # no proposed end (ruling 11) ...
        play(ruled, 1, {"type": "end", "winners": []})
    for seat in (2, 1):  # ... but its seats may still agree a draw
        early_endings.act(ruled, early_endings.OFFER_DRAW, seat)
    assert (ruled.outcome().winners, ruled.outcome().ended_by) == ([], "agreement")

def test_a_bots_imagined_table_keeps_what_the_seat_sees_and_each_card_with_its_deck():
    game = start()
    play(game, 1, {"type": "look", "zone": "draw", "count": 1})
    seen_before = RULES.view(game.state, 1)
    worlds = [RULES.determinize(game.state, 1, SimRng(random.Random(n))) for n in range(30)]
    for world in worlds:
        assert RULES.view(world, 1) == seen_before
        assert world.zones["market"] == game.state.zones["market"]
        held = sorted(name for zone in world.zones.values() for name in [e["card"] for e in zone["cards"]] + zone["pool"])
        assert held == sorted(name for zone in game.state.zones.values() for name in [e["card"] for e in zone["cards"]] + zone["pool"])
    assert len({json.dumps(w.zones, sort_keys=True) for w in worlds}) > 1


@pytest.mark.parametrize("name", ["missions", "snakes-and-ladders"])
def test_the_shipped_kits_are_whole_and_play(name):
    kit = shipped_kit(name)
    built = Kit.of(kit)
    game = start(kit, seats=["Ann", "Ben", "Cy"], seed=name)
    play(game, 1, {"type": "roll", "die": "die"})
    assert game.state.dice["die"][0] in range(1, 7)
    assert len(built.spaces) == (28 if name == "missions" else 101)


def random_history(seed: int, seats=("Ann", "Ben", "Cy"), commands: int = 150):
    """A random game of the test kit: each state with the facts that led to it."""
    from domain.thinking.bots import RandomBot

    game = start(seats=list(seats), seed=f"leak-{seed}")
    bot = RandomBot(seed)
    for number in range(commands):
        if game.outcome() is not None:
            return
        seat = game.to_act()[0]
        events = play(game, seat, bot.choose(RULES, game.state, seat, game.version))
        yield game.state, [event.as_fact() for event in events]


@pytest.mark.parametrize("seed", range(6))
def test_no_secret_leaks_a_seat_receives_nothing_that_changes_with_what_it_cannot_see(seed):
    """Over whole random games: every card name an event shows a seat is a card that seat sees where it
    lands (or saw face up), and a world where every card the seat cannot see is dealt afresh gives the
    seat the same view, board, text and legal commands."""
    seats = ["Ann", "Ben", "Cy"]
    checked = 0
    for state, facts in random_history(seed, seats):
        for fact in facts:
            for viewer in (1, 2, 3, None):
                shown = RULES.redact(fact, viewer)
                if type(fact).__name__ == "CardMoved" and shown.card:
                    landed = [entry for entry in state.zones[fact.to]["cards"] if entry["card"] == fact.card]
                    assert fact.up or (viewer is not None and any(viewer in entry["seen"] for entry in landed)), (fact, viewer)
                if type(fact).__name__ == "CardsLookedAt" and viewer != fact.seat:
                    assert not any(shown.decided)
        if state.winners is not None:
            break
        for viewer in (1, 2, 3):
            twin = RULES.determinize(state, viewer, SimRng(random.Random(checked)))
            view = RULES.view(state, viewer)
            assert RULES.view(twin, viewer) == view
            assert RULES.picture(RULES.view(twin, viewer), seats) == RULES.picture(view, seats)
            assert RULES.render(RULES.view(twin, viewer), seats) == RULES.render(view, seats)
            assert RULES.legal_commands(twin, viewer) == RULES.legal_commands(state, viewer)
            checked += 1
    assert checked > 20


def test_a_number_names_a_tracks_space_and_menus_say_commands_in_words():
    game = start(shipped_kit("snakes-and-ladders"), seats=["Ann", "Ben"], seed="numbers")
    play(game, 1, {"type": "move", "piece": "pawn-1", "to": 14})
    assert game.state.pieces["pawn-1"] == "14"
    labels = [RULES.describe_command(command) for command in RULES.legal_commands(game.state, 1)]
    assert {"move pawn-1 to 15", "move pawn-2 off the board", "roll die", "pass the turn", "propose the end: seat 2 wins",
            "propose the end: a draw"} <= set(labels)


def test_the_missions_kit_puts_a_failed_mission_under_its_pile_and_says_its_text_on_spaces_and_turns():
    kit = shipped_kit("missions")
    text = kit["rules"]
    assert "Only two players can be on a space at a time" in text and "counterclockwise round the table" in text
    assert "clockwise or counterclockwise: your choice" in text and "under its pile" in text
    game = start(kit, seats=["Ann", "Ben", "Cy"], seed="missions-under")
    seat = game.to_act()[0]
    failed = play(game, seat, {"type": "draw", "from": "level-3"})[-1].fact["card"]
    play(game, seat, {"type": "discard", "card": failed, "to": "level-3", "under": True})
    again = play(game, seat, {"type": "draw", "from": "level-3"})[-1].fact["card"]
    assert again != failed  # the next draw is another mission: the failed one waits under the rest
