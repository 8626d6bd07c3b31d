"""Table games: a paper playtest transcribed, every chance outcome told by the people at the table.

Each ruleset's seeded random game is written down as a script (``tests/paper_games.py``): its commands
and the outcomes each met. Transcribing the script into a table game must give the very facts the seeded
game recorded, end the same way and audit clean; a missing, impossible or extra outcome is refused with
nothing stored; and a seat of a table game sees exactly what it sees of the seeded game, no more.
"""

from __future__ import annotations

import pytest
from paper_games import paper_game
from quick_games import quick_options

from domain.engine import registry
from domain.engine.chain import CHAIN_VERSION
from domain.engine.errors import (
    IdempotencyKeyReused,
    IllegalCommand,
    ImpossibleOutcome,
    InvalidSetup,
    MalformedCommand,
    OutcomeNeeded,
    OutcomeNotYours,
)
from domain.engine.randomness import chance_key
from domain.keeping.access import OWNER
from domain.keeping.service import GameService
from replays import records
from replays.audit import audit

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

RULESETS = registry.all_rulesets()
SEED, SALT = "paper-7", "5eed" * 8
"""The seed and salt of the seeded game the ``script`` fixture writes down: its chance comes from both."""
CASES = [(rules, count, variant) for rules in RULESETS for count in sorted({rules.min_seats, rules.max_seats})
         for variant in ["", *rules.variants]]
"""Each ruleset with its fewest and its most players, under its default rules and each named variant."""


@pytest.fixture(params=RULESETS, ids=lambda rules: rules.name)
def script(request):
    rules = request.param
    seats = [f"P{n}" for n in range(1, rules.min_seats + 1)]
    return paper_game(rules, seats, quick_options(rules.name), seed=chance_key(SEED, SALT, CHAIN_VERSION))


@pytest.fixture
def service():
    made = GameService(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield made
    made.close()


def transcribe(service, script, moves=None):
    """The script entered as a table game, command by command with its outcomes; the game's id."""
    game_id = service.create_game(script.rules.name, script.seats, script.options, table=True,
                                  outcomes=script.setup_outcomes)
    for move in script.moves if moves is None else script.moves[:moves]:
        service.submit(game_id, move.seat, move.command, outcomes=move.outcomes)
    return game_id


def recorded_facts(service, game_id):
    return [{"type": event.type, **event.data} for event in service.read_events(game_id, viewer=OWNER)
            if event.type not in ("GameCreated", "SeedRevealed")]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].name}-{c[1]}" + (f"-{c[2]}" if c[2] else ""))
def test_a_whole_paper_game_is_transcribed_from_its_script_and_gives_the_facts_the_table_saw(service, case):
    rules, count, variant = case
    options = {**quick_options(rules.name), **rules.variants.get(variant, {})}
    script = paper_game(rules, [f"P{n}" for n in range(1, count + 1)], options, seed=f"paper-{count}")
    game_id = transcribe(service, script)
    assert recorded_facts(service, game_id) == script.facts
    status = service.status(game_id, OWNER)
    assert status["status"] == "over" and status["table"] is True
    report = audit(service, game_id)
    assert report.clean, report.problems
    assert any("table game" in note for note in report.notes)


def first_chance(service, script):
    """The outcomes of the script's first command that meets chance, and a way to try that command with
    other outcomes, which returns what the store holds after; a ruleset whose commands meet none (its
    only chance is in its setup) is tried at its setup."""
    found = next(((n, move) for n, move in enumerate(script.moves) if move.outcomes), None)
    if found is None:
        games = []

        def create(outcomes):
            try:
                service.create_game(script.rules.name, script.seats, script.options, table=True, outcomes=outcomes)
            finally:
                games.append(len(service.list_games()))
        return script.setup_outcomes, create, games
    number, move = found
    game_id = transcribe(service, script, moves=number)
    before, added = service.game(game_id).version, []

    def submit(outcomes):
        try:
            service.submit(game_id, move.seat, move.command, outcomes=outcomes)
        finally:
            added.append(service.game(game_id).version - before)
    return move.outcomes, submit, added


def test_a_step_missing_its_outcome_is_refused_with_the_question_and_the_possible_values(service, script):
    outcomes, attempt, stored = first_chance(service, script)
    with pytest.raises(OutcomeNeeded) as refused:
        attempt(outcomes[:-1])
    assert refused.value.index == len(outcomes) - 1
    assert outcomes[-1] in refused.value.values
    assert refused.value.question in str(refused.value) and "{seat}" not in refused.value.question
    assert stored == [0]


def test_an_impossible_outcome_is_refused_and_nothing_is_stored(service, script):
    outcomes, attempt, stored = first_chance(service, script)
    impossible = 99 if isinstance(outcomes[0], int) else "no-such-thing"
    with pytest.raises(ImpossibleOutcome) as refused:
        attempt([impossible, *outcomes[1:]])
    assert refused.value.given == impossible and outcomes[0] in refused.value.values
    assert stored == [0]


def test_an_outcome_the_step_did_not_use_is_refused_and_nothing_is_stored(service, script):
    outcomes, attempt, stored = first_chance(service, script)
    with pytest.raises(MalformedCommand, match="leave out the last 1"):
        attempt([*outcomes, outcomes[0]])
    assert stored == [0]


