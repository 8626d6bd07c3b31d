"""What a tune may vary and what it aims at: ``--vary`` read against a game's own options (a ruleset's limits,
steps, choices and switches; a kit's parameters) with every mistake refused in words that say what the game
allows; ``--goal`` read and refused alike; each goal's miss and its 95% interval on hand-made counts; and the
paired bootstrap (``worse_by``) and its vectorised misses against the goals' own figures."""

from __future__ import annotations

import math

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.balance.stats import t_quantile, wilson
from domain.thinking.tuning.goals import Goal, Tally, goal, mix
from domain.thinking.tuning.outcomes import Outcomes, misses, worse_by
from domain.thinking.tuning.space import CHOICE, SWITCH, WHOLE, Space, dimension, knobs


def offered(ruleset: str) -> dict:
    rules = registry.get(ruleset)
    return knobs(rules, rules.resolve_options({}))


def kit_offered(document: dict) -> dict:
    return knobs(registry.get("table-kit"), {"kit": document})


def refused(text: str, game: str = "correction") -> str:
    with pytest.raises(InvalidSetup) as caught:
        dimension(text, offered(game), game.title())
    return str(caught.value)


# --vary: ruleset options


def test_a_whole_number_option_takes_a_range_in_its_own_steps_or_in_a_multiple_of_them():
    missions = offered("missions")
    assert missions["target"].kind == WHOLE and (missions["target"].low, missions["target"].high, missions["target"].step) == (10000, 900000, 10000)
    assert dimension("target=50000..80000", missions, "Missions").values == (50000, 60000, 70000, 80000)
    assert dimension("target=50000..90000:20000", missions, "Missions").values == (50000, 70000, 90000)
    assert dimension(" target = 20000 .. 40000 ", missions, "Missions").values == (20000, 30000, 40000)
    assert dimension("turn_limit=10..20:5", offered("correction"), "Correction").values == (10, 15, 20)
    assert dimension("turn_limit=30,10,20", offered("correction"), "Correction").values == (30, 10, 20)


def test_a_switch_and_a_named_choice_take_a_list_or_their_bare_name_for_every_value():
    assassination = offered("assassination-le")
    assert assassination["keep_coins"].kind == SWITCH
    assert dimension("keep_coins", assassination, "Assassination").values == (False, True)
    assert dimension("keep_coins=TRUE,false", assassination, "Assassination").values == (True, False)
    assert dimension("opens", assassination, "Assassination").values == ("victim", "assassin")
    correction = offered("correction")
    assert correction["deny_capture"].kind == CHOICE
    assert dimension("deny_capture=banish-only,under-the-piece", correction, "Correction").values == ("banish-only", "under-the-piece")
    # A choice among numbers (Missions' start_rank: 0, 1 or 2) is read as the numbers it offers.
    assert dimension("start_rank=0,2", offered("missions"), "Missions").values == (0, 2)


def test_lists_and_layouts_are_not_offered_and_a_kit_offers_its_parameters_not_the_rulesets_options():
    assert "layout" not in offered("project-assassination")
    pig = kit_offered(shipped_kit("pig"))
    assert set(pig) == {"target", "turns", "roll_past_target"}
    assert (pig["target"].kind, pig["target"].low, pig["target"].high, pig["target"].default) == (WHOLE, 10, 1000, 100)
    assert pig["roll_past_target"].kind == SWITCH and pig["roll_past_target"].default is False
    assert dimension("target=20..60:20", pig, "Pig").values == (20, 40, 60)
    assert dimension("roll_past_target", pig, "Pig").values == (False, True)
    made = {"parameters": {"board": {"default": "small", "choices": ["small", "large"]}, "title": {"default": "a name"}}}
    assert set(kit_offered(made)) == {"board"} and kit_offered(made)["board"].choices == ("small", "large")


def test_an_unknown_name_is_refused_naming_every_option_the_game_offers_with_its_limits():
    message = refused("nope=1..3")
    assert "Correction has no option 'nope' to vary; it has: turn_limit (a whole number from 1 to 10000)" in message
    assert "deny_capture (one of under-the-piece, banish-only)" in message
    pig = kit_offered(shipped_kit("pig"))
    with pytest.raises(InvalidSetup, match=r"no option 'goal' to vary; it has: target \(a whole number from 10 to 1000\), "
                                           r"turns .*, roll_past_target \(one of false, true\)"):
        dimension("goal=1..2", pig, "Pig")


