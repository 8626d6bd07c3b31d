"""Missions and combat (LC-48 to LC-58): declaring attackers and defenders, challengers and opposers
paired in turn, Long Range striking at once, the tricks window, Gang, combat damage dealt at once,
the skill check, victory point tokens and won locations. ``Combat`` is a part of ``Play``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import facts as f
from domain.games.location_ccg.checks import (
    foes,
    giant,
    in_combat,
    may_oppose,
    opposers_needed,
    skill_at,
    strikes_at_once,
    unopposed_gangs,
    windows,
)
from domain.games.location_ccg.state import State


class Combat:
    """The mission steps of ``Play`` (which gives ``emit``, ``state``, ``leave`` and ``check_lethal``)."""

    state: State
    if TYPE_CHECKING:  # given by Decision and Play
        def emit(self, fact: Any) -> None: ...
        def leave(self, uid: str, how: str) -> None: ...
        def check_lethal(self, uids: list[str]) -> None: ...

    def mission_phase(self, seat: int) -> None:
        """LC-45: the mission phase, skipped when there is no character at the HQ or no location left."""
        s = self.state
        if s.characters(seat, at="hq") and attackable(s):
            self.emit(f.PhaseBegan(phase="mission", seat=seat))
        else:
            self.emit(f.PhaseBegan(phase="deploy", seat=seat))

    def attack(self, seat: int, command: dict[str, Any]) -> None:
        s = self.state
        if s.phase != "mission":
            raise IllegalCommand("attacks are declared in your mission phase, once a turn")
        index = command["location"] - 1
        if index not in attackable(s):
            where = ", ".join(str(i + 1) for i in attackable(s))
            raise IllegalCommand(f"location {command['location']} cannot be attacked: choose one not won yet ({where})")
        characters = [str(uid) for uid in command.get("characters", [])]
        for uid in characters:
            self._check_sendable(seat, uid)
        if len(set(characters)) != len(characters):
            raise IllegalCommand("a character is sent once")
        self.emit(f.AttackDeclared(seat=seat, location=index))
        self.emit(f.PhaseBegan(phase="attackers", seat=seat))
        for uid in characters:
            self.emit(f.CharacterSent(uid=uid, location=index))
        if characters:
            self.pass_in_mission(seat)

    def send(self, seat: int, command: dict[str, Any]) -> None:
        uid = str(command["character"])
        self._check_sendable(seat, uid)
        self.emit(f.CharacterSent(uid=uid, location=self.state.mission["location"]))

    def _check_sendable(self, seat: int, uid: str) -> None:
        if uid not in self.state.characters(seat, at="hq"):
            at_hq = ", ".join(self.state.characters(seat, at="hq")) or "none"
            raise IllegalCommand(f"send one of your characters at your HQ (cards: {at_hq})")

    def pass_in_mission(self, seat: int) -> None:
        s = self.state
        mission = s.mission
        assert mission is not None
        if s.phase == "attackers":
            if not mission["attackers"] and s.characters(seat, at="hq"):
                raise IllegalCommand("send at least one character to attack (an attack cannot be taken back)")
            if not mission["attackers"]:
                self.end_mission()  # the attackers were struck down as they went: nothing happens
            elif s.characters(s.other(seat), at="hq"):
                self.emit(f.PhaseBegan(phase="defenders", seat=s.other(seat)))
            else:
                self.next_pairing(s.current)
        elif s.phase == "defenders":
            self.next_pairing(s.current)
        elif s.phase == "tricks":
            self.emit(f.Passed(seat=seat))
            if self.state.passes >= 2 or windows(s) == "own-turn":  # own-turn: the active player's alone
                self.gang_step(self.state.current)
        elif s.phase == "before_check":
            self.emit(f.Passed(seat=seat))
            if self.state.passes >= 2:
                self.skill_check()
        elif s.phase == "gang":
            self.gang_step(s.other(seat) if seat == s.current else 0)
        else:
            raise IllegalCommand(f"there is nothing to pass now: {_NOW.get(s.phase, s.phase)}")

    # -- pairing (LC-51 to LC-55) ---------------------------------------------------------------------

    giants_oppose_again: bool = True
    """Ruling 21: when the seat to challenge has no character left out of combat, the other side challenges
    again while a Giant of the seat may still oppose (rules v2; v1 ended the pairing there)."""

    def next_pairing(self, seat: int) -> None:
        """Step 3 or 5: the seat chooses a challenger while it has a character not in combat and the other
        side has one that may oppose; else the other side challenges, if it has a character not in combat
        and the seat a Giant that may oppose again (ruling 21); else combat begins (the tricks window
        first)."""
        s = self.state
        for challenger in (seat, s.other(seat)) if self.giants_oppose_again else (seat,):
            if s.free(challenger) and self._could_oppose(s.other(challenger)):
                self.emit(f.PhaseBegan(phase="challenge", seat=challenger))
                return
        self.emit(f.PhaseBegan(phase="tricks", seat=s.current))

    def _could_oppose(self, seat: int) -> bool:
        s = self.state
        mission = s.mission
        assert mission is not None
        if s.free(seat):
            return True
        party = mission["attackers"] if seat == s.current else mission["defenders"]
        return any(giant(s, uid) > sum(1 for p in mission["pairs"] if uid in p["opposers"]) > 0
                   and not any(p["challenger"] == uid for p in mission["pairs"]) for uid in party if uid in s.in_play)

    def challenge(self, seat: int, command: dict[str, Any]) -> None:
        uid = str(command["character"])
        if uid not in self.state.free(seat):
            free = ", ".join(self.state.free(seat))
            raise IllegalCommand(f"challenge with a character of your party not in combat (cards: {free})")
        self.emit(f.Challenged(seat=seat, uid=uid))
        self.emit(f.PhaseBegan(phase="oppose", seat=self.state.other(seat)))

    def oppose(self, seat: int, command: dict[str, Any]) -> None:
        s = self.state
        uid = str(command["character"])
        if uid not in may_oppose(s, seat):
            allowed = ", ".join(may_oppose(s, seat))
            raise IllegalCommand(f"oppose the challenger with a character of your party not in combat (cards: {allowed})")
        self.emit(f.Opposed(seat=seat, uid=uid))
        pair = self.state.mission["pairs"][-1]
        self._long_range(pair["challenger"], uid)
        pair = self.state.mission["pairs"][-1]
        if len(pair["opposers"]) < opposers_needed(self.state, pair) and may_oppose(self.state, seat):
            return  # Giant X: more opposers to name
        self.next_pairing(s.other(pair["seat"]) if pair["seat"] == s.current else s.current)

    def _long_range(self, challenger: str, opposer: str) -> None:
        """LC-66: a Long Range character in a new pairing deals its combat damage at once (two Long
        Range characters paired strike each other at the same moment); with the option ``long_range:
        when-opposed`` only a challenger does (ruling 22)."""
        s = self.state
        both = s.options.get("long_range", "paired") == "paired"
        strikes = [(struck, max(0, s.stat(striker, 0))) for striker, struck in ((challenger, opposer), (opposer, challenger))
                   if striker in s.in_play and struck in s.in_play and s.card(striker).has("long_range")
                   and (both or striker == challenger)]
        for struck, amount in strikes:
            self.emit(f.DamageDealt(uid=struck, amount=amount, source="long range"))
        self.check_lethal([struck for struck, _ in strikes])

    # -- combat (LC-56), the skill check (LC-57, LC-58) -------------------------------------------------

    def gang_step(self, seat: int) -> None:
        """LC-63: each side's unopposed Gang characters may join an opposed character (attacker first)."""
        s = self.state
        for side in ([seat] if seat else []) + ([s.other(seat)] if seat == s.current else []):
            mine = [uid for uid in in_combat(s) if s.in_play[uid]["owner"] == side]
            if unopposed_gangs(s, side) and mine:
                self.emit(f.PhaseBegan(phase="gang", seat=side))
                return
        self.resolve_combat()

    def gang(self, seat: int, command: dict[str, Any]) -> None:
        s = self.state
        uid, to = str(command["character"]), str(command["to"])
        if uid not in unopposed_gangs(s, seat):
            raise IllegalCommand(f"card {uid} is not an unopposed Gang character of yours")
        if to not in in_combat(s) or s.in_play[to]["owner"] != seat:
            raise IllegalCommand(f"card {to} is not an opposed character you control")
        self.emit(f.GangJoined(uid=uid, to=to))
        if not unopposed_gangs(self.state, seat):
            self.gang_step(s.other(seat) if seat == s.current else 0)

    def resolve_combat(self) -> None:
        """Every character in combat deals its Atk to those opposing it, all at once (Long Range ones
        have already struck); a Giant splits its Atk among its foes (option ``giant_damage``)."""
        s = self.state
        damage: dict[str, int] = {}
        for uid in in_combat(s):
            targets = foes(s, uid)
            if not targets or strikes_at_once(s, uid):
                continue
            atk = max(0, s.stat(uid, 0)) + sum(max(0, s.stat(g, 0)) for g, to in s.mission["gangs"].items()
                                               if to == uid and g in s.in_play)
            for target, amount in self._share(atk, targets):
                damage[target] = damage.get(target, 0) + amount
        for target, amount in damage.items():
            if amount:
                self.emit(f.DamageDealt(uid=target, amount=amount, source="combat"))
        self.check_lethal(list(damage))
        if windows(self.state) == "before-skill-check":  # ruling 24's option: one more window first
            self.emit(f.PhaseBegan(phase="before_check", seat=self.state.current))
        else:
            self.skill_check()

    def _share(self, atk: int, targets: list[str]) -> list[tuple[str, int]]:
        if len(targets) == 1 or self.state.options["giant_damage"] == "full":
            return [(target, atk) for target in targets]
        shares = []
        for target in targets[:-1]:  # lethal damage to each in pairing order, the rest to the last
            c = self.state.in_play[target]
            needed = max(0, self.state.stat(target, 1) - c["damage"])
            shares.append((target, min(atk, needed)))
            atk -= shares[-1][1]
        return [*shares, (targets[-1], atk)]

    def skill_check(self) -> None:
        s = self.state
        index, seat = s.mission["location"], s.current
        attack, defense = skill_at(s, seat, index), skill_at(s, s.other(seat), index)
        needed = s.location(index).skill
        success = attack - defense >= needed
        self.emit(f.SkillChecked(seat=seat, location=index, attack=attack, defense=defense, needed=needed, success=success))
        if success:
            self.emit(f.VictoryTokenPlaced(seat=seat, location=index))
            if self.state.locations[index]["tokens"][str(seat)] >= needed_vp(self.state, index):
                self.emit(f.LocationWon(seat=seat, location=index))
                if self.state.won(seat) * 2 > len(self.state.locations):  # LC-59: a majority
                    self.emit(f.GameEnded(winners=[seat], reason=f"won {self.state.won(seat)} of the "
                                          f"{len(self.state.locations)} locations"))
                    return
        self.end_mission()

    def end_mission(self) -> None:
        """The mission ends; with the option ``stay_at_location: in-combat`` the characters sent there that
        were never in combat go home first (ruling 18)."""
        s = self.state
        mission = s.mission
        if s.options.get("stay_at_location", "all") == "in-combat":
            fought = {uid for pair in mission["pairs"] if pair["opposers"] for uid in [pair["challenger"], *pair["opposers"]]}
            for seat, party in ((s.current, mission["attackers"]), (s.other(s.current), mission["defenders"])):
                home = [uid for uid in party if uid in s.in_play and s.in_play[uid]["at"] == mission["location"]
                        and uid not in fought]
                if home:
                    self.emit(f.CharactersReturned(seat=seat, characters=home))
        self.emit(f.MissionEnded(location=self.state.mission["location"]))
        self.emit(f.PhaseBegan(phase="deploy", seat=self.state.current))


def attackable(state: State) -> list[int]:
    """LC-58: the locations not yet won (any of them, whoever placed it)."""
    return [index for index, loc in enumerate(state.locations) if not loc["won_by"]]


def needed_vp(state: State, index: int) -> int:
    return state.location(index).vp


_NOW = {"challenge": "choose a challenger", "oppose": "choose a character to oppose the challenger",
        "upkeep": "pay or refuse each upkeep", "discard": "discard down to seven cards",
        "locations": "choose a location", "mulligan": "put cards under your deck (or none) and draw back to seven"}
