"""Kit documents edited for a test: one value, at its place in the document, replaced in a copy."""

from __future__ import annotations

import copy
from typing import Any


def with_text(kit: dict[str, Any], path: tuple[Any, ...], text: Any) -> dict[str, Any]:
    """A copy of ``kit`` whose value at ``path`` (keys and list indexes) is ``text``; ``kit`` is left as it was."""
    edited = copy.deepcopy(kit)
    target = edited
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = text
    return edited
