"""The Location CCG (Rulebook V 0.3): two players, three locations between them, decks of characters,
modifiers, surprises and assets paid for from a bank of resources; the first to win two of the three
locations wins.

Setup: the locations are placed (first player, second, first), each draws seven and may put cards
under their deck and draw back up. A turn: begin (characters come home, upkeep), production (three
points: draw or bank), mission (one attack: attackers, defenders, challengers and opposers paired in
turn, a window for surprises, Gang, combat damage, the skill check), deploy, end (damage goes, discard
to seven); the other player then answers in the windows the rulings fix.

The ruleset's class is here; the commands are in ``play.py`` and ``combat.py``, their conditions in
``checks.py``, the legal commands in ``legal.py``, applying facts in ``evolve.py``, what players see in
``present.py``, the cards in ``cards.py`` and ``cards.json`` (the demo pool, a ruling). The rulings
are in RULINGS.md.
"""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.facts import Fact
from domain.engine.modular import ModularRuleset
from domain.engine.randomness import Rng
from domain.games.location_ccg import bots, picture, present, refs
from domain.games.location_ccg import facts as f
from domain.games.location_ccg.cards import (
    DEMO_DECK,
    deck_problems,
    location_problems,
    pool,
)
from domain.games.location_ccg.evolve import apply
from domain.games.location_ccg.legal import PHASE_COMMANDS, legal_commands
from domain.games.location_ccg.play import COMMANDS, Play
from domain.games.location_ccg.pool_check import (
    CARD_POOL_SCHEMA,
    pool_for,
    pool_json_of,
)
from domain.games.location_ccg.sides import LocationSides
from domain.games.location_ccg.state import State

UID = {"type": ["string", "integer"], "pattern": "^[0-9]{1,6}$", "minimum": 1, "maximum": 999999,
       "description": "a card in play, by the number it got when it came into play"}
CARD = {"type": "string", "pattern": "^[a-z0-9_]{1,40}$", "description": "a card by its id (from your hand)"}
PAY = {"type": "array", "items": CARD, "maxItems": 20,
       "description": "the bank cards to spend (optional: the engine spends the cheapest way)"}
DECK = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 99},
        "propertyNames": {"pattern": "^[a-z0-9_]{1,40}$"}, "maxProperties": 200}


