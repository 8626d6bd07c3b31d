"""Project Assassination: two assassins on a 7x7 bar, three decks, enemies placed between rounds.

A turn: draw from the item or collectible deck (optional; Player 1 not on the very first turn), play
items from the reserve, then spend actions (2, +1 per boot) moving one square orthogonally or
attacking. After both players have had a turn, the one behind places the next enemy while the enemy
deck lasts. The game ends at 12 Victory Points, at a death, or when the enemy deck is spent and the
board is clear (most points wins). Every card, square and enemy effect is here or in ``tactics.py``;
the choices the text leaves open are in RULINGS.md.

Nothing is secret but the order of the decks: reserves are public (the text says so) and every card
drawn is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.errors import IllegalCommand, InvalidSetup
from domain.games.project_assassination import facts as f
from domain.games.project_assassination import present
from domain.games.project_assassination.board import (
    LAYOUT_SCHEMA,
    SQUARE_PATTERN,
    SQUARES,
    around,
    block,
    canonical,
    default_layout,
    neighbours,
    parse_layout,
)
from domain.games.project_assassination.cards import (
    BASE_ACTIONS,
    BOSS_NEEDS_ENEMIES,
    COLLECTIBLES,
    ENEMIES,
    ENEMY_CARDS,
    GRENADE_DAMAGE,
    HEAL_POINT_HEAL,
    HEALTH_PACK_HEAL,
    ITEMS,
    MAX_BOOTS,
    MAX_HP,
    MEDIC_HEAL,
    NAMES,
    RESERVE_LIMIT,
    WEAPONS,
    WINNING_POINTS,
    deck_cards,
)
from domain.games.project_assassination.evolve import apply
from domain.games.project_assassination.state import State
from domain.games.project_assassination.tactics import (
    aims,
    enemy_square_problem,
    obstacle_square_problem,
    occupied,
    shot,
    strikers,
    targets_in,
    two_away,
)
from domain.randomness import Rng
from domain.ruleset import Command, CommandShape, Fact, Outcome, Ruleset

SQUARE = {"type": "string", "pattern": SQUARE_PATTERN, "description": "a square, a1 to g7"}
AIM = {
    "type": "string",
    "pattern": "^([a-g][1-7]|north|east|south|west)$",
    "description": "the target square, or a direction for the shotgun and the sniper",
}


class ProjectAssassination(Ruleset):
    name = "project-assassination"
    title = "Project Assassination"
    summary = "Two assassins race to 12 Victory Points on a 7x7 bar of enemies, items and weapons."
    min_seats = 2
    max_seats = 2
    version = 1
    facts = f.FACTS
    state_types = (State,)
    command_shapes = (
        CommandShape(
            "draw",
            "draw from the item or collectible deck before anything else; name a reserve card to discard when it is full",
            {"deck": {"enum": ["item", "collectible"]}, "discard": {"enum": list(ITEMS)}},
            ("deck",),
        ),
        CommandShape("obstacle", "play an Obstacle from the reserve onto a square", {"square": SQUARE}, ("square",)),
        CommandShape(
            "strategy",
            "play a Strategy: move an enemy or obstacle two squares",
            {"from": SQUARE, "to": SQUARE},
            ("from", "to"),
        ),
        CommandShape("ambush", "play an Ambush on the opponent's rendezvous point for their next turn"),
        CommandShape("cover", "play a Cover: the opponent's weapons cannot hurt you until your next turn"),
        CommandShape("move", "spend an action to move one square north, east, south or west", {"to": SQUARE}, ("to",)),
        CommandShape(
            "attack",
            "spend an action to fire the weapon in a slot at a square (or in a direction)",
            {"slot": {"enum": [1, 2]}, "aim": AIM},
            ("slot", "aim"),
        ),
        CommandShape("end", "end the turn"),
        CommandShape(
            "drop",
            "with three weapons: drop the one in slot 1 or 2 for the new one, or 0 to turn the new one down",
            {"slot": {"enum": [0, 1, 2]}},
            ("slot",),
        ),
        CommandShape("attach", "fit the collected Sight or Muzzle to the weapon in a slot", {"slot": {"enum": [1, 2]}}, ("slot",)),
        CommandShape("cage", "cage the enemy on a square", {"square": SQUARE}, ("square",)),
        CommandShape(
            "grenade",
            "throw the collected Grenade: the 2x2 area whose lower-left square is given",
            {"corner": SQUARE},
            ("corner",),
        ),
        CommandShape("discard", "discard a card from an over-full reserve", {"card": {"enum": list(ITEMS)}}, ("card",)),
        CommandShape("place", "place the enemy drawn in the placement phase", {"square": SQUARE}, ("square",)),
    )
    options_schema = {
        "type": "object",
        "properties": {
            "round_limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": 500,
                "default": 40,
                "description": "rounds (a turn each) after which the game ends on points: no endless games",
            },
            "layout": LAYOUT_SCHEMA,
        },
    }

    # -- setting the table -------------------------------------------------------------------

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        if resolved["layout"] is not None:
            parse_layout(resolved["layout"])
        return resolved

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        layout = options.get("layout") or default_layout()
        try:
            parse_layout(layout)
        except KeyError as missing:
            raise InvalidSetup(f"bad layout: missing {missing}") from None
        return State(seat_count=seat_count, layout=canonical(layout), round_limit=int(options.get("round_limit", 40)))

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        coin = rng.choice(("heads", "tails"))
        first = 1 if coin == "heads" else 2
        table = f.TableSetUp(
            call="heads",
            coin=coin,
            first=first,
            item_deck=rng.shuffled(deck_cards(ITEMS)),
            collectible_deck=rng.shuffled(deck_cards(COLLECTIBLES)),
            enemy_deck=rng.shuffled(deck_cards(ENEMIES)),
        )
        play = _Play(self, apply(state, table), rng)
        play.facts.append(table)
        play.next_turn()
        return play.facts

    # -- whose turn, and what they may do ----------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        return [state.current] if state.phase in ("turn", "placement") else []

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "placement":
            return [{"type": "place", "square": s} for s in SQUARES if not enemy_square_problem(state, state.enemy_in_hand, s)]
        if state.pending:
            return _choices(state, seat)
        commands: list[Command] = []
        for deck in ("item", "collectible"):
            if _draw_problem(state, seat, deck, None) is None:
                commands.append({"type": "draw", "deck": deck})
            elif deck == "item" and len(state.player(seat)["reserve"]) >= RESERVE_LIMIT:
                for card in sorted(set(state.player(seat)["reserve"])):
                    if _draw_problem(state, seat, deck, card) is None:
                        commands.append({"type": "draw", "deck": deck, "discard": card})
        if not state.acted:
            reserve = state.player(seat)["reserve"]
            if "obstacle" in reserve:
                commands += [{"type": "obstacle", "square": s} for s in SQUARES if not obstacle_square_problem(state, s)]
            if "strategy" in reserve:
                commands += [
                    {"type": "strategy", "from": start, "to": to}
                    for start in _movable(state)
                    for to in two_away(start)
                    if _strategy_problem(state, start, to) is None
                ]
            commands += [{"type": card} for card in ("ambush", "cover") if card in reserve]
        if state.actions < _action_limit(state, seat):
            commands += [{"type": "move", "to": to} for to in neighbours(state.player(seat)["square"]) if not _step_problem(state, seat, to)]
            if state.attacks < _attack_limit(state, seat):
                for slot, weapon in enumerate(state.player(seat)["slots"], 1):
                    if weapon is not None:
                        commands += [{"type": "attack", "slot": slot, "aim": aim} for aim in aims(state, seat, weapon)]
        commands.append({"type": "end"})
        return commands

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        play = _Play(self, state, rng)
        kind = command["type"]
        if state.phase == "placement":
            if kind != "place":
                raise IllegalCommand(f"place the {NAMES[state.enemy_in_hand]} you drew first")
            play.place(seat, command["square"])
            return play.facts
        if kind == "place":
            raise IllegalCommand("enemies are placed only in the placement phase, after both players' turns")
        if state.pending and kind not in _PENDING_COMMANDS[_pending_kind(state)]:
            raise IllegalCommand(_pending_prompt(state, seat))
        if not state.pending and kind in _CHOICE_COMMANDS:
            raise IllegalCommand(f"there is nothing to {kind}: that answers a card you have just collected")
        handler: Callable[[_Play, int, Command], None] = _COMMANDS[kind]
        handler(play, seat, command)
        return play.facts

    # -- applying facts ----------------------------------------------------------------------

    def evolve(self, state: State, fact: Fact) -> State:
        return apply(state, fact)

    # -- what players see --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return present.view(state, self.to_act(state), _action_limit, _attack_limit, secrets=False)

    def owner_view(self, state: State) -> dict[str, Any]:
        return present.view(state, self.to_act(state), _action_limit, _attack_limit, secrets=True)

    def redact(self, fact: Fact, seat: int | None) -> Fact:
        if isinstance(fact, f.TableSetUp):
            return f.TableSetUp(
                call=fact.call,
                coin=fact.coin,
                first=fact.first,
                item_deck=["?"] * len(fact.item_deck),
                collectible_deck=["?"] * len(fact.collectible_deck),
                enemy_deck=["?"] * len(fact.enemy_deck),
            )
        return fact

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(winners=list(state.winners), reason=state.reason)

    def describe(self, fact: Fact, seats: Sequence[str]) -> str:
        return present.describe(fact, seats)

    def render(self, view: dict[str, Any], seats: Sequence[str]) -> str:
        return present.render(view, seats)

    def describe_command(self, command: Command) -> str:
        return present.describe_command(command)


# -- limits -------------------------------------------------------------------------------------


def _action_limit(state: State, seat: int) -> int:
    boots: int = state.player(seat)["boots"]
    return BASE_ACTIONS + min(MAX_BOOTS, boots)


def _attack_limit(state: State, seat: int) -> int:
    """Two attacks when both weapon slots are filled, or were this turn (ruling 24)."""
    return 2 if all(state.player(seat)["slots"]) or (state.current == seat and state.armed_twice) else 1


# -- problems: why a command is refused, or None ------------------------------------------------


def _draw_problem(state: State, seat: int, deck: str, discard: str | None) -> str | None:
    player = state.player(seat)
    if state.drew:
        return "you have drawn this turn already"
    if state.acted or state.used_item:
        return "draw at the beginning of the turn, before playing items, moving or attacking"
    if state.turns == 1:
        return "Player 1 cannot draw a card on their first turn"
    if deck == "collectible":
        if player["ambushed"]:
            return "you are ambushed: no drawing from the collectible deck this turn"
        if not state.collectible_deck:
            return "the collectible deck is empty"
        if discard is not None:
            return "discarding from the reserve is only for drawing an item into a full reserve"
        return None
    if not state.item_deck:
        return "the item deck is empty"
    if discard is None:
        if len(player["reserve"]) >= RESERVE_LIMIT:
            return f"your reserve holds {RESERVE_LIMIT} cards: name one to discard to draw another"
        return None
    if discard not in player["reserve"]:
        return f"there is no {NAMES[discard]} in your reserve to discard"
    if len(player["reserve"]) < RESERVE_LIMIT:
        return f"discard only to make room: your reserve holds {len(player['reserve'])} of {RESERVE_LIMIT}"
    return None


def _item_problem(state: State, seat: int, card: str) -> str | None:
    if state.acted:
        return "items are played before moving or attacking"
    if card not in state.player(seat)["reserve"]:
        return f"you have no {NAMES[card]} in your reserve"
    return None


def _movable(state: State) -> list[str]:
    """Squares of the pieces a Strategy may move: obstacles and enemies not caged."""
    return sorted(state.obstacles) + [e["square"] for e in state.enemies if not e["caged_by"]]


def _strategy_problem(state: State, start: str, to: str) -> str | None:
    enemy = state.enemy_at(start)
    if enemy is None and start not in state.obstacles:
        return f"there is no enemy or obstacle on {start}"
    if to not in two_away(start):
        return f"a Strategy moves a piece exactly two squares: {to} is not two squares from {start}"
    if enemy is not None:
        if enemy["caged_by"]:
            return f"the {NAMES[enemy['kind']]} on {start} is caged and cannot move"
        moved = state.copy()
        moved.enemies = [e for e in moved.enemies if e["square"] != start]
        return enemy_square_problem(moved, enemy["kind"], to)
    moved = state.copy()
    moved.obstacles.remove(start)
    return obstacle_square_problem(moved, to)


def _step_problem(state: State, seat: int, to: str) -> str | None:
    player = state.player(seat)
    if to not in neighbours(player["square"]):
        return f"move one square north, east, south or west of {player['square']} (no diagonal movement)"
    taken = occupied(state, to)
    if taken and taken != "cards":
        return f"{to} is taken by {taken}"
    other = state.opponent(seat)
    board = state.board
    if to == board.spawns[state.number(other)]:
        return f"{to} is the other player's spawn point"
    if to == board.rendezvous[state.number(other)]:
        return f"{to} is the other player's rendezvous point"
    if to == board.rendezvous[state.number(seat)] and player["ambushed"]:
        return "your rendezvous point is ambushed this turn"
    return None


def _pending_kind(state: State) -> str:
    card = state.pending[0]
    if card in WEAPONS:
        return "weapon"
    return card


_PENDING_COMMANDS = {
    "weapon": ("drop",),
    "sight": ("attach",),
    "muzzle": ("attach",),
    "cage": ("cage",),
    "grenade": ("grenade",),
    "discard": ("discard",),
}


_CHOICE_COMMANDS = {"drop", "attach", "cage", "grenade", "discard"}


def _pending_prompt(state: State, seat: int) -> str:
    card = state.pending[0]
    kind = _pending_kind(state)
    if kind == "weapon":
        return f"you hold three weapons: drop one ('drop' slot 1 or 2, or 0 for the new {NAMES[card]}) first"
    if kind in ("sight", "muzzle"):
        return f"fit the {NAMES[card]} to a weapon ('attach' with its slot) first"
    if kind == "cage":
        return "choose the enemy to cage ('cage' with its square) first"
    if kind == "grenade":
        return "throw the Grenade ('grenade' with the lower-left square of the 2x2 area) first"
    return f"your reserve is over {RESERVE_LIMIT} cards: 'discard' one first"


def _fits(weapon: dict[str, Any] | None, attachment: str) -> bool:
    if weapon is None or weapon[attachment]:
        return False
    card = WEAPONS[weapon["card"]]
    return card.takes_sight if attachment == "sight" else card.takes_muzzle


def _choices(state: State, seat: int) -> list[Command]:
    kind = _pending_kind(state)
    slots = state.player(seat)["slots"]
    if kind == "weapon":
        return [{"type": "drop", "slot": slot} for slot in (0, 1, 2)]
    if kind in ("sight", "muzzle"):
        return [{"type": "attach", "slot": n} for n, w in enumerate(slots, 1) if _fits(w, kind)]
    if kind == "cage":
        return [{"type": "cage", "square": e["square"]} for e in state.enemies if not e["caged_by"]]
    if kind == "grenade":
        return [{"type": "grenade", "corner": s} for s in SQUARES if block(s)]
    return [{"type": "discard", "card": card} for card in sorted(set(state.player(seat)["reserve"]))]


# -- playing: one decision, its facts applied as they are made ---------------------------------


class _Play:
    """Builds the facts of one decision, keeping the state they lead to."""

    def __init__(self, rules: ProjectAssassination, state: State, rng: Rng) -> None:
        self.rules = rules
        self.state = state
        self.rng = rng
        self.facts: list[Fact] = []

    def emit(self, fact: Fact) -> None:
        self.facts.append(fact)
        self.state = apply(self.state, fact)

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    # -- the turn's commands ---------------------------------------------------------------

    def draw(self, seat: int, command: Command) -> None:
        deck, discard = command["deck"], command.get("discard")
        problem = _draw_problem(self.state, seat, deck, discard)
        if problem:
            raise IllegalCommand(problem)
        card = (self.state.item_deck if deck == "item" else self.state.collectible_deck)[0]
        self.emit(f.CardDrawn(seat=seat, deck=deck, card=card, discarded=discard))

    def obstacle(self, seat: int, command: Command) -> None:
        problem = _item_problem(self.state, seat, "obstacle") or obstacle_square_problem(self.state, command["square"])
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.ObstaclePlaced(seat=seat, square=command["square"]))

    def strategy(self, seat: int, command: Command) -> None:
        start, to = command["from"], command["to"]
        problem = _item_problem(self.state, seat, "strategy") or _strategy_problem(self.state, start, to)
        if problem:
            raise IllegalCommand(problem)
        piece = "obstacle" if start in self.state.obstacles else "enemy"
        self.emit(f.StrategyPlayed(seat=seat, piece=piece, start=start, to=to))

    def ambush(self, seat: int, command: Command) -> None:
        problem = _item_problem(self.state, seat, "ambush")
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.AmbushSet(seat=seat, target=self.state.opponent(seat)))

    def cover(self, seat: int, command: Command) -> None:
        problem = _item_problem(self.state, seat, "cover")
        if problem:
            raise IllegalCommand(problem)
        self.emit(f.CoverTaken(seat=seat))

    def move(self, seat: int, command: Command) -> None:
        self._check_action(seat)
        to = command["to"]
        problem = _step_problem(self.state, seat, to)
        if problem:
            raise IllegalCommand(problem)
        board = self.state.board
        self.emit(f.PlayerMoved(seat=seat, start=self.state.player(seat)["square"], to=to))
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
            self._strike(seat, here)
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

    def _strike(self, seat: int, square: str) -> None:
        for enemy in strikers(self.state, square):
            card = ENEMY_CARDS[enemy["kind"]]
            hp = max(0, self.state.player(seat)["hp"] - card.damage)
            self.emit(f.EnemyStruck(kind=enemy["kind"], square=enemy["square"], seat=seat, damage=card.damage, hp=hp))

    def attack(self, seat: int, command: Command) -> None:
        self._check_action(seat)
        if self.state.attacks >= _attack_limit(self.state, seat):
            limit = _attack_limit(self.state, seat)
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
                    self._score(seat, ENEMY_CARDS[hit["kind"]].points, f"killed {present.a(hit['kind'])}")
                elif paralyse:
                    self.emit(f.EnemyParalysed(seat=seat, square=hit["square"], kind=hit["kind"]))
            elif hit["target"] == "player" and hit["seat"] != seat and not self.state.player(hit["seat"])["covered"]:
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
        limit = _action_limit(self.state, seat)
        if self.state.actions >= limit:
            raise IllegalCommand(f"you have used all {limit} actions this turn")

    # -- choices after collecting ------------------------------------------------------------

    def drop(self, seat: int, command: Command) -> None:
        card = self.state.pending[0]
        if _pending_kind(self.state) != "weapon" or not all(self.state.player(seat)["slots"]):
            raise IllegalCommand("there is no weapon to drop")
        self.emit(f.WeaponDropped(seat=seat, card=card, slot=command["slot"]))
        self.settle(seat)
        self.after(seat)

    def attach(self, seat: int, command: Command) -> None:
        card = self.state.pending[0]
        weapon = self.state.player(seat)["slots"][command["slot"] - 1]
        if not _fits(weapon, card):
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
        if own["square"] in area:
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
                fitting = [n for n, w in enumerate(player["slots"], 1) if _fits(w, card)]
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
        if self.state.actions >= _action_limit(self.state, seat):
            self.end_turn(seat)

    # -- between turns -----------------------------------------------------------------------

    def end_turn(self, seat: int) -> None:
        self.emit(f.TurnEnded(seat=seat))
        self.turn_over(seat)

    def turn_over(self, seat: int) -> None:
        """After a turn, played or skipped: medics heal, then the placement phase or the next turn."""
        self._medics_heal()
        if seat == self.state.order[1]:
            if self.state.round >= self.state.round_limit:
                self._end_on_points(f"the last round ({self.state.round_limit}) was played")
                return
            if self.state.enemy_deck:
                self._start_placement()
                return
        self.next_turn()

    def _medics_heal(self) -> None:
        heals: dict[str, int] = {}
        for medic in self.state.enemies:
            if medic["kind"] != "medic":
                continue
            for square in around(medic["square"]):
                enemy = self.state.enemy_at(square)
                if enemy is None or enemy is medic:
                    continue
                hp = heals.get(square, enemy["hp"])
                if hp < ENEMY_CARDS[enemy["kind"]].hp:
                    heals[square] = hp + MEDIC_HEAL
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
            coin = self.rng.choice(("heads", "tails"))
            placer, reason = self.state.order[0 if coin == "heads" else 1], "coin"
        self.emit(f.PlacementStarted(seat=placer, reason=reason, coin=coin))
        while True:
            card = self.state.enemy_deck[0]
            if card == "boss" and len(self.state.enemies) < BOSS_NEEDS_ENEMIES and len(self.state.enemy_deck) > 1:
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
        elif not self.state.enemy_deck and not self.state.enemies and not self.state.enemy_in_hand:
            self._end_on_points("the enemy deck is spent and the board is clear of enemies")

    def _end_on_points(self, why: str) -> None:
        """Most Victory Points wins; a tie goes to the healthier player; a tie in both is a draw."""
        a, b = self.state.players
        for key, words in (("vp", "more Victory Points"), ("hp", "the same Victory Points and more health")):
            if a[key] != b[key]:
                self.emit(f.GameEnded(winners=[1 if a[key] > b[key] else 2], reason=f"{why}: {words}"))
                return
        self.emit(f.GameEnded(winners=[], reason=f"{why}: a draw, level on Victory Points and health"))


_COMMANDS: dict[str, Callable[[_Play, int, Command], None]] = {
    "draw": _Play.draw,
    "obstacle": _Play.obstacle,
    "strategy": _Play.strategy,
    "ambush": _Play.ambush,
    "cover": _Play.cover,
    "move": _Play.move,
    "attack": _Play.attack,
    "end": _Play.end,
    "drop": _Play.drop,
    "attach": _Play.attach,
    "cage": _Play.cage,
    "grenade": _Play.grenade,
    "discard": _Play.discard,
}
