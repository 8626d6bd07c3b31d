"""A balance report in plain sentences, each with the numbers behind it: the sections that the Markdown
and HTML writers (``replays.balance_report``) lay out. Text here is plain: the writers escape it."""

from __future__ import annotations

from typing import Any

from domain.thinking.balance.compare import strongest
from replays import balance_scores_words

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
    """The options given, a kit by its name (its whole document would fill the page)."""
    return ", ".join(f"{key}={value['name'] if key == 'kit' and isinstance(value, dict) and 'name' in value else value}"
                     for key, value in options.items()) or "the defaults"


def bots_text(bots: list[str], budget: str | None) -> str:
    kinds = sorted(set(bots))
    words = ", ".join(f"seat {n} {bot}" for n, bot in enumerate(bots, 1)) if len(kinds) > 1 else f"{kinds[0]} bots in every seat"
    return words + (f" (search: {budget} a move)" if "search" in kinds and budget else "")


def sections(report: dict[str, Any]) -> list[Section]:
    """The report's sections, in order: title lines, fairness, scores (where the endings give them), sides and seats, skill, length and endings,
    rule holes, drama, what was played, the variant, the paper playtests, the games worth replaying."""
    main = report["findings"]
    parts = [summary(report), fairness(main)]
    if main.get("scores"):  # the endings gave scores: the seats' means and the margins
        parts.append(balance_scores_words.scores(main))
    if main.get("sides"):
        parts.append(sides(main))
    if report.get("skill"):
        parts.append(skill(report["skill"], report["skill_budget"]))
    parts += [length(main, report.get("kept", {})), holes(main, report.get("kept", {})), drama(main), usage(main)]
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
    if study.get("rotated_sides"):
        lines.append("Sides moved round the table: from one game to the next each seat's side moves one seat on, so every "
                     "side played from every seat (--fixed-sides keeps them where the options put them).")
    elif study.get("fixed_sides"):
        lines.append("Sides kept where the options put them (--fixed-sides).")
    if set(study["bots"]) == {"random"}:
        lines.append("Random bots play without purpose: their wins and lengths say what random play does, not how people "
                     "would play. Read them for rule holes and endings; use --bot greedy or search for balance.")
    return {"title": f"Balance of {study['title']}", "lines": lines}


def fairness(main: dict[str, Any]) -> Section:
    fair = main["fairness"]
    lines = []
    for row in fair["seats"]:
        lines.append(f"Seat {row['seat']} wins {span(row)} of the {row['of']} games one seat won: {judged(row, fair['fair_share'])}.")
    lines.append(f"Draws: {span(fair['draws'])}.")
    if not fair["same_bots"]:
        lines.append("The seats were played by different bots: these rates compare the bots as much as the seats.")
    rows = [[f"Seat {r['seat']}", str(r["count"]), pct(r["rate"]), f"{pct(r['low'])}–{pct(r['high'])}", r["verdict"]]
            for r in fair["seats"]]
    return {"title": "Fairness by seat", "lines": lines, "chart": "seats",
            "table": {"header": ["seat", "wins", "rate", "95% interval", "verdict"], "rows": rows}}


def judged(row: dict[str, Any], fair: float) -> str:
    """A rate's verdict in words: ``favoured (a fair share is 50%)``, ``can't tell yet; about 90 more games would tell``."""
    if row["verdict"] == "can't tell yet":
        return f"can't tell yet; about {row['more_games']} more game{'' if row['more_games'] == 1 else 's'} would tell"
    if row["verdict"] in ("favoured", "handicapped"):
        return f"{row['verdict']} (a fair share is {pct(fair)})"
    return str(row["verdict"])


FOLLOWS = {
    "side": "The advantage follows the side, not the seat: {sides}, while no seat's share is told from a fair one.",
    "seat": "The advantage follows the seat, not the side: {seats}, while no side's share is told from a fair one.",
    "both": "Both carry an edge: {sides}; and {seats}.",
    "neither": "Neither a seat nor a side can be told from a fair share yet.",
}


