"""The REST API's catalogue and game resources: ``/rulesets``, ``POST /games`` (tokens, seed
commitment, bad bodies), ``GET /games`` (paging, filters), ``GET /games/{id}`` (the envelope and
what each token may see), authentication errors, unknown games and ``/healthz``."""

from __future__ import annotations

import hashlib
import uuid

import pytest

from domain.engine import registry

PROBLEM = "urn:ludolog:problem:"
RULESETS = registry.all_rulesets()


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def assert_problem(response, status: int, kind: str | None = None) -> dict:
    """The response is an RFC 9457 problem of the given status (and kind)."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert body["type"].startswith(PROBLEM)
    if kind is not None:
        assert body["type"] == PROBLEM + kind, body
    return body


def game_count(client) -> int:
    response = client.get("/games")
    assert response.status_code == 200
    return response.get_json()["total"]


def seat_names(rules) -> list[str]:
    return [f"Player{n}" for n in range(1, rules.min_seats + 1)]


# -- /rulesets ---------------------------------------------------------------------------------


def test_rulesets_lists_every_registered_ruleset_with_seats_options_and_command_shapes(client):
    response = client.get("/rulesets")
    assert response.status_code == 200
    listed = response.get_json()["rulesets"]
    assert [entry["name"] for entry in listed] == [rules.name for rules in RULESETS]
    for entry, rules in zip(listed, RULESETS):
        assert entry["title"] == rules.title
        assert entry["summary"] == rules.summary
        assert entry["version"] == rules.version
        assert (entry["min_seats"], entry["max_seats"]) == (rules.min_seats, rules.max_seats)
        assert entry["options"] == rules.describe_options()
        assert [c["type"] for c in entry["commands"]] == [shape.type for shape in rules.command_shapes]
        for command, shape in zip(entry["commands"], rules.command_shapes):
            assert command["summary"] == shape.summary
            assert command["schema"] == shape.json_schema()


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_one_ruleset_by_name(client, rules):
    response = client.get(f"/rulesets/{rules.name}")
    assert response.status_code == 200
    body = response.get_json()
    assert body == next(entry for entry in client.get("/rulesets").get_json()["rulesets"] if entry["name"] == rules.name)
    assert body["name"] == rules.name
    assert (body["min_seats"], body["max_seats"]) == (rules.min_seats, rules.max_seats)
    assert body["options"] == rules.describe_options()
    assert [c["schema"] for c in body["commands"]] == [shape.json_schema() for shape in rules.command_shapes]


def test_unknown_ruleset_is_a_404_problem(client):
    body = assert_problem(client.get("/rulesets/no-such-game"), 404, "unknown-ruleset")
    assert "no-such-game" in body["detail"]


# -- POST /games -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_create_game_answers_201_with_location_tokens_and_seed_commitment(client, rules):
    seats = seat_names(rules)
    response = client.post("/games", json={"ruleset": rules.name, "seats": seats, "seed": "my seed"})
    assert response.status_code == 201
    body = response.get_json()
    game_id = str(uuid.UUID(body["id"]))
    assert body["id"] == game_id
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    assert body["ruleset"] == rules.name
    assert [(s["seat"], s["name"]) for s in body["seats"]] == list(enumerate(seats, 1))
    tokens = [s["token"] for s in body["seats"]] + [body["owner_token"]]
    assert all(isinstance(token, str) and len(token) >= 32 for token in tokens)
    assert len(set(tokens)) == len(tokens)
    assert body["seed_commitment"] != sha256("my seed")  # salted: a chosen seed cannot be tried against it

    location = client.get(response.headers["Location"])
    assert location.status_code == 200
    state = location.get_json()
    assert state["id"] == game_id
    assert state["version"] == body["version"] >= 1
    assert state["seed_commitment"] == body["seed_commitment"]
    assert state["seed"] is None


def test_a_game_without_a_seed_gets_a_secret_one_committed_to(client, new_game):
    first, second = new_game(), new_game()
    for game in (first, second):
        assert len(game.body["seed_commitment"]) == 64
        int(game.body["seed_commitment"], 16)
    assert first.body["seed_commitment"] != second.body["seed_commitment"]
    assert first.body["owner_token"] != second.body["owner_token"]


def test_the_store_keeps_only_hashes_of_the_tokens(app, client, new_game):
    games = [new_game(), new_game(ruleset="assassination-le", seats=("A", "B", "C"))]
    tokens = [t for game in games for t in [game.body["owner_token"], *(s["token"] for s in game.body["seats"])]]
    service = app.extensions["ludolog"]
    stored = service.recorder.select_notifications(1, 1000)
    assert stored
    everything = b"\n".join(bytes(n.state) + n.topic.encode() for n in stored)
    for token in tokens:
        assert token.encode() not in everything
        assert sha256(token).encode() in everything  # what is kept is the hash (so the check above is meaningful)


@pytest.mark.parametrize(
    ("body", "status", "kind"),
    [
        ({"ruleset": "project-assassination"}, 400, "invalid-request"),
        ({"seats": ["Ana", "Ben"]}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "colour": "red"}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": "Ana,Ben"}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": []}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": ["Ana", 7]}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": ["Ana", ""]}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": 4.2}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "options": []}, 400, "invalid-request"),
        ({"ruleset": "project-assassination", "seats": ["Ana", "Ben", "Cy"]}, 422, "invalid-setup"),
        ({"ruleset": "project-assassination", "seats": ["Ana"]}, 422, "invalid-setup"),
        ({"ruleset": "assassination-le", "seats": ["Ana", "Ben"]}, 422, "invalid-setup"),
        ({"ruleset": "no-such-game", "seats": ["Ana", "Ben"]}, 404, "unknown-ruleset"),
        ({"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "options": {"colour": "red"}}, 422, "invalid-setup"),
        ({"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "options": {"round_limit": "ten"}}, 422, "invalid-setup"),
        ({"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "options": {"round_limit": 0}}, 422, "invalid-setup"),
        ({"ruleset": "assassination-le", "seats": ["A", "B", "C"], "options": {"keep_coins": "yes"}}, 422, "invalid-setup"),
        (["project-assassination", ["Ana", "Ben"]], 400, "invalid-request"),
    ],
    ids=[
        "missing-seats", "missing-ruleset", "unknown-field", "seats-not-a-list", "no-seats", "seat-not-a-string",
        "empty-seat-name", "seed-a-fraction", "options-not-an-object", "too-many-seats", "too-few-seats",
        "wrong-seat-count-le", "unknown-ruleset", "unknown-option", "option-of-wrong-type", "option-out-of-range",
        "le-option-of-wrong-type", "body-not-an-object",
    ],
)
def test_bad_creation_bodies_are_refused_and_create_nothing(client, body, status, kind):
    before = game_count(client)
    assert_problem(client.post("/games", json=body), status, kind)
    assert game_count(client) == before


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        ("ruleset=project-assassination&seats=Ana&seats=Ben", "application/x-www-form-urlencoded"),
        ('{"ruleset": "project-assassination", "seats": ["Ana", "Ben"]}', "text/plain"),
        ('{"ruleset": "project-assassination", "seats": ["Ana", "Ben"]', "application/json"),
        ("", "application/json"),
        ("null", "application/json"),
    ],
    ids=["form", "json-as-text-plain", "broken-json", "empty", "json-null"],
)
def test_a_body_that_is_not_json_is_a_400(client, data, content_type):
    before = game_count(client)
    assert_problem(client.post("/games", data=data, content_type=content_type), 400, "invalid-request")
    assert game_count(client) == before


# -- GET /games --------------------------------------------------------------------------------


def test_list_games_pages_with_limit_offset_next_and_total(client, new_game):
    created = [new_game().id for _ in range(5)]
    first = client.get("/games?limit=2")
    assert first.status_code == 200
    page = first.get_json()
    assert page["total"] == 5
    assert [g["id"] for g in page["games"]] == created[:2]
    assert page["next"]

    seen, link, pages = [], "/games?limit=2", 0
    while link:
        body = client.get(link).get_json()
        assert body["total"] == 5
        assert len(body["games"]) <= 2
        seen += [g["id"] for g in body["games"]]
        link, pages = body["next"], pages + 1
    assert seen == created  # oldest first, each once
    assert pages == 3

    middle = client.get("/games?limit=2&offset=3").get_json()
    assert [g["id"] for g in middle["games"]] == created[3:5]
    assert middle["next"] is None
    beyond = client.get("/games?offset=10").get_json()
    assert beyond == {"games": [], "total": 5, "next": None}
    everything = client.get("/games").get_json()
    assert [g["id"] for g in everything["games"]] == created and everything["next"] is None


def test_list_games_summaries(client, new_game):
    game = new_game(seed="abc")
    [summary] = client.get("/games").get_json()["games"]
    assert summary["id"] == game.id
    assert summary["ruleset"] == "project-assassination"
    assert [(s["seat"], s["name"]) for s in summary["seats"]] == [(1, "Ana"), (2, "Ben")]
    assert summary["status"] == "active"
    assert summary["outcome"] is None
    assert summary["seed"] is None
    assert summary["seed_commitment"] == game.body["seed_commitment"] != sha256("abc")
    assert summary["seed_salt"] is None
    assert summary["version"] == client.get(game.url).get_json()["version"]
    assert "view" not in summary
    assert "token" not in str(summary) and game.body["owner_token"] not in str(summary)


def test_list_games_filters_by_ruleset_and_status(client, new_game):
    pa = [new_game(seed=f"pa{n}") for n in range(3)]
    le = [new_game(ruleset="assassination-le", seats=("A", "B", "C")) for _ in range(2)]
    pa[1].play_to_end()

    def ids(query):
        response = client.get(f"/games?{query}")
        assert response.status_code == 200
        body = response.get_json()
        assert body["total"] == len(body["games"])
        return [g["id"] for g in body["games"]]

    assert ids("ruleset=project-assassination") == [g.id for g in pa]
    assert ids("ruleset=assassination-le") == [g.id for g in le]
    assert ids("ruleset=no-such-game") == []
    assert ids("status=over") == [pa[1].id]
    assert ids("status=active") == [pa[0].id, pa[2].id] + [g.id for g in le]
    assert ids("status=active&ruleset=project-assassination") == [pa[0].id, pa[2].id]
    assert ids("status=over&ruleset=assassination-le") == []
    assert all(g["status"] == "over" and g["outcome"] for g in client.get("/games?status=over").get_json()["games"])

    page = client.get("/games?status=active&limit=1").get_json()
    assert page["total"] == 4 and len(page["games"]) == 1
    following = client.get(page["next"]).get_json()  # the next link keeps the filter
    assert following["total"] == 4
    assert [g["id"] for g in following["games"]] == [pa[2].id]


@pytest.mark.parametrize("query", ["status=finished", "limit=0", "limit=101", "limit=x", "offset=-1", "colour=red"])
def test_list_games_refuses_bad_queries(client, query):
    assert_problem(client.get(f"/games?{query}"), 400, "invalid-request")


# -- GET /games/{id} ---------------------------------------------------------------------------


def test_game_envelope_and_etag(app, client, new_game):
    game = new_game(seed="envelope")
    response = client.get(game.url, headers=game.seat[1])
    assert response.status_code == 200
    body = response.get_json()
    for key in ("id", "ruleset", "version", "status", "to_act", "outcome", "view", "seats", "seed_commitment"):
        assert key in body
    assert body["id"] == game.id
    assert body["ruleset"] == "project-assassination"
    assert body["status"] == "active"
    assert body["outcome"] is None
    assert body["seed"] is None
    assert body["seed_commitment"] == game.body["seed_commitment"] != sha256("envelope")
    assert body["viewer"] == 1
    assert response.headers["ETag"].startswith('W/"')  # the answer's tag (the version is If-Match's: revalidation.py)

    stored = app.extensions["ludolog"].game(uuid.UUID(game.id))
    assert body["version"] == stored.version
    assert body["to_act"] == stored.to_act()

    # the version and the ETag follow the game
    seat = body["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    played = client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat])
    assert played.status_code == 201
    after = client.get(game.url, headers=game.seat[1])
    assert after.get_json()["version"] == played.get_json()["version"] > body["version"]
    assert after.headers["ETag"] != response.headers["ETag"]


def test_each_token_sees_its_own_view(app, client, new_game):
    game = new_game()
    service = app.extensions["ludolog"]
    owner = client.get(game.url, headers=game.owner).get_json()
    seat1 = client.get(game.url, headers=game.seat[1]).get_json()
    seat2 = client.get(game.url, headers=game.seat[2]).get_json()
    spectator = client.get(game.url).get_json()

    assert (owner["viewer"], seat1["viewer"], seat2["viewer"], spectator["viewer"]) == ("owner", 1, 2, None)
    assert "deck_contents" in owner["view"]
    for body in (seat1, seat2, spectator):
        assert "deck_contents" not in body["view"]
    stored = service.game(uuid.UUID(game.id))
    assert owner["view"] == stored.rules.owner_view(stored.state)
    assert seat1["view"] == stored.rules.view(stored.state, 1)
    assert seat2["view"] == stored.rules.view(stored.state, 2)
    assert spectator["view"] == stored.rules.view(stored.state, None)
    # the envelope is the same for everyone
    for body in (seat1, seat2, spectator):
        assert {k: v for k, v in body.items() if k not in ("view", "viewer")} == {
            k: v for k, v in owner.items() if k not in ("view", "viewer")
        }


@pytest.mark.parametrize(
    "header",
    ["Bearer not-a-token", "Bearer " + "A" * 43],
    ids=["garbage", "token-shaped"],
)
def test_an_invalid_token_is_a_401_with_www_authenticate(client, new_game, header):
    game = new_game()
    for path in (game.url, f"{game.url}/events", f"{game.url}/events/stream", f"{game.url}/legal-commands"):
        response = client.get(path, headers={"Authorization": header})
        assert_problem(response, 401, "unauthorized")
        assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_another_games_token_is_a_401(client, new_game):
    game, other = new_game(), new_game()
    for headers in (other.seat[1], other.owner):
        response = client.get(game.url, headers=headers)
        assert_problem(response, 401, "unauthorized")
        assert response.headers["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("header", ["Basic YW5hOmJlbg==", "Bearer", "Bearer   ", "Token abc", "", "bearer"])
def test_a_malformed_authorization_header_is_a_401(client, new_game, header):
    game = new_game()
    response = client.get(game.url, headers={"Authorization": header})
    assert_problem(response, 401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_the_bearer_scheme_is_case_insensitive(client, new_game):
    game = new_game()
    token = game.body["seats"][0]["token"]
    response = client.get(game.url, headers={"Authorization": f"bearer {token}"})
    assert response.status_code == 200
    assert response.get_json()["viewer"] == 1


@pytest.mark.parametrize("suffix", ["", "/events", "/events/stream", "/legal-commands"])
def test_unknown_games_are_404(client, new_game, suffix):
    game = new_game()
    missing = str(uuid.uuid4())
    assert_problem(client.get(f"/games/{missing}{suffix}"), 404, "unknown-game")
    assert_problem(client.get(f"/games/{missing}{suffix}", headers=game.seat[1]), 404, "unknown-game")
    assert_problem(client.get(f"/games/not-a-uuid{suffix}"), 404, "unknown-game")
    assert_problem(client.get(f"/games/{game.id[:8]}{suffix}", headers=game.seat[1]), 404, "unknown-game")


def test_healthz_names_the_kind_of_store(client, store):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "store": "postgres" if store.startswith("postgresql://") else "sqlite", "writes": "ok", "streams": 0}


def test_an_answer_to_a_token_is_private_and_not_stored(client, new_game):
    game = new_game()
    for path in ("", "/legal-commands?seat=1", "/events", "/state?at=1", "/board", "/notes"):
        for headers in (game.seat[1], game.owner):
            response = client.get(f"{game.url}{path}", headers=headers)
            assert response.status_code == 200, (path, response.get_json())
            assert response.headers["Cache-Control"] == "private, no-store", path
    refused = client.get(game.url, headers={"Authorization": "Bearer nope"})
    assert refused.status_code == 401 and refused.headers["Cache-Control"] == "private, no-store"
    assert "private" not in client.get(game.url).headers.get("Cache-Control", "")  # a spectator's view holds no one's secret


def test_a_game_is_named_at_creation_and_listed_and_shown_by_its_name(client):
    made = client.post("/games", json={"ruleset": "correction", "seats": ["Ana", "Ben"], "name": "Tuesday group, playtest 3"})
    assert made.status_code == 201 and made.get_json()["name"] == "Tuesday group, playtest 3"
    game_id = made.get_json()["id"]
    assert client.get(f"/games/{game_id}").get_json()["name"] == "Tuesday group, playtest 3"
    assert [g["name"] for g in client.get("/games").get_json()["games"] if g["id"] == game_id] == ["Tuesday group, playtest 3"]
    unnamed = client.post("/games", json={"ruleset": "correction", "seats": ["Ana", "Ben"]}).get_json()
    created = client.get(f"/games/{unnamed['id']}").get_json()["created"][:10]
    assert unnamed["name"] == f"Correction · Ana, Ben · {created}"


def test_a_name_that_is_not_plain_text_is_refused_and_creates_nothing(client):
    for name, status, kind in (("tab\there", 422, "invalid-setup"), ("x" * 81, 400, "invalid-request"), ("", 400, "invalid-request"),
                               (7, 400, "invalid-request")):
        refused = client.post("/games", json={"ruleset": "correction", "seats": ["Ana", "Ben"], "name": name})
        assert refused.status_code == status and refused.get_json()["type"] == "urn:ludolog:problem:" + kind, name
    assert client.get("/games").get_json()["total"] == 0
