"""Whether the squads of Squad Combat can still hurt each other (ruling 18).

A squad can hurt another while one of its attack cards that deals damage is still within its reach and
one of its living characters could ever perform it. Within reach: its hand, its deck, its discard pile
(while an empty deck takes it back: option ``reshuffle``), an attack of its waiting for its answer, and
its cards under a living enemy character that the enemy could heal off (a heal card within the enemy's
reach, of that wound's damage or more, that a living character of theirs could perform). Cards under a
dead character never come back (option ``dead_wounds: stay``).

"Could ever perform" looks past this turn and past the dice on the table: the character has a trait of
the card (or is the character it names), its energy covers the cost (energy comes back at the end of a
turn, ruling 4; with ``recharge: never`` only while a card that takes burden off is within reach), and
its dice could pay the dice cost: as they are, or after a refresh it could afford (an R die may roll a
6), every die a 6 while a Power Up card is within reach, any dice at all while an Overcharge is. It asks
what no play could ever do, never what a player would choose to do.

When no squad can hurt another, nothing the players do can change who is alive; when only one squad can,
the others can never again fight back, and the squads no longer hurt each other. The option ``stalemate``
ends the game when a turn ends in the one case (``mutual``) or in either (``one-sided``, the default). A
stalemate is decided by the standing, as at the turn limit: the most characters alive, then the most HP
left. A one-sided one is decided by the option ``stalemate_winner``: the squad that can still hurt
(``able``, the default of rules v3: it alone could still be "the last player with characters alive"), the
standing (``standing``, rules v1 and v2), or no one (``draw``).
"""

from __future__ import annotations

from typing import Any

from domain.games.squad_combat.cards import DIE_FACES, Card
from domain.games.squad_combat.checks import dice_paid, leaders, pool_faces, trait_problem
from domain.games.squad_combat.state import State

STANDING = "the most characters alive, then the most HP left"
STALEMATE = ("a stalemate (turn {turn}): no squad has an attack left that one of its living characters could ever "
             "perform; " + STANDING)
ONE_SIDED = ("a one-sided stalemate (turn {turn}): only seat {seat}'s squad has an attack left that one of its living "
             "characters could ever perform, and no other can hurt it; ")
DECIDED = {"standing": STANDING, "able": "the squad that can still hurt wins: it alone could still be the last with "
           "characters alive", "draw": "a draw"}
"""How a one-sided stalemate is decided, by the option ``stalemate_winner`` (its end said after ``ONE_SIDED``)."""
"""The reasons of a game the option ``stalemate`` ends (a balance report counts "a stalemate" and "a
one-sided stalemate" apart)."""


def stalemate_reason(state: State) -> str | None:
    """Why the game ends at the end of this turn for want of a fight (option ``stalemate``; games
    recorded before it play on), or ``None``."""
    ended = stalemate_end(state)
    return None if ended is None else ended[0]


def stalemate_end(state: State) -> tuple[str, list[int]] | None:
    """The reason and the winners of a game that ends at the end of this turn for want of a fight, or
    ``None`` (games recorded before ``stalemate_winner`` are decided by the standing)."""
    mode = state.options.get("stalemate", "play-on")
    if mode == "play-on":
        return None
    able = hurting(state, state.in_play())
    if not able:
        return STALEMATE.format(turn=state.turn), leaders(state)
    if mode == "one-sided" and len(able) == 1:
        decided = state.options.get("stalemate_winner", "standing")
        winners = {"standing": leaders(state), "able": list(able), "draw": []}[decided]
        return ONE_SIDED.format(turn=state.turn, seat=able[0]) + DECIDED[decided], winners
    return None


def stalemated(state: State) -> bool:
    """Whether no player still in the game can ever hurt another's characters again."""
    return not hurting(state, state.in_play())


def can_hurt(state: State, seat: int) -> bool:
    """Whether one of the seat's living characters could ever perform an attack within its reach that
    deals damage (or to which a Battle Cry within its reach adds damage)."""
    return bool(hurting(state, [seat]))


def hurting(state: State, seats: list[int]) -> list[int]:
    """The seats, of those given, that can still hurt (``can_hurt``). The largest wound each seat could
    heal is found once for all of them: bots ask this of every enemy at every position they score."""
    heals: dict[int, int] = {}
    return [seat for seat in seats if _can_hurt(state, seat, heals)]


def _can_hurt(state: State, seat: int, heals: dict[int, int]) -> bool:
    """Whether the seat can still hurt: first from the cards it holds alone, then, if they cannot, from all
    within its reach. More cards never make an attack unperformable (their effects only add ways to pay and
    damage), so the cards held alone answer most positions without looking under the enemy's characters."""
    held = _own(state, seat)
    if _held_hurts(state, seat, held):
        return True
    reach = within_reach(state, seat, heals)
    return len(reach) > len(held) and _hurts_with(state, seat, reach)


HELD_ANSWERS: dict[tuple[Any, ...], bool] = {}
"""``_held_hurts``'s answers by everything they read (``_held_key``): bots ask it of every squad at every
position they score, and one command leaves most squads' cards and characters as they were."""
HELD_ANSWERS_KEPT = 10_000
"""The answers kept at most: the cache is emptied when it grows past this."""