def sides(main: dict[str, Any]) -> Section:
    """Each side's wins beside each seat's, and which of the two the advantage follows."""
    found, fair = main["sides"], main["sides"]["fair_share"]
    if found["arrangement"] == "fixed":
        held = ", ".join(f"Seat {seat} {side}" for seat, side in found["fixed"].items())
        why = ("--fixed-sides kept them where the options put them" if main["study"].get("sides_movable")
               else "no option of the game moves them")
        return {"title": "Sides and seats", "lines": [
            f"Each seat played one side in every game ({held}): {why}. A seat's edge is its side's: "
            "the two can't be told apart."]}
    lines = ["Every side played from every seat: the study moved the sides round the table from game to game, so a side's "
             "edge is told apart from a seat's." if found["arrangement"] == "rotated" else
             "The game deals the sides itself at setup, so each seat played several sides: a side's edge is told apart from a seat's."]
    for row in found["sides"]:
        froms = ", ".join(f"from Seat {s['seat']} {pct(s['rate'])} ({s['count']} of {s['of']})" for s in row["seats"] if s["of"])
        played = ("games one seat won that it played" if row.get("seats_a_game", 1) == 1 else
                  f"seats it held in the games one seat won (up to {row['seats_a_game']} seats a game)")
        lines.append(f"{capital(row['side'])} wins {span(row)} of the {row['of']} {played}: {judged(row, fair)}; {froms}.")
    told = ("favoured", "handicapped")
    named_sides = "; ".join(f"{row['side']} is {row['verdict']} at {span(row)}" for row in found["sides"] if row["verdict"] in told)
    named_seats = "; ".join(f"Seat {row['seat']} is {row['verdict']} at {span(row)}" for row in main["fairness"]["seats"]
                            if row["verdict"] in told)
    lines.append(FOLLOWS[found["follows"]].format(sides=named_sides, seats=named_seats))
    rows = [[row["side"], str(row["of"]), str(row["count"]), pct(row["rate"]), f"{pct(row['low'])}–{pct(row['high'])}", row["verdict"],
             *[f"{pct(s['rate'])} ({s['count']} of {s['of']})" if s["of"] else "" for s in row["seats"]]] for row in found["sides"]]
    shared = any(row.get("seats_a_game", 1) > 1 for row in found["sides"])
    header = ["side", "seats held in games one seat won" if shared else "games one seat won", "wins", "rate", "95% interval", "verdict",
              *[f"from Seat {seat}" for seat in range(1, main["study"]["players"] + 1)]]
    return {"title": "Sides and seats", "lines": lines, "table": {"header": header, "rows": rows}}


def skill(rows: list[dict[str, Any]], budget: str) -> Section:
    lines = []
    for row in rows:
        edge = ("skill pays" if row["low"] > row["fair_share"] else
                "the search bot does worse than chance" if row["high"] < row["fair_share"] else "can't tell skill from luck yet")
        lines.append(f"The search bot ({budget} simulations a move) beat {row['against']} bots in {row['count']} of {row['of']} "
                     f"games: {span(row)}, against a fair share of {pct(row['fair_share'])}: {edge}.")
    best = strongest(rows)
    if best is not None:
        points = f"{abs(best['by']) * 100:.0f} points {'over' if best['by'] >= 0 else 'under'} its fair share"
        lines.append({
            "search": f"The strongest bot here is the search bot: against greedy bots it wins {points}.",
            "greedy": f"The strongest bot here is the greedy bot: the search bot wins {points} against it.",
            "level": f"Neither bot is stronger yet: against greedy bots the search bot wins {points}, within chance.",
        }[best["bot"]])
    return {"title": "Skill against luck", "lines": lines}


