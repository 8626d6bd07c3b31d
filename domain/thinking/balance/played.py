"""Games people played, read as a balance study reads the games its bots play: a room's class beside the bots.

``played_record`` describes one finished stored game as ``study.play_study_game`` describes a game it plays (the
same ``GameRecord`` keys: winners, ending, length, sides as setup left them, drama, what each seat played), so that
``findings.findings`` counts a class's games exactly as it counts a study's. It takes the game as plain values (the
state after setup, each command with the state it was played in, the final state, the outcome): reading them from
the store is the caller's (``replays.room_report``). ``beside_bots`` sets those findings beside a bot study's of the
same rules and options: each seat's, each side's and each ending's share both ways with the difference and its 95%
interval, and the lengths.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from domain.engine.commands import Command
from domain.engine.facts import Outcome
from domain.engine.ruleset import Ruleset
from domain.thinking.balance.stats import newcombe, rate
from domain.thinking.balance.study import Drama, GameRecord, ending_kinds, ending_of

PERSON = "person"
"""What a record's ``bots`` says of a seat a person played."""


def played_record(rules: Ruleset, seats: Sequence[str], players: Sequence[str], setup_state: Any,
                  moves: Iterable[tuple[Any, int, Command]], final_state: Any, outcome: Outcome, label: str) -> GameRecord:
    """One finished game as a study's record. ``players`` says who played each seat (``PERSON`` or a bot's
    strategy), ``moves`` gives each command in order with the seat that played it and the state it was played in;
    ``label`` names the game where a study's record has its seed (``"table 3"``)."""
    drama = Drama(rules, len(seats))
    usage: dict[int, Counter[str]] = {seat: Counter() for seat in range(1, len(seats) + 1)}
    cards: dict[int, set[str]] = {seat: set() for seat in usage}
    commands = 0
    for state, seat, command in moves:
        drama.observe(state)
        usage[seat][rules.command_kind(command)] += 1
        cards[seat].update(rules.cards_played(state, seat, command))
        commands += 1
    return {
        "seed": label,
        "rotation": None,
        "sides": {str(seat): side for seat, side in sorted(rules.sides(setup_state).items())},
        "bots": list(players),
        **ending_of(outcome, list(seats)),
        "turns": rules.turn_number(final_state),
        "commands": commands,
        "hole": None,
        **drama.summary(outcome),
        "usage": {str(seat): dict(counts) for seat, counts in usage.items()},
        "cards": {str(seat): sorted(played) for seat, played in cards.items()},
        "moves": [],
    }


def beside_bots(people: dict[str, Any], bots: dict[str, Any], people_records: Sequence[GameRecord],
                bot_records: Sequence[GameRecord]) -> dict[str, Any]:
    """The people's findings beside the bots' (both ``findings.findings`` of one study's rules, options and
    players): for each seat and each side, the share of the games one seat won both ways and the difference with
    its 95% interval (Newcombe); for each kind of ending, its share of the games both ways; the median lengths."""
    seats = [{"seat": row["seat"], **_beside(row, other)} for row, other in zip(people["fairness"]["seats"], bots["fairness"]["seats"])]
    sides = []
    if people.get("sides") and bots.get("sides"):
        theirs = {row["side"]: row for row in bots["sides"]["sides"]}
        sides = [{"side": row["side"], **_beside(row, theirs[row["side"]])} for row in people["sides"]["sides"]
                 if row["side"] in theirs]
    kinds = ending_kinds(r["ending"] for r in (*people_records, *bot_records) if not r["hole"])
    mine = Counter(kinds[r["ending"]] for r in people_records if not r["hole"])
    others = Counter(kinds[r["ending"]] if not r["hole"] else "stopped: a rule hole" for r in bot_records)
    endings = [{"ending": kind, "people": rate(mine[kind], len(people_records)), "bots": rate(others[kind], len(bot_records))}
               for kind in sorted(set(mine) | set(others), key=lambda kind: (-mine[kind], -others[kind], kind))]
    return {"seats": seats, "sides": sides, "endings": endings,
            "turns": {"people": people["length"]["turns"], "bots": bots["length"]["turns"]},
            "commands": {"people": people["length"]["commands"], "bots": bots["length"]["commands"]}}


def _beside(people: dict[str, Any], bots: dict[str, Any]) -> dict[str, Any]:
    """One rate of the people's beside the bots', and their difference with its 95% interval."""
    diff, low, high = newcombe(people["count"], people["of"], bots["count"], bots["of"])
    keep = ("count", "of", "rate", "low", "high")
    return {"people": {key: people[key] for key in keep}, "bots": {key: bots[key] for key in keep},
            "difference": diff, "difference_low": low, "difference_high": high,
            "told": not low <= 0 <= high}
