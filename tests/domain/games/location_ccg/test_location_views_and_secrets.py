"""The Location CCG's hidden information at the rules level (ruling 38; LC-12, LC-15 to LC-18): a hand
is its owner's alone, the cards put under a deck at the mulligan too, no one sees a deck (its contents
are in the game owner's secret view only), a void pile shows its size, banks, discard piles and
everything in play are public; a drawn card and a card put under are redacted for every other seat
and the spectator, and the sentence of a redacted fact names no card; the table drawn for a terminal.
"""

from __future__ import annotations

import json

from location_table import SEATS, act, of, table

from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.cards import pool
from domain.games.location_ccg.facts import (
    CardBanked,
    CardPlayed,
    CardsDrawn,
    CardsPutUnder,
    TableSetUp,
)
from domain.thinking.bots import play_random_game

HANDS = [["sniper", "katana"], ["colossus", "windfall", "safehouse"]]
BEN_ONLY = ("colossus", "windfall", "safehouse", "shadow_master", "dojo", "black_market")
"""Seat 2's hand, cards put under and deck in ``secret_table``: in no public zone and not in seat 1's hand."""


def secret_table(**changes):
    """Seat 2 holds three cards, put two under its deck, and its deck holds two more that no one else
    has anywhere; seat 1 has cards in every zone."""
    given = {"hands": HANDS, "decks": [None, ["black_market", "shadow_master", "street_thug"]],
             "bottoms": [[], ["shadow_master", "dojo"]], "banks": [["fixer", "sniper"], ["ninja_adept"]],
             "discards": [["ambush"], ["arrest"]], "voids": [["body_armor"], ["enforcer", "katana"]]}
    return table(**{**given, **changes})


def names_in(text: str, cards) -> set[str]:
    """The cards a text names, by id or by name."""
    return {card for card in cards if card in text or pool().cards[card].name in text}


def test_rule_lc_15_ruling_38_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    state = secret_table()
    ann, ben = RULES.view(state, 1)["players"]
    assert ann["hand"] == ["sniper", "katana"] and ann["hand_size"] == 2
    assert ben["hand"] is None and ben["hand_size"] == 3
    mine, theirs = RULES.view(state, 2)["players"][::-1]
    assert mine["hand"] == ["colossus", "windfall", "safehouse"] and theirs["hand"] is None and theirs["hand_size"] == 2
    assert not names_in(json.dumps(RULES.view(state, 1)), BEN_ONLY)


def test_ruling_38_a_spectator_sees_no_hand_and_nothing_put_under():
    view = RULES.view(secret_table(), None)
    assert [(p["hand"], p["hand_size"], p["under"], p["under_size"]) for p in view["players"]] == [
        (None, 2, None, 0), (None, 3, None, 2)]
    assert not names_in(json.dumps(view), BEN_ONLY)


def test_ruling_12_ruling_38_cards_put_under_are_known_to_their_owner_alone_in_order():
    state = secret_table()
    assert RULES.view(state, 2)["players"][1]["under"] == ["shadow_master", "dojo"]
    seen_by_ann = RULES.view(state, 1)["players"][1]
    assert seen_by_ann["under"] is None and seen_by_ann["under_size"] == 2
    assert seen_by_ann["deck_size"] == 3 + 2  # the deck and the cards under it, as one count


def test_rule_lc_12_no_seat_sees_a_deck_not_even_its_own():
    state = secret_table()
    for viewer in (1, 2, None):
        view = RULES.view(state, viewer)
        assert [p["deck"] for p in view["players"]] == [None, None]
        assert view["players"][1]["deck_size"] == 5
        assert "black_market" not in json.dumps(view) and "Black Market" not in json.dumps(view)
        assert "decks" not in view["options"]


def test_rule_lc_18_a_void_pile_shows_its_size_only_even_to_its_owner():
    state = secret_table()
    for viewer in (1, 2, None):
        players = RULES.view(state, viewer)["players"]
        assert [(p["void"], p["void_size"]) for p in players] == [(None, 1), (None, 2)]
    assert RULES.owner_view(state)["players"][1]["void"] == ["enforcer", "katana"]


def test_rule_lc_16_lc_17_banks_discard_piles_and_everything_in_play_are_public():
    state = secret_table(in_play={"1": ("enforcer", 1), "2": ("ninja_adept", 1, 0), "3": ("street_thug", 2, 0),
                                  "4": ("safehouse", 2)},
                         modifiers={"1": ["katana"]}, damage={"2": 1}, wounds={"1": 1}, tokens={0: {1: 1, 2: 2}})
    views = [RULES.view(state, viewer) for viewer in (None, 1, 2)]
    for view in views:
        assert [(p["bank"], p["bank_points"], p["discard"]) for p in view["players"]] == [
            (["fixer", "sniper"], "$$@", ["ambush"]), (["ninja_adept"], "!", ["arrest"])]
        assert view["in_play"] == views[0]["in_play"] and view["locations"] == views[0]["locations"]
    enforcer = next(c for c in views[0]["in_play"] if c["uid"] == "1")
    assert (enforcer["modifiers"], enforcer["wounds"], enforcer["atk"], enforcer["at"]) == (["katana"], 1, 5, "hq")
    assert views[0]["locations"][0]["tokens"] == {"1": 1, "2": 2}


def test_ruling_38_the_game_owners_view_shows_every_hidden_zone():
    state = secret_table()
    view = RULES.owner_view(state)
    ann, ben = view["players"]
    assert [ann["hand"], ben["hand"]] == HANDS
    assert ben["deck"] == ["black_market", "shadow_master", "street_thug"]
    assert ann["deck"] == sorted(state.player(1)["deck"])
    assert ben["under"] == ["shadow_master", "dojo"] and ann["void"] == ["body_armor"]


