"""The state of a game of The Assassination Game Le: JSON-native, one list entry per seat.

The rulings a designer may switch (options ``opens``, ``victim_turns``, ``victim_on_base``) are fields
whose defaults are the rules played before they were options, so an old game's snapshot still loads
and plays on as it did."""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass
class State:
    seat_count: int
    keep_coins: bool
    """Variant: captured victims keep their coins."""
    opens: str = "victim"
    """Ruling 4: who moves first in the game: the ``victim`` or ``assassin`` (the one after it in seat order)."""
    victim_turns: str = "after-each-assassin"
    """Ruling 4: the victim moves ``after-each-assassin`` (the assassins alternate) or ``after-both-assassins``."""
    victim_on_base: str = "safe"
    """Ruling 13: a victim on a base is ``safe`` (assassins never land on a base) or ``capturable``."""
    bases: list[str] = field(default_factory=list)
    squares: list[str] = field(default_factory=list)
    """Each seat's pawn square, seat 1 first."""
    coins: list[list[str]] = field(default_factory=list)
    """The bases each seat has marked with a coin, in the order touched."""
    small_victories: list[int] = field(default_factory=list)
    victim: int = 0
    mover: int = 0
    """The seat whose turn it is."""
    last_assassin: int = 0
    """The assassin who moved last: the next assassin's turn follows on from it in seat order."""
    phase: str = "setup"
    """``setup``, ``roll``, ``move`` (after a roll), ``reroll`` (victim after a null), ``over``."""
    rolled: int = 0
    left_safe_house: bool = False
    """Whether the current victim has left the Safe House since becoming the victim."""
    turn: int = 0
    """Turns completed."""
    assassins_moved: int = 0
    """Under ``victim_turns="after-both-assassins"``: the assassins' turns since the victim's (else 0)."""

    def copy(self) -> State:
        return replace(
            self,
            bases=list(self.bases),
            squares=list(self.squares),
            coins=[list(c) for c in self.coins],
            small_victories=list(self.small_victories),
        )

    def assassins(self) -> list[int]:
        return [seat for seat in range(1, self.seat_count + 1) if seat != self.victim]

    def next_assassin(self) -> int:
        """The assassin whose turn follows on from the last assassin's in seat order, skipping the victim."""
        seat = self.last_assassin
        for _ in range(self.seat_count):
            seat = seat % self.seat_count + 1
            if seat != self.victim:
                return seat
        return seat
