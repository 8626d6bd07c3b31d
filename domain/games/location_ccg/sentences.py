"""The Location CCG in words: a sentence per fact (facts name cards by id: the sentences name them from
the demo pool, which a designer's pool may not rename, see ``pool_check``), a label per command (from the
game's own pool when the state is known) and the words for each step of the turn."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.games.location_ccg import facts as f
from domain.games.location_ccg.cards import Pool, pool
from domain.games.location_ccg.state import State


def name_of(card: str, names: Mapping[str, str] | None = None) -> str:
    """A card's or a location's name: from ``names`` (a game's own pool) when given, else from the demo
    pool, else its id."""
    if names is not None:
        return names.get(card) or ("a hidden card" if card == "?" else card)
    found = pool().cards.get(card) or pool().locations.get(card)
    return found.name if found else ("a hidden card" if card == "?" else card)


@functools.lru_cache(maxsize=32)
def pool_names(cards: Pool) -> dict[str, str]:
    """The names of a pool's cards and locations, by id."""
    return {**{key: loc.name for key, loc in cards.locations.items()}, **{key: card.name for key, card in cards.cards.items()}}


# -- sentences ---------------------------------------------------------------------------------------


def describe(fact: Fact, seats: Sequence[str]) -> str:
    def name(seat: int) -> str:
        return seats[seat - 1]

    def cards(names: list[str]) -> str:
        if names and all(card == "?" for card in names):
            return f"{len(names)} card{'s' if len(names) != 1 else ''}"
        return ", ".join(name_of(card) for card in names) or "no card"

    def it(uid: str, card: str = "") -> str:
        return f"{name_of(card)} #{uid}" if card else f"card #{uid}"

    if isinstance(fact, f.TableSetUp):
        return f"The decks are shuffled and cut. {name(fact.first)} is the first player and places locations first."
    if isinstance(fact, f.LocationPlaced):
        return f"{name(fact.seat)} puts {name_of(fact.location)} into play."
    if isinstance(fact, f.CardsDrawn):
        why = {"opening": "", "mulligan": " back up to seven", "production": " (a production point)"}.get(
            fact.reason, f" ({name_of(fact.reason)})")
        return f"{name(fact.seat)} draws {cards(fact.cards)}{why}."
    if isinstance(fact, f.CardsPutUnder):
        if not fact.cards:
            return f"{name(fact.seat)} keeps their hand."
        return f"{name(fact.seat)} puts {cards(fact.cards)} under their deck."
    if isinstance(fact, f.DeckReshuffled):
        return f"{name(fact.seat)}'s deck is empty: their discard pile ({fact.cards} cards) is shuffled into a new deck."
    if isinstance(fact, f.TurnBegan):
        return f"Turn {fact.turn}: {name(fact.seat)}'s turn begins."
    if isinstance(fact, f.PhaseBegan):
        return f"{name(fact.seat)}: {PHASE_WORDS.get(fact.phase, fact.phase)}."
    if isinstance(fact, f.CharactersReturned):
        return f"{name(fact.seat)}'s characters {', '.join('#' + uid for uid in fact.characters)} return to the HQ."
    if isinstance(fact, f.UpkeepDue):
        return f"Upkeep is due on {name(fact.seat)}'s {', '.join('#' + uid for uid in fact.cards)}."
    if isinstance(fact, f.UpkeepPaid):
        return f"{name(fact.seat)} pays the upkeep of #{fact.uid}."
    if isinstance(fact, f.ResourcesSpent):
        return f"{name(fact.seat)} spends {cards(fact.cards)} from the bank ({_purpose(fact.purpose)})."
    if isinstance(fact, f.CardBanked):
        return f"{name(fact.seat)} banks {name_of(fact.card)} as a resource."
    if isinstance(fact, f.CardPlayed):
        if fact.uid:  # a character or an asset comes into play
            return f"{name(fact.seat)} plays {it(fact.uid, fact.card)} into the HQ."
        on = f" on #{fact.target}" if fact.target else ""
        return f"{name(fact.seat)} plays {name_of(fact.card)}{on}."
    if isinstance(fact, f.AbilityUsed):
        on = f" on #{fact.target}" if fact.target else ""
        return f"{name(fact.seat)} uses the ability of #{fact.uid}{on}."
    if isinstance(fact, f.StatsBoosted):
        bonus = "/".join(f"{n:+d}" for n in fact.bonus)
        return f"#{fact.uid} gets {bonus} until the end of the turn ({name_of(fact.source)})."
    if isinstance(fact, f.ModifierRemoved):
        return f"{name_of(fact.card)} comes off #{fact.uid} to the {fact.to} pile."
    if isinstance(fact, f.CardLeftPlay):
        how = {"destroyed": "is destroyed", "ko": "is KO'd", "discarded": "is discarded"}[fact.how]
        where = "its owner's hand (Recur)" if fact.to == "hand" else f"the {fact.to} pile"
        return f"{it(fact.uid, fact.card)} {how}: it goes to {where}."
    if isinstance(fact, f.DamageDealt):
        return f"#{fact.uid} takes {fact.amount} damage ({name_of(fact.source)})."
    if isinstance(fact, f.WoundCounterPlaced):
        return f"#{fact.uid} shrugs off lethal damage: a wound counter goes on it (Toughness)."
    if isinstance(fact, f.AttackDeclared):
        return f"{name(fact.seat)} attacks location {fact.location + 1}."
    if isinstance(fact, f.CharacterSent):
        return f"#{fact.uid} moves to location {fact.location + 1}."
    if isinstance(fact, f.Challenged):
        return f"{name(fact.seat)} challenges with #{fact.uid}."
    if isinstance(fact, f.Opposed):
        return f"{name(fact.seat)} opposes with #{fact.uid}."
    if isinstance(fact, f.GangJoined):
        return f"#{fact.uid} (Gang) adds its Atk to #{fact.to}."
    if isinstance(fact, f.Passed):
        return f"{name(fact.seat)} passes."
    if isinstance(fact, f.SkillChecked):
        result = "success" if fact.success else "not enough"
        return (f"Skill at location {fact.location + 1}: {name(fact.seat)} {fact.attack} against {fact.defense}, "
                f"{fact.needed} needed: {result}.")
    if isinstance(fact, f.VictoryTokenPlaced):
        return f"{name(fact.seat)} puts a victory point token on location {fact.location + 1}."
    if isinstance(fact, f.LocationWon):
        return f"{name(fact.seat)} wins location {fact.location + 1}: it is turned face down."
    if isinstance(fact, f.MissionEnded):
        return f"The mission at location {fact.location + 1} is over."
    if isinstance(fact, f.CardDiscarded):
        return f"{name(fact.seat)} discards {name_of(fact.card)}."
    if isinstance(fact, f.TurnEnded):
        return f"{name(fact.seat)}'s turn ends: all damage is removed."
    if isinstance(fact, f.GameEnded):
        if not fact.winners:
            return f"The game ends in a draw: {fact.reason}."
        return f"{name(fact.winners[0])} wins: {fact.reason}."
    return type(fact).__name__


def _purpose(purpose: str) -> str:
    return "upkeep" if purpose == "upkeep" else f"for {name_of(purpose)}"


PHASE_WORDS = {
    "locations": "chooses a location", "mulligan": "may put cards under the deck and draw back to seven",
    "upkeep": "pays upkeep or lets cards be destroyed", "production": "production phase (3 points: draw or bank)",
    "mission": "mission phase (attack a location, or pass)", "attackers": "sends attackers",
    "defenders": "may send defenders", "challenge": "chooses a challenger", "oppose": "opposes the challenger",
    "tricks": "surprises and abilities before combat damage", "gang": "Gang characters may join",
    "before_check": "surprises and abilities before the skill check",
    "deploy": "deploy phase (characters, modifiers, assets)", "response": "may answer at the end of the turn",
    "discard": "discards down to seven cards",
}


def describe_command(command: Command, names: Mapping[str, str] | None = None) -> str:
    """A command in a few words, its cards named from ``names`` (a game's own pool) or the demo pool."""

    def name_of(card: str) -> str:
        return _name_of(card, names)

    kind = command["type"]
    if kind == "choose_location":
        return f"place {name_of(command['location'])}"
    if kind == "mulligan":
        return f"put under: {', '.join(name_of(c) for c in command['cards'])}" if command["cards"] else "keep the hand"
    if kind == "upkeep":
        return f"{'pay' if command['pay'] else 'refuse'} the upkeep of #{command['card']}"
    if kind in ("bank", "discard"):
        return f"{kind} {name_of(command['card'])}"
    if kind == "play":
        on = f" on #{command['target']}" if command.get("target") else ""
        return f"play {name_of(command['card'])}{on}"
    if kind == "activate":
        on = f" on #{command['target']}" if command.get("target") else ""
        return f"use #{command['card']}{on}"
    if kind == "attack":
        return f"attack location {command['location']}"
    if kind in ("send", "challenge", "oppose"):
        return f"{kind} #{command['character']}"
    if kind == "gang":
        return f"gang: #{command['character']} helps #{command['to']}"
    return kind


def label_command(state: State, seat: int, command: Command) -> str:  # noqa: ARG001 - the contract's
    """A command as a menu offers it: its cards named from the game's own pool."""
    return describe_command(command, pool_names(state.pool) if state.pool_json else None)


_name_of = name_of
