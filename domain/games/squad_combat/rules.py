"""Squad Combat: each player's squad of three characters fights with a hidden hand of attack, action
and edge cards, paid for in energy and dice; the last player with characters alive wins.

A turn is a round of action phases: each player in turn plays an action (an attack is answered by
its defender's reaction), refreshes a character's dice, or passes; edges of their own window do not
take the action. When every player has passed, the turn ends: energy recharges, each player may
discard up to two cards and draws back to five. The v1 rules are the default; the older v0.5 rules
(life, attack and defense dice, discard costs) are the option ``rules: "v0.5"``.

The ruleset's class is here; playing a command is in ``play.py``, its conditions in ``checks.py``,
applying facts in ``evolve.py``, what players see in ``present.py``, the cards in ``cards.py`` and
``cards.json`` (the demo set, a ruling). Each seat's hand is secret: a drawn card is shown to its
drawer only. The rulings are in RULINGS.md.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.facts import Fact
from domain.engine.modular import ModularRuleset
from domain.engine.randomness import Rng
from domain.games.squad_combat import bots, offers, picture, present
from domain.games.squad_combat import facts as f
from domain.games.squad_combat.cards import (
    CARD_SET_SCHEMA,
    HAND_SIZE,
    canonical,
    card_set,
    demo_set_data,
)
from domain.games.squad_combat.checks import pool_faces
from domain.games.squad_combat.evolve import apply
from domain.games.squad_combat.play import COMMANDS, Play
from domain.games.squad_combat.sides import SquadSides
from domain.games.squad_combat.state import State

PLACE = {"type": "integer", "minimum": 1, "maximum": 3, "description": "one of your characters, 1 to 3 from the left"}
CARD = {"type": "string", "pattern": "^[a-z0-9_]{1,40}$", "description": "a card in your hand, by its id"}
TARGET = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 4}, "minItems": 2, "maxItems": 2,
          "description": "a character: [seat, place]"}
POWER_UP = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 5}, "minItems": 1, "maxItems": 6,
            "description": "Power Up (ruling 11): the die each Power Up of the card raises, by the face it shows then, "
            "in order ([5, 1]: the 5, then the 1); a Power Up not named raises the lowest die below 6"}
PHASE_COMMANDS = {"action": ("play", "edge", "refresh", "pass"), "reaction": ("react", "allow", "defend"),
                  "discard": ("discard",)}


class SquadCombat(SquadSides, ModularRuleset):
    name = "squad-combat"
    title = "Squad Combat"
    summary = "Three characters a side, a hidden hand of attacks, actions and edges: the last squad standing wins."
    min_seats = 2
    max_seats = 4
    version = 3
    """3: a one-sided stalemate is won by the squad that can still hurt (``stalemate_winner``); 2: a game
    whose squads can no longer hurt each other ends (``stalemate``), and a play that would change nothing is
    refused (``no_effect_plays``). ``SquadCombatV2`` and ``SquadCombatV1`` keep the earlier rules for the
    games recorded under them."""
    private_hands = True
    seat_views = True
    variants = {"v0.5": {"rules": "v0.5"}}
    facts = f.FACTS
    apply_fact = staticmethod(apply)
    present = present
    drawing = picture
    refs = picture
    state_types = (State,)
    command_shapes = (
        CommandShape("play", "play an action or attack card from your hand, performed by one of your characters",
                     {"card": CARD, "performer": PLACE, "target": TARGET, "power_up": POWER_UP,
                      "attack_die": {"type": "integer", "minimum": 0, "maximum": 6, "description": "v0.5: the attack die"},
                      "discard": {"type": "array", "items": CARD, "maxItems": 3, "description": "v0.5: cards paid as C costs"}},
                     ("card", "performer")),
        CommandShape("edge", "play an edge of your own action phase (it does not take your action)",
                     {"card": CARD, "performer": PLACE, "target": TARGET, "power_up": POWER_UP}, ("card", "performer")),
        CommandShape("refresh", "pay a character's refresh energy: roll its pool, keep the highest dice",
                     {"character": PLACE}, ("character",)),
        CommandShape("pass", "pass: no more action phases for you this turn"),
        CommandShape("react", "answer an attack on your character with a reaction edge",
                     {"card": CARD, "performer": PLACE}, ("card", "performer")),
        CommandShape("allow", "let the attack hit (v1)"),
        CommandShape("defend", "v0.5: the defense die (0 for none)",
                     {"die": {"type": "integer", "minimum": 0, "maximum": 6}}, ("die",)),
        CommandShape("discard", "end of turn: discard up to two cards from your hand",
                     {"cards": {"type": "array", "items": CARD, "maxItems": 2}}, ("cards",)),
    )
    options_schema = {
        "type": "object",
        "properties": {
            "rules": {"enum": ["v1", "v0.5"], "default": "v1",
                      "description": "v1 (Squad Combat v1) or v0.5 (the old rules: life, attack and defense dice, discard costs)"},
            "squads": {"type": ["array", "null"], "items": {"type": "string", "maxLength": 40}, "minItems": 2, "maxItems": 4,
                       "default": None, "description": "each seat's squad, seat 1 first; null: the set's first two squads, in turn"},
            "recharge": {"enum": ["end_of_turn", "never"], "default": "end_of_turn",
                         "description": "v1: burden tokens come off at the end of each turn (a ruling), or never (the v1 text)"},
            "dead_wounds": {"enum": ["stay", "discard"], "default": "stay",
                            "description": "v1: the cards attached to a dead character stay under it (the text), or go to "
                            "their owners' discard piles (as v0.5 does when it removes a character)"},
            "rotate_first": {"type": "boolean", "default": False,
                             "description": "each turn is opened by the next player instead of the first player"},
            "turn_limit": {"type": "integer", "minimum": 1, "maximum": 500, "default": 60,
                           "description": "turns after which the most characters alive (then HP left) wins"},
            "stun": {"enum": ["x-tokens", "one-token"], "default": "x-tokens",
                     "description": "ruling 11: Stun X puts X burden tokens on the target (x-tokens), or 1 whatever X "
                     "(one-token: the text's \"Remove 1 energy\")"},
            "reactions_per_attack": {"type": "integer", "minimum": 1, "maximum": 3, "default": 1,
                                     "description": "ruling 13: how many reactions the defending player may play "
                                     "against one attack (1: the text's \"a chance to play a reaction\"); with more, "
                                     "the attack waits after each reaction that does not stop it"},
            "reshuffle": {"enum": ["discard-pile", "never"], "default": "discard-pile",
                          "description": "ruling 16: a player who must draw from an empty deck takes the discard "
                          "pile back as the deck (discard-pile), or draws nothing (never: a deck runs out for good)"},
            "hand_size": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5,
                          "description": "ruling 17: the opening hand and the hand drawn back to at the end of each "
                          "turn (the text's \"hand size (default 5.)\")"},
            "stalemate": {"enum": ["one-sided", "mutual", "play-on"], "default": "one-sided",
                          "description": "ruling 18: a game ends when a turn ends and the squads can no longer hurt "
                          "each other (a squad can while an attack card within its reach could ever be performed by "
                          "one of its living characters): when at most one squad can still hurt another (one-sided), "
                          "or only when none can (mutual); the most characters alive, then the most HP left, win. "
                          "play-on: the game goes on to the turn limit (the text's silence, rules v1)"},
            "stalemate_winner": {"enum": ["able", "standing", "draw"], "default": "able",
                                 "description": "ruling 18: who wins a one-sided stalemate: the squad that can still hurt "
                                 "(able: the text's object, \"the last player with characters alive\", is within its reach "
                                 "alone), the most characters alive then the most HP left (standing, rules v2), or no one (draw)"},
            "passed_edges": {"type": "boolean", "default": False,
                             "description": "ruling 7: a player who has passed still gets, in their place in turn "
                             "order, a window to play the edges of their own phase (true: the text's \"but may still "
                             "play edges\"), or answers attacks only (false)"},
            "no_effect_plays": {"enum": ["refused", "allowed"], "default": "refused",
                                "description": "ruling 21: a card or refresh that would change nothing (a heal that "
                                "fits no wound, a Second Wind on no burden, a Power Up with no die below 6) is refused "
                                "and never offered (refused), or played for its cost alone (allowed, rules v1)"},
            "generic_cards": {"enum": ["any-character", "trait-needed"], "default": "any-character",
                              "description": "ruling 22: a generic card (no trait, no character named: Strike, Dodge, "
                              "Brace, Second Wind) is performed by any character (any-character), or, the trait rule "
                              "read word for word (\"at least one trait ... that matches a trait on the card\"), by "
                              "none (trait-needed): it is only discarded"},
            "card_set": CARD_SET_SCHEMA,
        },
    }

    # -- setting the table -------------------------------------------------------------------

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        cards = card_set(canonical(resolved["card_set"] or demo_set_data()))
        unknown = [squad for squad in resolved["squads"] or [] if squad not in cards.squads]
        if unknown:
            raise InvalidSetup(f"bad option squads: no squad {unknown[0]!r} (squads: {', '.join(cards.squads)})")
        return resolved

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        resolved = self.resolve_options(options)
        squads = resolved["squads"]
        if squads is not None and len(squads) != seat_count:
            raise InvalidSetup(f"bad option squads: {len(squads)} squads for {seat_count} players")
        data = resolved["card_set"] or demo_set_data()
        if squads is None:  # the set's first two squads, in its own order, in turn by seat
            names = list(data["squads"])[:2]
            squads = [names[(seat - 1) % len(names)] for seat in range(1, seat_count + 1)]
        rules = {key: value for key, value in resolved.items() if key != "card_set"}
        return State(seat_count=seat_count, options={**rules, "squads": squads}, card_set_json=canonical(data))

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        play = Play(state, rng)
        play.emit(f.TableSetUp(first=rng.choice(range(1, state.seat_count + 1), "who goes first: which seat number?"), squads=list(state.options["squads"])))
        for seat in range(1, state.seat_count + 1):  # "each player draws 5 cards", then the dice
            play.draw(seat, state.options.get("hand_size", HAND_SIZE))
        for seat in range(1, state.seat_count + 1):
            for place in range(1, 4):
                pool = play.state.stats([seat, place]).pool
                ask = f"{{seat}} rolls {play.state.stats([seat, place]).name}'s starting dice: which face?"
                dice = [rng.choice(range(1, 7), ask, seat) if face is None else face for face in pool_faces(pool, state.v05)]
                play.emit(f.DiceSet(seat=seat, character=place, dice=dice))
        play.emit(f.PhaseStarted(seat=play.state.first, turn=1))
        return play.facts

    # -- whose turn, and what they may do ----------------------------------------------------

    def seats_in_play(self, state: State) -> list[int] | None:
        """The players with a character alive: those who share the win when another resigns (every seat before
        the squads are dealt: a game shown at its step 0)."""
        return state.in_play() if state.players else None

    def to_act(self, state: State) -> list[int]:
        if state.phase == "action":
            return [state.current]
        if state.phase == "reaction":
            return [state.attack["target"][0]]
        if state.phase == "discard" and state.discarding:
            return [state.discarding]
        return []

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "reaction":
            return offers.answers(state, seat)
        if state.phase == "discard":
            return offers.discards(state, seat)
        return offers.action_phase(state, seat)

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        kind = command["type"]
        allowed = PHASE_COMMANDS.get(state.phase, ())
        if kind not in allowed:
            now = {"action": "your action phase: play, edge, refresh or pass",
                   "reaction": "an attack waits for its defender: react, allow (v1) or defend (v0.5)",
                   "discard": "the end of the turn: discard up to two cards"}.get(state.phase, "nothing")
            raise IllegalCommand(f"{kind} is not possible now: it is {now}")
        play = Play(state, rng)
        COMMANDS[kind](play, seat, command)
        return play.facts

    # -- for bots -----------------------------------------------------------------------------

    def card_names(self) -> list[str]:
        """The demo set's cards, for balance reports (a game's own ``card_set`` may name others)."""
        return sorted(card_set(canonical(demo_set_data())).cards)

    def cards_played(self, state: State, seat: int, command: Command) -> list[str]:
        """The card an action, edge or reaction plays (a v0.5 attack's paid cards are spent, not played)."""
        return [command["card"]] if command["type"] in ("play", "edge", "react") else []

    def evaluate(self, state: State, seat: int) -> float:
        if state.phase == "over":
            return super().evaluate(state, seat)
        return bots.evaluate(state, seat)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return bots.determinize(state, seat, rng)

    def search_others(self, seat_count: int) -> str:
        return bots.search_others(seat_count)

    # -- what players see --------------------------------------------------------------------

    def redact(self, fact: Fact, seat: int | None) -> Fact:
        if isinstance(fact, f.CardsDrawn) and fact.seat != seat:
            return f.CardsDrawn(seat=fact.seat, cards=["?"] * len(fact.cards))
        return fact

    def turn_number(self, state: State) -> int:
        return state.turn

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        if not state.players:
            return {}
        return {
            seat: {"characters alive": len(state.living(seat)),
                   "HP left": sum(state.stats([seat, p]).hp - state.wounds([seat, p]) for p in state.living(seat)),
                   "cards in hand": len(state.player(seat)["hand"])}
            for seat in range(1, state.seat_count + 1)
        }



class SquadCombatV2(SquadCombat):
    """Rules v2, kept so that the games recorded under them go on, replay and audit as they were played: a
    one-sided stalemate is decided by the standing (their stored options have no ``stalemate_winner``).
    Everything else is as in v3: the option is there to be chosen."""

    version = 2
    options_schema = copy.deepcopy(SquadCombat.options_schema)
    options_schema["properties"]["stalemate_winner"]["default"] = "standing"


class SquadCombatV1(SquadCombatV2):
    """Rules v1, kept so that the games recorded under them go on, replay and audit as they were played: a
    game whose squads can no longer hurt each other plays on to the turn limit, and a play that would
    change nothing is allowed (their stored options have no ``stalemate`` or ``no_effect_plays``).
    Everything else is as in v2: the options are there to be chosen."""

    version = 1
    options_schema = copy.deepcopy(SquadCombatV2.options_schema)
    options_schema["properties"]["stalemate"]["default"] = "play-on"
    options_schema["properties"]["no_effect_plays"]["default"] = "allowed"
