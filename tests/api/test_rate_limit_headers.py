"""The RateLimit fields (``api/limits.py``, after the IETF draft "RateLimit header fields for HTTP"): every
counted answer says each budget it was counted in (``RateLimit-Policy``: ``q`` and ``w``) and what is left
of it (``RateLimit``: ``r`` and ``t``), so a client slows down before a 429; the 429 says the budget used up
(``r=0``) with a ``Retry-After`` that agrees; uncounted answers say nothing; and it reads nothing more
from where counts live."""

from __future__ import annotations

import re

import pytest
from conftest import SpecCheckedClient
from test_limits import OTHER_ADDRESS, new_game

from api import create_app, limits
from domain.keeping.service import GameService
from domain.keeping.store import store_env

ITEM = re.compile(r'^"([a-z0-9-]+)";(\w)=(\d+);(\w)=(\d+)$')


@pytest.fixture
def make_app(store):
    services = []

    def make(**settings):
        service = GameService(env=store_env(store))
        services.append(service)
        app = create_app({"LUDOLOG_DATABASE_URL": store, **settings}, service=service)
        app.test_client_class = SpecCheckedClient
        return app

    yield make
    for service in services:
        service.close()


def fields(response) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """The policies (name: quota, window) and what is left (name: remaining, reset) an answer states."""
    def parse(header: str, first: str, second: str) -> dict[str, tuple[int, int]]:
        found = {}
        for item in response.headers[header].split(", "):
            name, key1, value1, key2, value2 = ITEM.match(item).groups()
            assert (key1, key2) == (first, second), item
            found[name] = (int(value1), int(value2))
        return found

    return parse("RateLimit-Policy", "q", "w"), parse("RateLimit", "r", "t")


def test_each_counted_answer_says_what_is_left_of_each_budget(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="10/second;50/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="200/minute")
    client = app.test_client()
    url, seat, _ = new_game(client)  # the address's first request
    policies, left = fields(client.get(url, headers=seat[1]))
    assert policies == {"token-per-second": (10, 1), "token-per-minute": (50, 60), "address-per-minute": (200, 60)}
    assert left["token-per-second"][0] == 9 and left["token-per-minute"][0] == 49 and left["address-per-minute"][0] == 198
    assert 0 <= left["token-per-second"][1] <= 1 and 0 < left["token-per-minute"][1] <= 60
    _, then = fields(client.get(f"{url}/legal-commands", headers=seat[1]))
    assert then["token-per-minute"][0] == 48 and then["address-per-minute"][0] == 197
    for _ in range(5):  # every answer names each budget as the first did (within the 10 a second)
        again, _ = fields(client.get(url, headers=seat[1]))
        assert again == policies
    _, other = fields(client.get(url, headers=seat[2]))  # another token: a budget of its own
    assert other["token-per-minute"][0] == 49 and other["address-per-minute"][0] == 191
    policies, spectator = fields(client.get(url))  # no token: the address's budget only
    assert set(policies) == set(spectator) == {"address-per-minute"} and spectator["address-per-minute"][0] == 190


def test_a_command_and_an_error_are_counted_and_say_so(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="50/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="off")
    client = app.test_client()
    url, seat, owner = new_game(client)
    state = client.get(url, headers=owner).get_json()
    command = client.get(f"{url}/legal-commands", headers=owner, query_string={"seat": state["to_act"][0]}).get_json()["commands"][0]
    played = client.post(f"{url}/commands", json={"command": command, "seat": state["to_act"][0]}, headers=owner)
    assert played.status_code == 201 and fields(played)[1] == {"token-per-minute": (47, fields(played)[1]["token-per-minute"][1])}
    refused = client.post(f"{url}/commands", json={"command": {"type": "nonsense"}}, headers=seat[1])
    assert refused.status_code == 422 and fields(refused)[1]["token-per-minute"][0] == 49


def test_the_429_says_the_budget_used_up_and_retry_after_agrees(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="3/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="100/minute")
    client = app.test_client()
    url, seat, _ = new_game(client)
    remaining = [fields(client.get(url, headers=seat[1]))[1]["token-per-minute"][0] for _ in range(3)]
    assert remaining == [2, 1, 0]  # a bot sees it coming
    refused = client.get(url, headers=seat[1])
    assert refused.status_code == 429
    policies, left = fields(refused)
    assert policies == {"token-per-minute": (3, 60)}  # the budget that refused it (the address's was not counted)
    assert left["token-per-minute"][0] == 0
    assert int(refused.headers["Retry-After"]) == max(1, left["token-per-minute"][1])


def test_answers_not_counted_say_nothing(make_app, client):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="5/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="5/minute")
    counted = app.test_client()
    health = counted.get("/healthz")
    assert "RateLimit" not in health.headers and "RateLimit-Policy" not in health.headers
    preflight = counted.options("/rulesets", environ_base=OTHER_ADDRESS)
    assert "RateLimit" not in preflight.headers
    off = client.get("/rulesets")  # the ``client`` fixture's app has both limits off
    assert off.status_code == 200 and "RateLimit" not in off.headers and "RateLimit-Policy" not in off.headers


def test_what_is_left_costs_no_read_of_the_counts(make_app, monkeypatch):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="10/second;50/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="200/minute")
    client = app.test_client()
    url, seat, _ = new_game(client)
    client.get(url, headers=seat[1])  # each budget's window begun here
    calls: list[str] = []
    for name in ("incr", "get", "get_expiry"):
        original = getattr(limits.ThreadSafeMemory, name)
        monkeypatch.setattr(limits.ThreadSafeMemory, name,
                            lambda self, key, *args, _o=original, _n=name, **kw: calls.append(_n) or _o(self, key, *args, **kw))
    assert fields(client.get(url, headers=seat[1]))[1]["token-per-minute"][0] == 48
    assert calls.count("incr") == 3  # one increment per budget, as without the fields
    assert calls.count("get") == 3 and "get_expiry" not in calls  # the gets are the increments' own


def test_a_window_begun_elsewhere_is_read_once(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="off", LUDOLOG_RATE_LIMIT_PER_ADDRESS="100/minute")
    client = app.test_client()
    assert client.get("/rulesets").status_code == 200
    strategy = app.extensions[limits.RATE_BUDGETS].shared
    strategy.ends.clear()  # as if another worker had begun the window (counts shared on Redis)
    _, left = fields(client.get("/rulesets"))
    assert left["address-per-minute"][0] == 98 and 0 < left["address-per-minute"][1] <= 60


def test_policy_names_say_the_budget():
    token, address = limits.parse("x", "500/second;3/10 minutes")
    assert limits.policy_name("token", token) == "token-per-second"
    assert limits.policy_name("address", address) == "address-per-10-minutes"
