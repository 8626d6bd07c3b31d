"""Playing one decision: ``Play`` builds the facts a command causes, applying each as it is made so
the next step sees its effect (a roll, the move, the rob, the space's mission or police, the next
turn), and stops the moment a player reaches the target."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine.errors import IllegalCommand
from domain.engine.modular import Decision
from domain.games.missions import facts as f
from domain.games.missions.board import MISSION_LEVEL
from domain.games.missions.cards import CARDS, DIE, RANKS, money, needed
from domain.games.missions.checks import destinations, rob_targets
from domain.games.missions.evolve import apply
from domain.games.missions.state import State

NEED_ROLL = "roll the die first"


class Play(Decision):
    """The facts of one decision, and the state as they leave it."""

    apply_fact = staticmethod(apply)
    state: State

    # -- the commands ----------------------------------------------------------------------------

    def roll(self, seat: int, command: dict[str, Any]) -> None:
        if self.state.phase != "roll":
            raise IllegalCommand(f"you have rolled {self.state.rolled} already: move now")
        face = self.rng.choice(DIE, "{seat} rolls the die: which face?", seat)
        self.emit(f.DieRolled(seat=seat, face=face))
        ways = destinations(self.state, seat, face)
        if not ways:
            self.emit(f.MoveBlocked(seat=seat, face=face))
            self.end_turn()
        elif self.state.options["movement"] == "forward":
            self._move(seat, "cw", ways["cw"])

    def move(self, seat: int, command: dict[str, Any]) -> None:
        if self.state.phase != "move":
            raise IllegalCommand(NEED_ROLL)
        direction = command["direction"]
        ways = destinations(self.state, seat, self.state.rolled)
        if direction not in ways:
            if self.state.options["movement"] == "forward":
                raise IllegalCommand("pieces move clockwise only in this game (the option movement is 'forward')")
            raise IllegalCommand(f"moving {self.state.rolled} {_WAY[direction]} ends on a space that already "
                                 f"holds {self.state.options['max_per_space']} pieces")
        self._move(seat, direction, ways[direction])

    def rob(self, seat: int, command: dict[str, Any]) -> None:
        robbed, give, take = command["player"], command["give"], command["take"]
        targets = rob_targets(self.state, seat)
        if self.state.phase != "rob":
            raise IllegalCommand("you may rob only a player whose space you have just landed on")
        if robbed not in targets:
            raise IllegalCommand(f"seat {robbed} is not on your space with a card to trade" if robbed != seat
                                 else "you cannot rob yourself")
        if give not in self.state.hands[seat - 1]:
            raise IllegalCommand(f"you do not hold {give!r} to give")
        if take not in self.state.hands[robbed - 1]:
            raise IllegalCommand(f"seat {robbed} does not hold {take!r}")
        self.emit(f.CardsTraded(robber=seat, robbed=robbed, give=give, take=take))
        if not self.check_win(robbed) and not self.check_win(seat):
            self.space_effect(seat)

    def no_rob(self, seat: int, command: dict[str, Any]) -> None:
        if self.state.phase != "rob":
            raise IllegalCommand("there is nobody to rob: you have not just landed on a player")
        self.emit(f.RobDeclined(seat=seat))
        self.space_effect(seat)

    def snitch(self, seat: int, command: dict[str, Any]) -> None:
        if self.state.phase != "snitch":
            raise IllegalCommand("you may snitch only when you have just landed on a police space")
        face = self.rng.choice(DIE, "{seat} rolls to snitch: which face?", seat)
        target = face if face <= self.state.seat_count else 0
        self.emit(f.SnitchRolled(seat=seat, face=face, target=target))
        if target and target != seat:
            self._gain(seat)
            if self.over:
                return
        if not target or not self._demand(target, "snitched" if target != seat else "self"):
            self.end_turn()

    def no_snitch(self, seat: int, command: dict[str, Any]) -> None:
        if self.state.phase != "snitch":
            raise IllegalCommand("there is nothing to decline: you have not just landed on a police space")
        self.emit(f.SnitchDeclined(seat=seat))
        self.end_turn()

    def lose(self, seat: int, command: dict[str, Any]) -> None:
        """The card the demanded player gives up, named by them (or by the snitch, ruling 17's option)."""
        card = command["card"]
        if self.state.phase != "lose":
            raise IllegalCommand("nobody has to give up a card now")
        loser = self.state.demanded
        if card not in self.state.hands[loser - 1]:
            held = ", ".join(repr(c) for c in self.state.hands[loser - 1])
            whose = "you do not hold" if loser == seat else f"seat {loser} does not hold"
            raise IllegalCommand(f"{whose} {card!r}: the card given up is one of {held}")
        self.emit(f.CardLost(seat=loser, card=card))
        self.end_turn()

    # -- what follows -----------------------------------------------------------------------------

    def _move(self, seat: int, direction: str, to: int) -> None:
        self.emit(f.PieceMoved(seat=seat, start=self.state.positions[seat - 1], to=to, direction=direction,
                               space=self.state.spaces[to]))
        if self.state.phase == "landed":
            self.space_effect(seat)

    def space_effect(self, seat: int) -> None:
        """The space the mover stands on acts: a mission is drawn and tried, the police fine the mover
        (first changes), a start space does nothing; then the turn ends unless a card must be chosen."""
        kind = self.state.spaces[self.state.positions[seat - 1]]
        if kind in MISSION_LEVEL:
            self._mission(seat, MISSION_LEVEL[kind])
        elif kind == "police":  # the snitch rule opens its own window; here only the fine is left
            self.emit(f.TurnLost(seat=seat, reason="police"))
            if self._demand(seat, "police"):
                return
        if not self.over:
            self.end_turn()

    def _mission(self, seat: int, level: int) -> None:
        card = self._draw(seat, level)
        if not card:
            self.emit(f.PileEmpty(seat=seat, level=level))
            return
        self.emit(f.MissionDrawn(seat=seat, level=level, card=card))
        rank = self.state.ranks[seat - 1]
        face = self.rng.choice(DIE, f"{{seat}} rolls for the level {level} mission: which face?", seat)
        threshold = needed(level, rank)
        self.emit(f.MissionRolled(seat=seat, card=card, face=face, needed=threshold, success=face <= threshold))
        options = self.state.options
        if face <= threshold:
            raises = level == 3 or (level == 2 and options["level2_ranks_up"])
            if raises and CARDS[level].ranks_up and rank < RANKS[-1]:
                self.emit(f.RankChanged(seat=seat, rank=rank + 1, reason="mission"))
            self.check_win(seat)
        elif level == 3:
            self.emit(f.TurnLost(seat=seat, reason="mission"))
            if options["level3_failure_loses_rank"] and rank > RANKS[0]:
                self.emit(f.RankChanged(seat=seat, rank=rank - 1, reason="failure"))

    def _draw(self, seat: int, level: int) -> str:
        """The top card of the level's pile, chosen now from the cards never yet drawn (their order was
        unknown); once those are gone, the first of the cards put back under the pile. Empty: ``""``."""
        unseen, bottom = self.state.unseen[str(level)], self.state.bottom[str(level)]
        if unseen:
            return self.rng.choice(unseen, f"{{seat}} draws a level {level} mission: which card?", seat)
        return bottom[0] if bottom else ""

    def _demand(self, seat: int, reason: str) -> bool:
        """The player must give up a card of their choice: the game waits for them (True), unless
        they hold none (False: nothing is lost)."""
        if self.state.hands[seat - 1]:
            self.emit(f.CardDemanded(seat=seat, reason=reason))
            return True
        self.emit(f.NothingLost(seat=seat, reason=reason))
        return False

    def _gain(self, seat: int) -> None:
        card = self._draw(seat, 1)
        self.emit(f.CardGained(seat=seat, card=card))
        if card:
            self.check_win(seat)

    def check_win(self, seat: int) -> bool:
        """The player wins at once on reaching the target."""
        total = money(self.state.hands[seat - 1])
        if total >= self.state.options["target"]:
            self.emit(f.GameWon(seat=seat, money=total))
        return self.over

    def end_turn(self) -> None:
        """Play passes counterclockwise (up the seat numbers) from the player whose turn it was; a
        player with turns to miss misses one; past the round limit the richest player wins."""
        state = self.state
        seat = state.mover
        while True:
            seat = seat % state.seat_count + 1
            round_number = state.round + (seat == state.first)
            if round_number > state.options["round_limit"]:
                totals = [money(hand) for hand in state.hands]
                best = max(totals)
                winners = [s for s, total in enumerate(totals, 1) if total == best]
                if len(winners) == state.seat_count:
                    winners = []  # everyone tied: a draw
                self.emit(f.RoundLimitReached(rounds=state.round, winners=winners, money=totals))
                return
            if state.skips[seat - 1]:
                self.emit(f.TurnSkipped(seat=seat, round=round_number))
                state = self.state
                continue
            self.emit(f.TurnStarted(seat=seat, round=round_number))
            return


_WAY = {"cw": "clockwise", "ccw": "counterclockwise"}

COMMANDS: dict[str, Callable[[Play, int, dict[str, Any]], None]] = {
    "roll": Play.roll,
    "move": Play.move,
    "rob": Play.rob,
    "no_rob": Play.no_rob,
    "snitch": Play.snitch,
    "no_snitch": Play.no_snitch,
    "lose": Play.lose,
}
"""Each command type's handler."""
