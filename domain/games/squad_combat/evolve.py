"""Applying Squad Combat's facts to the state: never validates, never fails, never rolls."""

from __future__ import annotations

from domain.engine.facts import Fact
from domain.games.squad_combat import facts as f
from domain.games.squad_combat.cards import HAND_SIZE
from domain.games.squad_combat.checks import turn_order
from domain.games.squad_combat.state import State


def apply(state: State, fact: Fact) -> State:
    """The state after the fact (a new one: the given state is left as it was)."""
    new = state.copy()
    _APPLY[type(fact)](new, fact)
    return new


def apply_in_place(state: State, fact: Fact) -> None:
    """The fact applied to the given state, which it changes (a decision's own copy)."""
    _APPLY[type(fact)](state, fact)


def _table_set_up(state: State, fact: f.TableSetUp) -> None:
    cards = state.cards
    state.players = []
    for squad_name in fact.squads:
        squad = cards.squads[squad_name]
        deck = [card for card, count in squad["deck"].items() for _ in range(count)]
        state.players.append({
            "squad": squad_name,
            "characters": [{"id": c, "dice": [], "burden": 0, "wounds": [], "dead": False} for c in squad["characters"]],
            "hand": [], "deck": deck, "discard": [], "passed": False, "out": False,
        })
    state.first = fact.first


def _dice_set(state: State, fact: f.DiceSet) -> None:
    state.character([fact.seat, fact.character])["dice"] = list(fact.dice)


def _cards_drawn(state: State, fact: f.CardsDrawn) -> None:
    player = state.player(fact.seat)
    for card in fact.cards:
        player["deck"].remove(card)
        player["hand"].append(card)


def _deck_reshuffled(state: State, fact: f.DeckReshuffled) -> None:
    player = state.player(fact.seat)
    player["deck"] = sorted(player["deck"] + player["discard"])
    player["discard"] = []


def _phase_started(state: State, fact: f.PhaseStarted) -> None:
    if fact.turn != state.turn:  # a new turn: nobody has passed yet
        for player in state.players:
            player["passed"] = False
        state.taunts, state.battle_cries = {}, {}
    state.turn, state.current, state.phase, state.discarding = fact.turn, fact.seat, "action", 0


def _player_passed(state: State, fact: f.PlayerPassed) -> None:
    state.player(fact.seat)["passed"] = True


def _card_played(state: State, fact: f.CardPlayed) -> None:
    player = state.player(fact.seat)
    player["hand"].remove(fact.card)
    for card in fact.discarded:
        player["hand"].remove(card)
        player["discard"].append(card)
    performer = state.character(fact.performer)
    performer["burden"] += fact.burden
    for die in fact.dice + ([fact.attack_die] if fact.attack_die else []):
        performer["dice"].remove(die)
    card = state.cards.cards[fact.card]
    if state.phase == "reaction":  # a reaction answers the waiting attack
        attack = state.attack
        attack["reacted"] = True
        attack["reactions"] = attack.get("reactions", 0) + 1
        attack["resist"] += int(card.effect.get("resist", 0))
        attack["defense"] += int(card.v05.get("defense", 0))
        player["discard"].append(fact.card)
    elif card.kind == "attack":
        bonus = state.battle_cries.pop(str(fact.seat), 0)
        state.attack = {"seat": fact.seat, "card": fact.card, "attacker": list(fact.performer),
                        "target": list(fact.target), "reacted": False, "resist": 0, "defense": 0,
                        "attack_die": fact.attack_die, "bonus": bonus}
        state.phase = "reaction"
    else:
        player["discard"].append(fact.card)


def _defender_changed(state: State, fact: f.DefenderChanged) -> None:
    state.attack["target"] = list(fact.target)


def _attack_hit(state: State, fact: f.AttackHit) -> None:
    state.character(fact.target)["wounds"].append({"card": fact.card, "damage": fact.damage, "owner": fact.seat})
    state.attack, state.phase = None, "action"


def _attack_failed(state: State, fact: f.AttackFailed) -> None:
    state.player(fact.seat)["discard"].append(fact.card)
    state.attack, state.phase = None, "action"


def _burdened(state: State, fact: f.Burdened) -> None:
    state.character(fact.character)["burden"] += fact.tokens


