"""How many games (or seeds) a long study plays in each stage of the tests: a smaller number in the default
stage, enough to prove the property on every case it is parametrized over, and the study's whole count under
the ``slow`` marker (``python -m pytest -m slow``), as the study was written. A study parametrized with
``counts`` runs once in each stage, and the slow stage's run plays the default stage's games among its own."""

from __future__ import annotations

import pytest


def counts(default: int, whole: int, what: str = "games") -> list:
    """``parametrize`` values of a study's count: ``default`` in the default stage, ``whole`` marked slow."""
    return [pytest.param(default, id=f"{default}-{what}"),
            pytest.param(whole, id=f"{whole}-{what}", marks=pytest.mark.slow)]
