"""What players see of a game of the Location CCG: the view (a seat sees its own hand and the cards
it put under its deck; of the other seat only counts; decks' order is no one's; void piles show their
size; banks, discard piles and everything in play are public), a sentence per fact, a label per
command, and the table drawn for a terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.games.location_ccg import facts as f
from domain.games.location_ccg.cards import pool
from domain.games.location_ccg.state import State
from domain.ruleset import Command, Fact


def view(state: State, to_act: list[int], viewer: int | None, secrets: bool) -> dict[str, Any]:
    """The table as ``viewer`` sees it (``None``: a spectator); with ``secrets``, every hidden zone."""
    players = []
    for seat, player in enumerate(state.players, 1):
        sees = secrets or viewer == seat
        players.append({
            "seat": seat,
            "hand": list(player["hand"]) if sees else None,
            "hand_size": len(player["hand"]),
            "deck_size": state.deck_size(seat),
            "deck": sorted(player["deck"]) if secrets else None,
            "under": list(player["bottom"]) if sees else None,
            "under_size": len(player["bottom"]),
            "bank": list(player["bank"]),
            "bank_points": "".join(pool().cards[card].resources for card in player["bank"]),
            "discard": list(player["discard"]),
            "void_size": len(player["void"]),
            "void": list(player["void"]) if secrets else None,
            "locations_not_placed": list(player["brought"]),
            "locations_won": state.won(seat),
        })
    mission = state.mission
    return {
        "turn": state.turn,
        "turn_limit": state.options["turn_limit"],
        "phase": state.phase,
        "current": state.current,
        "first": state.first,
        "to_act": list(to_act),
        "production_points": state.production,
        "upkeep_due": list(state.upkeep_due),
        "locations": [
            {"place": index + 1, "id": loc["id"], "name": state.location(index).name, "skill": state.location(index).skill,
             "vp": state.location(index).vp, "placed_by": loc["placed_by"], "tokens": dict(loc["tokens"]),
             "won_by": loc["won_by"]}
            for index, loc in enumerate(state.locations)
        ],
        "in_play": [_card(state, uid) for uid in state.in_play],
        "mission": None if mission is None else {
            "location": mission["location"] + 1, "attackers": list(mission["attackers"]),
            "defenders": list(mission["defenders"]),
            "pairs": [{**pair, "opposers": list(pair["opposers"])} for pair in mission["pairs"]],
            "gangs": dict(mission["gangs"])},
        "players": players,
        "options": {key: value for key, value in state.options.items() if key != "decks"},
        "winners": list(state.winners),
        "reason": state.reason,
    }


def _card(state: State, uid: str) -> dict[str, Any]:
    c, card = state.in_play[uid], state.card(uid)
    shown: dict[str, Any] = {
        "uid": uid, "card": card.id, "name": card.name, "typeline": card.typeline, "owner": c["owner"],
        "at": "hq" if c["at"] == "hq" else c["at"] + 1, "keywords": keyword_words(card.keywords),
        "ability_used": bool(c["used"]) and c["used"] == state.turn,
    }
    if card.kind == "character":
        shown.update(atk=state.stat(uid, 0), defense=state.stat(uid, 1), skl=state.stat(uid, 2), damage=c["damage"],
                     wounds=c["wounds"], modifiers=list(c["modifiers"]), boost=list(c["boost"]))
    return shown


def keyword_words(keywords: dict[str, Any]) -> list[str]:
    """``{"giant": 2, "upkeep": 1}`` → ``["Giant 2", "Upkeep 1"]``."""
    words = []
    for key, value in keywords.items():
        word = key.replace("_", " ").title()
        words.append(word if value is True else f"{word} {value}")
    return words


def name_of(card: str) -> str:
    found = pool().cards.get(card) or pool().locations.get(card)
    return found.name if found else ("a hidden card" if card == "?" else card)


# -- sentences ---------------------------------------------------------------------------------------


def describe(fact: Fact, seats: Sequence[str]) -> str:
    def name(seat: int) -> str:
        return seats[seat - 1]

    def cards(names: list[str]) -> str:
        if names and all(card == "?" for card in names):
            return f"{len(names)} card{'s' if len(names) != 1 else ''}"
        return ", ".join(name_of(card) for card in names) or "no card"

    def it(uid: str, card: str = "") -> str:
        return f"{name_of(card)} #{uid}" if card else f"card #{uid}"

    if isinstance(fact, f.TableSetUp):
        return f"The decks are shuffled and cut. {name(fact.first)} is the first player and places locations first."
    if isinstance(fact, f.LocationPlaced):
        return f"{name(fact.seat)} puts {name_of(fact.location)} into play."
    if isinstance(fact, f.CardsDrawn):
        why = {"opening": "", "mulligan": " back up to seven", "production": " (a production point)"}.get(
            fact.reason, f" ({name_of(fact.reason)})")
        return f"{name(fact.seat)} draws {cards(fact.cards)}{why}."
    if isinstance(fact, f.CardsPutUnder):
        if not fact.cards:
            return f"{name(fact.seat)} keeps their hand."
        return f"{name(fact.seat)} puts {cards(fact.cards)} under their deck."
    if isinstance(fact, f.DeckReshuffled):
        return f"{name(fact.seat)}'s deck is empty: their discard pile ({fact.cards} cards) is shuffled into a new deck."
    if isinstance(fact, f.TurnBegan):
        return f"Turn {fact.turn}: {name(fact.seat)}'s turn begins."
    if isinstance(fact, f.PhaseBegan):
        return f"{name(fact.seat)}: {PHASE_WORDS.get(fact.phase, fact.phase)}."
    if isinstance(fact, f.CharactersReturned):
        return f"{name(fact.seat)}'s characters {', '.join('#' + uid for uid in fact.characters)} return to the HQ."
    if isinstance(fact, f.UpkeepDue):
        return f"Upkeep is due on {name(fact.seat)}'s {', '.join('#' + uid for uid in fact.cards)}."
    if isinstance(fact, f.UpkeepPaid):
        return f"{name(fact.seat)} pays the upkeep of #{fact.uid}."
    if isinstance(fact, f.ResourcesSpent):
        return f"{name(fact.seat)} spends {cards(fact.cards)} from the bank ({_purpose(fact.purpose)})."
    if isinstance(fact, f.CardBanked):
        return f"{name(fact.seat)} banks {name_of(fact.card)} as a resource ({pool().cards[fact.card].resources})."
    if isinstance(fact, f.CardPlayed):
        card = pool().cards[fact.card]
        if card.kind in ("character", "asset"):
            return f"{name(fact.seat)} plays {it(fact.uid, fact.card)} into the HQ."
        on = f" on #{fact.target}" if fact.target else ""
        return f"{name(fact.seat)} plays {card.name}{on}."
    if isinstance(fact, f.AbilityUsed):
        on = f" on #{fact.target}" if fact.target else ""
        return f"{name(fact.seat)} uses the ability of #{fact.uid}{on}."
    if isinstance(fact, f.StatsBoosted):
        bonus = "/".join(f"{n:+d}" for n in fact.bonus)
        return f"#{fact.uid} gets {bonus} until the end of the turn ({name_of(fact.source)})."
    if isinstance(fact, f.ModifierRemoved):
        return f"{name_of(fact.card)} comes off #{fact.uid} to the {fact.to} pile."
    if isinstance(fact, f.CardLeftPlay):
        how = {"destroyed": "is destroyed", "ko": "is KO'd", "discarded": "is discarded"}[fact.how]
        where = "its owner's hand (Recur)" if fact.to == "hand" else f"the {fact.to} pile"
        return f"{it(fact.uid, fact.card)} {how}: it goes to {where}."
    if isinstance(fact, f.DamageDealt):
        return f"#{fact.uid} takes {fact.amount} damage ({name_of(fact.source)})."
    if isinstance(fact, f.WoundCounterPlaced):
        return f"#{fact.uid} shrugs off lethal damage: a wound counter goes on it (Toughness)."
    if isinstance(fact, f.AttackDeclared):
        return f"{name(fact.seat)} attacks location {fact.location + 1}."
    if isinstance(fact, f.CharacterSent):
        return f"#{fact.uid} moves to location {fact.location + 1}."
    if isinstance(fact, f.Challenged):
        return f"{name(fact.seat)} challenges with #{fact.uid}."
    if isinstance(fact, f.Opposed):
        return f"{name(fact.seat)} opposes with #{fact.uid}."
    if isinstance(fact, f.GangJoined):
        return f"#{fact.uid} (Gang) adds its Atk to #{fact.to}."
    if isinstance(fact, f.Passed):
        return f"{name(fact.seat)} passes."
    if isinstance(fact, f.SkillChecked):
        result = "success" if fact.success else "not enough"
        return (f"Skill at location {fact.location + 1}: {name(fact.seat)} {fact.attack} against {fact.defense}, "
                f"{fact.needed} needed: {result}.")
    if isinstance(fact, f.VictoryTokenPlaced):
        return f"{name(fact.seat)} puts a victory point token on location {fact.location + 1}."
    if isinstance(fact, f.LocationWon):
        return f"{name(fact.seat)} wins location {fact.location + 1}: it is turned face down."
    if isinstance(fact, f.MissionEnded):
        return f"The mission at location {fact.location + 1} is over."
    if isinstance(fact, f.CardDiscarded):
        return f"{name(fact.seat)} discards {name_of(fact.card)}."
    if isinstance(fact, f.TurnEnded):
        return f"{name(fact.seat)}'s turn ends: all damage is removed."
    if isinstance(fact, f.GameEnded):
        if not fact.winners:
            return f"The game ends in a draw: {fact.reason}."
        return f"{name(fact.winners[0])} wins: {fact.reason}."
    return type(fact).__name__


def _purpose(purpose: str) -> str:
    return "upkeep" if purpose == "upkeep" else f"for {name_of(purpose)}"


PHASE_WORDS = {
    "locations": "chooses a location", "mulligan": "may put cards under the deck and draw back to seven",
    "upkeep": "pays upkeep or lets cards be destroyed", "production": "production phase (3 points: draw or bank)",
    "mission": "mission phase (attack a location, or pass)", "attackers": "sends attackers",
    "defenders": "may send defenders", "challenge": "chooses a challenger", "oppose": "opposes the challenger",
    "tricks": "surprises and abilities before combat damage", "gang": "Gang characters may join",
    "before_check": "surprises and abilities before the skill check",
    "deploy": "deploy phase (characters, modifiers, assets)", "response": "may answer at the end of the turn",
    "discard": "discards down to seven cards",
}


def describe_command(command: Command) -> str:
    kind = command["type"]
    if kind == "choose_location":
        return f"place {name_of(command['location'])}"
    if kind == "mulligan":
        return f"put under: {', '.join(name_of(c) for c in command['cards'])}" if command["cards"] else "keep the hand"
    if kind == "upkeep":
        return f"{'pay' if command['pay'] else 'refuse'} the upkeep of #{command['card']}"
    if kind in ("bank", "discard"):
        return f"{kind} {name_of(command['card'])}"
    if kind == "play":
        on = f" on #{command['target']}" if command.get("target") else ""
        return f"play {name_of(command['card'])}{on}"
    if kind == "activate":
        on = f" on #{command['target']}" if command.get("target") else ""
        return f"use #{command['card']}{on}"
    if kind == "attack":
        return f"attack location {command['location']}"
    if kind in ("send", "challenge", "oppose"):
        return f"{kind} #{command['character']}"
    if kind == "gang":
        return f"gang: #{command['character']} helps #{command['to']}"
    return kind


# -- the table in a terminal --------------------------------------------------------------------------


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    lines = []
    for loc in view["locations"]:
        state = f"won by {seats[loc['won_by'] - 1]}" if loc["won_by"] else \
            f"tokens {seats[0]} {loc['tokens']['1']}, {seats[1]} {loc['tokens']['2']}"
        here = ", ".join(_short(c) for c in view["in_play"] if c["at"] == loc["place"])
        lines.append(f"  location {loc['place']} {loc['name']} (Skl {loc['skill']}, VP {loc['vp']}): {state}"
                     + (f"; here: {here}" if here else ""))
    for player in view["players"]:
        seat = player["seat"]
        marker = "*" if seat in view["to_act"] else " "
        hand = (", ".join(name_of(c) for c in player["hand"]) or "empty") if player["hand"] is not None \
            else f"{player['hand_size']} cards, hidden"
        lines.append(f"{marker} {seat} {seats[seat - 1]}: hand {hand}")
        under = f" ({player['under_size']} put under)" if player["under_size"] else ""
        lines.append(f"    deck {player['deck_size']}{under}, discard {len(player['discard'])}, void {player['void_size']}, "
                     f"bank {player['bank_points'] or 'empty'}")
        hq = [c for c in view["in_play"] if c["owner"] == seat and c["at"] == "hq"]
        lines.append("    HQ: " + (", ".join(_short(c) for c in hq) or "empty"))
    mission = view["mission"]
    if mission:
        pairs = "; ".join(f"#{p['challenger']} vs {', '.join('#' + o for o in p['opposers']) or '?'}" for p in mission["pairs"])
        lines.append(f"  mission at location {mission['location']}" + (f": {pairs}" if pairs else ""))
    lines.append("  " + _whose_turn(view, seats))
    return "\n".join(lines)


def _short(c: dict[str, Any]) -> str:
    if "atk" not in c:
        return f"#{c['uid']} {c['name']}" + (" (used)" if c["ability_used"] else "")
    extra = [f"{c['damage']} dmg"] if c["damage"] else []
    extra += [f"{c['wounds']} wound"] if c["wounds"] else []
    extra += [name_of(m) for m in c["modifiers"]] + c["keywords"]
    return f"#{c['uid']} {c['name']} {c['atk']}/{c['defense']}/{c['skl']}" + (f" [{', '.join(extra)}]" if extra else "")


def _whose_turn(view: dict[str, Any], seats: Sequence[str]) -> str:
    if view["phase"] == "over":
        return "the game is over" + (f": {view['reason']}" if view["reason"] else "")
    if view["phase"] == "setup" or not view["to_act"]:
        return "the table is not set up yet"
    who = seats[view["to_act"][0] - 1]
    points = f" ({view['production_points']} points left)" if view["phase"] == "production" else ""
    return f"turn {view['turn']}: {who} {PHASE_WORDS.get(view['phase'], view['phase'])}{points}"
