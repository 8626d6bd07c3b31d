"""Conditional reads (``api/revalidation.py``): the reads a polling bot makes carry a weak ETag made
from the answer, ``If-None-Match`` with it gets 304 and no body while the answer is the same, the tag
changes when the answer does and differs between readers whose answers differ, and ``If-Match`` on a
command still takes the game's version."""

from __future__ import annotations

import re

import pytest

WEAK = re.compile(r'^W/"[0-9a-f]{16}"$')
READS = ("", "/events", "/state", "/legal-commands")


@pytest.mark.parametrize("suffix", READS)
def test_a_read_asked_again_with_its_tag_is_a_304_with_no_body(client, new_game, suffix):
    game = new_game(seed="conditional")
    headers = game.seat[1]
    first = client.get(game.url + suffix, headers=headers)
    assert first.status_code == 200 and WEAK.match(first.headers["ETag"])
    assert "Authorization" in first.headers["Vary"]
    again = client.get(game.url + suffix, headers={**headers, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    listed = client.get(game.url + suffix, headers={**headers, "If-None-Match": f'W/"0000000000000000", {first.headers["ETag"]}'})
    assert listed.status_code == 304
    stale = client.get(game.url + suffix, headers={**headers, "If-None-Match": 'W/"0000000000000000"'})
    assert stale.status_code == 200 and stale.get_data() == first.get_data()


def test_the_tag_changes_with_the_game(client, new_game):
    game = new_game(seed="conditional")
    before = client.get(game.url, headers=game.owner)
    seat = before.get_json()["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    assert client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat]).status_code == 201
    after = client.get(game.url, headers={**game.owner, "If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.get_json()["version"] > before.get_json()["version"]
    assert after.headers["ETag"] != before.headers["ETag"]


def test_each_reader_has_the_tag_of_its_own_answer(client, new_game):
    game = new_game(seed="conditional")
    answers = {who: client.get(game.url, headers=headers) for who, headers in
               (("seat 1", game.seat[1]), ("seat 2", game.seat[2]), ("owner", game.owner), ("spectator", {}))}
    assert len({answer.headers["ETag"] for answer in answers.values()}) == 4  # the views differ: so do the tags
    # one reader's tag is no other reader's: seat 2 sending seat 1's tag gets its own answer
    crossed = client.get(game.url, headers={**game.seat[2], "If-None-Match": answers["seat 1"].headers["ETag"]})
    assert crossed.status_code == 200 and crossed.get_json()["viewer"] == 2


def test_no_cache_keeps_one_readers_answer_for_another(client, new_game):
    game = new_game(seed="conditional")
    seat = client.get(game.url, headers=game.seat[1])
    assert seat.headers["Cache-Control"] == "private, no-store" and "Authorization" in seat.headers["Vary"]
    spectator = client.get(game.url)
    assert spectator.headers["Cache-Control"] == "no-cache" and "Authorization" in spectator.headers["Vary"]


def test_if_match_on_a_command_still_takes_the_version(client, new_game):
    game = new_game(seed="conditional")
    read = client.get(game.url, headers=game.owner).get_json()
    seat = read["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    played = client.post(f"{game.url}/commands", json={"command": command},
                         headers={**game.seat[seat], "If-Match": f'"{read["version"]}"'})
    assert played.status_code == 201 and played.headers["ETag"] == f'"{played.get_json()["version"]}"'
    stale = client.post(f"{game.url}/commands", json={"command": command},
                        headers={**game.seat[seat], "If-Match": f'"{read["version"]}"'})
    assert stale.status_code == 412


def test_an_error_and_other_routes_carry_no_read_tag(client):
    missing = client.get("/games/00000000-0000-4000-8000-000000000000")
    assert missing.status_code == 404 and "ETag" not in missing.headers
    assert "ETag" not in client.get("/rulesets").headers