class LocationCCG(LocationSides, ModularRuleset):
    name = "location-ccg"
    title = "Location CCG"
    summary = "Two players send characters on missions to seize locations, paying from a bank of resources."
    min_seats = 2
    max_seats = 2
    version = 2
    """v2: a Giant that opposes is named again until it opposes X challengers even when its side has no
    other character out of combat (ruling 21), and a play that changes nothing is refused unless the option
    ``no_effect_plays`` allows it (ruling 39); v1 (``earlier.py``) ended the pairing there and allowed them."""
    play_class: type[Play] = Play
    private_hands = True
    seat_views = True
    facts = f.FACTS
    apply_fact = staticmethod(apply)
    present = present
    drawing = picture
    refs = refs
    state_types = (State,)
    command_shapes = (
        CommandShape("choose_location", "setup: put one of your locations into play", {"location": CARD}, ("location",)),
        CommandShape("mulligan", "setup: put these cards from your hand under your deck (none: keep), draw back to 7",
                     {"cards": {"type": "array", "items": CARD, "maxItems": 7}}, ("cards",)),
        CommandShape("upkeep", "begin phase: pay a card's Upkeep, or let it be destroyed",
                     {"card": UID, "pay": {"type": "boolean"}, "pay_with": PAY}, ("card", "pay")),
        CommandShape("draw", "production: a point to draw a card"),
        CommandShape("bank", "production: a point to play a card from your hand into your bank", {"card": CARD}, ("card",)),
        CommandShape("play", "play a card from your hand (characters, modifiers, assets in your deploy phase; "
                     "surprises in a window)", {"card": CARD, "target": UID, "pay": PAY,
                                                "keep": {"enum": ["new", "old"], "description":
                                                         "a modifier on a character with one of its type: keep the new one (default) or the old"}},
                     ("card",)),
        CommandShape("activate", "use an ability of a card you have in play (once a turn)",
                     {"card": UID, "target": UID, "pay": PAY}, ("card",)),
        CommandShape("attack", "mission: attack a location (1 to 3), naming the attackers now or sending them one by one",
                     {"location": {"type": "integer", "minimum": 1, "maximum": 3},
                      "characters": {"type": "array", "items": UID, "maxItems": 60}}, ("location",)),
        CommandShape("send", "move a character from your HQ to the contested location (attacker or defender)",
                     {"character": UID}, ("character",)),
        CommandShape("challenge", "choose a challenger from your party", {"character": UID}, ("character",)),
        CommandShape("oppose", "oppose the challenger with a character of your party", {"character": UID}, ("character",)),
        CommandShape("gang", "an unopposed Gang character adds its Atk to an opposed character of yours",
                     {"character": UID, "to": UID}, ("character", "to")),
        CommandShape("pass", "end your phase, decline to attack, defend no more, or pass in a window"),
        CommandShape("discard", "end of turn: discard a card from your hand (down to 7)", {"card": CARD}, ("card",)),
    )
    options_schema = {
        "type": "object",
        "properties": {
            "decks": {"type": ["array", "null"], "items": DECK, "minItems": 2, "maxItems": 2, "default": None,
                      "description": "each player's deck, seat 1 first, as {card id: copies}; null: the demo deck for both"},
            "locations": {"type": ["array", "null"], "minItems": 2, "maxItems": 2, "default": None,
                          "items": {"type": "array", "items": {"type": "string", "maxLength": 40}, "minItems": 3, "maxItems": 3},
                          "description": "the 3 locations each player brings, seat 1 first; null: the demo's"},
            "turn_limit": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 40,
                           "description": "turns after which more locations won, then more victory point tokens, wins"},
            "giant_damage": {"enum": ["split", "full"], "default": "split",
                             "description": "a Giant's Atk is split among its opposers (lethal first) or dealt in full to each"},
            "unique": {"enum": ["old_goes", "new_goes"], "default": "old_goes",
                       "description": "a second copy of a Unique card in play: the one already in play is discarded, or the new one"},
            "long_range": {"enum": ["paired", "when-opposed"], "default": "paired",
                           "description": "ruling 22: a Long Range character strikes at once whenever a pairing puts it "
                           "in combat, as challenger or as opposer (paired), or only when it is a challenger that gets "
                           "opposed (when-opposed: a Long Range opposer deals normal combat damage)"},
            "windows": {"enum": ["fixed", "before-skill-check", "own-turn"], "default": "fixed",
                        "description": "ruling 24: when surprises and abilities are played: the fixed windows (fixed); "
                        "those and one more for both players after combat damage, before the skill check "
                        "(before-skill-check); or only the active player's own (own-turn: none in the opponent's turn)"},
            "stay_at_location": {"enum": ["all", "in-combat"], "default": "all",
                                 "description": "ruling 18: after a mission every character sent there stays until its "
                                 "owner's next begin phase (all), or only those that fought (in-combat: the unopposed go "
                                 "home once the skill check is made)"},
            "skill_count": {"enum": ["all-there", "parties"], "default": "all-there",
                            "description": "ruling 28: a skill check counts every character of each player at the "
                            "location (all-there), or only the mission's attacking and defending parties (parties)"},
            "cost_unit": {"enum": ["points", "cards"], "default": "points",
                          "description": "ruling 3: a cost is paid in resource points, each symbol one (points), or "
                          "in resource cards, each card one whatever its symbols (cards: the example's \"discard a "
                          "total of 4 resources\")"},
            "modifier_limit": {"enum": ["one-per-type", "one"], "default": "one-per-type",
                               "description": "ruling 9: a character holds one modifier of each type (weapon, armor, "
                               "gear: one-per-type), or one modifier in all (one)"},
            "card_pool": CARD_POOL_SCHEMA,
            "no_effect_plays": {"enum": ["refused", "allowed"], "default": "refused",
                            "description": "ruling 39: a play that can change nothing this turn (a boost nothing "
                            "reads before the turn ends, a modifier replacing a copy of itself) is refused and not "
                            "offered (refused), or accepted and offered as any play (allowed: rules v1)"},
        },
    }

    # -- setting the table -------------------------------------------------------------------------

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        cards = pool_for(resolved.get("card_pool"))  # games recorded before the option have no key for it
        for seat, deck in enumerate(resolved["decks"] or [], 1):
            problems = deck_problems(deck, cards)
            if problems:
                raise InvalidSetup(f"bad option decks: seat {seat}'s deck: {'; '.join(problems)}")
        for seat, brought in enumerate(resolved["locations"] or [], 1):
            problems = location_problems(brought, cards)
            if problems:
                known = ", ".join(cards.locations)
                raise InvalidSetup(f"bad option locations: seat {seat}: {'; '.join(problems)} (locations: {known})")
        return resolved

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        resolved = self.resolve_options(options)
        pool_json = pool_json_of(resolved["card_pool"])
        cards = pool_for(resolved["card_pool"])
        decks = resolved["decks"] or [dict(cards.decks[DEMO_DECK]) for _ in range(2)]
        brought = resolved["locations"] or [list(triple) for triple in cards.brought]
        rules = {key: value for key, value in resolved.items() if key != "card_pool"}  # the state holds it as pool_json
        return State(seat_count=seat_count, options={**rules, "decks": decks, "locations": brought}, pool_json=pool_json)

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        play = Play(state, rng)
        first = rng.choice([1, 2], "who is the first player: which seat number?")
        play.emit(f.TableSetUp(first=first, brought=[list(b) for b in state.options["locations"]]))
        play.emit(f.PhaseBegan(phase="locations", seat=play.state.first))
        return play.facts

    # -- whose turn, and what they may do --------------------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        if state.phase == "over":
            return []
        return [state.current if state.phase == "locations" else state.priority]

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        return legal_commands(state, seat)

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        kind = command["type"]
        if kind not in PHASE_COMMANDS.get(state.phase, ()):
            allowed = ", ".join(PHASE_COMMANDS.get(state.phase, ()))
            raise IllegalCommand(f"{kind} is not possible now: it is the {state.phase} step ({allowed})")
        play = self.play_class(state, rng)
        COMMANDS[kind](play, seat, command)
        return play.facts

    # -- for bots ----------------------------------------------------------------------------------------

    def card_names(self) -> list[str]:
        """The demo deck's cards, for balance reports (a pool may hold cards the demo deck does not)."""
        return sorted(pool().decks[DEMO_DECK])

    def cards_played(self, state: State, seat: int, command: Command) -> list[str]:
        """The card a ``play`` puts into play (banking a card only pays with it)."""
        return [command["card"]] if command["type"] == "play" else []

    def evaluate(self, state: State, seat: int) -> float:
        if state.phase == "over":
            return super().evaluate(state, seat)
        return bots.evaluate(state, seat)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return bots.determinize(state, seat, rng)

    # -- what players see ------------------------------------------------------------------------------

    def redact_options(self, options: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A deck list given as an option is its player's secret: the others see how many cards it has."""
        if not options.get("decks"):
            return dict(options)
        decks = [deck if seat == n else f"hidden: {sum(deck.values())} cards" for n, deck in enumerate(options["decks"], 1)]
        return {**options, "decks": decks}

    def redact(self, fact: Fact, seat: int | None) -> Fact:
        if isinstance(fact, f.CardsDrawn) and fact.seat != seat:
            return f.CardsDrawn(seat=fact.seat, cards=["?"] * len(fact.cards), reason=fact.reason)
        if isinstance(fact, f.CardsPutUnder) and fact.seat != seat:
            return f.CardsPutUnder(seat=fact.seat, cards=["?"] * len(fact.cards))
        return fact

    def turn_number(self, state: State) -> int:
        return state.turn

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        if not state.players:
            return {}
        return {
            seat: {"locations won": state.won(seat), "VP tokens": state.tokens(seat),
                   "characters": len(state.characters(seat)), "bank": len(state.player(seat)["bank"]),
                   "cards in hand": len(state.player(seat)["hand"])}
            for seat in (1, 2)
        }
