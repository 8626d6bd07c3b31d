"""Sides told apart from seats, and the games the bots could not finish: a balance study moves a ruleset's
sides round the table where its options can, and its report says whether an edge follows the seat or
the side, against a count of the same games played by the engine itself; every ruleset's turn or round
limit is recognised, and too many games at it are flagged with their seeds kept to replay."""

from __future__ import annotations

import copy
import json
import re
import uuid
from collections import Counter

import pytest
from cli_runs import invoke

from domain.engine import registry
from domain.games.squad_combat.cards import demo_set_data
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.balance.study import (
    Study,
    game_seed,
    play_study_game,
    seat_names,
    study_games,
    study_salt,
)
from domain.thinking.bots import play_random_game


def frail_blue_set() -> dict:
    """The demo card set with the blue squad's characters at 1 HP: the red squad should win, from either seat."""
    data = copy.deepcopy(demo_set_data())
    blue = set(data["squads"]["blue"]["characters"])
    for character in data["characters"]:
        if character["id"] in blue:
            character["hp"] = 1
    return data


def run(*args: str) -> dict:
    result = invoke("balance", *args, "--format", "json", "--no-keep", "-q", "--skill", "0", "--bot", "random")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def squad_wins(games: int, swapped_every_other: bool) -> Counter:
    """Who won each of the study's seeded games, by squad and seat, counted from games the engine plays
    itself: the squads are set by hand, swapped on odd games when ``swapped_every_other``."""
    rules, card_set = registry.get("squad-combat"), frail_blue_set()
    won: Counter = Counter()
    for n in range(games):
        squads = ["blue", "red"] if swapped_every_other and n % 2 else ["red", "blue"]
        seed = game_seed("balance", n)
        game = play_random_game(rules, seat_names(2), {"card_set": card_set, "squads": squads}, seed,
                                bot_seed=seed, salt=study_salt(seed)).game
        winners = game.outcome().winners
        if len(winners) == 1:
            won[(squads[winners[0] - 1], winners[0])] += 1
    return won


def test_squad_combat_edge_follows_the_squad_not_the_seat_when_the_squads_swap_seats(tmp_path):
    card_set = tmp_path / "frail-blue.json"
    card_set.write_text(json.dumps(frail_blue_set()))
    found = run("squad-combat", "--games", "20", "--option", f"card_set=@{card_set}")["findings"]
    counted = squad_wins(20, swapped_every_other=True)
    assert found["study"]["rotated_sides"] is True
    sides = {row["side"]: row for row in found["sides"]["sides"]}
    for squad in ("red", "blue"):
        row = sides[f"the {squad} squad"]
        assert row["count"] == sum(n for (won, _), n in counted.items() if won == squad)
        assert row["of"] == sum(counted.values())  # two squads: each plays in every game
        assert [(s["count"], s["of"]) for s in row["seats"]] == [(counted[(squad, seat)], 10) for seat in (1, 2)]
    assert sides["the red squad"]["verdict"] == "favoured" and sides["the blue squad"]["verdict"] == "handicapped"
    assert all(row["verdict"] not in ("favoured", "handicapped") for row in found["fairness"]["seats"])
    assert [row["count"] for row in found["fairness"]["seats"]] == [counted[("red", 1)] + counted[("blue", 1)],
                                                                    counted[("red", 2)] + counted[("blue", 2)]]
    assert found["sides"]["follows"] == "side"


def test_with_fixed_sides_the_same_squads_make_a_seat_look_favoured_and_the_report_says_they_cannot_be_told_apart(tmp_path):
    card_set = tmp_path / "frail-blue.json"
    card_set.write_text(json.dumps(frail_blue_set()))
    result = invoke("balance", "squad-combat", "--games", "20", "--option", f"card_set=@{card_set}", "--fixed-sides",
                    "--no-keep", "-q", "--skill", "0", "--bot", "random")
    assert result.exit_code == 0, result.output
    counted = squad_wins(20, swapped_every_other=False)
    decided = sum(counted.values())
    assert re.search(rf"Seat 1 wins {round(100 * counted[('red', 1)] / decided)}% \(\d+–\d+%\) of the {decided} games one seat "
                     r"won: favoured", result.output)
    assert ("Each seat played one side in every game (Seat 1 the red squad, Seat 2 the blue squad): --fixed-sides kept them "
            "where the options put them") in result.output
    assert "can't be told apart" in result.output and "Sides moved round the table" not in result.output