def length(main: dict[str, Any], kept: dict[str, Any]) -> Section:
    turns, commands = main["length"]["turns"], main["length"]["commands"]
    lines = [f"Games last a median of {turns['median']:g} turns (10th–90th percentile {turns['p10']:g}–{turns['p90']:g}, "
             f"shortest {turns['min']}, longest {turns['max']}) and {commands['median']:g} commands."]
    lines += [f"{capital(row['ending'])}: {row['count']} game{'' if row['count'] == 1 else 's'}, {span(row)}." for row in main['endings']]
    lines += limits(main["limits"], kept)
    return {"title": "Length and endings", "lines": lines, "histogram": turns["histogram"], "chart": "length"}


def limits(found: dict[str, Any], kept: dict[str, Any]) -> list[str]:
    """The share of games that ended at the turn or round limit; over 10%, the games, to replay."""
    if not found["options"] and not found["count"]:
        return ["The rules set no turn or round limit."]
    limit = f" ({options_text(found['options'])})" if found["options"] else ""
    line = f"Ended at the turn or round limit{limit}: {found['count']} of {found['of']} games, {span(found)}"
    if not found["flagged"]:
        return [line + "."]
    lines = [line + ": over 10%, the bots could not finish these games. Replay some to see why."]
    for game in found["games"]:
        where = kept.get(f"limit {game['game']}")
        if where:
            lines.append(f"Game {game['game']} (seed {game['seed']}), {game['turns']} turns: {where['command']}")
    lines.append(f"The seeds of the first {len(found['games'])}: {', '.join(game['seed'] for game in found['games'])}.")
    return lines


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
                  "" if row["difference"] is None else points(row["difference"], row["low"], row["high"])] for row in cards["played"]]
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
    moved = found["changed_games"]
    alike = found["games"] - moved["count"]
    same = ("none was played the same under both" if alike == 0 else
            f"the other {'one was' if alike == 1 else f'{alike} were'} played move for move the same under both, to the same end")
    lines = [f"With {changed or 'the same options'}, on the same {found['games']} seeds: the option changed {moved['count']} of "
             f"the {found['games']} games, {span(moved)}; {same}."]
    if not moved["count"]:
        lines.append("So the option made no difference to these bots' games.")
        return {"title": "Variant A/B", "lines": lines}
    lines.append(f"On the {moved['count']} games it changed (each figure: this against that, the difference and its 95% interval):")
    for row in found["endings"]:
        lines.append(f"{capital(row['ending'])}: {pct(row['this'])} against {pct(row['vs'])}, {points(row['difference'], row['low'], row['high'])}"
                     f"{'' if row['low'] > 0 or row['high'] < 0 else ': no clear change'}.")
    turns = found["turns"]
    longer = "longer" if turns["difference"] >= 0 else "shorter"
    lines.append(f"Games are {abs(turns['difference']):.1f} turns {longer} on average (the difference {signed(turns['low'], 1)} to "
                 f"{signed(turns['high'], 1)}; medians {turns['this']:g} against {turns['vs']:g}).")
    for row in found["seats"]:
        lines.append(f"Seat {row['seat']} wins {pct(row['this'])} against {pct(row['vs'])} of the {found['decided']} changed games "
                     f"one seat won both ways, {points(row['difference'], row['low'], row['high'])}.")
    for row in found.get("scores", {}).get("seats", []):  # the endings gave scores
        lines.append(f"Seat {row['seat']} scores {row['this']:.2f} against {row['vs']:.2f} on average over the {found['scores']['games']} "
                     f"changed games both ways scored, {signed(row['difference'], 2)} ({signed(row['low'], 2)} to {signed(row['high'], 2)}).")
    lines.append(f"Suspected rule holes: {found['holes']['this']} against {found['holes']['vs']}.")
    return {"title": "Variant A/B", "lines": lines}


def table(found: dict[str, Any]) -> Section:
    lines = [f"{found['games']} games transcribed from paper playtests (table games), {found['decided']} of them won by one seat:"]
    if found.get("not_by_rules"):
        lines.insert(0, f"{found['not_by_rules']} more ended by a resignation, an agreed draw or an abort, not by the rules: "
                        "left out.")
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
