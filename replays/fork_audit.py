"""Auditing a fork against its trunk (``domain.keeping.forking``): the fork must start from its trunk's state at
the step it names, as its eye knew it, that step must still be in the trunk's log with the hash the fork
recorded, and the link's seal, keyed with the trunk's salt, must match the eye it names. A trunk rewritten
after the fork, a fork whose start was edited, and a seat's fork rewritten to pass for an owner's (eye and
start changed, its own chain recomputed) show here.

A seat's fork whose trunk is not in the store (one imported from that seat's export, which holds the
trunk only as the seat saw it) cannot be tied to it: the audit says so in a note, and checks the fork's own
log. A fork seeing everything always comes with its trunk (its export holds the trunk whole), so one whose
trunk is missing is a problem: a seat's fork passed off as an owner's by pointing it at no trunk shows so."""

from __future__ import annotations

import hmac
import uuid
from typing import Any

from domain.engine.chain import first_broken_link, plain
from domain.keeping.forking import fork_chance, fork_seal, fork_start, trunk_key
from domain.keeping.persistence import apply_events
from domain.keeping.service import GameService


def trunk_problems(service: GameService, forked: Any) -> list[str]:
    """What is wrong with a fork's tie to its trunk (empty: nothing); ``forked`` is its ``Game.Forked``.
    The trunk of a seat's fork may be missing (``fork_note`` says it), never the trunk of a fork seeing
    everything."""
    fork = forked.fork
    step, trunk_id = fork["step"], uuid.UUID(fork["game"])
    trunk = list(service.events.get(trunk_id, lte=step))
    if not trunk:
        if fork["eye"] is not None:
            return []
        return [f"event 1: its trunk, game {trunk_id}, is not in this store: a fork seeing everything cannot be tied to it "
                "(its export holds its trunk whole: import that)"]
    if len(trunk) != step:
        return [f"event 1: its trunk, game {trunk_id}, has {len(trunk)} of the {step} steps the fork starts after"]
    broken = first_broken_link(trunk)
    if broken is not None:
        return [f"event 1: its trunk's log is edited at event {broken}, before the step the fork starts after"]
    if trunk[-1].chain != fork["hash"]:
        return [f"event 1: its trunk's hash at step {step} is not the one the fork recorded: the trunk was rewritten since"]
    eye = fork["eye"]
    how = "seeing everything" if eye is None else f"as seat {eye}"
    if "seal" in fork and not hmac.compare_digest(str(fork["seal"]), fork_seal(trunk_key(trunk[0]), forked.originator_id, fork)):
        return [f"event 1: its link to its trunk says it was forked {how}, but the seal its trunk gave it does not match: "
                "its eye, step or trunk was changed since (a seat's fork passed off as an owner's shows so)"]
    at_step = apply_events(None, trunk)
    chance = fork_chance(forked.seed, forked.salt, forked.chain_version)
    expected = fork_start(at_step.rules, at_step.state, eye, chance)
    if plain(expected) != plain(forked.start):
        how = "seeing everything" if eye is None else f"as seat {eye} saw it, dealt by its own seed"
        return [f"event 1: the fork does not start from its trunk's step {step} {how} (its start was edited)"]
    return []


def fork_note(service: GameService, forked: Any) -> str:
    """What an audit says of a fork with no problem in its tie to its trunk."""
    fork = forked.fork
    eye = "seeing everything" if fork["eye"] is None else f"as seat {fork['eye']} saw it"
    if not list(service.events.get(uuid.UUID(fork["game"]), lte=1)):
        return (f"a fork of game {fork['game']} at step {fork['step']} ({eye}): its trunk is not in this store, so its "
                "start and its link cannot be checked against it (its own log is)")
    sealed = "" if "seal" in fork else "; forked before links were sealed, so its eye is not checked against the trunk"
    return f"a fork of game {fork['game']} at step {fork['step']} ({eye}): tied to its trunk's hash there{sealed}"
