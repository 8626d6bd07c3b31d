"""A tune's report in sentences and tables (``domain.thinking.tuning``'s figures), for ``replays.tune_report``
to write as Markdown or HTML. Each section is ``{"title", "lines", "table"?, "chart"?}``; the text is plain
(what a designer typed, a kit's title or a choice's name, is escaped by the writer, never here)."""

from __future__ import annotations

from typing import Any


def sections(report: dict[str, Any]) -> list[dict[str, Any]]:
    parts = [headline(report), recommended(report), candidates(report)]
    if report.get("confirmation"):
        parts.append(confirmation(report["confirmation"]))
    parts.append(method(report))
    return parts


def values(named: dict[str, Any]) -> str:
    return ", ".join(f"{name} = {shown(value)}" for name, value in named.items())


def shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def interval(low: float, high: float, percent: bool = True) -> str:
    return f"{pct(low)}–{pct(high)}" if percent else f"{low:.3f}–{high:.3f}"


def headline(report: dict[str, Any]) -> dict[str, Any]:
    tune, best = report["tune"], report["recommended"]
    names = ", ".join(d["name"] for d in tune["vary"])
    bots = sorted(set(tune["bots"]))
    budget = f" (a search bot thinks {tune['budget']} simulations a move)" if "search" in bots else ""
    lines = [f"Recommended: {values(best['values'])}.",
             "Aim: " + "; ".join(goal["words"] for goal in tune["goals"]) + ".",
             f"Played by {' and '.join(bots)} bots{budget}, {tune['players']} players; "
             f"the other options as given: {values(flat(tune['fixed_options'])) or 'their defaults'}."]
    others = [row for row in report["candidates"] if row["standing"] == "not told apart"]
    if others:
        lines.append(f"Not told apart from it by {best['games']:,} games: {'; '.join(values(r['values']) for r in others)}. "
                     "Any of these serves the aim as far as the games can tell; more games (--most-games) may choose between them.")
    else:
        lines.append("Every other candidate tried was clearly worse (a paired 99% interval on the same seeds).")
    current = next((row for row in report["candidates"] if row["current"]), None)
    if current is not None and current is not best:
        lines.append(f"The current values, {values(report['current'])}, miss the aim by {current['miss']['value']:.3f} "
                     f"against the recommended values' {best['miss']['value']:.3f}.")
    ratio = report["grid_games"] / report["games"] if report["games"] else 0
    lines.append(f"Games: {report['games']:,} over {len(report['candidates'])} of the {report['space_size']:,} candidates, in "
                 f"{report['rounds']} rounds; a grid over every candidate, each played as often as the recommended one, "
                 f"would take {report['grid_games']:,} ({ratio:.1f}× as many).")
    return {"title": f"Tuning {tune['title']}: {names}", "lines": lines}


def flat(options: dict[str, Any]) -> dict[str, Any]:
    return {**{k: v for k, v in options.items() if k != "parameters"}, **options.get("parameters", {})}


def goal_lines(figures: list[dict[str, Any]]) -> list[str]:
    lines = []
    for goal in figures:
        miss = goal["miss"]
        head = f"{goal['words'][0].upper()}{goal['words'][1:]}: misses by {miss['value']:.3f} (95%: {miss['low']:.3f}–{miss['high']:.3f})"
        if goal["goal"] in ("seats", "sides"):
            key = "seat" if goal["goal"] == "seats" else "side"
            shares = "; ".join(f"{'Seat ' if key == 'seat' else ''}{row[key]} wins {pct(row['rate'])} ({interval(row['low'], row['high'])})"
                               for row in goal[goal["goal"]])
            lines.append(f"{head}. Of the games one seat won: {shares}, against a fair share of {pct(goal['fair_share'])}.")
        elif goal["goal"] == "length":
            turns = goal["turns"]
            lines.append(f"{head}. Mean length {turns['mean']:.1f} turns (95%: {turns['low']:.1f}–{turns['high']:.1f}).")
        else:
            share = goal["share"]
            lines.append(f"{head}. {share['count']:,} of {share['of']:,} games ({pct(share['rate'])}, 95%: "
                         f"{interval(share['low'], share['high'])}).")
    return lines


