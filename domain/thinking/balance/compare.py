"""Comparisons of a balance report: skill against luck, variant A/B, and paper playtests against bots.

- ``skill_studies``/``skill``: a search bot in one seat (rotating over the games) against random or greedy
  bots in the others; how often it wins, against its fair share. If skill barely beats chance, the game
  is mostly luck (Jaffe et al. 2012, restricted play).
- ``versus``: the same seeds played under two sets of options (paired): how many games the option changed
  at all, and on those the differences in seat wins, endings, length and (where the endings give them) each
  seat's mean score, each with its 95% interval.
- ``table_games``: games transcribed from paper playtests beside the bots' figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from domain.thinking.balance.stats import (
    mean_interval,
    newcombe,
    newcombe_paired,
    percentile,
    rate,
)
from domain.thinking.balance.study import (
    GameRecord,
    Study,
    Task,
    ending_kinds,
    game_seed,
)

SKILL_OPPONENTS = ("random", "greedy")


def skill_studies(study: Study, games: int, base: str) -> list[tuple[str, Task]]:
    """The games that measure skill: for each opponent, ``games`` games with the search bot in seat
    ``n % players + 1`` of game ``n`` (seeds ``base-skill-OPPONENT:n``) and, where the study moves the
    sides, the sides moved ``n // players`` seats on, so that the search bot plays every side from every
    seat: ``(opponent, game)``."""
    plays = []
    for opponent in SKILL_OPPONENTS:
        for n in range(games):
            bots = [opponent] * study.players
            bots[n % study.players] = "search"
            played = replace(study, bots=tuple(bots))
            rotation = (n // study.players) % study.players if played.rotates else 0
            plays.append((opponent, (played, game_seed(f"{base}-skill-{opponent}", n), rotation)))
    return plays


def skill(played: Sequence[tuple[str, GameRecord]], players: int) -> list[dict[str, Any]]:
    """The search bot's wins against each opponent, with its interval and the fair share."""
    rows = []
    for opponent in SKILL_OPPONENTS:
        games = [record for against, record in played if against == opponent]
        if not games:
            continue
        wins = sum(1 for r in games if len(r["winners"]) == 1 and r["bots"][r["winners"][0] - 1] == "search")
        rows.append({"bot": "search", "against": opponent, **rate(wins, len(games)), "fair_share": 1 / players})
    return rows


