"""One mistake in a kit, as the checks tell it (``checks``, ``kit_references``): where, and what."""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.table_kit.vocabulary.layout import Path_


@dataclass(frozen=True)
class Problem:
    """One mistake in a kit: where (a path of keys and indexes into the document) and what."""

    path: Path_
    message: str
    missing: str | None = None
    """The field that is missing (a mistake of the mapping at ``path``, told beside any mistake inside it)."""
    skipped: bool = False
    """Not a mistake but a stage of the checks not run, and why (told after the mistakes, on the kit's first line)."""

    @property
    def spot(self) -> Path_:
        """Where the mistake lies: a missing field's own place."""
        return self.path if self.missing is None else (*self.path, self.missing)

    def where(self) -> str:
        return ".".join(str(part) for part in self.path) or "the kit"
