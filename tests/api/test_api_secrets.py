"""Hidden information through the REST API, for every registered ruleset.

A seeded game is played through the API by the seats themselves. At several points everything a
seat or a spectator can get is collected (the game, the event log, legal commands, the event stream,
command answers, a replayed answer) and checked: no response holds the game's seed before the game is
over, nor anything only the owner's view holds (for Project Assassination, the order of the decks);
every event a seat or spectator gets is exactly the ruleset's ``redact(fact, seat)`` of the owner's.
Once the game is over, everything is public."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from quick_games import quick_options

from domain.engine import registry
from domain.games.table_kit.rules import shipped_kit

SEED = "s3cr3t-seed-XYZ"
SALT = "5eed" * 8
"""The salt the games here are dealt with besides SEED: the same games every run."""
RULESETS = registry.all_rulesets()
# seeds of the random.Random picking the seats' commands that give a short game with SEED (commands to the end:
# Assassination Le 57, the Location CCG 46, the market kit 30; seed 0 played 395, 79 and 140)
SHORT_GAMES = {"assassination-le": 32, "project-assassination": 1, "location-ccg": 9, "table-kit": 14}
FULL_CHECKS = {0, 1, 2, 3}
"""Steps (commands played) at which everything is collected; also every tenth step."""


class Seen:
    """Every response a viewer got: the raw text (body and headers) and the parsed JSON bodies."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []
        self.bodies: list[tuple[str, Any]] = []

    def add(self, what: str, response, body: Any = None) -> Any:
        text = response.get_data(as_text=True) if body is None else json.dumps(body)
        self.texts.append((what, text + "\n" + "\n".join(f"{k}: {v}" for k, v in response.headers.items())))
        parsed = response.get_json(silent=True) if body is None else body
        self.bodies.append((what, parsed))
        return parsed


def lists_in(value: Any) -> Iterator[list]:
    """Every list anywhere inside a JSON value."""
    if isinstance(value, list):
        yield value
        for item in value:
            yield from lists_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from lists_in(item)


