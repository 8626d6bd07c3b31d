"""Playing one decision: ``Play`` builds the facts a command causes, applying each as it is made so
the next step sees its effect (a move, then the tunnel, the heal point, the collection, the strikes),
on the turn flow of ``turns`` (medics, the placement phase, the next turn, the end).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.games.project_assassination import decks
from domain.games.project_assassination import facts as f
from domain.games.project_assassination.board import block
from domain.games.project_assassination.cards import (
    ENEMY_CARDS,
    GRENADE_DAMAGE,
    HEAL_POINT_HEAL,
    HEALTH_PACK_HEAL,
    MAX_BOOTS,
    MAX_HP,
    NAMES,
    WEAPONS,
    a_card,
)
from domain.games.project_assassination.checks import (
    action_limit,
    attack_limit,
    draw_problem,
    fits,
    item_problem,
    pending_kind,
    step_problem,
    strategy_problem,
)
from domain.games.project_assassination.evolve import apply, apply_in_place
from domain.games.project_assassination.options import option, shielded
from domain.games.project_assassination.state import State
from domain.games.project_assassination.tactics import (
    obstacle_square_problem,
    occupied,
    shot,
    strikers,
    targets_in,
)
from domain.games.project_assassination.turns import TurnFlow


class Play(TurnFlow):
    """Builds the facts of one decision, keeping the state they lead to."""

    apply_fact = staticmethod(apply)
    apply_in_place = staticmethod(apply_in_place)
    state: State

    # -- the turn's commands ---------------------------------------------------------------

    def draw(self, seat: int, command: Command) -> None:
        deck, discard = command["deck"], command.get("discard")
        problem = draw_problem(self.state, seat, deck, discard)
        if problem:
            raise IllegalCommand(problem)
        card = decks.draw(self.state, self.rng, deck, seat)
        self.emit(f.CardDrawn(seat=seat, deck=deck, card=card, discarded=discard))

    def obstacle(self, seat: int, command: Command) -> None:
        problem = item_problem(self.state, seat, "obstacle") or obstacle_square_problem(self.state, command["square"])
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.ObstaclePlaced(seat=seat, square=command["square"]))

    def strategy(self, seat: int, command: Command) -> None:
        start, to = command["from"], command["to"]
        problem = item_problem(self.state, seat, "strategy") or strategy_problem(self.state, start, to)
        if problem:
            raise IllegalCommand(problem)
        piece = "obstacle" if start in self.state.obstacles else "enemy"
        self.emit(f.StrategyPlayed(seat=seat, piece=piece, start=start, to=to))

    def ambush(self, seat: int, command: Command) -> None:
        problem = item_problem(self.state, seat, "ambush")
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.AmbushSet(seat=seat, target=self.state.opponent(seat)))

    def cover(self, seat: int, command: Command) -> None:
        problem = item_problem(self.state, seat, "cover")
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.CoverTaken(seat=seat))

    def move(self, seat: int, command: Command) -> None:
        self._check_action(seat)
        to = command["to"]
        problem = step_problem(self.state, seat, to)
        if problem:
            raise IllegalCommand(problem)
        board = self.state.board
        start = self.state.player(seat)["square"]
        self.emit(f.PlayerMoved(seat=seat, start=start, to=to))
        here = to
        exit_ = board.tunnel_exit.get(to)
        if exit_ is not None and occupied(self.state, exit_) is None:
            self.emit(f.TunnelTaken(seat=seat, entry=to, exit=exit_))
            here = exit_
        player = self.state.player(seat)
        if here in board.heal_points and not self.state.healed and player["hp"] < MAX_HP:
            self.emit(f.HealPointUsed(seat=seat, square=here, hp=min(MAX_HP, player["hp"] + HEAL_POINT_HEAL)))
        if here == board.rendezvous[self.state.number(seat)]:
            self._collect(seat, here)
            spawn = board.spawns[self.state.number(seat)]
            self.emit(f.PlayerTeleported(seat=seat, start=here, to=spawn))
            self.settle(seat)
        else:
            if self.state.cards.get(here):
                self._collect(seat, here)
                self.settle(seat)
            self._strike(seat, here, start)
        self.after(seat)

    def _collect(self, seat: int, square: str) -> None:
        """Pick up every card on the square; health packs stay while the player is at full health."""
        hp = self.state.player(seat)["hp"]
        taken = []
        for card in self.state.cards.get(square, []):
            if card == "health_pack":
                if hp >= MAX_HP:
                    continue
                hp = min(MAX_HP, hp + HEALTH_PACK_HEAL)
            taken.append(card)
        if taken:
            self.emit(f.CardsCollected(seat=seat, square=square, cards=taken))

    def _strike(self, seat: int, square: str, start: str) -> None:
        """The enemies' strikes on a move from ``start`` ending on ``square`` (rulings 26 and 18)."""
        covered = shielded(self.state, seat, "enemies")
        for enemy in strikers(self.state, square, start):
            damage = 0 if covered else ENEMY_CARDS[enemy["kind"]].damage
            hp = max(0, self.state.player(seat)["hp"] - damage)
            self.emit(f.EnemyStruck(kind=enemy["kind"], square=enemy["square"], seat=seat, damage=damage, hp=hp))

    def attack(self, seat: int, command: Command) -> None:
        self._check_action(seat)
        if self.state.attacks >= attack_limit(self.state, seat):
            limit = attack_limit(self.state, seat)
            raise IllegalCommand(
                f"{limit} attack{'s' if limit > 1 else ''} per turn"
                + ("" if limit > 1 else ": two weapons in your slots would allow two")
            )
        slot = command["slot"]
        weapon = self.state.player(seat)["slots"][slot - 1]
        if weapon is None:
            raise IllegalCommand(f"weapon slot {slot} is empty")
        hits, problem = shot(self.state, seat, weapon, command["aim"])
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.ShotFired(seat=seat, slot=slot, weapon=weapon["card"], aim=command["aim"], hits=hits))
        self._consequences(seat, hits, paralyse=weapon["card"] == "paralysis_pistol")
        self.after(seat)

    def _consequences(self, seat: int, hits: list[dict[str, Any]], paralyse: bool = False) -> None:
        for hit in hits:
            if hit["target"] == "enemy":
                if hit["hp"] <= 0:
                    self.emit(f.EnemyKilled(seat=seat, kind=hit["kind"], square=hit["square"]))
                    self._score(seat, ENEMY_CARDS[hit["kind"]].points, f"killed {a_card(hit['kind'])}")
                elif paralyse:
                    self.emit(f.EnemyParalysed(seat=seat, square=hit["square"], kind=hit["kind"]))
            elif hit["target"] == "player" and hit["seat"] != seat and not shielded(self.state, hit["seat"], "opponent"):
                self._score(seat, 1, "hit the other assassin")
                if paralyse and hit["hp"] > 0:
                    self.emit(f.PlayerParalysed(seat=seat, target=hit["seat"]))
        self.check_end()

    def _score(self, seat: int, points: int, reason: str) -> None:
        total = self.state.player(seat)["vp"] + points
        self.emit(f.PointsScored(seat=seat, points=points, reason=reason, total=total))

    def end(self, seat: int, command: Command) -> None:
        self.end_turn(seat)

    def _check_action(self, seat: int) -> None:
        limit = action_limit(self.state, seat)
        if self.state.actions >= limit:
            raise IllegalCommand(f"you have used all {limit} actions this turn")

    # -- choices after collecting ------------------------------------------------------------

    def drop(self, seat: int, command: Command) -> None:
        card = self.state.pending[0]
        if pending_kind(self.state) != "weapon" or not all(self.state.player(seat)["slots"]):
            raise IllegalCommand("there is no weapon to drop")
        self.emit(f.WeaponDropped(seat=seat, card=card, slot=command["slot"]))
        self.settle(seat)
        self.after(seat)

    def attach(self, seat: int, command: Command) -> None:
        card = self.state.pending[0]
        weapon = self.state.player(seat)["slots"][command["slot"] - 1]
        if not fits(weapon, card):
            what = "an empty slot" if weapon is None else f"the {NAMES[weapon['card']]}"
            raise IllegalCommand(f"the {NAMES[card]} does not fit {what}: one of each per weapon, none on the Sniper")
        self.emit(f.AttachmentFitted(seat=seat, card=card, slot=command["slot"]))
        self.settle(seat)
        self.after(seat)

    def cage(self, seat: int, command: Command) -> None:
        enemy = self.state.enemy_at(command["square"])
        if enemy is None or enemy["caged_by"]:
            raise IllegalCommand(f"there is no enemy to cage on {command['square']}")
        self.emit(f.EnemyCaged(seat=seat, square=command["square"], kind=enemy["kind"]))
        self.settle(seat)
        self.after(seat)

    def grenade(self, seat: int, command: Command) -> None:
        area = block(command["corner"])
        if not area:
            raise IllegalCommand(f"a 2x2 area with its lower-left square on {command['corner']} runs off the board")
        hits = targets_in(self.state, seat, area, GRENADE_DAMAGE)
        own = self.state.player(seat)
        if own["square"] in area and option(self.state, "grenade_hurts_thrower"):
            hits.append({"square": own["square"], "target": "player", "seat": seat, "damage": GRENADE_DAMAGE,
                         "hp": max(0, own["hp"] - GRENADE_DAMAGE)})
        self.emit(f.GrenadeThrown(seat=seat, corner=command["corner"], hits=hits))
        self._consequences(seat, hits)
        if not self.over:
            self.settle(seat)
            self.after(seat)

    def discard(self, seat: int, command: Command) -> None:
        if command["card"] not in self.state.player(seat)["reserve"]:
            raise IllegalCommand(f"there is no {NAMES[command['card']]} in your reserve")
        self.emit(f.ReserveDiscarded(seat=seat, card=command["card"]))
        self.settle(seat)
        self.after(seat)

    def settle(self, seat: int) -> None:
        """Use the collected cards that need no choice, in order, until one needs the player."""
        while self.state.pending and not self.over:
            card = self.state.pending[0]
            player = self.state.player(seat)
            if card == "discard" or card in ("grenade",):
                return
            if card in WEAPONS:
                free = [n for n, w in enumerate(player["slots"], 1) if w is None]
                if not free:
                    return
                self.emit(f.WeaponEquipped(seat=seat, card=card, slot=free[0]))
            elif card == "boots":
                if player["boots"] >= MAX_BOOTS:
                    self.emit(f.CollectibleDiscarded(seat=seat, card=card, reason=f"already wearing {MAX_BOOTS} boots"))
                else:
                    self.emit(f.BootsWorn(seat=seat, boots=player["boots"] + 1))
            elif card == "health_pack":
                self.emit(f.HealthPackUsed(seat=seat, hp=min(MAX_HP, player["hp"] + HEALTH_PACK_HEAL)))
            elif card == "loot_crate":
                discard = self.state.item_discard
                if not discard:
                    self.emit(f.CollectibleDiscarded(seat=seat, card=card, reason="the item discard is empty"))
                else:
                    self.emit(f.LootTaken(seat=seat, cards=list(reversed(discard[-2:]))))
            elif card in ("sight", "muzzle"):
                fitting = [n for n, w in enumerate(player["slots"], 1) if fits(w, card)]
                if not fitting:
                    self.emit(f.CollectibleDiscarded(seat=seat, card=card, reason="no weapon can take it"))
                elif len(fitting) == 1:
                    self.emit(f.AttachmentFitted(seat=seat, card=card, slot=fitting[0]))
                else:
                    return
            elif card == "cage":
                if any(not e["caged_by"] for e in self.state.enemies):
                    return
                self.emit(f.CollectibleDiscarded(seat=seat, card=card, reason="there is no enemy to cage"))

    def after(self, seat: int) -> None:
        """After a command: the game may be over, or the turn, when every action is spent."""
        self.check_end()
        if self.over or self.state.phase != "turn" or self.state.pending:
            return
        if self.state.actions >= action_limit(self.state, seat):
            self.end_turn(seat)


COMMANDS: dict[str, Callable[[Play, int, Command], None]] = {
    "draw": Play.draw,
    "obstacle": Play.obstacle,
    "strategy": Play.strategy,
    "ambush": Play.ambush,
    "cover": Play.cover,
    "move": Play.move,
    "attack": Play.attack,
    "end": Play.end,
    "drop": Play.drop,
    "attach": Play.attach,
    "cage": Play.cage,
    "grenade": Play.grenade,
    "discard": Play.discard,
}
