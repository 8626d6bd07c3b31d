"""Playing one decision: ``Play`` builds the facts a command causes, applying each as it is made, and
carries the game on: from one action phase to the next player who has not passed, through an attack's
reaction window, to the end of the turn (recharge, discards, draws) and the end of the game."""

from __future__ import annotations

from typing import Any

from domain.engine.errors import IllegalCommand
from domain.engine.modular import Decision
from domain.games.squad_combat import facts as f
from domain.games.squad_combat.cards import DIE_FACES, DISCARD_LIMIT, Card
from domain.games.squad_combat.checks import (
    can_refresh,
    dice_paid,
    leaders,
    perform_problem,
    pool_faces,
    reaction_performers,
    reactions_left,
    target_problem,
    targets_for,
    turn_order,
)
from domain.games.squad_combat.effects import (
    perform_effects,
    play_problem,
    reaction_problem,
    refresh_problem,
    refuses_no_effect,
)
from domain.games.squad_combat.evolve import apply, apply_in_place, hand_needs
from domain.games.squad_combat.stalemate import stalemate_end
from domain.games.squad_combat.state import State


class Play(Decision):
    """The facts of one decision, and the state as they leave it."""

    apply_fact = staticmethod(apply)
    apply_in_place = staticmethod(apply_in_place)
    state: State

    # -- the action phase ----------------------------------------------------------------------

    def play(self, seat: int, command: dict[str, Any]) -> None:
        self._not_passed(seat)
        card = self._card_in_hand(seat, command["card"])
        if card.kind == "edge":
            raise IllegalCommand(f"{card.name} is an edge: play it with 'edge', it does not take your action")
        self._perform(seat, card, command)
        if card.kind == "attack":
            return  # the defender answers first
        perform_effects(self, seat, card, command)
        if not self.over:
            self.next_phase()

    def edge(self, seat: int, command: dict[str, Any]) -> None:
        card = self._card_in_hand(seat, command["card"])
        if card.window != "own":
            what = "a reaction: it answers an attack on your character" if card.window == "reaction" else "not an edge"
            raise IllegalCommand(f"{card.name} is {what}")
        self._perform(seat, card, command)
        perform_effects(self, seat, card, command)

    def refresh(self, seat: int, command: dict[str, Any]) -> None:
        self._not_passed(seat)
        place = command["character"]
        if not 1 <= place <= len(self.state.player(seat)["characters"]) or not self.state.alive([seat, place]):
            raise IllegalCommand("refresh a living character of yours (place 1 to 3)")
        where = self.state.ref(seat, place)
        if not can_refresh(self.state, seat, place):
            stats = self.state.stats(where)
            raise IllegalCommand(f"{stats.name} needs {stats.refresh} energy to refresh and has {self.state.energy(where)}")
        idle = refresh_problem(self.state, where)
        if idle and refuses_no_effect(self.state):
            raise IllegalCommand(idle)
        stats = self.state.stats(where)
        rolled = self._roll_pool(stats.pool, seat, stats.name)
        dice = sorted(self.state.character(where)["dice"] + rolled, reverse=True)
        self.emit(f.DiceRefreshed(character=where, burden=stats.refresh, rolled=rolled, kept=dice[:len(stats.pool)]))
        self.next_phase()

    def pass_(self, seat: int, command: dict[str, Any]) -> None:
        self.emit(f.PlayerPassed(seat=seat))
        self.next_phase()

    # -- the reaction window --------------------------------------------------------------------

    def react(self, seat: int, command: dict[str, Any]) -> None:
        attack = self.state.attack
        if not reactions_left(self.state):
            limit = int(self.state.options.get("reactions_per_attack", 1))
            then = "defend" if self.state.v05 else "allow"
            raise IllegalCommand("one reaction an attack: now defend" if limit == 1 else f"{limit} reactions an attack: now {then}")
        card = self._card_in_hand(seat, command["card"])
        if card.window != "reaction":
            raise IllegalCommand(f"{card.name} is not a reaction")
        if command["performer"] not in reaction_performers(self.state, card):
            who = "another of your living characters" if "intercept" in card.effect else "the character attacked"
            raise IllegalCommand(f"{card.name} is performed by {who}")
        problem = perform_problem(self.state, seat, card, command["performer"])
        if problem:
            raise IllegalCommand(problem)
        idle = reaction_problem(self.state, card)
        if idle and refuses_no_effect(self.state):
            raise IllegalCommand(idle)
        cost = card.cost_under(self.state.options["rules"])
        where = self.state.ref(seat, command["performer"])
        self.emit(f.CardPlayed(seat=seat, card=card.id, performer=where, target=list(attack["target"]),
                               burden=cost.energy, dice=dice_paid(self.state.character(where)["dice"], cost.dice) or []))
        if "intercept" in card.effect:
            self.emit(f.DefenderChanged(target=where))
        if self.state.v05:
            return  # the defense die comes next
        if card.effect.get("negate"):
            attacker = self.state.attack["attacker"]
            if card.effect.get("burden_attacker"):
                self._burden(attacker, int(card.effect["burden_attacker"]), "riposte")
            self.emit(f.AttackFailed(seat=attack["seat"], card=attack["card"], reason="negated"))
            self.next_phase()
        elif not reactions_left(self.state):
            self._hit()
        # else the attack waits: the defending player may react again or allow (ruling 13)

    def allow(self, seat: int, command: dict[str, Any]) -> None:
        if self.state.v05:
            raise IllegalCommand("under the v0.5 rules the defender answers with a defense die: defend (die 0 for none)")
        self._hit()

    def defend(self, seat: int, command: dict[str, Any]) -> None:
        if not self.state.v05:
            raise IllegalCommand("v1 attacks hit unless a reaction stops them: react or allow")
        attack, die = self.state.attack, command["die"]
        defender = self.state.character(attack["target"])
        if die and die not in defender["dice"]:
            raise IllegalCommand(f"the defender has no die showing {die}: its dice are {defender['dice']}")
        card = self.state.cards.cards[attack["card"]]
        hit_modifier = int(card.v05.get("hit", 0))
        hit = attack["attack_die"] + hit_modifier >= die + attack["defense"]
        if die:
            self.emit(f.DieLost(character=list(attack["target"]), face=die))
        self.emit(f.AttackRolled(attack_die=attack["attack_die"], hit_modifier=hit_modifier, defense_die=die,
                                 defense_modifier=attack["defense"], hit=hit))
        if hit:
            self._hit()
        else:
            self.emit(f.AttackFailed(seat=attack["seat"], card=attack["card"], reason="missed"))
            self.next_phase()

    # -- the end of the turn ---------------------------------------------------------------------

    def discard(self, seat: int, command: dict[str, Any]) -> None:
        cards = command["cards"]
        if len(cards) > DISCARD_LIMIT:
            raise IllegalCommand(f"discard up to {DISCARD_LIMIT} cards, not {len(cards)}")
        hand = list(self.state.player(seat)["hand"])
        for card in cards:
            if card not in hand:
                raise IllegalCommand(f"you have no {card!r} in your hand to discard")
            hand.remove(card)
        self.emit(f.CardsDiscarded(seat=seat, cards=list(cards)))
        if not self.state.discarding:
            self._draw_up_and_go_on()

    # -- playing a card -----------------------------------------------------------------------------

    def _not_passed(self, seat: int) -> None:
        if self.state.player(seat)["passed"]:
            raise IllegalCommand("you have passed: until the turn ends you may play edges of your own phase (edge) "
                                 "or pass")

    def _card_in_hand(self, seat: int, card_id: str) -> Card:
        card = self.state.cards.cards.get(card_id)
        if card is None or card_id not in self.state.player(seat)["hand"]:
            raise IllegalCommand(f"you have no {card_id!r} in your hand")
        return card

    def _perform(self, seat: int, card: Card, command: dict[str, Any]) -> None:
        """Check the performer, target and costs, then pay and announce the card."""
        place, target = command["performer"], list(command.get("target") or [])
        discards = list(command.get("discard") or [])
        cost = card.cost_under(self.state.options["rules"])
        problem = perform_problem(self.state, seat, card, place, len(discards))
        if problem:
            raise IllegalCommand(problem)
        if target not in targets_for(self.state, seat, card):
            raise IllegalCommand(target_problem(card, target))
        hand = list(self.state.player(seat)["hand"])
        hand.remove(card.id)
        if len(discards) != cost.cards or any(hand.count(c) < discards.count(c) for c in discards):
            raise IllegalCommand(f"{card.name} costs {cost.cards} other card(s) from your hand to discard, named in 'discard'")
        where = self.state.ref(seat, place)
        dice = dice_paid(self.state.character(where)["dice"], cost.dice) or []
        problem = play_problem(self.state, seat, card, command, dice)
        if problem:
            raise IllegalCommand(problem)
        if command.get("attack_die") and not (card.kind == "attack" and self.state.v05):
            raise IllegalCommand("an attack die is named only for an attack under the v0.5 rules")
        attack_die = int(command.get("attack_die", 0))
        if attack_die:
            left = list(self.state.character(where)["dice"])
            for die in dice:
                left.remove(die)
            if attack_die not in left:
                raise IllegalCommand(f"the attacker has no die showing {attack_die} left after paying the cost")
        self.emit(f.CardPlayed(seat=seat, card=card.id, performer=where, target=self.state.ref(*target) if target else [],
                               burden=cost.energy, dice=dice, discarded=discards, attack_die=attack_die))

    def _burden(self, where: list[int], tokens: int, reason: str) -> None:
        tokens = min(tokens, self.state.energy(where))
        if tokens and self.state.alive(where):
            self.emit(f.Burdened(character=where, tokens=tokens, reason=reason))

    def _hit(self) -> None:
        attack = self.state.attack
        card = self.state.cards.cards[attack["card"]]
        target = list(attack["target"])
        damage = max(0, int(card.effect["damage"]) + attack["bonus"] - attack["resist"])
        self.emit(f.AttackHit(seat=attack["seat"], card=card.id, target=target, damage=damage))
        if self.state.wounds(target) < self.state.stats(target).hp:  # a living target suffers the rest
            if "stun" in card.effect:  # ruling 11: X tokens, or 1 with the option stun: one-token
                one = self.state.options.get("stun", "x-tokens") == "one-token"
                self._burden(target, 1 if one else int(card.effect["stun"]), "stun")
            if card.effect.get("lose_die") and self.state.character(target)["dice"]:
                self.emit(f.DieLost(character=target, face=max(self.state.character(target)["dice"])))
        else:
            self.emit(f.CharacterDied(character=target))
            if not self.state.living(target[0]):
                self.emit(f.PlayerEliminated(seat=target[0]))
                standing = self.state.in_play()
                if len(standing) == 1:
                    self.emit(f.GameEnded(winners=standing, reason="the last player with characters alive"))
                    return
        self.next_phase()

    def _roll_pool(self, pool: str, seat: int, name: str) -> list[int]:
        ask = f"{{seat}} rolls {name}'s dice: which face?"
        return [self.rng.choice(DIE_FACES, ask, seat) if face is None else face for face in pool_faces(pool, self.state.v05)]

    # -- carrying play on ----------------------------------------------------------------------

    def next_phase(self) -> None:
        """The next player in turn order still in the turn gets an action phase; when all have passed,
        the turn ends."""
        state = self.state
        order = [(state.current - 1 + step) % state.seat_count + 1 for step in range(1, state.seat_count + 1)]
        acting = [seat for seat in order if not state.player(seat)["passed"] and not state.player(seat)["out"]]
        edges = bool(state.options.get("passed_edges", False)) and bool(acting)  # ruling 7: passed players' edges
        for seat in order:
            if seat in acting or (edges and not state.player(seat)["out"]):
                self.emit(f.PhaseStarted(seat=seat, turn=state.turn))
                return
        self.emit(f.TurnEnded(turn=state.turn, recharged=state.options["recharge"] == "end_of_turn" or state.v05))
        if state.turn >= state.options["turn_limit"]:
            self.emit(f.GameEnded(winners=leaders(self.state), reason=f"the turn limit ({state.turn} turns): the most "
                                  "characters alive, then the most HP left", at_limit=True))
        elif (stalemate := stalemate_end(self.state)) is not None:  # ruling 18
            reason, winners = stalemate
            self.emit(f.GameEnded(winners=winners, reason=reason))

    def _draw_up_and_go_on(self) -> None:
        """Every player still in draws up to the hand size, then the next turn begins: with the first
        player (the next one still in if they are out), or one seat further each turn with ``rotate_first``."""
        state = self.state
        for seat in turn_order(state, state.first):
            if not state.player(seat)["out"]:
                self.draw(seat, hand_needs(self.state, seat))
        shift = state.turn if state.options["rotate_first"] else 0
        opener = next(seat for seat in turn_order(state, (state.first - 1 + shift) % state.seat_count + 1)
                      if not state.player(seat)["out"])
        self.emit(f.PhaseStarted(seat=opener, turn=state.turn + 1))

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards, each chosen from the deck at the moment it is drawn; an empty deck takes
        the discard pile back first (reshuffled; never with the option ``reshuffle: never``), and with
        both empty there is nothing to draw."""
        drawn: list[str] = []
        deck = list(self.state.player(seat)["deck"])
        reshuffles = self.state.options.get("reshuffle", "discard-pile") == "discard-pile"
        for _ in range(count):
            if not deck:
                if drawn:
                    self.emit(f.CardsDrawn(seat=seat, cards=drawn))
                    drawn = []
                if not reshuffles or not self.state.player(seat)["discard"]:
                    return
                self.emit(f.DeckReshuffled(seat=seat, cards=len(self.state.player(seat)["discard"])))
                deck = list(self.state.player(seat)["deck"])
            drawn.append(self.rng.choice(deck, "{seat} draws a card: which one?", seat, secret=True))
            deck.remove(drawn[-1])
        if drawn:
            self.emit(f.CardsDrawn(seat=seat, cards=drawn))


COMMANDS = {
    "play": Play.play, "edge": Play.edge, "refresh": Play.refresh, "pass": Play.pass_,
    "react": Play.react, "allow": Play.allow, "defend": Play.defend, "discard": Play.discard,
}
