"""Replays: step through any stored game (``cursor``), check it was played by the rules (``audit``),
and export it (``records``: NDJSON, JSON, CSV and import; ``diary``: a Markdown design diary with
charts; ``page``: a self-contained HTML replay; ``screen``: terminal screens). Built only on the
ruleset contract: no game-specific code."""
