"""A balance report in plain sentences, each with the numbers behind it: the sections that the Markdown
and HTML writers (``replays.balance_report``) lay out. Text here is plain: the writers escape it."""

from __future__ import annotations

from typing import Any

Section = dict[str, Any]


def pct(value: float) -> str:
    return f"{round(value * 100)}%"


def span(row: dict[str, Any]) -> str:
    """``58% (48–67%)``."""
    return f"{pct(row['rate'])} ({round(row['low'] * 100)}–{pct(row['high'])})"


def points(diff: float, low: float, high: float) -> str:
    """``−59 points (−65 to −53)``."""
    return f"{signed(diff * 100)} points ({signed(low * 100)} to {signed(high * 100)})"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def signed(value: float, digits: int = 0) -> str:
    text = f"{abs(value):.{digits}f}"
    return ("+" if value > 0 else "−" if value < 0 and text.strip("0.") else "") + text


def options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{key}={value}" for key, value in options.items()) or "the defaults"


def bots_text(bots: list[str], budget: str | None) -> str:
    kinds = sorted(set(bots))
    words = ", ".join(f"seat {n} {bot}" for n, bot in enumerate(bots, 1)) if len(kinds) > 1 else f"{kinds[0]} bots in every seat"
    return words + (f" (search: {budget} a move)" if "search" in kinds and budget else "")


def sections(report: dict[str, Any]) -> list[Section]:
    """The report's sections, in order: title lines, fairness, skill, length and endings, rule holes,
    drama, what was played, the variant, the paper playtests, the games worth replaying."""
    main = report["findings"]
    parts = [summary(report), fairness(main)]
    if report.get("skill"):
        parts.append(skill(report["skill"], report["skill_budget"]))
    parts += [length(main), holes(main, report.get("kept", {})), drama(main), usage(main)]
    if report.get("versus"):
        parts.append(versus(report["versus"]))
    if report.get("table"):
        parts.append(table(report["table"]))
    parts.append(replays(main, report.get("kept", {})))
    return parts


def summary(report: dict[str, Any]) -> Section:
    study = report["findings"]["study"]
    lines = [f"{study['games']} games of {study['title']} with {study['players']} players, "
             f"{bots_text(study['bots'], study['budget'])}, seeds {report['seed']}:0 to {report['seed']}:{study['games'] - 1}.",
             f"Options: {options_text(report['given_options'])}" + (" (the rest at their defaults)." if report["given_options"] else ".")]
    if set(study["bots"]) == {"random"}:
        lines.append("Random bots play without purpose: their wins and lengths say what random play does, not how people "
                     "would play. Read them for rule holes and endings; use --bot greedy or search for balance.")
    return {"title": f"Balance of {study['title']}", "lines": lines}


def fairness(main: dict[str, Any]) -> Section:
    fair = main["fairness"]
    lines = []
    for row in fair["seats"]:
        line = f"Seat {row['seat']} wins {span(row)}"
        line += (f" of the {row['of']} games one seat won: " if row["of"] != fair["games"] else ": ") + row["verdict"]
        if row["verdict"] == "can't tell yet":
            line += f"; about {row['more_games']} more games would tell"
        elif row["verdict"] in ("favoured", "handicapped"):
            line += f" (a fair share is {pct(fair['fair_share'])})"
        lines.append(line + ".")
    lines.append(f"Draws: {span(fair['draws'])}.")
    if not fair["same_bots"]:
        lines.append("The seats were played by different bots: these rates compare the bots as much as the seats.")
    rows = [[f"Seat {r['seat']}", str(r["count"]), pct(r["rate"]), f"{pct(r['low'])}–{pct(r['high'])}", r["verdict"]]
            for r in fair["seats"]]
    return {"title": "Fairness by seat", "lines": lines, "chart": "seats",
            "table": {"header": ["seat", "wins", "rate", "95% interval", "verdict"], "rows": rows}}


def skill(rows: list[dict[str, Any]], budget: str) -> Section:
    lines = []
    for row in rows:
        edge = ("skill pays" if row["low"] > row["fair_share"] else
                "the search bot does worse than chance" if row["high"] < row["fair_share"] else "can't tell skill from luck yet")
        lines.append(f"The search bot ({budget} simulations a move) beat {row['against']} bots in {row['count']} of {row['of']} "
                     f"games: {span(row)}, against a fair share of {pct(row['fair_share'])}: {edge}.")
    return {"title": "Skill against luck", "lines": lines}


def length(main: dict[str, Any]) -> Section:
    turns, commands = main["length"]["turns"], main["length"]["commands"]
    lines = [f"Games last a median of {turns['median']:g} turns (10th–90th percentile {turns['p10']:g}–{turns['p90']:g}, "
             f"shortest {turns['min']}, longest {turns['max']}) and {commands['median']:g} commands."]
    lines += [f"{capital(row['ending'])}: {row['count']} game{'' if row['count'] == 1 else 's'}, {span(row)}." for row in main['endings']]
    return {"title": "Length and endings", "lines": lines, "histogram": turns["histogram"], "chart": "length"}