@pytest.mark.parametrize(("text", "game", "says"), [
    ("turn_limit=0..5", "correction", "turn_limit: 0 is below its minimum, 1 (turn_limit is a whole number from 1 to 10000)"),
    ("turn_limit=9999..10001", "correction", "turn_limit: 10001 is above its maximum, 10000"),
    ("target=5000..20000", "missions", "target: 5000 is below its minimum, 10000"),
    ("target=10000..30000:5000", "missions", "target: 15000 is not a multiple of 10000 (target is a whole number from 10000 to 900000 in steps of 10000)"),
    ("target=15000,20000", "missions", "target: 15000 is not a multiple of 10000"),
    ("turn_limit=20..10", "correction", "turn_limit: the range 20..10 runs backwards"),
    ("turn_limit=10..20:0", "correction", "turn_limit: the step must be 1 or more, not 0"),
    ("turn_limit=5..5", "correction", "turn_limit: a tune needs at least two values to choose between, not 1"),
    ("turn_limit=5", "correction", "turn_limit: a tune needs at least two values to choose between, not 1"),
    ("turn_limit=5,6,5", "correction", "turn_limit: a value is given twice"),
    ("turn_limit=five,6", "correction", "turn_limit: 'five' is not a whole number"),
    ("turn_limit", "correction", "turn_limit is a whole number from 1 to 10000: give the values to try as turn_limit=LOW..HIGH[:STEP]"),
    ("keep_coins=0..1", "assassination-le", "keep_coins is one of false, true: a range LOW..HIGH is for whole numbers; list its values"),
    ("keep_coins=yes,no", "assassination-le", "keep_coins: 'yes' is not true or false"),
    ("keep_coins=true,true", "assassination-le", "keep_coins: a value is given twice"),
    ("keep_coins=true", "assassination-le", "keep_coins: a tune needs at least two values"),
    ("opens=victim,nobody", "assassination-le", "opens: 'nobody' is not one of victim, assassin"),
    ("opens=1..2", "assassination-le", "a range LOW..HIGH is for whole numbers"),
    ("start_rank=1,3", "missions", "start_rank: '3' is not one of 0, 1, 2"),
])
def test_every_value_out_of_the_games_limits_is_refused_before_any_game_naming_what_it_allows(text, game, says):
    assert says in refused(text, game)


@pytest.mark.parametrize(("text", "says"), [
    ("target=0..20", "target: 0 is below its minimum, 10"),
    ("target=990..1010:10", "target: 1010 is above its maximum, 1000"),
    ("target=60..20", "runs backwards"),
    ("target=50", "at least two values"),
    ("target=20,30,20", "a value is given twice"),
    ("roll_past_target=0..1", "a range LOW..HIGH is for whole numbers"),
    ("roll_past_target=maybe,true", "'maybe' is not true or false"),
])
def test_a_kits_parameters_are_refused_alike(text, says):
    with pytest.raises(InvalidSetup, match=None) as caught:
        dimension(text, kit_offered(shipped_kit("pig")), "Pig")
    assert says in str(caught.value)


