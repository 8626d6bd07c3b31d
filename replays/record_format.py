"""The NDJSON export's format marks (``replays.records`` writes it, ``replays.importing`` reads it): its
name and version, the versions still read, and the keys of its note lines."""

from __future__ import annotations

FORMAT = "ludolog-game"
FORMAT_VERSION = 6
READABLE_VERSIONS = (1, 2, 3, 4, 5, 6)
NOTE_EVENT, NOTE = "note_event", "note"
"""The keys of the NDJSON export's note lines: the owner's (a stored note event), anyone else's (a note)."""
