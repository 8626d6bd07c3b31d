"""Between turns and at the end: what happens after a turn (medics heal, the placement phase, the next
turn or a skipped one) and when the game ends (a death, the points, a spent enemy deck, the last round).

``TurnFlow`` is the part of a decision that ``Play`` (the turn's commands) builds on.
"""

from __future__ import annotations

from domain.engine.errors import IllegalCommand
from domain.engine.modular import Decision
from domain.games.project_assassination import decks
from domain.games.project_assassination import facts as f
from domain.games.project_assassination.board import SQUARES, around
from domain.games.project_assassination.cards import (
    BOSS_NEEDS_ENEMIES,
    COIN,
    ENEMY_CARDS,
    WINNING_POINTS,
)
from domain.games.project_assassination.options import option
from domain.games.project_assassination.state import State
from domain.games.project_assassination.tactics import enemy_square_problem

PLACEMENT_ASK = "{seat} calls heads to place the next enemy: which side does the coin show?"
"""A table game's question for the placement coin (Player 1 calls heads: heads, Player 1 places)."""


class TurnFlow(Decision):
    """Carries play on between turns and ends the game; the turn's commands are ``Play``'s."""

    state: State

    # -- between turns -----------------------------------------------------------------------

    def end_turn(self, seat: int) -> None:
        self.emit(f.TurnEnded(seat=seat))
        self.turn_over(seat)

    def turn_over(self, seat: int) -> None:
        """After a turn, played or skipped: medics heal, then the placement phase or the next turn."""
        self._medics_heal()
        if seat == self.state.order[1]:
            if self.state.round >= self.state.round_limit:
                self._end_on_points(f"the last round ({self.state.round_limit}) was played", at_limit=True)
                return
            if self.state.enemies_left:
                self._start_placement()
                return
        self.next_turn()

    def _medics_heal(self) -> None:
        heals: dict[str, int] = {}
        heal = option(self.state, "medic_heal")
        if not heal:
            return
        for medic in self.state.enemies:
            if medic["kind"] != "medic":
                continue
            for square in around(medic["square"]):
                enemy = self.state.enemy_at(square)
                if enemy is None or enemy is medic:
                    continue
                hp = heals.get(square, enemy["hp"])
                if hp < ENEMY_CARDS[enemy["kind"]].hp:
                    heals[square] = min(ENEMY_CARDS[enemy["kind"]].hp, hp + heal)
        if heals:
            self.emit(f.EnemiesHealed(heals=[
                {"square": s, "kind": self.state.enemy_at(s)["kind"], "hp": hp}  # type: ignore[index]
                for s, hp in sorted(heals.items())
            ]))

    def _start_placement(self) -> None:
        first, second = (self.state.player(seat) for seat in self.state.order)
        coin = None
        if first["vp"] != second["vp"]:
            placer, reason = (self.state.order[0] if first["vp"] < second["vp"] else self.state.order[1]), "fewer points"
        elif first["hp"] != second["hp"]:
            placer, reason = (self.state.order[0] if first["hp"] < second["hp"] else self.state.order[1]), "lower health"
        else:
            coin = self.rng.choice(COIN, PLACEMENT_ASK, self.state.order[0])
            placer, reason = self.state.order[0 if coin == "heads" else 1], "coin"
        self.emit(f.PlacementStarted(seat=placer, reason=reason, coin=coin))
        while True:
            card = decks.draw(self.state, self.rng, "enemy", placer)
            if card == "boss" and len(self.state.enemies) < BOSS_NEEDS_ENEMIES and self.state.enemies_left > 1:
                self.emit(f.EnemyDrawn(seat=placer, card=card, to_bottom=True))
                continue
            self.emit(f.EnemyDrawn(seat=placer, card=card, to_bottom=False))
            break
        if not any(enemy_square_problem(self.state, card, s) is None for s in SQUARES):
            self.emit(f.EnemyRemoved(seat=placer, card=card))
            self.next_turn()

    def place(self, seat: int, square: str) -> None:
        problem = enemy_square_problem(self.state, self.state.enemy_in_hand, square)
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.EnemyPlaced(seat=seat, card=self.state.enemy_in_hand, square=square))
        self.next_turn()

    def next_turn(self) -> None:
        self.check_end()
        if self.over:
            return
        turns = self.state.turns
        seat = self.state.order[turns % 2]
        round_ = turns // 2 + 1
        if self.state.player(seat)["paralysed"]:
            self.emit(f.TurnSkipped(seat=seat, round=round_))
            self.turn_over(seat)
        else:
            self.emit(f.TurnStarted(seat=seat, round=round_))

    # -- the end -----------------------------------------------------------------------------

    def check_end(self) -> None:
        if self.over:
            return
        players = self.state.players
        dead = [seat for seat, p in enumerate(players, 1) if p["hp"] <= 0]
        if len(dead) == 1:
            self.emit(f.GameEnded(winners=[3 - dead[0]], reason="the other assassin died"))
        elif dead:
            self._end_on_points("both assassins died at once")
        elif any(p["vp"] >= WINNING_POINTS for p in players):
            winners = [seat for seat, p in enumerate(players, 1) if p["vp"] >= WINNING_POINTS]
            self.emit(f.GameEnded(winners=winners, reason=f"reached {WINNING_POINTS} Victory Points"))
        elif not self.state.enemies_left and not self.state.enemies and not self.state.enemy_in_hand:
            self._end_on_points("the enemy deck is spent and the board is clear of enemies")

    def _end_on_points(self, why: str, at_limit: bool = False) -> None:
        """Most Victory Points wins; a tie goes to the healthier player (option ``tie_break``); a tie in both is a draw."""
        a, b = self.state.players
        keys = (("vp", "more Victory Points"), ("hp", "the same Victory Points and more health"))
        if option(self.state, "tie_break") == "draw":
            keys = keys[:1]
        for key, words in keys:
            if a[key] != b[key]:
                self.emit(f.GameEnded(winners=[1 if a[key] > b[key] else 2], reason=f"{why}: {words}", at_limit=at_limit))
                return
        level = "Victory Points and health" if len(keys) > 1 else "Victory Points"
        self.emit(f.GameEnded(winners=[], reason=f"{why}: a draw, level on {level}", at_limit=at_limit))
