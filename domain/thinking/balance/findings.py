"""What a study's games say, counted: the numbers behind every sentence of a balance report.

``findings(study, records)`` turns the games' records (``domain.thinking.balance.study``) into JSON-native
figures: fairness by seat and by side (``domain.thinking.balance.sides``), mean scores and margins where the
endings give scores (``domain.thinking.balance.scores``), length, endings and the games that hit a
turn or round limit, rule holes, drama, what was played, and the outlier games. Every rate carries its 95%
interval (``domain.thinking.balance.stats``); the verdicts are in words. A seat's or side's wins are always a
share of the games one seat won (draws apart).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from domain.engine import registry
from domain.thinking.balance.scores import scores
from domain.thinking.balance.sides import sides
from domain.thinking.balance.stats import (
    mean_interval,
    newcombe,
    percentile,
    rate,
    verdict,
)
from domain.thinking.balance.study import GameRecord, Study, ending_kinds

LIMIT_FLAG = 0.10
"""A share of games ended at the turn or round limit above which the report says the bots could not finish them."""


def findings(study: Study, records: Sequence[GameRecord]) -> dict[str, Any]:
    """Every figure of a study's report."""
    rules = registry.get(study.ruleset)
    fair = fairness(records, study.players)
    return {
        "study": {"ruleset": study.ruleset, "title": rules.game_title(rules.resolve_options(study.options)), "players": study.players, "options": study.options,
                  "bots": list(study.bots), "budget": study.budget, "games": len(records), "rotated_sides": study.rotates,
                  "fixed_sides": study.fixed_sides, "sides_movable": replace(study, fixed_sides=False).rotates},
        "fairness": fair,
        "scores": scores(records, study.players),
        "sides": sides(records, study.players, fair["seats"]),
        "length": {"turns": spread([r["turns"] for r in records]), "commands": spread([r["commands"] for r in records])},
        "endings": endings(records),
        "limits": limits(records, rules.limit_options(study.options)),
        "holes": [{"game": n, "seed": r["seed"], "hole": r["hole"]} for n, r in enumerate(records) if r["hole"]],
        "drama": drama(records),
        "usage": usage(rules.command_kinds(study.options), rules.card_names(), records, study.players),
        "outliers": outliers(records),
    }


