"""``GET /games/{id}/board`` (the board drawn, as the token's holder may see it, now or after any event,
with what that event changed) and the browser client served at ``/`` with its policy headers."""

from __future__ import annotations

import re
import uuid

from api.web import FILES, SERVED
from domain.engine.picture import changed
from replays.drawing import to_svg


def test_the_board_is_the_rulesets_picture_of_the_holders_view_drawn(client, new_game):
    game = new_game(seed="board-1")
    service = client.application.extensions["ludolog"]
    stored = service.game(uuid.UUID(game.id))
    for headers, seen in ((game.seat[1], stored.rules.view(stored.state, 1)), ({}, stored.rules.view(stored.state, None)),
                          (game.owner, stored.rules.owner_view(stored.state))):
        body = client.get(f"{game.url}/board", headers=headers).get_json()
        earlier = service.game_at(uuid.UUID(game.id), stored.version - 1)
        before = stored.rules.view(earlier.state, 1) if headers is game.seat[1] else (
            stored.rules.owner_view(earlier.state) if headers is game.owner else stored.rules.view(earlier.state, None))
        picture = stored.rules.picture(seen, stored.seats)
        moved = changed(stored.rules.picture(before, stored.seats), picture)
        assert body["at"] == body["version"] == stored.version and body["changed"] == moved
        assert body["svg"] == to_svg(picture, stored.seats, moved, label=f"{stored.rules.title} after event {stored.version} of {stored.version}")


def test_a_seat_sees_its_own_hand_on_the_board_and_not_the_others(client, new_game):
    game = new_game(ruleset="squad-combat", seed="board-2")
    mine, theirs = (client.get(f"{game.url}/board", headers=game.seat[seat]).get_json()["svg"] for seat in (1, 2))
    spectator = client.get(f"{game.url}/board").get_json()["svg"]
    assert mine != theirs and spectator not in (mine, theirs)
    only_mine = set(re.findall(r'data-id="(hand:1:[^"]+)"', mine))
    assert only_mine and not only_mine & set(re.findall(r'data-id="([^"]+)"', theirs + spectator))


def test_the_board_after_event_n_is_drawn_as_it_stood_then_with_what_that_event_changed(client, new_game):
    game = new_game(ruleset="correction", seed="board-3")
    seat = client.get(game.url).get_json()["to_act"][0]
    legal = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()
    assert len(legal["labels"]) == len(legal["commands"]) and all(isinstance(label, str) and label for label in legal["labels"])
    spawn = next(command for command in legal["commands"] if command["type"] == "spawn")
    played = client.post(f"{game.url}/commands", json={"command": spawn}, headers=game.seat[seat]).get_json()["version"]
    following = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    assert client.post(f"{game.url}/commands", json={"command": following}, headers=game.seat[seat]).status_code == 201
    then = client.get(f"{game.url}/board?at={played}")
    body = then.get_json()
    assert then.status_code == 200 and then.headers["ETag"] == f'"{body["version"]}"'
    assert body["at"] == played and body["version"] > played
    assert spawn["square"] in body["changed"] and f'data-changed="{spawn["square"]}"' in body["svg"]
    assert client.get(f"{game.url}/board?at=1").get_json()["changed"] == []


def test_a_board_past_the_last_event_or_not_a_number_is_refused(client, new_game):
    game = new_game()
    for at, status, kind in (("0", 400, "invalid-request"), ("x", 400, "invalid-request"), ("999", 404, "unknown-step")):
        response = client.get(f"{game.url}/board?at={at}")
        assert response.status_code == status and response.mimetype == "application/problem+json"
        assert response.get_json()["type"] == "urn:ludolog:problem:" + kind


def test_the_web_app_is_served_at_the_root_under_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy and "unsafe" not in policy
    assert page.headers["Referrer-Policy"] == "no-referrer" and page.headers["X-Content-Type-Options"] == "nosniff"
    text = page.get_data(as_text=True)
    for name in re.findall(r'(?:src|href)="/web/([^"]+)"', text):
        assert name in SERVED
    assert "http://" not in text and "https://" not in text  # nothing loaded from elsewhere


def test_every_file_of_the_web_app_is_served_and_nothing_else(client):
    assert SERVED == {path.name for path in FILES.iterdir()} - {"index.html"}
    for name in SERVED:
        response = client.get(f"/web/{name}")
        assert response.status_code == 200 and response.headers["Content-Security-Policy"]
        assert response.mimetype == ("text/css" if name.endswith(".css") else "text/javascript")
        text = response.get_data(as_text=True)
        assert "innerHTML" not in text and "eval(" not in text and "http://" not in text and "https://" not in text
        assert text.lstrip().startswith("//") or text.lstrip().startswith(":root"), f"{name} opens with what it is"
    for name in ("index.html", "../web.py", "nope.js", "%2e%2e%2fweb.py"):
        assert client.get(f"/web/{name}").status_code == 404


def test_served_on_a_classroom_network_the_page_says_the_address_students_open_for_its_links(app, client):
    assert "ludolog-public-url" not in client.get("/").get_data(as_text=True)  # links begin where the page was opened
    app.config["LUDOLOG_PUBLIC_URL"] = 'http://192.168.1.20:8000/"><script>'
    page = client.get("/")
    text = page.get_data(as_text=True)
    assert '<meta name="ludolog-public-url" content="http://192.168.1.20:8000/&#34;&gt;&lt;script&gt;">' in text
    assert page.headers["Content-Security-Policy"] and "<script>" not in text.split("ludolog-public-url")[1][:60]
