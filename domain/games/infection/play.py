"""Playing one decision: ``Play`` builds the facts a command causes, applying each as it is made so
the next step sees its effect (a move, the return home, the pick-up, the deaths), and carries play on
to the next villager's turn, or the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.modular import Decision
from domain.games.infection import facts as f
from domain.games.infection.board import (
    COLOURS,
    START,
    coords,
    in_village,
    plus,
    region_of,
    village_squares,
)
from domain.games.infection.cards import CARDS, CURES_TO_WIN, DAMAGE, MAX_HP, tiles_of
from domain.games.infection.checks import (
    discard_options,
    move_problem,
    pending_prompt,
    recover_options,
    steal_problem,
    weapon_problem,
)
from domain.games.infection.evolve import apply, apply_in_place
from domain.games.infection.state import State

ORDER: tuple[tuple[int, int], ...] = ((1, 1), (2, 1), (1, 2), (2, 2))
"""The turn order ``(seat, villager)``: Blue 1, Red 1, Blue 2, Red 2, and again."""

CHOICES = {"discard", "recover"}


class Play(Decision):
    """Builds the facts of one decision, keeping the state they lead to."""

    apply_fact = staticmethod(apply)
    apply_in_place = staticmethod(apply_in_place)
    state: State

    # -- the turn's commands ---------------------------------------------------------------

    def move(self, seat: int, command: Command) -> None:
        to = command["to"]
        problem = move_problem(self.state, seat, to)
        if problem:
            raise IllegalCommand(problem)
        self._go(seat, to, pick_up=True)
        if not self.over:
            self._pick_up(seat, to)
        self.after()

    def weapon(self, seat: int, command: Command) -> None:
        card, target, step = command["type"], command["target"], command.get("step")
        problem = weapon_problem(self.state, seat, card, target, step)
        if problem:
            raise IllegalCommand(problem)
        if step is not None:
            self._go(seat, step, pick_up=False)
            if self.over:
                return
        squares = plus(target) if card == "grenade" else (target,)
        hits: list[dict[str, Any]] = []
        for square in squares:
            taken = self.state.villager_at(square)
            if taken is None or taken[0] == seat:
                continue
            victim = self.state.member(*taken)
            hp = max(0, victim["hp"] - DAMAGE.get(card, 0))
            hits.append({"seat": taken[0], "villager": taken[1], "square": square, "hp": hp})
        self.emit(f.WeaponUsed(seat=seat, villager=self.state.villager, card=card, target=target, hits=hits))
        self._deaths(killer=seat)
        self.after()

    def steal(self, seat: int, command: Command) -> None:
        target, step = command["target"], command.get("step")
        problem = steal_problem(self.state, seat, target, step)
        if problem:
            raise IllegalCommand(problem)
        if step is not None:
            self._go(seat, step, pick_up=False)
            if self.over:
                return
        number = self.state.villager
        if target == "village":
            square = self.state.on_turn()["square"]
            self.emit(f.CureStolen(seat=seat, villager=number, victim_seat=3 - seat, victim=0, square=square))
        else:
            victim_seat, victim = self.state.villager_at(target) or (0, 0)
            self.emit(f.CureStolen(seat=seat, villager=number, victim_seat=victim_seat, victim=victim, square=target))
        self.after()

    def reset(self, seat: int, command: Command) -> None:
        played = self.state.side(seat)["played"]
        cards = [card for card in CARDS for _ in range(played[card])]
        self.emit(f.CardsReset(seat=seat, villager=self.state.villager, cards=cards))
        self.after()

    def discard(self, seat: int, command: Command) -> None:
        self._check_choice("discard")
        card = command["card"]
        options = discard_options(self.state)
        victim = self.state.pending[0]["victim"]
        if card not in options:
            raise IllegalCommand(f"{COLOURS[victim].capitalize()} has no such card in hand: choose one of {', '.join(options)}")
        self.emit(f.CardDiscarded(seat=seat, victim_seat=victim, card=card))
        self.after()

    def recover(self, seat: int, command: Command) -> None:
        self._check_choice("recover")
        card = command["card"]
        options = recover_options(self.state)
        if card not in options:
            raise IllegalCommand(f"you have played no such card to take back: choose one of {', '.join(options)}")
        self.emit(f.CardTakenBack(seat=seat, card=card, tile=self.state.pending[0]["tile"]))
        self.after()

    def _check_choice(self, kind: str) -> None:
        if not self.state.pending:
            raise IllegalCommand(f"there is nothing to {kind}: that answers a kill or a Recover or Generosity tile")
        if self.state.pending[0]["kind"] != kind:
            raise IllegalCommand(pending_prompt(self.state))

    # -- moving, picking up, dying ---------------------------------------------------------

    def _go(self, seat: int, to: str, pick_up: bool) -> None:
        """The villager on turn moves (a Move & Pick-up card played); back home it heals and hands in its cure."""
        number = self.state.villager
        start = self.state.on_turn()["square"]
        self.emit(f.VillagerMoved(seat=seat, villager=number, start=start, to=to, pick_up=pick_up))
        if not in_village(to, seat) or in_village(start, seat):
            return
        villager = self.state.on_turn()
        if villager["hp"] < MAX_HP:
            self.emit(f.VillagerHealed(seat=seat, villager=number, hp=MAX_HP))
        if villager["cure"]:
            village = self.state.side(seat)["village"] + 1
            self.emit(f.CureDelivered(seat=seat, villager=number, village=village))
            if village >= CURES_TO_WIN:
                self.emit(f.GameEnded(winners=[seat], reason=f"{COLOURS[seat].capitalize()} brought {CURES_TO_WIN} cures home"))

    def _turn_over(self, seat: int, square: str) -> str | None:
        """The face-down tile on the square, turned over (``None``: there is none). Under rules v2 it is
        chosen now from the tiles still face down in its region (by the rng, or in a table game by
        the people at the table); under v1 it is the tile laid there at setup."""
        if square not in self.state.tiles:
            return None
        if not self.state.chosen_when_turned:
            return self.state.tiles[square]
        left = tiles_of(self.state.unturned.get(region_of(square), {}))
        if len(set(left)) == 1:
            return left[0]  # one kind of tile left face down there: nothing to ask
        assert self.rng is not None, "turning over a face-down tile takes the command's rng"
        return self.rng.choice(left, ask=f"{{seat}} turns over the tile on {square}: which tile?", seat=seat)

    def _pick_up(self, seat: int, square: str) -> None:
        number = self.state.villager
        tile = self._turn_over(seat, square)
        if tile is not None:
            hits: list[dict[str, Any]] = []
            if tile == "virus":
                villager = self.state.on_turn()
                hits = [{"seat": seat, "villager": number, "square": square, "hp": max(0, villager["hp"] - 1)}]
            elif tile == "contagion":
                hits = [{"seat": s, "villager": n, "square": v["square"], "hp": max(0, v["hp"] - 1)}
                        for s, n, v in self.state.all_villagers()]
            self.emit(f.TilePickedUp(seat=seat, villager=number, square=square, tile=tile, hits=hits))
            self._deaths(killer=0)
        villager = self.state.member(seat, number)
        if villager["square"] == square and self.state.cures.get(square) and not villager["cure"]:
            self.emit(f.CureTaken(seat=seat, villager=number, square=square))

    def _deaths(self, killer: int) -> None:
        """Every villager at 0 HP goes home with full HP, dropping its cure where it fell."""
        for seat, number, villager in self.state.all_villagers():
            if villager["hp"] > 0:
                continue
            square = villager["square"]
            home = square if in_village(square, seat) else self._free_home(seat, number)
            by = killer if killer and killer != seat else 0
            self.emit(f.VillagerDied(seat=seat, villager=number, square=square, home=home, killer=by,
                                     cure_dropped=villager["cure"]))

    def _free_home(self, seat: int, number: int) -> str:
        """The villager's starting square, or the nearest free square of its village (left first)."""
        start = START[(seat, number)]
        squares = sorted(village_squares(seat), key=lambda s: (abs(coords(s)[0] - coords(start)[0]), s))
        return next(s for s in squares if self.state.villager_at(s) is None)

    # -- between turns -----------------------------------------------------------------------

    def after(self) -> None:
        """After a command: choices with one option answer themselves; then the next turn."""
        if self.over:
            return
        self.settle()
        if not self.state.pending:
            self.next_turn()

    def settle(self) -> None:
        while self.state.pending:
            choice = self.state.pending[0]
            if choice["kind"] == "discard":
                options = discard_options(self.state)
                if len(options) != 1:
                    return
                self.emit(f.CardDiscarded(seat=choice["seat"], victim_seat=choice["victim"], card=options[0]))
            else:
                options = recover_options(self.state)
                if len(options) != 1:
                    return
                self.emit(f.CardTakenBack(seat=choice["seat"], card=options[0], tile=choice["tile"]))

    def next_turn(self) -> None:
        turns = self.state.turns
        if turns >= 4 * self.state.round_limit:
            self._end_on_cures(f"the last round ({self.state.round_limit}) was played", at_limit=True)
            return
        seat, number = ORDER[turns % 4]
        villager = self.state.member(seat, number)
        self.emit(f.TurnStarted(seat=seat, villager=number, round=turns // 4 + 1,
                                cannot_move=villager["cannot_move"], cannot_use_weapon=villager["cannot_use_weapon"]))

    def _end_on_cures(self, why: str, at_limit: bool = False) -> None:
        """More cures home wins; the same number is a draw."""
        blue, red = (side["village"] for side in self.state.sides)
        if blue == red:
            self.emit(f.GameEnded(winners=[], reason=f"{why}: a draw, {blue} cure{'s' if blue != 1 else ''} home each",
                                    at_limit=at_limit))
            return
        winner = 1 if blue > red else 2
        self.emit(f.GameEnded(winners=[winner], reason=f"{why}: {COLOURS[winner].capitalize()} brought more cures home ({max(blue, red)} to {min(blue, red)})",
                                at_limit=at_limit))


COMMANDS: dict[str, Callable[[Play, int, Command], None]] = {
    "move": Play.move,
    "axe": Play.weapon,
    "gun": Play.weapon,
    "arrow": Play.weapon,
    "grenade": Play.weapon,
    "steal": Play.steal,
    "reset": Play.reset,
    "discard": Play.discard,
    "recover": Play.recover,
}