def test_ruling_38_cards_drawn_and_put_under_are_redacted_for_the_other_seat_and_the_spectator():
    drawn = CardsDrawn(seat=2, cards=["colossus", "windfall"], reason="production")
    under = CardsPutUnder(seat=2, cards=["safehouse", "dojo", "dojo"])
    for viewer in (1, None):
        assert RULES.redact(drawn, viewer) == CardsDrawn(seat=2, cards=["?", "?"], reason="production")
        assert RULES.redact(under, viewer) == CardsPutUnder(seat=2, cards=["?", "?", "?"])
    assert RULES.redact(drawn, 2) == drawn and RULES.redact(under, 2) == under
    public = [TableSetUp(first=1, brought=[["docks"], ["casino"]]), CardBanked(seat=2, card="colossus"),
              CardPlayed(seat=2, card="windfall", uid="", target="")]
    assert [RULES.redact(fact, 1) for fact in public] == public


def test_ruling_38_the_sentence_of_a_redacted_fact_names_no_card():
    drawn = CardsDrawn(seat=2, cards=["colossus", "windfall"], reason="production")
    under = CardsPutUnder(seat=2, cards=["safehouse"])
    assert RULES.describe(RULES.redact(drawn, 1), SEATS) == "Ben draws 2 cards (a production point)."
    assert RULES.describe(RULES.redact(under, None), SEATS) == "Ben puts 1 card under their deck."
    assert RULES.describe(drawn, SEATS) == "Ben draws Colossus, Windfall (a production point)."
    assert "Safehouse" in RULES.describe(under, SEATS)
    keep = CardsPutUnder(seat=2, cards=[])
    assert RULES.describe(RULES.redact(keep, 1), SEATS) == RULES.describe(keep, SEATS) == "Ben keeps their hand."


def test_ruling_38_a_card_drawn_in_play_reaches_its_drawer_alone():
    facts, state = act(secret_table(), 1, {"type": "draw"}, "colossus")
    (drawn,) = of(facts, "CardsDrawn")
    assert drawn.cards == ["colossus"] and state.player(1)["hand"][-1] == "colossus"
    assert RULES.redact(drawn, 2).cards == RULES.redact(drawn, None).cards == ["?"]
    assert RULES.view(state, 2)["players"][0]["hand"] is None and RULES.view(state, 2)["players"][0]["hand_size"] == 3


def test_ruling_38_the_legal_commands_of_a_seat_name_only_its_own_cards():
    state = secret_table()
    cards = {c["card"] for c in RULES.legal_commands(state, 1) if "card" in c}
    assert cards and cards <= {"sniper", "katana"}
    assert RULES.legal_commands(state, 2) == []  # not to act


def test_the_table_a_seat_sees_shows_locations_characters_banks_its_hand_and_the_other_hands_count():
    state = secret_table(in_play={"1": ("enforcer", 1), "2": ("ninja_adept", 1, 0), "3": ("street_thug", 2, 0),
                                  "4": ("safehouse", 2)},
                         modifiers={"1": ["katana"]}, damage={"2": 1}, tokens={0: {1: 1, 2: 2}}, won={2: 2})
    text = RULES.render(RULES.view(state, 1), SEATS)
    lines = text.splitlines()
    assert lines[0] == ("  location 1 Docks (Skl 1, VP 3): tokens Ann 1, Ben 2; here: #2 Ninja Adept 3/2/1 [1 dmg], "
                        "#3 Street Thug 2/2/1 [Mob, Gang]")
    assert lines[1] == "  location 2 Casino (Skl 2, VP 3): tokens Ann 0, Ben 0"
    assert lines[2] == "  location 3 Downtown (Skl 2, VP 2): won by Ben"
    assert "* 1 Ann: hand Sniper, Katana" in lines
    assert f"    deck {state.deck_size(1)}, discard 1, void 1, bank $$@" in lines
    assert "    HQ: #1 Enforcer 5/4/1 [Katana, Toughness 1]" in lines
    assert "  2 Ben: hand 3 cards, hidden" in lines
    assert "    deck 5 (2 put under), discard 1, void 2, bank !" in lines
    assert text.endswith("turn 1: Ann production phase (3 points: draw or bank) (3 points left)")
    assert not names_in(text, {"colossus", "windfall", "shadow_master", "dojo", "black_market"})
    assert "Colossus, Windfall, Safehouse" in RULES.render(RULES.view(state, 2), SEATS)


def test_a_short_random_game_redacts_every_draw_and_mulligan_for_the_other_seat():
    played = play_random_game(RULES, SEATS, {"turn_limit": 4}, "secrets", bot_seed=1)
    game = played.game
    assert game.outcome() is not None
    facts = [event.as_fact() for event in game.collect_events() if type(event).__name__ in ("CardsDrawn", "CardsPutUnder")]
    assert any(isinstance(fact, CardsDrawn) for fact in facts)
    assert any(isinstance(fact, CardsPutUnder) and fact.cards for fact in facts)
    for fact in facts:
        for viewer in (3 - fact.seat, None):
            assert RULES.redact(fact, viewer).cards == ["?"] * len(fact.cards)
        assert RULES.redact(fact, fact.seat) == fact
    for seat in (1, 2):
        view = RULES.view(game.state, seat)
        assert view["players"][seat - 1]["hand"] == game.state.player(seat)["hand"]
        assert view["players"][2 - seat]["hand"] is None