def recommended(report: dict[str, Any]) -> dict[str, Any]:
    best = report["recommended"]
    lines = [f"On the {best['games']:,} games the race played with {values(best['values'])}:", *goal_lines(best["goals"])]
    if best["holes"]:
        lines.append(f"{best['holes']} of its games stopped at a rule hole (the balance report tells which).")
    return {"title": "The recommended values", "lines": lines}


def candidates(report: dict[str, Any]) -> dict[str, Any]:
    names = [d["name"] for d in report["tune"]["vary"]]
    header = [*names, "standing", "games", "miss", "95% interval"]
    rows = []
    for row in report["candidates"]:
        standing = row["standing"] + (f" (round {row['dropped_in_round'] + 1})" if row["dropped_in_round"] is not None else "")
        standing += ", current" if row["current"] else ""
        rows.append([*(shown(row["values"][n]) for n in names), standing, f"{row['games']:,}", f"{row['miss']['value']:.3f}",
                     f"{row['miss']['low']:.3f}–{row['miss']['high']:.3f}"])
    chart = "miss" if len(names) == 1 else "heat map" if len(names) == 2 else None
    lines = ["Every candidate tried, best first: its standing when the race ended, the games it played and its miss "
             "(0 meets the aim), with its 95% interval."]
    if chart is None:
        lines.append("With three or more values varied there is no chart; the table has them all.")
    return {"title": "Candidates", "lines": lines, "table": {"header": header, "rows": rows}, "chart": chart}


def confirmation(found: dict[str, Any]) -> dict[str, Any]:
    if found["verdict"] == "same":
        return {"title": "Confirmation", "lines": ["The recommended values are the current ones: nothing to confirm."]}
    miss = found["miss"]
    verdict = {"better": "the recommended values meet the aim clearly better",
               "no worse": "the fresh games cannot tell the two apart",
               "worse": "the current values did better on the fresh games: the race was misled; play more games"}[found["verdict"]]
    lines = [f"{found['games']:,} fresh games each (seeds the race never used), the recommended values ({values(found['recommended'])}) "
             f"against the current ones ({values(found['current'])}): {verdict}.",
             f"Miss: {miss['recommended']['value']:.3f} against {miss['current']['value']:.3f}; the difference "
             f"{miss['difference']['value']:+.3f} (paired 95%: {miss['difference']['low']:+.3f} to {miss['difference']['high']:+.3f})."]
    lines += ["Recommended: " + line for line in goal_lines(found["goals"]["recommended"])]
    lines += ["Current: " + line for line in goal_lines(found["goals"]["current"])]
    ab = found["versus"]
    lines.append(f"As the balance report's A/B counts them: the values changed {pct(ab['changed_games']['rate'])} of the games; "
                 f"the length changed by {ab['turns']['difference']:+.1f} turns (95%: {ab['turns']['low']:+.1f} to {ab['turns']['high']:+.1f}).")
    for seat in ab["seats"]:
        lines.append(f"Seat {seat['seat']} wins {pct(seat['this'])} with the recommended values, {pct(seat['vs'])} with the current "
                     f"ones, of the changed games one seat won both ways (difference {seat['difference'] * 100:+.1f} points, "
                     f"95%: {seat['low'] * 100:+.1f} to {seat['high'] * 100:+.1f}).")
    return {"title": "Confirmation", "lines": lines}


def method(report: dict[str, Any]) -> dict[str, Any]:
    tune = report["tune"]
    return {"title": "How the answer was found", "lines": [
        "An optimiser (Optuna's samplers: every candidate in turn where there are few, else its TPE sampler) proposed "
        "candidates, a few a round.",
        f"Every candidate played the same seeds ({tune['seed']}:0 on, common random numbers), {tune['block']} games at a time, "
        f"to at most {tune['most_games']:,}: two candidates' games differ only by what the values change.",
        "After each round a candidate was dropped once it was clearly worse than the best: on the seeds both played, the paired "
        "bootstrap 99% interval of its miss minus the best's lay above 0. The race ended when one candidate was left, or "
        "those left had played their most games.",
        "A miss is the weighted sum of the goals' misses: a seat's (or side's) largest gap from its fair share, in share "
        "points; how far the mean length lies outside its band, as a share of the band's top; the share of draws or limit "
        "endings above the most allowed. The intervals shown are 95%.",
        f"The same command with the same seed gives the same answer (seed {tune['seed']})."]}