def holes(main: dict[str, Any], kept: dict[str, Any]) -> Section:
    found = main["holes"]
    if not found:
        return {"title": "Suspected rule holes", "lines": ["No game stalled (a seat to act with no legal command), was "
                                                           "refused its own legal command, or hit the command limit."]}
    lines = [f"{len(found)} games stopped at a suspected rule hole:"]
    for hole in found[:10]:
        where = kept.get(f"hole {hole['game']}")
        lines.append(f"game {hole['game']} (seed {hole['seed']}): {hole['hole']}" + (f"; replay: {where['command']}" if where else ""))
    return {"title": "Suspected rule holes", "lines": lines}


def drama(main: dict[str, Any]) -> Section:
    found = main["drama"]
    lines = [f"The lead (the seat the game's own evaluation rates highest at each turn's start) changed a median of "
             f"{found['lead_changes']['median']:g} times a game (10th–90th percentile {found['lead_changes']['p10']:g}–"
             f"{found['lead_changes']['p90']:g})."]
    if found["comebacks"]["of"]:
        lines.append(f"Comebacks: the leader at the midpoint lost {span(found['comebacks'])} of the games with one winner.")
    if found["settled_share"] is not None:
        lines.append(f"The lead settled for good after a median {pct(found['settled_share'])} of the game "
                     f"(turn {found['settled_turn']:g}).")
    return {"title": "Drama", "lines": lines}


def usage(main: dict[str, Any]) -> Section:
    used = main["usage"]
    lines = [f"Never played: {', '.join(used['never'])}." if used["never"] else "Every kind of command was played."]
    table_rows = [[row["type"], str(row["count"]), f"{row['per_game']:.1f}", str(row["games"])] for row in used["commands"]]
    cards = used["cards"]
    card_rows = [[row["card"], str(row["played"]), pct(row["win_with"]), "" if row["win_without"] is None else pct(row["win_without"]),
                  points(row["difference"], row["low"], row["high"])] for row in cards["played"]]
    if cards["played"] or cards["never"]:
        lines.append("Cards: a seat that played a card won more or less often than one that did not; correlation, not cause "
                     "(strong seats play more cards).")
        if cards["never"]:
            lines.append(f"Cards never played: {', '.join(cards['never'])}.")
    return {"title": "Commands and cards", "lines": lines,
            "table": {"header": ["command", "plays", "a game", "games"], "rows": table_rows},
            "cards": {"header": ["card", "seat-games", "won with", "won without", "difference"], "rows": card_rows}}


def versus(found: dict[str, Any]) -> Section:
    changed = ", ".join(f"{key}={change['this']} instead of {key}={change['vs']}" for key, change in found["changed"].items())
    lines = [f"With {changed or 'the same options'}, on the same {found['games']} seeds (each figure: this against that, "
             f"the difference and its 95% interval):"]
    for row in found["endings"]:
        lines.append(f"{capital(row['ending'])}: {pct(row['this'])} against {pct(row['vs'])}, {points(row['difference'], row['low'], row['high'])}"
                     f"{'' if row['low'] > 0 or row['high'] < 0 else ': no clear change'}.")
    turns = found["turns"]
    longer = "longer" if turns["difference"] >= 0 else "shorter"
    lines.append(f"Games are {abs(turns['difference']):.1f} turns {longer} on average (the difference {signed(turns['low'], 1)} to "
                 f"{signed(turns['high'], 1)}; medians {turns['this']:g} against {turns['vs']:g}).")
    for row in found["seats"]:
        lines.append(f"Seat {row['seat']} wins {pct(row['this'])} against {pct(row['vs'])}, {points(row['difference'], row['low'], row['high'])}.")
    lines.append(f"Suspected rule holes: {found['holes']['this']} against {found['holes']['vs']}.")
    return {"title": "Variant A/B", "lines": lines}


def table(found: dict[str, Any]) -> Section:
    lines = [f"{found['games']} games transcribed from paper playtests (table games), {found['decided']} of them won by one seat:"]
    for row in found["seats"]:
        told = "can't be told from chance yet" if row["low"] <= 0 <= row["high"] else "a real difference"
        lines.append(f"At the table Seat {row['seat']} won {row['table']['count']} of {found['decided']} ({span(row['table'])}); "
                     f"the bots say {pct(row['bots'])} ({pct(row['bots_low'])}–{pct(row['bots_high'])}): "
                     f"{points(row['difference'], row['low'], row['high'])}, {told}.")
    if found["turns"] is not None:
        lines.append(f"Median length: {found['turns']:g} turns at the table, {found['bots_turns']:g} for the bots.")
    return {"title": "Paper playtests beside the bots", "lines": lines}


def replays(main: dict[str, Any], kept: dict[str, Any]) -> Section:
    names = {"longest": "The longest game", "shortest": "The shortest game", "most_lopsided": "The most lopsided game"}
    lines = []
    for key, game in main["outliers"].items():
        line = f"{names[key]}: game {game['game']} (seed {game['seed']}), {game['turns']} turns"
        if game["winner_led"] is not None and key == "most_lopsided":
            line += f", its winner led {pct(game['winner_led'])} of the turns"
        where = kept.get(key)
        lines.append(line + (f"; replay: {where['command']}" if where else "") + ".")
    return {"title": "Games worth replaying", "lines": lines, "links": kept}
