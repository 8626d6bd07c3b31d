"""Version 1 of Project Assassination's rules, kept so that games recorded under it go on, replay and
audit under the rules they were played by.

It differs from the current rules in setup alone: the three decks were shuffled at setup and their
orders recorded in ``TableSetUp`` (secret from the seats while the game went on), and every draw took
the top card. A state set up by ``TableSetUp`` is ``ordered``, and the current code draws the top card
of an ordered deck (``decks.py``), so re-deciding a version 1 game gives the facts it recorded.
"""

from __future__ import annotations

from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.project_assassination import facts as f
from domain.games.project_assassination.cards import (
    COLLECTIBLES,
    ENEMIES,
    ITEMS,
    deck_cards,
)
from domain.games.project_assassination.rules import (
    ProjectAssassination,
    flip_for_player_1,
)
from domain.games.project_assassination.state import State


class ProjectAssassinationV1(ProjectAssassination):
    """The rules of version 1: the decks shuffled up front."""

    version = 1

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        coin, first = flip_for_player_1(rng)
        table = f.TableSetUp(
            call="heads",
            coin=coin,
            first=first,
            item_deck=rng.shuffled(deck_cards(ITEMS)),
            collectible_deck=rng.shuffled(deck_cards(COLLECTIBLES)),
            enemy_deck=rng.shuffled(deck_cards(ENEMIES)),
        )
        return self.open_play(state, rng, table)