def keys_in(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys_in(item)


def read_stream(client, url: str, headers: dict, version: int) -> tuple[list[dict], str]:
    """The stream's event frames up to ``version`` (then the stream is closed), and its raw text."""
    response = client.get(f"{url}/events/stream", headers=headers, buffered=False)
    assert response.status_code == 200
    frames, text, pending = [], "", ""
    try:
        for chunk in response.response:
            chunk = chunk.decode() if isinstance(chunk, bytes) else chunk
            text += chunk
            pending += chunk
            *blocks, pending = pending.split("\n\n")
            for block in blocks:
                fields = dict(line.split(": ", 1) for line in block.split("\n") if line and not line.startswith(":"))
                if "data" in fields:
                    data = json.loads(fields["data"])
                    turn = {"status": data.pop("status"), "to_act": data.pop("to_act")}  # public at the table
                    frames.append({"id": int(fields["id"]), "event": fields.get("event"), "data": data, "turn": turn})
            if frames and frames[-1]["id"] >= version:
                break
    finally:
        response.close()
    return frames, text


def all_events(client, url: str, headers: dict, seen: Seen | None = None) -> list[dict]:
    events, link = [], f"{url}/events?limit=7"  # small pages: the paging is looked at too
    while link:
        response = client.get(link, headers=headers)
        assert response.status_code == 200
        body = seen.add("events", response) if seen else response.get_json()
        events += body["events"]
        link = body["next"]
    return events


def expected_event(rules, owner_event: dict, viewer: int | None, seats: list[str]) -> dict:
    """The owner's event as the viewer may see it while the game goes on: the ruleset's redaction."""
    facts = {fact_type.__name__: fact_type for fact_type in rules.facts}
    if owner_event["type"] not in facts:  # GameCreated: the same for everyone (without the seed)
        return owner_event
    fact = rules.redact(facts[owner_event["type"]].from_data(owner_event["data"]), viewer)
    return {**owner_event, "data": fact.to_data(), "sentence": rules.describe(fact, seats)}


GAMES = [pytest.param(rules, quick_options(rules.name), rules.min_seats, id=rules.name) for rules in RULESETS] + [
    pytest.param(registry.get("table-kit"), {"kit": shipped_kit("rock-paper-scissors")}, 2, id="rock-paper-scissors")]
"""Each ruleset's game at its fewest seats, and a kit whose secrets are choices made in secret (a turn taken
together) rather than cards or dice."""


@pytest.mark.default_rulesets("location-ccg", "project-assassination", "table-kit")  # hands, decks, choices made in secret
@pytest.mark.parametrize(("rules", "options", "seats"), GAMES)
def test_no_response_to_a_seat_or_a_spectator_holds_a_secret(client, new_game, rules, options, seats):
    names = [f"Seat{n}" for n in range(1, seats + 1)]
    game = new_game(ruleset=rules.name, seats=names, seed=SEED, salt=SALT, options=options)
    viewers: dict[int | None, dict] = {**{n: game.seat[n] for n in game.seat}, None: {}}
    seen = {viewer: Seen() for viewer in viewers}
    secret_lists: dict[int | None, list[list]] = {viewer: [] for viewer in viewers}
    """Per viewer, what it may not see as lists: the owner-only part of the view (the decks' order),
    and what redaction hides from it (another seat's drawn cards)."""
    owner_only: set[str] = set()  # keys of the owner's view that no seat's view has
    rng = random.Random(SHORT_GAMES.get(rules.name, 0))

    def check_everything(version: int) -> None:
        owner_state = client.get(game.url, headers=game.owner).get_json()
        assert owner_state["version"] == version
        owner_events = all_events(client, game.url, game.owner)
        seat_view = client.get(game.url, headers=game.seat[1]).get_json()["view"]
        owner_only.update(set(owner_state["view"]) - set(seat_view))
        # the lists only the owner sees: in the owner-only part of the view, and what redaction hides
        for key in owner_only:
            for viewer in viewers:
                secret_lists[viewer].extend(lst for lst in lists_in(owner_state["view"][key]) if len(lst) >= 3)
        for event in owner_events:
            for viewer in viewers:
                shown = list(lists_in(expected_event(rules, event, viewer, names)["data"]))
                secret_lists[viewer].extend(lst for lst in lists_in(event["data"]) if len(lst) >= 3 and lst not in shown)
        for viewer, headers in viewers.items():
            state = seen[viewer].add("state", client.get(game.url, headers=headers))
            assert state["version"] == version
            assert state["seed"] is None
            assert not owner_only & set(state["view"])
            assert {k: v for k, v in state.items() if k not in ("view", "viewer")} == {
                k: v for k, v in owner_state.items() if k not in ("view", "viewer")
            }

            events = all_events(client, game.url, headers, seen[viewer])
            assert len(events) == len(owner_events) == version
            for got, owners in zip(events, owner_events):
                assert got == expected_event(rules, owners, viewer, names)
                if got["type"] == "TableSetUp" and rules.name == "project-assassination":
                    for deck in ("item_deck", "collectible_deck", "enemy_deck"):
                        assert set(got["data"][deck]) == {"?"}
                        assert len(got["data"][deck]) == len(owners["data"][deck])

            legal = client.get(f"{game.url}/legal-commands", headers=headers)
            seen[viewer].add("legal-commands", legal)
            assert legal.status_code == (401 if viewer is None else 200)

            frames, text = read_stream(client, game.url, headers, version)
            seen[viewer].texts.append(("stream", text))
            assert [frame["data"] for frame in frames] == events
            assert [frame["event"] for frame in frames] == [None] * len(events)  # unnamed: the type is in the data

    step = 0
    while True:
        state = client.get(game.url, headers=game.owner).get_json()
        if state["status"] == "over":
            break
        version = state["version"]
        if step in FULL_CHECKS or step % 10 == 0:
            check_everything(version)
        else:
            for viewer, headers in viewers.items():
                seen[viewer].add("state", client.get(game.url, headers=headers))

        seat = state["to_act"][0]
        options = seen[seat].add("legal-commands", client.get(f"{game.url}/legal-commands", headers=game.seat[seat]))
        command = rng.choice(options["commands"])
        headers = {**game.seat[seat], "Idempotency-Key": f"step-{step}"}
        response = client.post(f"{game.url}/commands", json={"command": command}, headers=headers)
        assert response.status_code == 201
        answer = response.get_json()
        owner_events = client.get(f"{game.url}/events?after={version}", headers=game.owner).get_json()["events"]
        if client.get(game.url, headers=game.owner).get_json()["status"] == "over":
            assert answer["events"] == owner_events  # the last command: the game is over, all is public
            assert answer["events"][-1]["data"]["seed"] == SEED
            break
        seen[seat].add("command", response)
        assert answer["events"] == [expected_event(rules, e, seat, names) for e in owner_events]
        if step == 1:  # a replayed answer is what the seat may see too
            replay = client.post(f"{game.url}/commands", json={"command": command}, headers=headers)
            assert replay.status_code == 201
            assert seen[seat].add("replay", replay) == {**answer, "replayed": True}
        step += 1
        assert step < 5000, "the game does not end"

    # the checks found something to look for: the seed is secret, and (for a game with hidden
    # information) the owner's view holds what the seats' do not
    if rules.name == "project-assassination":  # which cards the decks hold; no event holds a secret
        assert "deck_contents" in owner_only
    if rules.name == "squad-combat":  # each seat's drawn cards are secret to the others
        assert all(secret_lists.values())
    assert step > max(FULL_CHECKS)

    for viewer, collected in seen.items():
        for what, text in collected.texts:
            assert SEED not in text, f"the seed in a {what} response to {viewer}"
            assert SALT not in text, f"the salt (which keys the game's chance) in a {what} response to {viewer}"
            for key in owner_only:
                assert f'"{key}"' not in text, f"the owner's {key!r} in a {what} response to {viewer}"
            for secret in secret_lists[viewer]:
                for separators in ((", ", ": "), (",", ":")):
                    assert json.dumps(secret, separators=separators) not in text, f"a deck's order in a {what} response to {viewer}"
        for what, body in collected.bodies:
            assert not owner_only & set(keys_in(body)), f"an owner-only key in a {what} response to {viewer}"
            for found in lists_in(body):
                assert found not in secret_lists[viewer], f"a deck's order in a {what} response to {viewer}: {found}"


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_once_the_game_is_over_everything_is_public(client, new_game, rules):
    names = [f"Seat{n}" for n in range(1, rules.min_seats + 1)]
    game = new_game(ruleset=rules.name, seats=names, seed=SEED, salt=SALT, options=quick_options(rules.name))
    before = client.get(f"{game.url}/events", headers=game.owner).get_json()["events"]
    rng = random.Random(SHORT_GAMES.get(rules.name, 0))
    for _ in range(5000):
        state = client.get(game.url, headers=game.owner).get_json()
        if state["status"] == "over":
            break
        seat = state["to_act"][0]
        commands = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"]
        assert client.post(f"{game.url}/commands", json={"command": rng.choice(commands)}, headers=game.seat[seat]).status_code == 201
    assert state["status"] == "over"

    owner = client.get(game.url, headers=game.owner).get_json()
    owner_events = all_events(client, game.url, game.owner)
    assert owner_events[: len(before)] == before
    assert owner_events[-1]["type"] == "SeedRevealed"
    assert owner_events[-1]["data"] == {"seed": SEED, "salt": owner["seed_salt"]}
    for headers in [*game.seat.values(), {}]:
        state = client.get(game.url, headers=headers).get_json()
        assert state["seed"] == SEED
        assert state["view"] == owner["view"]  # the owner's view, with every secret, for everyone
        if rules.name == "project-assassination":
            assert "deck_contents" in state["view"]
        events = all_events(client, game.url, headers)
        assert events == owner_events  # nothing redacted any more
        frames, text = read_stream(client, game.url, headers, owner["version"])
        assert [frame["data"] for frame in frames] == owner_events
        assert SEED in text
    if rules.name == "project-assassination":  # no deck order recorded: a card is chosen when drawn
        setup = next(e for e in owner_events if e["type"] == "TableLaid")
        assert set(setup["data"]) == {"call", "coin", "first"}
