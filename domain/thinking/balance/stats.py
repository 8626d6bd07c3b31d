"""The statistics of a balance report: every rate comes with its 95% interval.

- ``wilson``: the Wilson score interval of a proportion (good at 0%, 100% and small counts, where the
  textbook ± interval is not).
- ``newcombe``: the interval of the difference of two independent proportions (Newcombe 1998, method 10),
  ``newcombe_paired`` of two proportions measured on the same seeds (Newcombe 1998, paired method 10).
- ``mean_interval``: a mean (of lengths, or of paired differences) with its t interval.
- ``games_to_tell``: how many games would tell a rate from a fair share.
- ``rate``: a count out of a total with its interval; ``verdict``: that rate against a fair share, in words.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Z = 1.96
_T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 12: 2.18,
         15: 2.13, 20: 2.09, 25: 2.06, 30: 2.04, 40: 2.02, 60: 2.00, 120: 1.98}


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (from the table, rounding df down)."""
    if df < 1:
        return math.inf
    known = [d for d in _T975 if d <= df]
    return Z if df > 120 else _T975[max(known)]


def wilson(successes: float, trials: int, z: float = Z) -> tuple[float, float]:
    """The 95% Wilson score interval of ``successes`` out of ``trials`` (0–1 when there are none)."""
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def newcombe(a: float, n: int, b: float, m: int) -> tuple[float, float, float]:
    """The difference of two independent rates ``a/n − b/m`` and its 95% interval (Newcombe's method 10)."""
    p1, p2 = (a / n if n else 0.0), (b / m if m else 0.0)
    l1, u1 = wilson(a, n)
    l2, u2 = wilson(b, m)
    diff = p1 - p2
    return diff, diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def newcombe_paired(first: Sequence[bool], second: Sequence[bool]) -> tuple[float, float, float]:
    """The difference of two rates measured on the same games (``first[i]`` and ``second[i]`` come from
    game ``i`` played both ways) and its 95% interval: Newcombe's paired method 10, which allows for the
    pairs' correlation."""
    n = len(first)
    if n == 0:
        return 0.0, -1.0, 1.0
    both = sum(1 for x, y in zip(first, second) if x and y)
    only_first = sum(1 for x, y in zip(first, second) if x and not y)
    only_second = sum(1 for x, y in zip(first, second) if y and not x)
    neither = n - both - only_first - only_second
    p1, p2 = (both + only_first) / n, (both + only_second) / n
    l1, u1 = wilson(both + only_first, n)
    l2, u2 = wilson(both + only_second, n)
    margins = (both + only_first) * (only_second + neither) * (both + only_second) * (only_first + neither)
    cross = both * neither - only_first * only_second
    if margins == 0:
        phi = 0.0
    else:
        phi = (max(cross - n / 2, 0.0) if cross > 0 else cross) / math.sqrt(margins)
    diff = p1 - p2
    delta = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    epsilon = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return diff, max(-1.0, diff - delta), min(1.0, diff + epsilon)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% t interval (the mean itself both ends when there is one value or no spread)."""
    if not values:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile (0.5: the median) by linear interpolation between the sorted values."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def games_to_tell(rate: float, fair: float, games: int, margin: float = 0.05, z: float = Z) -> int:
    """About how many more games would reach a verdict, if the rate stays as observed: either its interval
    leaves out the fair share (a gap of ``g`` needs ``z²·p(1−p)/g²`` games), or, for a gap under
    ``margin``, its interval fits within ± ``margin`` of the fair share (``z²·p(1−p)/(margin − g)²``),
    whichever comes first. An estimate."""
    gap = abs(rate - fair)
    spread = max(rate * (1 - rate), 0.01)
    needed = [z * z * spread / (gap * gap)] if gap > 0 else []
    if gap < margin:
        needed.append(z * z * spread / ((margin - gap) ** 2))
    return max(0, math.ceil(min(needed)) - games)


FAIR_MARGIN = 0.05
"""A rate whose interval holds the fair share and is no wider than this either way looks fair."""


def rate(count: float, total: int) -> dict[str, Any]:
    """A count out of a total with its rate and 95% Wilson interval."""
    low, high = wilson(count, total)
    return {"count": count, "of": total, "rate": count / total if total else 0.0, "low": low, "high": high}


def verdict(won: dict[str, Any], fair: float, games: int) -> dict[str, Any]:
    """``looks fair``, ``favoured``, ``handicapped`` or ``can't tell yet``, and about how many more games would tell."""
    more = games_to_tell(won["rate"], fair, games, FAIR_MARGIN)
    if won["low"] > fair:
        return {"verdict": "favoured", "more_games": 0}
    if won["high"] < fair:
        return {"verdict": "handicapped", "more_games": 0}
    if won["high"] - fair <= FAIR_MARGIN and fair - won["low"] <= FAIR_MARGIN:
        return {"verdict": "looks fair", "more_games": 0}
    return {"verdict": "can't tell yet", "more_games": max(more, 1)}