def test_a_space_is_every_combination_and_plays_each_candidate_with_the_fixed_options_kept():
    pig = kit_offered(shipped_kit("pig"))
    space = Space((dimension("target=20..40:20", pig, "Pig"), dimension("roll_past_target", pig, "Pig")), kit=True)
    assert space.size == 4 and list(space.candidates()) == [(20, False), (20, True), (40, False), (40, True)]
    fixed = {"kit": {"name": "pig"}, "parameters": {"turns": 50, "target": 60}}
    assert space.options(fixed, (40, True)) == {"kit": {"name": "pig"}, "parameters": {"turns": 50, "target": 40, "roll_past_target": True}}
    assert space.current(fixed) == (60, False)  # the fixed target, else the parameter's default
    correction = offered("correction")
    plain = Space((dimension("turn_limit=10..20:10", correction, "Correction"),), kit=False)
    assert plain.options({"deny_capture": "banish-only"}, (20,)) == {"deny_capture": "banish-only", "turn_limit": 20}
    assert plain.current({}) == (200,)
    with pytest.raises(InvalidSetup, match="turn_limit is varied twice"):
        Space((dimension("turn_limit=1..2", correction, "C"), dimension("turn_limit=3..4", correction, "C")), kit=False)
    with pytest.raises(InvalidSetup, match="varies at least one option"):
        Space((), kit=False)
    with pytest.raises(InvalidSetup, match="more than 1,000,000"):
        missions = offered("missions")
        Space(tuple(dimension(text, missions, "Missions") for text in ("target=10000..900000", "round_limit=1..1000",
                                                                        "max_per_space=1..4", "start_rank")), kit=False)


# --goal


@pytest.mark.parametrize(("text", "expected"), [
    ("seats", Goal("seats")),
    ("sides", Goal("sides")),
    ("seats*2", Goal("seats", weight=2.0)),
    ("length=20..40", Goal("length", 20.0, 40.0)),
    ("length = 20 .. 40 * 0.5", Goal("length", 20.0, 40.0, 0.5)),
    ("draws<=0.1", Goal("draws", 0.0, 0.1)),
    ("draws<=.25", Goal("draws", 0.0, 0.25)),
    ("limits<=0", Goal("limits", 0.0, 0.0)),
    ("limits<=1", Goal("limits", 0.0, 1.0)),
])
def test_goals_are_read_with_their_bands_shares_and_weights(text, expected):
    assert goal(text) == expected


@pytest.mark.parametrize(("text", "says"), [
    ("fairness", "no goal 'fairness': a goal is seats, sides, length=LOW..HIGH, draws<=SHARE or limits<=SHARE"),
    ("Seats", "no goal 'Seats'"),
    ("length", "'length' is not a goal: write length=LOW..HIGH (turns)"),
    ("length=20-40", "'length=20-40' is not a goal: write length=LOW..HIGH (turns)"),
    ("length=40..20", "'length=40..20': the band runs backwards"),
    ("draws", "'draws' is not a goal: write draws<=SHARE (0 to 1)"),
    ("draws<=1.5", "'draws<=1.5' is not a goal: write draws<=SHARE (0 to 1)"),
    ("limits<=20%", "'limits<=20%' is not a goal: write limits<=SHARE (0 to 1)"),
    ("seats=1..2", "'seats=1..2' is not a goal: write seats, with an optional *WEIGHT"),
    ("seats<=0.1", "'seats<=0.1' is not a goal: write seats"),
    ("seats*", "'seats*' is not a goal"),
    ("seats*0", "'seats*0': a goal's weight must be more than 0"),
])
def test_a_malformed_goal_is_refused_saying_how_to_write_it(text, says):
    with pytest.raises(InvalidSetup) as caught:
        goal(text)
    assert says in str(caught.value)


def test_goals_say_what_they_aim_at_in_words():
    assert goal("seats").words == "seats even"
    assert goal("length=20..40*2").words == "mean length 20 to 40 turns (weight 2)"
    assert goal("draws<=0.1").words == "at most 10% of games drawn"
    assert goal("limits<=0.05").words == "at most 5% of games stopped at the turn limit"


# each goal's miss and interval, on hand-made counts


def test_the_seats_goal_misses_by_the_largest_gap_from_a_fair_share_with_the_wilson_intervals_carried():
    tally = Tally(2, games=110, decided=100, wins=[60, 40], draws=10)
    value, low, high = goal("seats").miss(tally)
    lo, hi = wilson(60, 100)
    assert value == pytest.approx(0.1)
    assert low == pytest.approx(lo - 0.5) and high == pytest.approx(hi - 0.5)  # seat 2's interval mirrors seat 1's
    even = goal("seats").miss(Tally(3, games=300, decided=300, wins=[100, 100, 100]))
    assert even[0] == pytest.approx(0.0) and even[1] == 0.0 and even[2] > 0.0
    assert goal("seats").miss(Tally(2))[0] == 0.0  # no game decided: nothing uneven seen
    lopsided = goal("seats").miss(Tally(4, games=100, decided=100, wins=[70, 10, 10, 10]))
    assert lopsided[0] == pytest.approx(0.45) and lopsided[1] == pytest.approx(wilson(70, 100)[0] - 0.25)


