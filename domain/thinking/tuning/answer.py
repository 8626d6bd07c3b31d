"""A tune's answer as figures: what the report (``replays.tune_report``) says in words and draws.

``answer(race)`` gives JSON-native data: the tune as asked (game, players, bots, fixed options, the values
varied, the goals), every candidate tried with its games, its miss and each goal's own measure (each seat's
share, the mean length, the share of draws) with 95% intervals, and its standing:

- ``recommended``: the candidate still in the race with the smallest miss;
- ``not told apart``: the others still in the race when it ended, which its games could not tell from the
  recommended one (the recommended values' *interval*: a designer may take any of them);
- ``dropped``: clearly worse than the best at some round, with the round.

It also counts the games: those the race's candidates played, and those a grid over the same values would
have played to give every value as many games as the recommended one had (``grid_games``).
"""

from __future__ import annotations

from typing import Any

from domain.thinking.balance.stats import wilson
from domain.thinking.tuning.goals import Goal, Tally
from domain.thinking.tuning.race import Entry, Race

RECOMMENDED, NOT_TOLD_APART, DROPPED = "recommended", "not told apart", "dropped"


def answer(race: Race, title: str) -> dict[str, Any]:
    tune, space = race.tune, race.tune.space
    best = race.best()
    current = space.current(tune.study.options)
    rows = [row(race, entry, best, current) for entry in race.entries]
    rows.sort(key=lambda r: ({RECOMMENDED: 0, NOT_TOLD_APART: 1, DROPPED: 2}[r["standing"]], r["miss"]["value"], -r["games"]))
    fixed = {key: value for key, value in tune.study.options.items() if key != "kit"}
    if space.kit:
        fixed["parameters"] = {k: v for k, v in fixed.get("parameters", {}).items() if k not in space.names}
    else:
        fixed = {k: v for k, v in fixed.items() if k not in space.names}
    return {
        "tune": {"ruleset": tune.study.ruleset, "title": title, "players": tune.study.players, "bots": list(tune.study.bots),
                 "budget": tune.study.budget, "fixed_options": fixed, "seed": tune.seed, "block": tune.block,
                 "most_games": tune.most_games, "candidates": tune.candidates,
                 "vary": [{"name": d.name, "kind": d.knob.kind, "values": list(d.values), "limits": d.knob.limits()}
                          for d in space.dimensions],
                 "goals": [{"goal": g.kind, "words": g.words, "low": g.low, "high": g.high, "weight": g.weight} for g in tune.goals]},
        "current": space.named(current),
        "recommended": rows[0],
        "candidates": rows,
        "space_size": space.size,
        "rounds": race.rounds,
        "games": sum(e.games for e in race.entries),
        "games_played_now": race.games_played,
        "grid_games": space.size * best.games,
        "told_apart": len(race.running) == 1,
    }


def row(race: Race, entry: Entry, best: Entry, current: tuple[Any, ...]) -> dict[str, Any]:
    value, low, high = race.miss(entry)
    tally = entry.outcomes.tally()
    standing = RECOMMENDED if entry is best else NOT_TOLD_APART if entry.dropped is None else DROPPED
    return {"values": race.tune.space.named(entry.candidate), "standing": standing, "dropped_in_round": entry.dropped,
            "current": entry.candidate == current, "games": entry.games,
            "miss": {"value": value, "low": low, "high": high},
            "goals": [goal_figures(goal, tally) for goal in race.tune.goals],
            "holes": tally.holes}


def goal_figures(goal: Goal, tally: Tally) -> dict[str, Any]:
    """One goal's miss on a candidate's games, and the measure it is taken from, with intervals."""
    value, low, high = goal.miss(tally)
    figures: dict[str, Any] = {"goal": goal.kind, "words": goal.words, "miss": {"value": value, "low": low, "high": high}}
    if goal.kind == "seats":
        figures["seats"] = [{"seat": n, **share(wins, tally.decided)} for n, wins in enumerate(tally.wins, 1)]
        figures["fair_share"] = 1 / tally.players
    elif goal.kind == "sides":
        figures["sides"] = [{"side": side, **share(wins, plays)} for side, (plays, wins) in sorted(tally.sides.items())]
        figures["fair_share"] = 1 / tally.players
    elif goal.kind == "length":
        mean, lo, hi = tally.mean_turns()
        figures["turns"] = {"mean": mean, "low": lo, "high": hi}
    else:
        figures["share"] = share(tally.draws if goal.kind == "draws" else tally.limits, tally.games)
    return figures


def share(count: int, total: int) -> dict[str, Any]:
    low, high = wilson(count, total)
    return {"count": count, "of": total, "rate": count / total if total else 0.0, "low": low, "high": high}