def test_a_table_game_is_not_created_without_its_setups_outcomes(service, script):
    if not script.setup_outcomes:
        pytest.skip(f"{script.rules.name}'s setup meets no chance")
    with pytest.raises(OutcomeNeeded) as refused:
        service.create_game(script.rules.name, script.seats, script.options, table=True,
                            outcomes=script.setup_outcomes[:-1])
    assert script.setup_outcomes[-1] in refused.value.values
    assert service.list_games() == []


def test_a_seat_of_a_table_game_sees_what_it_sees_of_the_same_game_played_in_the_service(service, script):
    """Hidden information stays hidden: every event, view and export line a seat gets of the table game
    equals what it gets of the seeded game with the same facts, but for the creation saying it is a table
    game; the outcomes the table gave are the owner's alone while the game goes on."""
    moves = len(script.moves) // 2
    table = transcribe(service, script, moves=moves)
    seeded = service.create_game(script.rules.name, script.seats, script.options, seed=SEED, salt=SALT)
    for move in script.moves[:moves]:
        service.submit(seeded, move.seat, move.command)
    for seat in range(1, len(script.seats) + 1):
        mine = service.read_events(table, viewer=seat)
        theirs = service.read_events(seeded, viewer=seat)
        assert [e.data for e in mine[1:]] == [e.data for e in theirs[1:]]
        assert mine[0].data["table"] is True and "setup_outcomes" not in mine[0].data
        assert service.status(table, seat)["view"] == service.status(seeded, seat)["view"]
        exported = records.to_ndjson(service, table, viewer=seat)
        assert '"outcomes"' not in exported and '"setup_outcomes"' not in exported
    assert '"outcomes"' in records.to_ndjson(service, table, viewer=OWNER) or not any(
        move.outcomes for move in script.moves[:moves])


def test_outcomes_are_only_for_table_games(service):
    game_id = service.create_game("assassination-le", ["Ann", "Ben", "Cy"], seed="7", salt=SALT)
    seat = service.game(game_id).to_act()[0]
    with pytest.raises(MalformedCommand, match="outcomes are for table games"):
        service.submit(game_id, seat, {"type": "roll"}, outcomes=[4])
    with pytest.raises(InvalidSetup, match="outcomes are for table games"):
        service.create_game("assassination-le", ["Ann", "Ben", "Cy"], outcomes=[4])


def test_a_table_game_takes_no_seed_and_no_bot(service):
    with pytest.raises(InvalidSetup, match="not from a seed"):
        service.create_game("correction", ["Ann", "Ben"], seed="7", table=True, outcomes=["heads"], salt=SALT)
    game_id = service.create_game("correction", ["Ann", "Ben"], table=True, outcomes=["heads"])
    with pytest.raises(IllegalCommand, match="bots cannot play it"):
        next(iter(service.play_bots(game_id)))


def test_a_retried_command_id_gets_its_first_answer_only_with_the_same_outcomes(service):
    game_id = service.create_game("assassination-le", ["Ann", "Ben", "Cy"], table=True, outcomes=[3, 5, 1])
    seat = service.game(game_id).to_act()[0]
    first = service.submit_once(game_id, seat, {"type": "roll"}, command_id="roll-1", outcomes=[4])
    again = service.submit_once(game_id, seat, {"type": "roll"}, command_id="roll-1", outcomes=[4])
    assert again.replayed and again.events == first.events
    with pytest.raises(IdempotencyKeyReused, match="other outcomes"):
        service.submit_once(game_id, seat, {"type": "roll"}, command_id="roll-1", outcomes=[2])
    assert service.game(game_id).version == first.version


def test_a_seat_may_not_tell_another_seats_secret_outcome_and_learns_nothing_from_trying(service):
    """A card another seat draws into its hand is that seat's secret: a seat's token that tells it is
    refused whatever card it names (a refusal or an acceptance would say what the other holds), and the
    refusal names no possible card. The owner, who transcribes the game, tells it."""
    rules = registry.get("squad-combat")
    script = paper_game(rules, ["P1", "P2"], quick_options(rules.name), seed="paper-secret")
    number, move = next((n, m) for n, m in enumerate(script.moves) if set(m.secrets) - {None, m.seat})
    game_id = transcribe(service, script, moves=number)
    before = service.game(game_id).version
    for outcomes in (move.outcomes, [], ["no-such-card"] * len(move.outcomes)):
        with pytest.raises(OutcomeNotYours) as refused:
            service.submit(game_id, move.seat, move.command, outcomes=outcomes, teller=move.seat)
        assert refused.value.values == [] and "owner's token" in str(refused.value)
    assert service.game(game_id).version == before
    service.submit(game_id, move.seat, move.command, outcomes=move.outcomes)
    assert service.game(game_id).version > before


def test_a_seat_tells_the_cards_it_draws_itself(service):
    rules = registry.get("location-ccg")
    script = paper_game(rules, ["P1", "P2"], quick_options(rules.name), seed="paper-secret")
    number, move = next((n, m) for n, m in enumerate(script.moves) if m.seat in m.secrets and set(m.secrets) <= {None, m.seat})
    game_id = transcribe(service, script, moves=number)
    with pytest.raises(OutcomeNeeded) as asked:
        service.submit(game_id, move.seat, move.command, outcomes=[], teller=move.seat)
    assert asked.value.values  # its own deck: the cards it may draw are its to know
    service.submit(game_id, move.seat, move.command, outcomes=move.outcomes, teller=move.seat)