def test_the_sides_goal_misses_by_the_largest_gap_of_a_side():
    tally = Tally(2, games=100, decided=100, wins=[50, 50], sides={"red": [100, 70], "blue": [100, 30]})
    value, low, high = goal("sides").miss(tally)
    assert value == pytest.approx(0.2)
    assert low == pytest.approx(wilson(70, 100)[0] - 0.5) and high == pytest.approx(0.5 - wilson(30, 100)[0])
    assert goal("seats").miss(tally)[0] == 0.0


def test_the_length_goal_misses_by_how_far_the_mean_lies_outside_the_band_as_a_share_of_its_top():
    turns = [40, 48] * 10  # mean 44, standard deviation about 4.1
    tally = Outcomes(2, [1] * 20, turns, [False] * 20, [False] * 20, [{}] * 20).tally()
    value, low, high = goal("length=20..40").miss(tally)
    half = t_quantile(19) * numpy.std(turns, ddof=1) / math.sqrt(20)
    assert value == pytest.approx(0.1)
    assert low == pytest.approx((44 - half - 40) / 40) and high == pytest.approx((44 + half - 40) / 40)
    assert goal("length=40..50").miss(tally) == (0.0, 0.0, 0.0)
    short = goal("length=50..60").miss(tally)
    assert short[0] == pytest.approx(6 / 60) and short[2] == pytest.approx((50 - (44 - half)) / 60)
    assert goal("length=0..0").miss(tally)[0] == pytest.approx(44.0)  # a band's top under 1 counts as 1


@pytest.mark.parametrize("kind", ["draws", "limits"])
def test_the_draws_and_limits_goals_miss_by_the_share_above_the_most_allowed(kind):
    tally = Tally(2, games=200, decided=160, wins=[80, 80], **{kind: 40})
    value, low, high = goal(f"{kind}<=0.1").miss(tally)
    lo, hi = wilson(40, 200)
    assert value == pytest.approx(0.1) and low == pytest.approx(lo - 0.1) and high == pytest.approx(hi - 0.1)
    assert goal(f"{kind}<=0.5").miss(tally) == (0.0, 0.0, 0.0)


def test_a_mix_adds_its_goals_misses_and_interval_ends_by_weight():
    tally = Tally(2, games=100, decided=100, wins=[60, 40], turns=4400.0, turns_squared=4400.0 * 44)
    seats, length = goal("seats*2"), goal("length=20..40")
    together = mix([seats, length], tally)
    alone = [seats.miss(tally), length.miss(tally)]
    assert together == pytest.approx(tuple(2 * a + b for a, b in zip(*alone)))
    assert together[0] == pytest.approx(2 * 0.1 + 0.1)


def test_outcomes_are_tallied_draws_apart_from_rule_holes_and_sides_only_from_won_games():
    records = [
        {"winners": [1], "turns": 10, "hole": None, "sides": {"1": "red", "2": "blue"}},
        {"winners": [2], "turns": 12, "hole": None, "at_limit": False, "sides": {"1": "blue", "2": "red"}},
        {"winners": [], "turns": 30, "hole": None, "at_limit": True, "sides": {"1": "red", "2": "blue"}},
        {"winners": [], "turns": 99, "hole": "no end after 500 commands", "sides": {"1": "red", "2": "blue"}},
        {"winners": [1, 2], "turns": 8, "hole": None, "sides": {"1": "red", "2": "blue"}},  # shared: no one seat won
    ]
    found = Outcomes.of(2, records)
    assert found.winners == [1, 2, 0, 0, 0] and found.limits == [False, False, True, False, False]
    tally = found.tally()
    assert (tally.games, tally.decided, tally.wins, tally.draws, tally.limits, tally.holes) == (5, 2, [1, 1], 2, 1, 1)
    assert tally.sides == {"red": [2, 2], "blue": [2, 0]}
    assert tally.turns == 159 and tally.turns_squared == sum(t * t for t in (10, 12, 30, 99, 8))
    assert Outcomes.from_data(found.to_data()) == found
    assert found.extend(found).tally().games == 10


