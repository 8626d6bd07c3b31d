"""Auditing a fork against its trunk (``domain.forking``): the fork must start from its trunk's state at
the step it names, as its eye knew it, and that step must still be in the trunk's log with the hash the
fork recorded. A trunk rewritten after the fork, or a fork whose start was edited, shows here."""

from __future__ import annotations

import uuid
from typing import Any

from domain.chain import first_broken_link, plain
from domain.forking import fork_chance, fork_start
from domain.persistence import apply_events
from domain.service import GameService


def trunk_problems(service: GameService, forked: Any) -> list[str]:
    """What is wrong with a fork's tie to its trunk (empty: nothing); ``forked`` is its ``Game.Forked``."""
    fork = forked.fork
    step, trunk_id = fork["step"], uuid.UUID(fork["game"])
    trunk = list(service.events.get(trunk_id, lte=step))
    if not trunk:
        return [f"event 1: its trunk, game {trunk_id}, is not in this store: the fork cannot be tied to it"]
    if len(trunk) != step:
        return [f"event 1: its trunk, game {trunk_id}, has {len(trunk)} of the {step} steps the fork starts after"]
    broken = first_broken_link(trunk)
    if broken is not None:
        return [f"event 1: its trunk's log is edited at event {broken}, before the step the fork starts after"]
    if trunk[-1].chain != fork["hash"]:
        return [f"event 1: its trunk's hash at step {step} is not the one the fork recorded: the trunk was rewritten since"]
    at_step = apply_events(None, trunk)
    eye = fork["eye"]
    chance = fork_chance(forked.seed, forked.salt, forked.chain_version)
    expected = fork_start(at_step.rules, at_step.state, eye, chance)
    how = "seeing everything" if eye is None else f"as seat {eye} saw it, dealt by its own seed"
    if plain(expected) != plain(forked.start):
        return [f"event 1: the fork does not start from its trunk's step {step} {how} (its start was edited)"]
    return []


def fork_note(forked: Any) -> str:
    """What an audit says of a fork that is tied to its trunk."""
    fork = forked.fork
    eye = "seeing everything" if fork["eye"] is None else f"as seat {fork['eye']} saw it"
    return f"a fork of game {fork['game']} at step {fork['step']} ({eye}): tied to its trunk's hash there"
