"""The search bot's open-loop tree (``Node``) and what one move's search did (``Thought``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.engine.commands import Command


@dataclass
class Node:
    """A position in the open-loop tree, reached by the commands from the root. ``visits`` and ``rewards``
    (every seat's total, by seat number) are of the simulations that passed through it; for the commands
    from it, ``children``, how often each was legal (``available``) and its ``prior``: the score, for the
    seat that chose, of the position it led to the first time it was seen (a one-command look-ahead)."""

    visits: int = 0
    rewards: dict[int, float] = field(default_factory=dict)
    children: dict[str, Node] = field(default_factory=dict)
    available: dict[str, int] = field(default_factory=dict)
    prior: dict[str, float] = field(default_factory=dict)
    actor: int | None = None
    minimax: dict[str, float] = field(default_factory=dict)
    reach: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Every seat's lowest and highest reward of the simulations through it (kept with ``scale="rewards"``)."""


@dataclass
class Thought:
    """What one move's search did: the command chosen, the simulations run, the time taken and the tree
    (none when there was nothing to choose)."""

    command: Command
    simulations: int
    seconds: float
    tree: Node | None = None
