"""The Location CCG's cards moving for a decision: drawn from the deck (chosen as drawn), paid from the
bank, taken from the hand, the target an effect names, and a play refused because it changes nothing
(ruling 39). ``Zones`` is a part of ``Play``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.engine.errors import IllegalCommand
from domain.engine.randomness import Rng
from domain.games.location_ccg import facts as f
from domain.games.location_ccg.cards import Card
from domain.games.location_ccg.checks import payment, targets
from domain.games.location_ccg.purpose import why_empty
from domain.games.location_ccg.state import State


class Zones:
    """The card-moving steps of ``Play`` (which gives ``emit``, ``state`` and ``rng``)."""

    state: State
    rng: Rng | None
    if TYPE_CHECKING:  # given by Decision
        def emit(self, fact: Any) -> None: ...

    def draw(self, seat: int, count: int, reason: str) -> None:
        """Draw cards, each chosen from the deck as it is drawn, then the cards under it in order; an
        empty deck takes the discard pile back first (LC-13), and with both empty nothing is drawn."""
        drawn: list[str] = []
        deck, under = list(self.state.player(seat)["deck"]), list(self.state.player(seat)["bottom"])
        for _ in range(count):
            if not deck and not under:
                if drawn:
                    self.emit(f.CardsDrawn(seat=seat, cards=drawn, reason=reason))
                    drawn = []
                if not self.state.player(seat)["discard"]:
                    return
                self.emit(f.DeckReshuffled(seat=seat, cards=len(self.state.player(seat)["discard"])))
                deck = list(self.state.player(seat)["deck"])
            drawn.append(self.rng.choice(deck, "{seat} draws a card: which one?", seat, secret=True) if deck else under.pop(0))
            if deck:
                deck.remove(drawn[-1])
        if drawn:
            self.emit(f.CardsDrawn(seat=seat, cards=drawn, reason=reason))

    def _pay(self, seat: int, cost: Any, named: list[str] | None, purpose: str) -> None:
        if cost.production:
            if self.state.phase != "production" or self.state.production <= 0:
                raise IllegalCommand("a * cost is a production point: in your production phase, with a point left")
            return
        spent = payment(self.state, seat, cost, named)
        if isinstance(spent, str):
            raise IllegalCommand(spent)
        if spent:
            self.emit(f.ResourcesSpent(seat=seat, cards=spent, purpose=purpose))

    def _target(self, seat: int, kind: str, given: Any, name: str) -> str:
        allowed = targets(self.state, seat, kind)
        if not kind:
            return ""
        if given is None or str(given) not in allowed:
            which = ", ".join(allowed) or "none now"
            raise IllegalCommand(f"{name} needs a target: {_TARGET_WORDS[kind]} (cards: {which})")
        return str(given)

    def _refuse_if_empty(self, card: Card, effect: dict[str, Any], target: str, keep: str = "new") -> None:
        empty = why_empty(self.state, card, effect, target, keep)
        if empty:
            raise IllegalCommand(f"{empty} (ruling 39; the option no_effect_plays: allowed lets such plays be made)")

    def _card_in_hand(self, seat: int, card_id: str) -> Card:
        if card_id not in self.state.player(seat)["hand"]:
            raise IllegalCommand(f"you have no {card_id!r} in your hand")
        return self.state.pool.cards[card_id]

    def _from_hand(self, seat: int, cards: list[str]) -> None:
        hand = list(self.state.player(seat)["hand"])
        for card in cards:
            if card not in hand:
                raise IllegalCommand(f"you have no {card!r} (left) in your hand")
            hand.remove(card)


_TARGET_WORDS = {"own": "a character you control", "character": "a character in play (not another player's Shielded one)",
                 "contested": "a character at the contested location (not another player's Shielded one)",
                 "away": "a character not at an HQ (not another player's Shielded one)"}

