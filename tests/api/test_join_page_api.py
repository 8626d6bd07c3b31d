"""What the join page reads before a device joins (``GET /join/{code}``): which game the code opens, its
ruleset's title, its seats and how many are still open, for anyone holding the code; a code nobody issued
is 404, a closed or replaced one 410, as for ``POST``; reading claims nothing and shows nobody's name.
Every answer goes through the spec-checking client (``conftest.py``)."""

from __future__ import annotations


def open_joining(client, game, **body):
    response = client.post(f"{game.url}/joining", headers=game.owner, json=body or None)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["code"]


def test_the_join_page_reads_which_game_the_code_opens_and_how_many_seats_are_open(client, new_game):
    game = new_game("missions", ("Ana", "Ben", "Cy"), name="Table 1")
    code = open_joining(client, game)

    read = client.get(f"/join/{code}")
    assert read.status_code == 200 and read.headers["Cache-Control"] == "no-store"
    assert read.get_json() == {"game_id": game.id, "name": "Table 1", "ruleset": "missions", "title": "Missions",
                               "seats": 3, "open_seats": 3}

    assert client.post(f"/join/{code}", json={"name": "Zoé"}).status_code == 201
    assert client.get(f"/join/{code}").get_json()["open_seats"] == 2
    # reading claims nothing: the owner still sees one seat joined, and a second read says the same
    assert client.get(f"/join/{code}").get_json()["open_seats"] == 2
    assert [j["name"] for j in client.get(f"{game.url}/joining", headers=game.owner).get_json()["joined"]] == ["Zoé"]
    assert "Zoé" not in client.get(f"/join/{code}").get_data(as_text=True)

    assert client.delete(f"{game.url}/joining/seats/1", headers=game.owner).status_code == 204
    assert client.get(f"/join/{code}").get_json()["open_seats"] == 3


def test_a_game_without_a_name_is_named_as_the_games_list_names_it_and_a_bots_seat_is_never_open(client, new_game):
    game = new_game("project-assassination", ("Ana", "Ben"), players=[{"kind": "person"}, {"kind": "bot", "strategy": "random"}])
    code = open_joining(client, game)
    listed = next(g for g in client.get("/games").get_json()["games"] if g["id"] == game.id)
    read = client.get(f"/join/{code}").get_json()
    assert read["name"] == listed["name"] and read["name"].startswith(f"{listed['title']} · Ana, Ben · ")
    assert (read["seats"], read["open_seats"]) == (2, 1)
    assert client.post(f"/join/{code}", json={"name": "Zoé"}).status_code == 201
    assert client.get(f"/join/{code}").get_json()["open_seats"] == 0  # full: the page says so before anyone presses Join


def test_a_code_nobody_issued_is_404_and_a_closed_or_replaced_one_410(client, new_game):
    game = new_game()
    unknown = client.get("/join/R54La6uLtlWtdBn_pLXkQw")
    assert unknown.status_code == 404 and unknown.get_json()["type"] == "urn:ludolog:problem:unknown-join-code"

    old = open_joining(client, game)
    new = open_joining(client, game)
    replaced = client.get(f"/join/{old}")
    assert replaced.status_code == 410 and replaced.get_json()["type"] == "urn:ludolog:problem:joining-closed"
    assert client.get(f"/join/{new}").status_code == 200

    assert client.delete(f"{game.url}/joining", headers=game.owner).status_code == 204
    closed = client.get(f"/join/{new}")
    assert closed.status_code == 410 and closed.get_json()["detail"] == "joining this game is closed: ask its owner for the new link"
    # reopened, the new code reads again and the closed one stays closed
    again = open_joining(client, game)
    assert client.get(f"/join/{again}").status_code == 200 and client.get(f"/join/{new}").status_code == 410


def test_the_join_page_reads_it_without_a_token_and_a_token_changes_nothing(client, new_game):
    game = new_game()
    code = open_joining(client, game)
    plain = client.get(f"/join/{code}").get_json()
    assert client.get(f"/join/{code}", headers=game.owner).get_json() == plain
    assert client.get(f"/join/{code}", headers={"Authorization": "Bearer nope"}).get_json() == plain