def test_the_report_says_the_sides_moved_and_which_one_the_advantage_follows(tmp_path):
    card_set = tmp_path / "frail-blue.json"
    card_set.write_text(json.dumps(frail_blue_set()))
    result = invoke("balance", "squad-combat", "--games", "20", "--option", f"card_set=@{card_set}", "--no-keep", "-q",
                    "--skill", "0", "--bot", "random")
    assert "Sides moved round the table" in result.output and "## Sides and seats" in result.output
    counted = squad_wins(20, swapped_every_other=True)
    red = round(100 * sum(n for (squad, _), n in counted.items() if squad == "red") / sum(counted.values()))
    assert f"The advantage follows the side, not the seat: the red squad is favoured at {red}% (" in result.output
    assert re.search(r"The red squad wins \d+% \(\d+–\d+%\) of the \d+ games one seat won that it played: favoured", result.output)


def test_a_side_two_seats_hold_is_one_row_counting_each_of_its_seats():
    """Four squads, two red and two blue: each squad is named once, and its count is of the seats that held it."""
    found = run("squad-combat", "--games", "8", "--players", "4")["findings"]["sides"]
    assert [row["side"] for row in found["sides"]] == ["the red squad", "the blue squad"]
    decided = found["decided"]
    assert [row["of"] for row in found["sides"]] == [2 * decided, 2 * decided]
    assert [row["seats_a_game"] for row in found["sides"]] == [2, 2]
    assert sum(row["count"] for row in found["sides"]) == decided  # one winning seat a decided game
    text = invoke("balance", "squad-combat", "--games", "8", "--players", "4", "--no-keep", "-q", "--skill", "0",
                  "--bot", "random").output
    section = text.split("## Sides and seats")[1].split("## ")[0]
    assert section.count("The red squad wins") == 1 and section.count("| the red squad |") == 1
    assert f"of the {2 * decided} seats it held in the games one seat won (up to 2 seats a game)" in section
    assert "| side | seats held in games one seat won |" in section


@pytest.mark.parametrize("ruleset", [rules.name for rules in registry.all_rulesets()])
def test_every_game_names_each_seats_side_and_a_rotation_gives_every_side_every_seat(ruleset):
    rules = registry.get(ruleset)
    study = Study(ruleset, rules.min_seats)
    records = [play_study_game(*task) for task in study_games(study, "sides", 2 * rules.min_seats)]
    assert all(set(r["sides"]) == {str(seat) for seat in range(1, rules.min_seats + 1)} for r in records)
    if study.rotates:
        for seat in map(str, range(1, rules.min_seats + 1)):  # every side held by every seat
            assert {r["sides"][seat] for r in records} == {side for r in records for side in r["sides"].values()}
        assert [r["rotation"] for r in records] == [n % rules.min_seats for n in range(len(records))]
    else:
        assert all(r["rotation"] is None for r in records)


def test_sides_fixed_by_the_rules_are_said_to_be_fixed():
    found = run("infection", "--games", "3")
    assert found["findings"]["sides"]["arrangement"] == "fixed" and found["findings"]["sides"]["follows"] == "fixed"
    assert found["findings"]["sides"]["fixed"] == {"1": "Blue (plays first)", "2": "Red"}
    text = invoke("balance", "infection", "--games", "3", "--no-keep", "-q", "--skill", "0", "--bot", "random").output
    assert "Each seat played one side in every game (Seat 1 Blue (plays first), Seat 2 Red): no option of the game moves them" in text


def test_sides_dealt_by_the_coin_are_counted_by_who_held_them():
    found = run("correction", "--games", "30")["findings"]
    records = [play_study_game(*task) for task in study_games(Study("correction", 2, bots=("random", "random")), "balance", 30)]
    assert found["sides"]["arrangement"] == "dealt"
    for row in found["sides"]["sides"]:
        held = [(r, int(seat)) for r in records if len(r["winners"]) == 1 for seat, side in r["sides"].items() if side == row["side"]]
        assert (row["count"], row["of"]) == (sum(1 for r, seat in held if r["winners"] == [seat]), len(held))


