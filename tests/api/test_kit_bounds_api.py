"""The audit's hostile kits through the API: a number choice of ten million numbers (one ``GET legal-commands``
drove the server past 3 GB), two of three thousand, and named steps fanning out eighteen levels (one ``POST
/games`` wrote 131,072 events) are refused when the kit is read, by ``POST /kits`` and ``POST /games``, in one
line naming the place, nothing stored; what crosses a bound only in play (a range the table widens, commands the
table multiplies, steps taken again as a turn begins) is refused as a problem the moment it does, nothing
written (``kit_bounds``)."""

from __future__ import annotations

from hostile_kits import (
    fan_out_in_play_kit,
    fan_out_kit,
    number_kit,
    squared_kit,
    widening_kit,
)

PROBLEM = "urn:ludolog:problem:"


def new_kit_game(client, kit):
    return client.post("/games", json={"ruleset": "table-kit", "seats": ["Ann", "Ben"], "options": {"kit": kit}})


def refused_when_read(client, kit, *said):
    """The kit refused by ``POST /kits`` (422, each line said among its mistakes) and ``POST /games`` (422, the first
    said), nothing stored."""
    shelved = client.post("/kits", json={"kit": kit})
    assert shelved.status_code == 422 and shelved.get_json()["type"] == PROBLEM + "invalid-kit", shelved.get_json()
    assert [any(line in mistake for mistake in shelved.get_json()["mistakes"]) for line in said] == [True] * len(said)
    created = new_kit_game(client, kit)
    assert created.status_code == 422 and created.mimetype == "application/problem+json", created.get_json()
    assert created.get_json()["type"] == PROBLEM + "invalid-setup" and said[0] in created.get_json()["detail"]
    assert client.get("/kits").get_json()["kits"] == [] and client.get("/games").get_json()["total"] == 0


def test_a_number_range_of_ten_million_is_refused_when_the_kit_is_read(client):
    refused_when_read(client, number_kit((1, 10_000_000)),
                      "play.actions.0.choose.0.number: [1, 10000000] offers up to 10,000,000 numbers; a number choice may offer at most 1,000")


def test_two_number_ranges_of_three_thousand_are_refused_when_the_kit_is_read(client):
    refused_when_read(client, number_kit((1, 3000), (1, 3000)),
                      "play.actions.0.choose.0.number: [1, 3000] offers up to 3,000 numbers",
                      "play.actions.0.choose.1.number: [1, 3000] offers up to 3,000 numbers")


def test_named_steps_fanning_out_eighteen_levels_are_refused_when_the_kit_is_read_and_no_event_is_written(client):
    refused_when_read(client, fan_out_kit(18),
                      "play.actions.0.effects.0: these steps may take more than 10,000 by here",
                      "play.setup.0: these steps may take more than 10,000 by here")


def test_legal_commands_the_table_multiplies_past_the_cap_are_refused_as_a_problem(client, new_game):
    game = new_game(ruleset="table-kit", seats=("Ann", "Ben"), options={"kit": squared_kit(200)})  # 40,000 commands
    answer = client.get(f"{game.url}/legal-commands", headers=game.seat[1])
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["type"] == PROBLEM + "illegal-command"
    assert answer.get_json()["detail"] == ("the kit's rules fail here: the choices of 'pick' (with the actions before it) make more "
                                           "than the 10,000 commands a seat may be offered at once: narrow them (fewer numbers, a where)")
    played = client.post(f"{game.url}/commands", json={"command": {"type": "act", "action": "pick", "number": 7, "count": 199}},
                         headers=game.seat[1])
    assert played.status_code == 201, played.get_json()  # one command is checked by its choices' ranges alone


def test_a_number_range_the_table_widens_past_the_cap_refuses_the_legal_commands_in_one_line(client, new_game):
    game = new_game(ruleset="table-kit", seats=("Ann", "Ben"), options={"kit": widening_kit()})
    assert len(client.get(f"{game.url}/legal-commands", headers=game.seat[1]).get_json()["commands"]) == 6
    widened = client.post(f"{game.url}/commands", json={"command": {"type": "act", "action": "widen"}}, headers=game.seat[1])
    assert widened.status_code == 201, widened.get_json()
    answer = client.get(f"{game.url}/legal-commands", headers=game.seat[1])
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["detail"] == ("the kit's rules fail here: the number choice 'number' ranges from 1 to 10,000,000: "
                                           "10,000,000 numbers, more than the 1,000 a choice may offer")


def test_an_action_past_the_step_bound_in_play_is_refused_and_no_event_is_written(client, new_game):
    game = new_game(ruleset="table-kit", seats=("Ann", "Ben"), options={"kit": fan_out_in_play_kit()})
    before = client.get(game.url, headers=game.owner).get_json()["version"]
    answer = client.post(f"{game.url}/commands", json={"command": {"type": "act", "action": "go"}}, headers=game.seat[1])
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["type"] == PROBLEM + "illegal-command"
    assert answer.get_json()["detail"] == ("the kit's rules fail here: one action takes more than 10,000 steps, the most one action "
                                           "or the setup may take (the step past them: play.define.s10.1)")
    assert client.get(game.url, headers=game.owner).get_json()["version"] == before


def test_a_setup_past_the_step_bound_in_play_refuses_the_new_game_and_writes_nothing(client):
    answer = new_kit_game(client, fan_out_kit(12, setup=[{"do": "s0"}, {"pass": "2"}], turn_begins=[{"do": "s0"}]))
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json", answer.get_json()
    assert "the setup takes more than 10,000 steps, the most one action or the setup may take" in answer.get_json()["detail"]
    assert client.get("/games").get_json()["total"] == 0