def _burden_removed(state: State, fact: f.BurdenRemoved) -> None:
    state.character(fact.character)["burden"] -= fact.tokens


def _die_lost(state: State, fact: f.DieLost) -> None:
    state.character(fact.character)["dice"].remove(fact.face)


def _die_powered_up(state: State, fact: f.DiePoweredUp) -> None:
    dice = state.character(fact.character)["dice"]
    dice[dice.index(fact.before)] = fact.before + 1


def _die_added(state: State, fact: f.DieAdded) -> None:
    state.character(fact.character)["dice"].append(fact.face)


def _dice_refreshed(state: State, fact: f.DiceRefreshed) -> None:
    character = state.character(fact.character)
    character["burden"] += fact.burden
    character["dice"] = list(fact.kept)


def _wound_healed(state: State, fact: f.WoundHealed) -> None:
    wounds = state.character(fact.character)["wounds"]
    wound = next(w for w in wounds if w["card"] == fact.card and w["damage"] == fact.damage)
    wounds.remove(wound)
    state.player(wound["owner"])["discard"].append(wound["card"])


def _taunted(state: State, fact: f.Taunted) -> None:
    state.taunts[str(fact.character[0])] = fact.character[1]


def _battle_cried(state: State, fact: f.BattleCried) -> None:
    state.battle_cries[str(fact.seat)] = state.battle_cries.get(str(fact.seat), 0) + fact.bonus


def _character_died(state: State, fact: f.CharacterDied) -> None:
    character = state.character(fact.character)
    character["dead"], character["dice"], character["burden"] = True, [], 0
    if state.v05 or state.options["dead_wounds"] == "discard":  # its wounds go to their owners' discard piles
        for wound in character["wounds"]:
            state.player(wound["owner"])["discard"].append(wound["card"])
        character["wounds"] = []


def _player_eliminated(state: State, fact: f.PlayerEliminated) -> None:
    state.player(fact.seat)["out"] = True


def _turn_ended(state: State, fact: f.TurnEnded) -> None:
    if fact.recharged:
        for player in state.players:
            for character in player["characters"]:
                character["burden"] = 0
    state.phase = "discard"
    state.discarding = next(seat for seat in turn_order(state, state.first) if not state.player(seat)["out"])


def _cards_discarded(state: State, fact: f.CardsDiscarded) -> None:
    player = state.player(fact.seat)
    for card in fact.cards:
        player["hand"].remove(card)
        player["discard"].append(card)
    order = [seat for seat in turn_order(state, state.first) if not state.player(seat)["out"]]
    later = order[order.index(fact.seat) + 1:]
    state.discarding = later[0] if later else 0


def _game_ended(state: State, fact: f.GameEnded) -> None:
    state.phase, state.current, state.discarding, state.attack = "over", 0, 0, None
    state.winners, state.reason, state.at_limit = list(fact.winners), fact.reason, fact.at_limit


def hand_needs(state: State, seat: int) -> int:
    """How many cards the seat draws to fill its hand (option ``hand_size``, ruling 17)."""
    return max(0, int(state.options.get("hand_size", HAND_SIZE)) - len(state.player(seat)["hand"]))


_APPLY = {
    f.TableSetUp: _table_set_up, f.DiceSet: _dice_set, f.CardsDrawn: _cards_drawn, f.DeckReshuffled: _deck_reshuffled,
    f.PhaseStarted: _phase_started, f.PlayerPassed: _player_passed, f.CardPlayed: _card_played,
    f.DefenderChanged: _defender_changed, f.AttackRolled: lambda state, fact: None, f.AttackHit: _attack_hit,
    f.AttackFailed: _attack_failed, f.Burdened: _burdened, f.BurdenRemoved: _burden_removed, f.DieLost: _die_lost,
    f.DiePoweredUp: _die_powered_up, f.DieAdded: _die_added, f.DiceRefreshed: _dice_refreshed,
    f.WoundHealed: _wound_healed, f.Taunted: _taunted, f.BattleCried: _battle_cried,
    f.CharacterDied: _character_died, f.PlayerEliminated: _player_eliminated, f.TurnEnded: _turn_ended,
    f.CardsDiscarded: _cards_discarded, f.GameEnded: _game_ended,
}