LIMITS = [(rules.name, key) for rules in registry.all_rulesets() for key in rules.options_schema["properties"]
          if key in ("turn_limit", "round_limit")]


def test_every_ruleset_has_a_turn_or_round_limit_but_the_assassination_game_and_table_kits():
    assert {name for name, _ in LIMITS} == {rules.name for rules in registry.all_rulesets()} - {"assassination-le", "table-kit"}


@pytest.mark.parametrize(("ruleset", "key"), LIMITS)
def test_games_stopped_by_a_limit_of_one_are_all_counted_at_the_limit_and_no_others(ruleset, key):
    rules = registry.get(ruleset)
    short = [play_study_game(*task) for task in study_games(Study(ruleset, rules.min_seats, {key: 1}), "limit", 3)]
    assert all(r["at_limit"] for r in short), [r["reason"] for r in short]
    highest = rules.options_schema["properties"][key]["maximum"]
    long = [play_study_game(*task) for task in study_games(Study(ruleset, rules.min_seats, {key: highest}, max_commands=3000),
                                                           "limit", 3)]
    assert not any(r["at_limit"] for r in long), [r["reason"] for r in long]


def test_too_many_games_at_the_limit_are_flagged_and_kept_to_replay(db_path, tmp_path):
    card_set = tmp_path / "frail-blue.json"
    card_set.write_text(json.dumps(frail_blue_set()))
    args = ("squad-combat", "--games", "12", "--option", "turn_limit=3", "--option", f"card_set=@{card_set}", "--bot", "random",
            "--skill", "0", "-q")
    found = json.loads(invoke("balance", *args, "--db", db_path, "--format", "json").output)
    rules = registry.get("squad-combat")
    at_limit = []
    for n in range(12):  # the same games played by the engine, the squads swapped on odd games as the study swaps them
        seed = game_seed("balance", n)
        options = {"card_set": frail_blue_set(), "turn_limit": 3, "squads": ["blue", "red"] if n % 2 else ["red", "blue"]}
        game = play_random_game(rules, seat_names(2), options, seed, bot_seed=seed, salt=study_salt(seed)).game
        if game.outcome().reason.startswith("the turn limit"):
            at_limit.append(n)
    assert 0.1 * 12 < len(at_limit) < 12  # some games ended at the limit, some before
    limits = found["findings"]["limits"]
    assert (limits["count"], limits["of"], limits["flagged"]) == (len(at_limit), 12, True)
    assert [(game["game"], game["seed"]) for game in limits["games"]] == [(n, f"balance:{n}") for n in at_limit]
    kept = {name: kept for name, kept in found["kept"].items() if name.startswith("limit ")}
    assert set(kept) == {f"limit {n}" for n in at_limit[:3]}
    service = GameService(env=store_env(db_path))
    for kept_game in kept.values():  # kept as played: the stored game ends at the limit too
        assert service.game(uuid.UUID(kept_game["game_id"])).outcome().reason.startswith("the turn limit")
    text = invoke("balance", *args, "--no-keep").output
    assert f"Ended at the turn or round limit (turn\\_limit=3): {len(at_limit)} of 12 games" in text
    assert "over 10%, the bots could not finish these games" in text
    assert f"Game {at_limit[0]} (seed balance:{at_limit[0]})" not in text  # kept only with a store
    assert f"The seeds of the first {min(10, len(at_limit))}: balance:{at_limit[0]}, " in text
    with_store = invoke("balance", *args, "--db", str(tmp_path / "kept.sqlite3")).output
    assert re.search(rf"Game {at_limit[0]} \(seed balance:{at_limit[0]}\), 3 turns: ludolog replay [0-9a-f]{{8}} --db ", with_store)


def test_a_share_at_the_limit_of_ten_percent_or_less_is_not_flagged():
    found = run("correction", "--games", "10")["findings"]["limits"]
    assert found["count"] == 0 and not found["flagged"]  # random Correction games end long before 200 turns
    assert run("assassination-le", "--games", "2", "--max-commands", "50")["findings"]["limits"]["options"] == {}
