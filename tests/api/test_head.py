"""Every accepted command's answer, every read of a game and each listed game carry the chain head
(the number and hash of the game's last event): a receipt a client keeps and ``ludolog audit
--head N:HASH`` checks later."""

from __future__ import annotations

import re

HASH = re.compile(r"[0-9a-f]{64}")


def _play(client, game, key=None):
    state = client.get(game.url).get_json()
    seat = state["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    headers = {**game.seat[seat], **({"Idempotency-Key": key} if key else {})}
    return client.post(f"{game.url}/commands", json={"command": command}, headers=headers), command, headers


def test_an_accepted_command_answers_with_the_head_the_game_then_shows(client, new_game):
    game = new_game()
    played, command, headers = _play(client, game, key="k-1")
    assert played.status_code == 201
    head = played.get_json()["head"]
    assert head["number"] == played.get_json()["version"] and HASH.fullmatch(head["hash"])
    for viewer in ({}, game.owner, headers):
        read = client.get(game.url, headers={k: v for k, v in viewer.items() if k == "Authorization"})
        assert read.get_json()["head"] == head
    again = client.post(f"{game.url}/commands", json={"command": command}, headers=headers)
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_json()["head"] == head
    following, _, _ = _play(client, game)
    assert following.get_json()["head"]["number"] == following.get_json()["version"] > head["number"]
    assert following.get_json()["head"]["hash"] != head["hash"]


def test_a_past_state_carries_the_head_of_its_event(client, new_game):
    game = new_game()
    first, _, _ = _play(client, game)
    _play(client, game)
    head = first.get_json()["head"]
    at = client.get(f"{game.url}/state", query_string={"at": head["number"]}).get_json()
    assert at["version"] == head["number"] and at["head"] == head
    now = client.get(f"{game.url}/state").get_json()
    assert now["head"] == client.get(game.url).get_json()["head"] != head


def test_listed_games_and_the_owners_export_carry_the_head(client, new_game):
    game = new_game()
    played, _, _ = _play(client, game)
    head = played.get_json()["head"]
    listed = {entry["id"]: entry for entry in client.get("/games").get_json()["games"]}
    assert listed[game.id]["head"] == head
    export = client.get(f"{game.url}/export?format=json", headers=game.owner).get_json()
    assert export["game"]["head"] == head
