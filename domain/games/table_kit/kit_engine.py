"""The kit engine compiled: which of its modules ``ludolog kit engine build`` compiles to C with mypyc, and whether this
process runs them so.

The modules below are the engine's hot path (a kit's expressions made closures, an action's choices and their
``where``, the steps of an action, a seat's commands and the scopes they are worked out in, the rules that play them,
the board carried from table to table, the table and how each fact changes it): compiled, a random game plays faster,
by how much depending on the kit and the machine (the guide's benchmarks page). They stay the source and the
reference: the build compiles these very files, each into a module of the same name beside its source, which Python
then loads instead, and ``ludolog kit engine clean`` removes them. Their own code is unchanged by the compiling; what
mypyc asks of it is what any reader gains too: types that hold (mypyc checks them as each call is made), the parts of
one class as traits (``kit_endings``, ``kit_piece_steps``), and what a class works out once kept in attributes it
declares (a compiled class has no instance dictionary for a ``functools.cached_property`` to keep it in; the table's
``State``, copied by its dictionary, stays a plain class: ``mypyc_attr(native_class=False)``).
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

GROUP = "domain.games.table_kit.engine"
"""The compiled modules' shared library (mypyc's runtime and their code together): ``engine__mypyc`` in this folder."""

COMPILED = tuple(f"domain.games.table_kit.{name}" for name in (
    "language.compiled_values", "language.compiled_operators", "language.compiled_macros", "language.compiled_filter",
    "language.compiled_expressions", "play.kit_bounds", "play.kit_functions", "play.kit_scope", "play.kit_offers",
    "play.kit_sift", "play.kit_open_spaces", "play.kit_grid_walk", "play.kit_walk", "play.kit_together",
    "play.kit_endings", "play.kit_piece_steps", "play.kit_steps", "board.kit_lines", "board.kit_carried",
    "board.kit_kept", "board.kit_board", "board.kit_geometry", "language.expressions", "play.kit_where", "play.kit_choices",
    "play.kit_plain", "play.kit_rules", "table.state"))
"""The modules the build compiles, by name."""


def compiled_now() -> list[str]:
    """The modules of ``COMPILED`` this process runs compiled (imported as extension modules), in order."""
    return [name for name in COMPILED if str(getattr(importlib.import_module(name), "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))]