# the paired bootstrap


def coin_games(seed: int, seat_one: float, games: int = 400) -> Outcomes:
    rng = numpy.random.default_rng(seed)
    winners = [1 if x < seat_one else 2 for x in rng.random(games)]
    return Outcomes(2, winners, [20] * games, [False] * games, [False] * games, [{}] * games)


def test_worse_by_is_nothing_for_identical_games_and_centred_on_nothing_for_two_alike():
    same = coin_games(1, 0.5)
    assert worse_by([goal("seats")], same, same, "s") == (0.0, 0.0, 0.0)
    first, second = coin_games(2, 0.5), coin_games(3, 0.5)
    difference, low, high = worse_by([goal("seats")], first, second, "s", level=0.95)
    assert low < 0 < high and low < difference < high


def test_worse_by_finds_a_clearly_worse_candidate_clearly_worse_whichever_way_round():
    fair, lopsided = coin_games(4, 0.5), coin_games(5, 0.75)
    difference, low, high = worse_by([goal("seats")], lopsided, fair, "s")
    assert difference > 0.15 and low > 0.1
    backwards = worse_by([goal("seats")], fair, lopsided, "s")
    assert backwards[2] < -0.1
    assert worse_by([goal("seats")], lopsided, fair, "s") == (difference, low, high)  # its seed decides its resamples


def test_worse_by_compares_only_the_seeds_both_played():
    short, long = coin_games(6, 0.5, games=100), coin_games(6, 0.5, games=300)
    assert worse_by([goal("seats")], short, long, "s") == (0.0, 0.0, 0.0)  # the first 100 games are the same


side_names = st.sampled_from(["red", "blue", "green"])


@st.composite
def outcomes(draw) -> Outcomes:
    players = draw(st.integers(2, 4))
    games = draw(st.integers(1, 30))
    winners = draw(st.lists(st.integers(0, players), min_size=games, max_size=games))
    turns = draw(st.lists(st.integers(1, 80), min_size=games, max_size=games))
    limits = draw(st.lists(st.booleans(), min_size=games, max_size=games))
    holes = draw(st.lists(st.booleans(), min_size=games, max_size=games))
    with_sides = draw(st.booleans())
    sides = [{str(seat): draw(side_names) for seat in range(1, players + 1)} if with_sides else {} for _ in range(games)]
    return Outcomes(players, winners, turns, limits, holes, sides)


goal_texts = st.sampled_from(["seats", "sides", "length=10..30", "length=0..5", "length=1000..2000", "draws<=0", "draws<=0.2",
                              "limits<=0", "seats*2", "length=40..60*0.5"])
"""Goals whose miss moves with every count they read (a share above 0, a mean below a band's bottom), and a few
whose miss is often 0."""


@settings(max_examples=60, deadline=None)
@given(found=outcomes(), texts=st.lists(goal_texts, min_size=1, max_size=3))
def test_the_vectorised_misses_agree_with_each_goals_own_miss(found, texts):
    goals = [goal(text) for text in texts]
    rows, names = found.features()
    sums = rows.sum(axis=0)[None, :]
    for each in goals:
        assert misses([each], sums, found.players, len(names))[0] == pytest.approx(each.weight * each.miss(found.tally())[0]), each
    assert misses(goals, sums, found.players, len(names))[0] == pytest.approx(mix(goals, found.tally())[0])
    # and on a resample: the counts of each game, the tally of the games repeated so
    counts = numpy.random.default_rng(len(found)).multinomial(len(found), [1 / len(found)] * len(found))
    picked = [game for game, times in enumerate(counts) for _ in range(times)]
    repeated = Outcomes(found.players, [found.winners[g] for g in picked], [found.turns[g] for g in picked],
                        [found.limits[g] for g in picked], [found.holes[g] for g in picked], [found.sides[g] for g in picked])
    assert misses(goals, (counts @ rows)[None, :], found.players, len(names))[0] == pytest.approx(mix(goals, repeated.tally())[0])
