"""The leak an outside audit found, closed: a seat that forks a game still being played learned the
game's seed, salt and every hidden card from the fork's owner export, which held its trunk's owner section.

For every ruleset with hidden information and a table kit with hands, each seat of a game in play forks
it, and every way out of the fork is read as the fork's owner, each of its seats and a spectator: the
state, the board now and at its first step, the legal commands, the event log and stream, the notes, every
export format (the NDJSON one with the family) and the review. None holds the trunk's seed or salt, and the
trunk is in the family only as the forking seat's own export of it shows it. A control proves the check
can see a seed: the trunk's owner export holds it."""

from __future__ import annotations

import json
import random

import pytest
from quick_games import quick_options
from ways_out import FORMATS, api_outputs

SEED, SALT = "leak-check", "1eac" * 8
HIDDEN = ["infection", "location-ccg", "project-assassination", "squad-combat", "table-kit"]
"""The rulesets whose seats hold secrets (a hand, a face-down tile, a deck's order)."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_until(client, url, owner, steps):
    """Random legal commands, the owner acting for the seat to act, until the game has ``steps`` events."""
    rng = random.Random(SEED)
    while (state := client.get(url, headers=owner).get_json())["version"] < steps:
        assert state["status"] != "over" and state["to_act"]
        seat = state["to_act"][0]
        legal = client.get(f"{url}/legal-commands?seat={seat}", headers=owner).get_json()["commands"]
        assert client.post(f"{url}/commands", json={"command": rng.choice(legal), "seat": seat}, headers=owner).status_code == 201
    return state


def every_way_out(client, url, headers, version, reviewed):
    """``ways_out.api_outputs`` and the board now and at step 1, and the review where the bots know the rules."""
    texts = [api_outputs(client, url, headers, version),
             client.get(f"{url}/board", headers=headers).get_data(as_text=True),
             client.get(f"{url}/board?at=1", headers=headers).get_data(as_text=True)]
    if reviewed:
        texts.append(client.get(f"{url}/review?budget=2", headers=headers).get_data(as_text=True))
    return "\n".join(texts)


def sections(ndjson: str) -> list[str]:
    """A family export's sections, each from its header line on."""
    found: list[str] = []
    for line in ndjson.splitlines(keepends=True):
        if json.loads(line).get("format") == "ludolog-game":
            found.append("")
        found[-1] += line
    return found


@pytest.mark.parametrize("ruleset", HIDDEN)
def test_a_seats_fork_never_exports_the_trunks_seed_salt_or_another_seats_hidden_card(client, ruleset):
    seats = ["Ana", "Ben", "Cy"] if ruleset == "table-kit" else ["Ana", "Ben"]
    created = client.post("/games", json={"ruleset": ruleset, "seats": seats, "seed": SEED, "salt": SALT,
                                          "options": quick_options(ruleset)}).get_json()
    url, owner = f"/games/{created['id']}", bearer(created["owner_token"])
    seat_of = {s["seat"]: bearer(s["token"]) for s in created["seats"]}
    step = play_until(client, url, owner, 14)["version"]
    trunk_owner_export = client.get(f"{url}/export?format=ndjson", headers=owner).get_data(as_text=True)
    assert SEED in trunk_owner_export and SALT in trunk_owner_export  # the control: the check sees them where they are
    reviewed = ruleset != "table-kit"
    for seat in range(1, len(seats) + 1):
        answer = client.post(f"{url}/forks", json={"step": step}, headers=seat_of[seat])
        assert answer.status_code == 201, answer.get_json()
        fork = answer.get_json()
        assert fork["fork"]["eye"] == seat
        fork_url, fork_owner = f"/games/{fork['id']}", bearer(fork["owner_token"])
        state = client.get(fork_url, headers=fork_owner).get_json()
        actor = state["to_act"][0]
        legal = client.get(f"{fork_url}/legal-commands?seat={actor}", headers=fork_owner).get_json()["commands"]
        assert client.post(f"{fork_url}/commands", json={"command": legal[0], "seat": actor}, headers=fork_owner).status_code == 201
        holders = [fork_owner, {}, *(bearer(s["token"]) for s in fork["seats"])]
        for headers in holders:
            text = every_way_out(client, fork_url, headers, 2, reviewed)
            assert SEED not in text and SALT not in text, f"seat {seat}'s fork tells {headers or 'a spectator'} the trunk's seed"
        family = sections(client.get(f"{fork_url}/export?format=ndjson", headers=fork_owner).get_data(as_text=True))
        seats_own_export = client.get(f"{url}/export?format=ndjson", headers=seat_of[seat]).get_data(as_text=True)
        assert len(family) == 2 and family[0] == seats_own_export  # the trunk, only as the seat saw it
        assert json.loads(family[1].splitlines()[0])["viewer"] == "owner"  # the fork itself, whole
    assert len(FORMATS) >= 5
