"""What the rules allow at a moment of the game: who may perform a card, how its costs are paid, whom
it may target, which reactions answer an attack. Pure questions about a state, asked to decide a
command and to list the legal ones."""

from __future__ import annotations

from domain.games.squad_combat.cards import Card, Character, Cost
from domain.games.squad_combat.state import State


def dice_paid(dice: list[int], needs: tuple[int, ...]) -> list[int] | None:
    """The dice that pay the needs (each the smallest die that meets its need, needs smallest first),
    or ``None`` when they cannot be met. Keeping the larger dice is never worse: every later cost and
    rating asks for "this much or more"."""
    left = sorted(dice)
    paid = []
    for need in sorted(needs):
        fitting = next((die for die in left if die >= need), None)
        if fitting is None:
            return None
        left.remove(fitting)
        paid.append(fitting)
    return paid


def perform_problem(state: State, seat: int, card: Card, place: int, discards: int = 0) -> str | None:
    """Why the seat's character at ``place`` may not perform the card now, or ``None``."""
    where = [seat, place]
    if not 1 <= place <= len(state.player(seat)["characters"]):
        return f"you have no character at place {place}"
    if not state.alive(where):
        return "a dead character performs nothing"
    stats = state.stats(where)
    if card.character is not None and card.character != stats.id:
        return f"only {state.cards.characters[card.character].name} may perform {card.name}"
    problem = trait_problem(state, card, stats)
    if problem is not None:
        return problem
    cost = card.cost_under(state.options["rules"])
    return cost_problem(state, where, cost, discards)


def trait_problem(state: State, card: Card, stats: Character) -> str | None:
    """Why the character's traits do not let it perform the card (the trait rule), or ``None``. A card with no
    trait that names its character is that character's alone (ruling 2, checked apart). A generic card, one
    with no trait and no character, is performed by any
    character (option ``generic_cards: any-character``, the default) or, the text's trait rule read word for
    word, by none: no character shares a trait with it (``trait-needed``, ruling 22)."""
    if not card.traits:
        if card.character is None and state.options.get("generic_cards", "any-character") == "trait-needed":
            return f"{card.name} has no trait for {stats.name} to share (option generic_cards: trait-needed)"
        return None
    if not set(card.traits) & set(stats.traits):
        return f"{stats.name} shares no trait with {card.name} ({', '.join(card.traits)})"
    return None


def cost_problem(state: State, where: list[int], cost: Cost, discards: int = 0) -> str | None:
    stats = state.stats(where)
    if state.energy(where) < cost.energy:
        return f"{stats.name} has {state.energy(where)} energy left, not the {cost.energy} it costs"
    if dice_paid(state.character(where)["dice"], cost.dice) is None:
        needs = " ".join(f"[{need}]" for need in cost.dice)
        return f"{stats.name}'s dice {state.character(where)['dice']} cannot pay {needs}"
    if cost.cards and len(state.player(where[0])["hand"]) - 1 < cost.cards:
        return f"it costs {cost.cards} more card(s) from your hand to discard"
    return None


def attack_targets(state: State, seat: int) -> list[list[int]]:
    """The enemy characters an attack may target: living ones of players still in the game, only the
    taunting one of a player whose character taunted this turn and lives."""
    targets = []
    for other in state.in_play():
        if other == seat:
            continue
        taunter = state.taunts.get(str(other))
        if taunter and state.alive([other, taunter]):
            targets.append([other, taunter])
        else:
            targets += [[other, place] for place in state.living(other)]
    return targets


def friendly_targets(state: State, seat: int) -> list[list[int]]:
    return [[seat, place] for place in state.living(seat)]


def targets_for(state: State, seat: int, card: Card) -> list[list[int]]:
    """Whom the card may be aimed at: ``[[]]`` when it takes no target."""
    kind = card.target_kind()
    if kind == "enemy":
        return attack_targets(state, seat)
    if kind == "friend":
        return friendly_targets(state, seat)
    return [[]]


def reaction_performers(state: State, card: Card) -> list[int]:
    """The defending player's characters who may perform the reaction: the defender itself, or for an
    Intercept another living character of theirs."""
    defender = state.attack["target"]
    seat = defender[0]
    if "intercept" in card.effect:
        return [place for place in state.living(seat) if place != defender[1]]
    return [defender[1]] if state.alive(defender) else []


def reactions_left(state: State) -> int:
    """How many more reactions the defending player may play against the waiting attack (option
    ``reactions_per_attack``, ruling 13; games recorded before it counted one)."""
    attack = state.attack
    played = attack.get("reactions", 1 if attack["reacted"] else 0)
    return max(0, int(state.options.get("reactions_per_attack", 1)) - played)


def can_refresh(state: State, seat: int, place: int) -> bool:
    where = [seat, place]
    return state.alive(where) and state.energy(where) >= state.stats(where).refresh


def pool_faces(pool: str, v05: bool) -> list[int | None]:
    """A pool's dice: a fixed face, or ``None`` for a die to roll (every die under v0.5)."""
    return [None if v05 or face == "R" else int(face) for face in pool]


def turn_order(state: State, start: int) -> list[int]:
    """Every seat in turn order (to the left: up the seat numbers), from ``start``."""
    return [(start - 1 + step) % state.seat_count + 1 for step in range(state.seat_count)]


def leaders(state: State) -> list[int]:
    """The players with the most living characters, then the most HP left among them; everyone tied: none."""
    def score(seat: int) -> tuple[int, int]:
        living = state.living(seat)
        return len(living), sum(state.stats([seat, p]).hp - state.wounds([seat, p]) for p in living)

    seats = state.in_play()
    best = max(score(seat) for seat in seats)
    leaders = [seat for seat in seats if score(seat) == best]
    return [] if len(leaders) == len(seats) else leaders


def target_problem(card: Card, target: list[int]) -> str:
    kind = card.target_kind()
    if kind == "none":
        return f"{card.name} takes no target"
    if not target:
        return f"{card.name} needs a target: " + ("an enemy character" if kind == "enemy" else "a living character of yours")
    if kind == "enemy":
        return f"{card.name} must target a living enemy character (a taunting one, if its player has one)"
    return f"{card.name} must target a living character of yours"