def _held_hurts(state: State, seat: int, held: list[str]) -> bool:
    """``_hurts_with`` the cards the seat holds, answered once for each such squad (``HELD_ANSWERS``)."""
    key = _held_key(state, seat, held)
    answer = HELD_ANSWERS.get(key)
    if answer is None:
        if len(HELD_ANSWERS) >= HELD_ANSWERS_KEPT:
            HELD_ANSWERS.clear()
        answer = HELD_ANSWERS[key] = _hurts_with(state, seat, held)
    return answer


def _held_key(state: State, seat: int, held: list[str]) -> tuple[Any, ...]:
    """What ``_hurts_with`` reads of a squad and its cards: the card set, the options ``could_perform`` reads,
    the cards, and each living character's identity, burden and dice (its energy and pool are its card's)."""
    options = state.options
    living = tuple((character["id"], character["burden"], tuple(character["dice"]))
                   for character in state.player(seat)["characters"] if not character["dead"])
    return (state.card_set_json, options["rules"], options.get("recharge"), options.get("generic_cards"), tuple(held), living)


def _hurts_with(state: State, seat: int, reach: list[str]) -> bool:
    """Whether one of the seat's living characters could ever perform a damaging attack of ``reach``."""
    cards = state.cards.cards
    held = [cards[card] for card in dict.fromkeys(reach)]
    cried = any("battle_cry" in card.effect for card in held)
    attacks = [card for card in held if card.kind == "attack" and (int(card.effect["damage"]) > 0 or cried)]
    if not attacks:
        return False
    effects = _effects(state, reach)
    return any(could_perform(state, seat, place, card, effects) for card in attacks for place in state.living(seat))


def within_reach(state: State, seat: int, heals: dict[int, int] | None = None) -> list[str]:
    """The seat's cards it holds or could hold again: hand, deck, discard pile (while it comes back), its
    attack waiting for an answer, and its cards under living enemy characters that could be healed off
    (``heals``: the largest wound each seat could heal, as far as already found; filled in as found)."""
    cards = _own(state, seat)
    if not _recycles(state):
        return cards  # a healed card goes to a discard pile that never comes back
    heals = {} if heals is None else heals
    for other in state.in_play():
        if other == seat:
            continue
        wounds = [wound for place in state.living(other) for wound in state.character([other, place])["wounds"]
                  if wound["owner"] == seat]
        if not wounds:
            continue
        if other not in heals:
            heals[other] = _heals(state, other)
        cards += [wound["card"] for wound in wounds if wound["damage"] <= heals[other]]
    return cards


def could_perform(state: State, seat: int, place: int, card: Card, effects: frozenset[str]) -> bool:
    """Whether the seat's living character at ``place`` could ever pay for and perform the card, with the
    cards within the seat's reach to help it (``effects``: the effects of those cards, ``_effects``)."""
    where = [seat, place]
    stats = state.stats(where)
    if (card.character is not None and card.character != stats.id) or trait_problem(state, card, stats) is not None:
        return False
    recharges = state.v05 or state.options["recharge"] == "end_of_turn" or bool(effects & {"restore", "rally"})
    energy = stats.energy if recharges else state.energy(where)
    cost = card.cost_under(state.options["rules"])
    if cost.energy > energy:
        return False
    if "overcharge" in effects or not cost.dice:
        return True  # an Overcharge adds a rolled die, as many times as it is played
    dice = list(state.character(where)["dice"])
    ways = [dice]
    if stats.refresh <= energy:  # a refresh keeps the highest of its dice and the pool's, an R die at best a 6
        pool = [DIE_FACES[-1] if face is None else face for face in pool_faces(stats.pool, state.v05)]
        ways.append(sorted(dice + pool, reverse=True)[:len(stats.pool)])
    if "power_up" in effects:
        ways = [[DIE_FACES[-1]] * len(way) for way in ways]
    return any(dice_paid(way, cost.dice) is not None for way in ways)


def _effects(state: State, reach: list[str]) -> frozenset[str]:
    """Every effect of the cards ``reach``."""
    cards = state.cards.cards
    return frozenset(key for card_id in dict.fromkeys(reach) for key in cards[card_id].effect)


def _own(state: State, seat: int) -> list[str]:
    """The cards the seat holds (``_held``) and its attack waiting for an answer."""
    cards = _held(state, seat)
    if state.attack is not None and state.attack["seat"] == seat:
        cards.append(state.attack["card"])
    return cards


def _held(state: State, seat: int) -> list[str]:
    """The seat's hand and deck, and its discard pile while an empty deck takes it back."""
    player = state.player(seat)
    return player["hand"] + player["deck"] + (player["discard"] if _recycles(state) else [])


def _recycles(state: State) -> bool:
    return bool(state.options.get("reshuffle", "discard-pile") == "discard-pile")


def _heals(state: State, seat: int) -> int:
    """The largest wound the seat could ever heal off one of its characters (0: none)."""
    held = _held(state, seat)
    cards = state.cards.cards
    healing = [cards[card] for card in dict.fromkeys(held) if "heal" in cards[card].effect]
    if not healing:
        return 0
    effects = _effects(state, held)
    return max((int(card.effect["heal"]) for card in healing
                if any(could_perform(state, seat, place, card, effects) for place in state.living(seat))), default=0)