def strongest(rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """Which bot plays this game best, from the search bot's games against greedy bots: ``search`` if its
    interval lies above its fair share, ``greedy`` if below, ``level`` if it holds the fair share; with
    ``by``, the search bot's win rate minus its fair share (points, negative when greedy is stronger)."""
    against = next((row for row in rows if row["against"] == "greedy"), None)
    if against is None:
        return None
    fair = against["fair_share"]
    bot = "search" if against["low"] > fair else "greedy" if against["high"] < fair else "level"
    return {"bot": bot, "by": against["rate"] - fair, "row": against}


def versus(options: dict[str, Any], other: dict[str, Any], first: Sequence[GameRecord], second: Sequence[GameRecord],
           players: int) -> dict[str, Any]:
    """Game ``n`` of ``first`` (under ``options``) against game ``n`` of ``second`` (under ``other``), same
    seed. First, how many of the pairs the option changed at all: a pair played move for move the same,
    to the same end, says nothing about the option. Then, on the changed pairs only, each difference,
    first minus second, with its 95% interval (Newcombe's paired method for rates, the paired t interval
    for lengths): endings and draws over the changed pairs, each seat's wins over the changed pairs one
    seat won both ways (as the report's fairness counts the games one seat won)."""
    changed = {key: {"this": options.get(key), "vs": value} for key, value in other.items() if options.get(key) != value}
    pairs = [(a, b) for a, b in zip(first, second) if not same_game(a, b)]
    this, that = [a for a, _ in pairs], [b for _, b in pairs]
    decided = [(a, b) for a, b in pairs if len(a["winners"]) == 1 and len(b["winners"]) == 1]
    seats = [{"seat": seat, **paired([a["winners"] == [seat] for a, _ in decided], [b["winners"] == [seat] for _, b in decided])}
             for seat in range(1, players + 1)]
    kinds = ending_kinds(r["ending"] for r in (*this, *that))
    ending_rows = [{"ending": kind, **paired([kinds[r["ending"]] == kind for r in this], [kinds[r["ending"]] == kind for r in that])}
                   for kind in sorted(set(kinds.values()))]
    ending_rows.sort(key=lambda row: -abs(row["difference"]))
    mean, low, high = mean_interval([a["turns"] - b["turns"] for a, b in pairs])
    scored = [(a["scores"], b["scores"]) for a, b in pairs if a.get("scores") is not None and b.get("scores") is not None]
    return {
        **({"scores": paired_scores(scored, players)} if scored else {}),
        "changed": changed,
        "games": len(first),
        "changed_games": rate(len(pairs), len(first)),
        "decided": len(decided),
        "seats": seats,
        "draws": paired([not r["winners"] for r in this], [not r["winners"] for r in that]),
        "endings": ending_rows,
        "turns": {"this": percentile([r["turns"] for r in this], 0.5), "vs": percentile([r["turns"] for r in that], 0.5),
                  "difference": mean, "low": low, "high": high},
        "holes": {"this": sum(1 for r in first if r["hole"]), "vs": sum(1 for r in second if r["hole"])},
    }


def same_game(a: GameRecord, b: GameRecord) -> bool:
    """Whether two records of one seed are the same game: every command the same, to the same end."""
    return bool(a["moves"] == b["moves"] and a["winners"] == b["winners"] and a["reason"] == b["reason"] and a["hole"] == b["hole"]
                and a.get("scores") == b.get("scores"))


def paired_scores(scored: Sequence[tuple[list[int], list[int]]], players: int) -> dict[str, Any]:
    """Each seat's mean score this way and that over the changed pairs both of whose endings gave scores, and
    the difference, first minus second, with its paired 95% t interval."""
    seats = []
    for seat in range(1, players + 1):
        difference, low, high = mean_interval([a[seat - 1] - b[seat - 1] for a, b in scored])
        seats.append({"seat": seat, "this": mean_interval([a[seat - 1] for a, _ in scored])[0],
                      "vs": mean_interval([b[seat - 1] for _, b in scored])[0], "difference": difference, "low": low, "high": high})
    return {"games": len(scored), "seats": seats}


def paired(first: Sequence[bool], second: Sequence[bool]) -> dict[str, Any]:
    diff, low, high = newcombe_paired(first, second)
    n = len(first)
    return {"this": sum(first) / n if n else 0.0, "vs": sum(second) / n if n else 0.0, "difference": diff, "low": low, "high": high}


def table_games(played: Sequence[dict[str, Any]], bots: dict[str, Any], players: int) -> dict[str, Any]:
    """Finished paper playtests (``{"winners", "turns", "ending"}`` each) beside the bots' fairness figures:
    each seat's share of the games one seat won at the table, its interval, and the difference from the bots'.
    Only games their rules ended count: one a seat resigned, the seats agreed to draw or a seat aborted
    (``ended_by``, ``domain.engine.early_endings``) says nothing of the rules' balance, and is counted apart
    (``not_by_rules``)."""
    everything = list(played)
    played = [g for g in everything if g.get("ended_by", "rules") == "rules"]
    decided = sum(1 for g in played if len(g["winners"]) == 1)
    seats = []
    for row in bots["fairness"]["seats"]:
        seat = row["seat"]
        wins = sum(1 for g in played if g["winners"] == [seat])
        diff, low, high = newcombe(wins, decided, row["count"], row["of"])
        seats.append({"seat": seat, "table": rate(wins, decided), "bots": row["rate"], "bots_low": row["low"],
                      "bots_high": row["high"], "difference": diff, "low": low, "high": high})
    return {"games": len(played), "decided": decided, "seats": seats, "not_by_rules": len(everything) - len(played),
            "turns": percentile([g["turns"] for g in played], 0.5) if played else None,
            "bots_turns": bots["length"]["turns"]["median"],
            "endings": sorted({g["ending"] for g in played})}