def fairness(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """Each seat's share of the games one seat won, with its interval against the fair share (one over the
    players), and a verdict in words; draws (and wins shared by several seats) counted apart."""
    fair = 1 / players
    decided = sum(1 for r in records if len(r["winners"]) == 1)
    seats = []
    for seat in range(1, players + 1):
        wins = sum(1 for r in records if r["winners"] == [seat])
        shared = sum(1 for r in records if seat in r["winners"] and len(r["winners"]) > 1)
        won = rate(wins, decided)
        seats.append({"seat": seat, **won, "shared": shared, **verdict(won, fair, decided)})
    draws = sum(1 for r in records if not r["winners"] and r["reason"] is not None)
    return {"fair_share": fair, "seats": seats, "games": len(records), "decided": decided, "draws": rate(draws, len(records)),
            "same_bots": len({bot for r in records for bot in r["bots"]}) <= 1}


def spread(values: Sequence[float]) -> dict[str, Any]:
    """Median, 10th and 90th percentiles, extremes, mean with its interval, and a histogram of ~10 bins."""
    if not values:
        return {"median": 0, "p10": 0, "p90": 0, "min": 0, "max": 0, "mean": 0, "mean_low": 0, "mean_high": 0, "histogram": []}
    mean, low, high = mean_interval(values)
    return {"median": percentile(values, 0.5), "p10": percentile(values, 0.1), "p90": percentile(values, 0.9),
            "min": min(values), "max": max(values), "mean": mean, "mean_low": low, "mean_high": high,
            "histogram": histogram(values)}


def histogram(values: Sequence[float], bins: int = 10) -> list[dict[str, Any]]:
    """Counts in bins of whole-number width from the least value to the greatest (``low`` ≤ v < ``high``)."""
    least, most = int(min(values)), int(max(values))
    width = max(1, math.ceil((most - least + 1) / bins))
    counts = Counter((int(v) - least) // width for v in values)
    return [{"low": least + b * width, "high": least + (b + 1) * width, "count": counts.get(b, 0)}
            for b in range((most - least) // width + 1)]


def endings(records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """How games ended, by the kind of reason (``study.ending_kinds``), most common first."""
    kinds = ending_kinds(r["ending"] for r in records if not r["hole"])
    counts = Counter(kinds[r["ending"]] if not r["hole"] else "stopped: a rule hole" for r in records)
    return [{"ending": kind, **rate(n, len(records))} for kind, n in counts.most_common()]


def limits(records: Sequence[GameRecord], options: dict[str, Any]) -> dict[str, Any]:
    """The games that ended at the ruleset's turn or round limit: their share with its interval, the limit
    options (``Ruleset.limit_options``), whether the share is over ``LIMIT_FLAG`` (the bots could not finish those games), and the
    first ten of them by number and seed."""
    ended = [(n, r) for n, r in enumerate(records) if r.get("at_limit")]
    share = rate(len(ended), len(records))
    return {**share, "options": dict(options),
            "flagged": share["rate"] > LIMIT_FLAG,
            "games": [{"game": n, "seed": r["seed"], "turns": r["turns"], "reason": r["reason"]} for n, r in ended[:10]]}


def drama(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Lead changes per game, comebacks (the leader at the midpoint did not win), and when the lead settled."""
    changes = [r["lead_changes"] for r in records]
    judged = [r for r in records if r["comeback"] is not None]
    settled = [r["settled_turn"] / r["turns"] for r in records if r["settled_turn"] is not None and r["turns"]]
    led = [r["winner_led"] for r in records if r["winner_led"] is not None]
    return {
        "lead_changes": spread(changes),
        "comebacks": rate(sum(1 for r in judged if r["comeback"]), len(judged)),
        "settled_share": percentile(settled, 0.5) if settled else None,
        "settled_turn": percentile([r["settled_turn"] for r in records if r["settled_turn"] is not None], 0.5)
        if records else None,
        "winner_led": percentile(led, 0.5) if led else None,
    }


def usage(kinds: Sequence[str], cards: Sequence[str], records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """How often each command type was played, those never played, and each card's plays with the
    difference in win rate between seats that played it and seats that did not (correlation, not cause)."""
    totals: Counter[str] = Counter()
    in_games: Counter[str] = Counter()
    for r in records:
        types: Counter[str] = Counter()
        for counts in r["usage"].values():
            types.update(counts)
        totals.update(types)
        in_games.update(types.keys())
    commands = [{"type": kind, "count": totals[kind], "per_game": totals[kind] / len(records) if records else 0,
                 "games": in_games[kind]} for kind in kinds]
    commands.sort(key=lambda row: -row["count"])
    return {"commands": commands, "never": [row["type"] for row in commands if row["count"] == 0],
            "cards": card_effects(cards, records, players)}


def card_effects(cards: Sequence[str], records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """Per card: seat-games that played it, and win rate with it minus without it, with its interval (none
    when every seat-game played it: nothing to compare)."""
    seat_games = [(set(r["cards"].get(str(seat), [])), r["winners"] == [seat])
                  for r in records for seat in range(1, players + 1)]
    played_names = {card for card_set, _ in seat_games for card in card_set}
    names = list(cards) + sorted(played_names - set(cards))
    rows = []
    for card in names:
        won_with = [won for card_set, won in seat_games if card in card_set]
        won_without = [won for card_set, won in seat_games if card not in card_set]
        if not won_with:
            continue
        diff, low, high = newcombe(sum(won_with), len(won_with), sum(won_without), len(won_without)) if won_without else (None,) * 3
        rows.append({"card": card, "played": len(won_with), "win_with": sum(won_with) / len(won_with),
                     "win_without": sum(won_without) / len(won_without) if won_without else None,
                     "difference": diff, "low": low, "high": high})
    rows.sort(key=lambda row: -row["played"])
    return {"played": rows, "never": [card for card in cards if card not in played_names]}


def outliers(records: Sequence[GameRecord]) -> dict[str, Any]:
    """The longest and shortest games, and the most lopsided (the winner led for the largest share of its
    turns), by their number in the study: worth replaying."""
    if not records:
        return {}
    numbered = list(enumerate(records))
    found = {
        "longest": max(numbered, key=lambda nr: (nr[1]["turns"], nr[1]["commands"], -nr[0]))[0],
        "shortest": min(numbered, key=lambda nr: (nr[1]["turns"], nr[1]["commands"], nr[0]))[0],
    }
    won = [(n, r) for n, r in numbered if r["winner_led"] is not None]
    if won:
        found["most_lopsided"] = max(won, key=lambda nr: (nr[1]["winner_led"], -nr[1]["turns"], -nr[0]))[0]
    return {name: {"game": n, "seed": records[n]["seed"], "turns": records[n]["turns"], "winners": records[n]["winners"],
                   "winner_led": records[n]["winner_led"]} for name, n in found.items()}
