"""The three decks: each a known composition in unknown order (RULINGS.md, ruling 32).

No order is fixed at setup. The card drawn is chosen from the cards not yet seen at the moment it is
drawn, by the seeded rng or, in a table game, by the people at the table saying which card came up;
the fact that draws it (``CardDrawn``, ``EnemyDrawn``) records it. A Boss drawn too early goes under
the unseen cards (``enemy_bottom``): it is drawn only once none of them is left.

Games set up under rules v1 recorded each deck's order (``TableSetUp``): their state is ``ordered``
and a draw takes the top card. Taking the drawn card out by name serves both, as the top card of an
ordered deck is the card drawn.
"""

from __future__ import annotations

from domain.engine.randomness import Rng
from domain.games.project_assassination.cards import (
    COLLECTIBLES,
    ENEMIES,
    ITEMS,
    deck_cards,
)
from domain.games.project_assassination.state import State

ASK = {
    "item": "{seat} draws from the item deck: which card?",
    "collectible": "{seat} draws from the collectible deck: which card?",
    "enemy": "{seat} draws an enemy: which card?",
}
"""The question a table game answers for each deck's draw."""


def lay(state: State) -> None:
    """The decks as setup lays them: every card of each, in no order (``TableLaid``)."""
    state.item_deck, state.collectible_deck, state.enemy_deck = deck_cards(ITEMS), deck_cards(COLLECTIBLES), deck_cards(ENEMIES)
    state.enemy_bottom = []
    state.ordered = False


def draw(state: State, rng: Rng, deck: str, seat: int) -> str:
    """The card the seat draws from the deck (which must not be empty): the top of an ordered deck;
    else one of the cards not yet seen, chosen now; else the first of those put at the bottom."""
    cards = state.deck(deck)
    if state.ordered:
        return cards[0]
    if cards:
        return rng.choice(cards, ASK[deck], seat)
    return state.enemy_bottom[0]


def take(state: State, deck: str, card: str) -> None:
    """The drawn card leaves its deck: from the cards not yet seen (the top of an ordered deck), or
    else from the bottom. Changes ``state``: for ``evolve``, on its copy."""
    cards = state.deck(deck)
    if card in cards:
        cards.remove(card)
    else:
        state.enemy_bottom.remove(card)


def put_under(state: State, card: str) -> None:
    """A drawn enemy card goes to the bottom of the enemy deck, under every card there is."""
    (state.enemy_deck if state.ordered else state.enemy_bottom).append(card)
