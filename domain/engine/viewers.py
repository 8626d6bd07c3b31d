"""Who looks at a game: a seat (its number), the game's owner (``OWNER``: sees everything) or a spectator
(``None``). A module of its own, importing nothing, so that tokens and answers name viewers cheaply."""

from __future__ import annotations

from typing import Literal

OWNER: Literal["owner"] = "owner"
"""The game's owner as a viewer: sees everything (``domain.keeping.access`` issues the owner's token)."""

Viewer = int | Literal["owner"] | None
"""A seat's number, ``OWNER``, or ``None`` for a spectator."""
