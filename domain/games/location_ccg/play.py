"""Playing one decision of the Location CCG: ``Play`` builds the facts a command causes, applying each
as it is made, and carries the game on through setup, the five phases of a turn and their windows.
The mission (attack, defence, pairing, combat, the skill check) is in ``combat.py``, drawing, paying and
taking cards from the hand in ``zones.py``."""

from __future__ import annotations

from typing import Any

from domain.engine.errors import IllegalCommand
from domain.engine.modular import Decision
from domain.games.location_ccg import facts as f
from domain.games.location_ccg.cards import HAND_SIZE, Card, parse_cost
from domain.games.location_ccg.checks import (
    ability_ready,
    card_target_kind,
    cost_for,
    deploy_problem,
    surprise_problem,
    windows,
)
from domain.games.location_ccg.combat import Combat
from domain.games.location_ccg.evolve import apply, apply_in_place
from domain.games.location_ccg.state import State
from domain.games.location_ccg.zones import Zones


class Play(Combat, Zones, Decision):
    """The facts of one decision, and the state as they leave it."""

    apply_fact = staticmethod(apply)
    apply_in_place = staticmethod(apply_in_place)
    state: State

    # -- setup ---------------------------------------------------------------------------------------

    def choose_location(self, seat: int, command: dict[str, Any]) -> None:
        brought = self.state.player(seat)["brought"]
        if command["location"] not in brought:
            raise IllegalCommand(f"choose one of the locations you brought and have not placed: {', '.join(brought)}")
        self.emit(f.LocationPlaced(seat=seat, location=command["location"]))
        if len(self.state.locations) < 3:
            return
        for each in (self.state.first, self.state.other(self.state.first)):  # LC-40
            self.draw(each, HAND_SIZE, "opening")
        self.emit(f.PhaseBegan(phase="mulligan", seat=self.state.first))

    def mulligan(self, seat: int, command: dict[str, Any]) -> None:
        cards = list(command["cards"])
        self._from_hand(seat, cards)
        self.emit(f.CardsPutUnder(seat=seat, cards=cards))
        self.draw(seat, HAND_SIZE - len(self.state.player(seat)["hand"]), "mulligan")
        if seat == self.state.first:
            self.emit(f.PhaseBegan(phase="mulligan", seat=self.state.other(seat)))
        else:
            self.begin_turn(self.state.other(self.state.first))  # LC-42: the second player begins

    # -- the turn --------------------------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        self.emit(f.TurnBegan(seat=seat, turn=self.state.turn + 1))
        away = [uid for uid in self.state.characters(seat) if self.state.in_play[uid]["at"] != "hq"]
        if away:
            self.emit(f.CharactersReturned(seat=seat, characters=away))
        due = [uid for uid, c in self.state.in_play.items() if c["owner"] == seat and self.state.card(uid).has("upkeep")]
        if due:
            self.emit(f.UpkeepDue(seat=seat, cards=due))
            self.emit(f.PhaseBegan(phase="upkeep", seat=seat))
        else:
            self.emit(f.PhaseBegan(phase="production", seat=seat))

    def upkeep(self, seat: int, command: dict[str, Any]) -> None:
        uid = str(command["card"])
        if uid not in self.state.upkeep_due:
            raise IllegalCommand(f"no upkeep is due on card {uid}: due on {', '.join(self.state.upkeep_due)}")
        card = self.state.card(uid)
        if command["pay"]:
            cost = parse_cost(str(card.has("upkeep")))
            self._pay(seat, cost, command.get("pay_with"), "upkeep")
            self.emit(f.UpkeepPaid(seat=seat, uid=uid))
        else:
            self.leave(uid, "destroyed")
        if not self.state.upkeep_due:
            self.emit(f.PhaseBegan(phase="production", seat=seat))

    def draw_card(self, seat: int, command: dict[str, Any]) -> None:
        if not self.state.deck_size(seat) and not self.state.player(seat)["discard"]:
            raise IllegalCommand("your deck and your discard pile are empty: there is no card to draw")
        self.draw(seat, 1, "production")
        self._after_production_point(seat)

    def bank(self, seat: int, command: dict[str, Any]) -> None:
        self._from_hand(seat, [command["card"]])
        self.emit(f.CardBanked(seat=seat, card=command["card"]))
        self._after_production_point(seat)

    def _after_production_point(self, seat: int) -> None:
        if self.state.production == 0 and self.state.phase == "production":
            self.mission_phase(seat)

    def pass_(self, seat: int, command: dict[str, Any]) -> None:
        phase = self.state.phase
        if phase == "production":
            self.mission_phase(seat)
        elif phase == "mission":
            self.emit(f.PhaseBegan(phase="deploy", seat=seat))
        elif phase == "deploy" and windows(self.state) == "own-turn":
            self.end_turn()  # ruling 24's option: the other player has no response window
        elif phase == "deploy":
            self.emit(f.PhaseBegan(phase="response", seat=self.state.other(seat)))
        elif phase == "response":
            self.end_turn()
        else:
            self.pass_in_mission(seat)

    def discard(self, seat: int, command: dict[str, Any]) -> None:
        self._from_hand(seat, [command["card"]])
        self.emit(f.CardDiscarded(seat=seat, card=command["card"]))
        if len(self.state.player(seat)["hand"]) <= HAND_SIZE:
            self.next_turn()

    def end_turn(self) -> None:
        """LC-47: damage and this turn's boosts go; the active player discards down to seven."""
        seat = self.state.current
        self.emit(f.TurnEnded(seat=seat))
        if len(self.state.player(seat)["hand"]) > HAND_SIZE:
            self.emit(f.PhaseBegan(phase="discard", seat=seat))
        else:
            self.next_turn()

    def next_turn(self) -> None:
        if self.state.turn >= self.state.options["turn_limit"]:
            self.end_at_turn_limit()
        else:
            self.begin_turn(self.state.other(self.state.current))

    def end_at_turn_limit(self) -> None:
        s = self.state
        limit = s.options["turn_limit"]
        for measure, words in ((s.won, "more locations won"), (s.tokens, "more victory point tokens on locations not yet won")):
            if measure(1) != measure(2):
                winner = 1 if measure(1) > measure(2) else 2
                self.emit(f.GameEnded(winners=[winner], reason=f"the turn limit ({limit}) was reached: {words}",
                                       at_limit=True))
                return
        self.emit(f.GameEnded(winners=[], reason=f"the turn limit ({limit}) was reached with nothing between the players: a draw",
                               at_limit=True))

    # -- playing cards ---------------------------------------------------------------------------------

    def play(self, seat: int, command: dict[str, Any]) -> None:
        card = self._card_in_hand(seat, command["card"])
        problem = surprise_problem(self.state, seat, card) if card.kind == "surprise" else deploy_problem(self.state, seat, card)
        if problem:
            raise IllegalCommand(problem)
        target = self._target(seat, card_target_kind(card), command.get("target"), card.name)
        self._refuse_if_empty(card, card.effect, target, command.get("keep", "new"))
        self._pay(seat, cost_for(self.state, seat, card), command.get("pay"), card.id)
        uid = str(self.state.next_uid) if card.kind in ("character", "asset") else ""
        if card.kind == "modifier":
            self._attach(seat, card, target, command.get("keep", "new"))
            return
        self.emit(f.CardPlayed(seat=seat, card=card.id, uid=uid, target=target))
        if card.has("unique"):
            self._unique(card, uid)
        if card.kind == "surprise":
            self.resolve_effect(seat, card, card.effect, target)
            if card.cost.production:
                self._after_production_point(seat)

    def activate(self, seat: int, command: dict[str, Any]) -> None:
        uid = str(command["card"])
        problem = ability_ready(self.state, seat, uid)
        if problem:
            raise IllegalCommand(problem)
        card = self.state.card(uid)
        target = self._target(seat, str(card.ability.get("target", "")), command.get("target"), card.name)
        self._refuse_if_empty(card, card.ability, target)
        self._pay(seat, parse_cost(card.ability["cost"]), command.get("pay"), card.id)
        self.emit(f.AbilityUsed(seat=seat, uid=uid, target=target))
        self.resolve_effect(seat, card, card.ability, target)
        if parse_cost(card.ability["cost"]).production:
            self._after_production_point(seat)

    def resolve_effect(self, seat: int, card: Card, effect: dict[str, Any], target: str) -> None:
        if "boost" in effect:
            self.emit(f.StatsBoosted(uid=target, bonus=list(effect["boost"]), source=card.id))
            if effect["boost"][1] < 0:  # a designer's card that lowers Def may deal lethal damage (ruling 27)
                self.check_lethal([target])
        if "damage" in effect:
            self.emit(f.DamageDealt(uid=target, amount=int(effect["damage"]), source=card.id))
            self.check_lethal([target])
        if effect.get("ko"):
            self.leave(target, "ko")
        if "draw" in effect:
            self.draw(seat, int(effect["draw"]), card.id)

    def _attach(self, seat: int, card: Card, target: str, keep: str) -> None:
        """LC-9: one modifier of each type on a character (or one in all, with the option ``modifier_limit:
        one``); the player keeps the new or the old one."""
        self.emit(f.CardPlayed(seat=seat, card=card.id, uid="", target=target))
        one = self.state.options.get("modifier_limit", "one-per-type") == "one"  # ruling 9's option: one in all
        cards = self.state.pool.cards
        same = [m for m in self.state.in_play[target]["modifiers"][:-1] if one or cards[m].subtype == card.subtype]
        for old in same:
            self.emit(f.ModifierRemoved(uid=target, card=card.id if keep == "old" else old, to="discard"))
        self.check_lethal([target])

    def _unique(self, card: Card, uid: str) -> None:
        """LC-61: another copy in play is discarded (option ``unique``: or the new one is)."""
        others = [other for other, c in self.state.in_play.items() if c["card"] == card.id and other != uid]
        for other in others:
            self.leave(uid if self.state.options["unique"] == "new_goes" else other, "discarded")
            if self.state.options["unique"] == "new_goes":
                break

    def leave(self, uid: str, how: str) -> None:
        """A card leaves play (``destroyed``, ``ko``, ``discarded``): its modifiers go first (to the void
        when it is destroyed, else to the discard pile); Recur sends it to the discard pile instead of
        the void, and to its owner's hand instead of the discard pile."""
        c = self.state.in_play[uid]
        for modifier in list(c["modifiers"]):
            self.emit(f.ModifierRemoved(uid=uid, card=modifier, to="void" if how == "destroyed" else "discard"))
        recur = self.state.pool.cards[c["card"]].has("recur")
        to = ("discard" if recur else "void") if how == "destroyed" else ("hand" if recur else "discard")
        self.emit(f.CardLeftPlay(uid=uid, card=c["card"], owner=c["owner"], how=how, to=to))

    def check_lethal(self, uids: list[str]) -> None:
        """LC-6: damage equal to Def or more destroys a character, unless Toughness X takes it off for a
        wound counter (fewer than X counters on it)."""
        for uid in uids:
            if uid not in self.state.in_play:
                continue
            c = self.state.in_play[uid]
            if c["damage"] and c["damage"] >= self.state.stat(uid, 1):
                if c["wounds"] < self.state.card(uid).has("toughness"):
                    self.emit(f.WoundCounterPlaced(uid=uid))
                else:
                    self.leave(uid, "destroyed")


COMMANDS = {
    "choose_location": Play.choose_location, "mulligan": Play.mulligan, "upkeep": Play.upkeep, "draw": Play.draw_card,
    "bank": Play.bank, "play": Play.play, "activate": Play.activate, "pass": Play.pass_, "discard": Play.discard,
    "attack": Play.attack, "send": Play.send, "challenge": Play.challenge, "oppose": Play.oppose, "gang": Play.gang,
}
