"""``POST /tunings``: ``ludolog tune`` as a job of the API. A tune of the dice race (``tests/kits/dice-race.yaml``,
whose fair head start is 2: the first player to roll wins 62% of games from level, 48% when the second starts two
ahead, 41% three ahead) is accepted, runs in the background and recommends 2, its report read in every format;
everything the game or the caps refuse is refused before anything runs, no job made; one job too many is a 429;
the progress is there while a job runs. Every answer is checked against ``openapi.yaml`` (the client)."""

from __future__ import annotations

import pathlib
import threading
import time

import pytest
import yaml
from conftest import API_TEST_SETTINGS, SpecCheckedClient

import api.tuning_jobs
from api import create_app, settings_from
from domain.keeping.service import GameService
from domain.keeping.store import store_env

DICE_RACE = yaml.safe_load((pathlib.Path(__file__).resolve().parents[1] / "kits" / "dice-race.yaml").read_text(encoding="utf-8"))
SMALL = {"game": "table-kit", "options": {"kit": DICE_RACE}, "vary": ["head_start=0,2,6"], "goals": ["seats"], "bot": "random",
         "block": 10, "most_games": 30, "confirm": 0}
"""A tune of a second or so: three head starts, 30 games each at most."""
PROBLEM = "urn:ludolog:problem:"


@pytest.fixture
def make_app(store):
    """An app on the test's store whose tunings play in the job's thread (no worker processes), with settings."""
    services = []

    def make(**settings):
        service = GameService(env=store_env(store))
        services.append(service)
        app = create_app({"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS, "LUDOLOG_BOT_PROCESSES": 0, **settings}, service=service)
        app.test_client_class = SpecCheckedClient
        return app

    yield make
    for service in services:
        service.close()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def gate(monkeypatch):
    """Tunings whose games wait, after their first few, until ``gate.set()``: a job held running."""
    release, waiting = threading.Event(), threading.Semaphore(0)
    real = api.tuning_jobs.play_games
    calls = {"n": 0}

    def held(tasks, seconds):
        calls["n"] += 1
        if calls["n"] > 1:
            waiting.release()
            release.wait(30)
        return real(tasks, seconds)

    monkeypatch.setattr(api.tuning_jobs, "play_games", held)
    release.waiting = waiting
    yield release
    release.set()


def jobs_of(app) -> int:
    return len(app.extensions["ludolog-tunings"]._jobs)


def finished(client, location: str, seconds: float = 30) -> dict:
    ends = time.monotonic() + seconds
    while True:
        job = client.get(location).get_json()
        if job["state"] in ("done", "failed"):
            return job
        assert time.monotonic() < ends, f"the tuning did not end in {seconds} s: {job['progress']}"
        time.sleep(0.02)


def test_a_tuning_of_the_dice_race_is_accepted_runs_and_recommends_the_fair_head_start(app):
    client = app.test_client()
    started = client.post("/tunings", json=SMALL)
    assert started.status_code == 202, started.get_json()
    job = started.get_json()
    assert started.headers["Location"] == f"/tunings/{job['id']}"
    assert job["state"] in ("queued", "running") and job["asked"]["title"] == "Dice race (Table kit)"
    assert job["progress"]["games_at_most"] == 90 and job["progress"]["candidates_at_most"] == 3
    done = finished(client, started.headers["Location"])
    assert done["state"] == "done", done.get("error")
    report = done["report"]
    assert report["recommended"]["values"] == {"head_start": 2}
    assert report["current"] == {"head_start": 0}
    assert sorted(row["values"]["head_start"] for row in report["candidates"]) == [0, 2, 6]
    assert done["progress"] == {"stage": "race", "round": report["rounds"], "candidates_tried": 3,
                                "candidates_in_race": sum(row["standing"] != "dropped" for row in report["candidates"]),
                                "candidates_at_most": 3, "games": report["games"], "games_at_most": 90}
    assert done["finished"] is not None
    html = client.get(f"{started.headers['Location']}/report?format=html")
    assert html.mimetype == "text/html" and "sandbox" in html.headers["Content-Security-Policy"]
    assert "head_start = 2" in html.get_data(as_text=True) and "<svg" in html.get_data(as_text=True)
    assert "<script" not in html.get_data(as_text=True)
    markdown = client.get(f"{started.headers['Location']}/report?format=markdown")
    assert markdown.mimetype == "text/markdown" and "Recommended: head\\_start = 2" in markdown.get_data(as_text=True)
    assert client.get(f"{started.headers['Location']}/report").get_json() == report


def test_a_ruleset_is_tuned_by_its_name_and_a_shelved_kit_by_its(app):
    client = app.test_client()
    assert client.post("/kits", json={"kit": DICE_RACE}).status_code == 201
    by_name = client.post("/tunings", json={**SMALL, "game": "dice-race", "options": {}})
    assert by_name.status_code == 202, by_name.get_json()
    assert by_name.get_json()["asked"]["ruleset"] == "table-kit"
    assert finished(client, by_name.headers["Location"])["report"]["recommended"]["values"] == {"head_start": 2}


REFUSED = [
    ("an unknown game", {"game": "chess", "options": {}}, 404, "unknown-ruleset", "no ruleset named 'chess'"),
    ("an unknown option", {"vary": ["speed=1..3"]}, 422, "invalid-setup", "has no option 'speed' to vary; it has: finish"),
    ("a value out of its limits", {"vary": ["head_start=0..300:50"]}, 422, "invalid-setup", "200 is above its maximum, 199"),
    ("one value only", {"vary": ["head_start=3"]}, 422, "invalid-setup", "at least two values"),
    ("a goal the game cannot measure", {"goals": ["sides"]}, 422, "invalid-setup", "gives its seats no sides"),
    ("a limit goal in a game without limits", {"goals": ["limits<=0.1"]}, 422, "invalid-setup", "no turn or round limit"),
    ("a goal that is none", {"goals": ["fairness"]}, 422, "invalid-setup", "fairness"),
    ("a kit without rules", {"options": {"kit": {k: v for k, v in DICE_RACE.items() if k != "play"}}}, 422, "invalid-setup",
     "holds no rules"),
    ("a kit with mistakes", {"options": {"kit": {**DICE_RACE, "seats": {"fewest": 3, "most": 2}}}}, 422, "invalid-kit", "bad kit"),
    ("a table kit without its kit", {"options": {}}, 422, "invalid-setup", "needs the kit"),
    ("players no game takes", {"players": 9}, 422, "invalid-setup", "1 to 8 players"),
    ("players the kit does not take", {"players": 3}, 422, "invalid-setup", "Dice race is played by 2 players, not 3"),
    ("a kit that is no document", {"options": {"kit": "dice-race"}}, 422, "invalid-setup", "options.kit is a kit document"),
    ("a kit given to another game", {"game": "correction"}, 422, "invalid-setup", "give it with the game 'table-kit'"),
    ("a budget too large", {"budget": "999999"}, 422, "invalid-setup", "at most"),
    ("too many games a candidate", {"most_games": 2001}, 400, "invalid-request", "most_games: Must be greater than or equal to 10"),
    ("too many candidates", {"candidates": 41}, 400, "invalid-request", "candidates: Must be"),
    ("too large a confirmation", {"confirm": 1001}, 400, "invalid-request", "confirm: Must be"),
    ("too large a block", {"block": 501}, 400, "invalid-request", "block: Must be"),
    ("too small a block", {"block": 5}, 400, "invalid-request", "block: Must be"),
    ("no values to vary", {"vary": []}, 400, "invalid-request", "vary: Length must be"),
    ("an unknown bot", {"bot": "clever"}, 400, "invalid-request", "bot: Must be one of"),
    ("a field it does not take", {"games": 10}, 400, "invalid-request", "games: Unknown field"),
    ("a size that is no number", {"block": "ten"}, 400, "invalid-request", "block: Not a valid integer"),
]


@pytest.mark.parametrize(("case", "change", "status", "kind", "detail"), REFUSED, ids=[case[0] for case in REFUSED])
def test_what_the_game_or_the_caps_refuse_is_refused_before_anything_runs(app, case, change, status, kind, detail):
    client = app.test_client()
    body = {**SMALL, **change}
    body = {key: value for key, value in body.items() if value is not None}
    refused = client.post("/tunings", json=body)
    assert refused.status_code == status, refused.get_json()
    assert refused.get_json()["type"] == PROBLEM + kind
    assert detail in refused.get_json()["detail"], refused.get_json()["detail"]
    assert jobs_of(app) == 0


@pytest.mark.parametrize("body", [None, "[]", "{\"game\": "])
def test_a_body_that_is_not_a_json_object_of_the_shape_is_a_400(app, body):
    client = app.test_client()
    refused = client.post("/tunings", data=body, content_type="application/json") if body else client.post("/tunings", data="x")
    assert refused.status_code == 400 and refused.get_json()["type"] == PROBLEM + "invalid-request"
    missing = client.post("/tunings", json={"game": "table-kit"})
    assert missing.status_code == 400 and "vary: Missing data for required field" in missing.get_json()["detail"]
    assert jobs_of(app) == 0


def test_progress_is_there_while_a_tuning_runs(app, gate):
    client = app.test_client()
    started = client.post("/tunings", json=SMALL)
    assert gate.waiting.acquire(timeout=30)
    running = client.get(started.headers["Location"]).get_json()
    assert running["state"] == "running" and running["started"] is not None and running["finished"] is None
    assert running["progress"]["games"] == 20 and running["progress"]["stage"] == "race"
    assert "report" not in running
    early = client.get(f"{started.headers['Location']}/report?format=html")
    assert early.status_code == 409 and "is running, so it has no report yet" in early.get_json()["detail"]
    gate.set()
    done = finished(client, started.headers["Location"])
    assert done["state"] == "done" and done["progress"]["round"] >= 1 and done["progress"]["games"] == done["report"]["games"]


def test_one_tuning_too_many_is_refused_with_429_and_starts_nothing(make_app, gate):
    app = make_app(LUDOLOG_TUNINGS_PER_ADDRESS=None, LUDOLOG_TUNINGS_PER_TOKEN=1, LUDOLOG_TUNINGS_MAX=2)
    client = app.test_client()
    mine = {"Authorization": "Bearer mine"}
    assert client.post("/tunings", json=SMALL, headers=mine).status_code == 202
    assert gate.waiting.acquire(timeout=30)
    again = client.post("/tunings", json=SMALL, headers=mine)
    assert again.status_code == 429 and again.headers["Retry-After"] == "30"
    assert again.get_json()["type"] == PROBLEM + "too-many-tunings"
    assert again.get_json()["detail"].startswith("this token may run 1 tuning at once already")
    assert jobs_of(app) == 1
    assert client.post("/tunings", json=SMALL, headers={"Authorization": "Bearer other"}).status_code == 202
    third = client.post("/tunings", json=SMALL, headers={"Authorization": "Bearer third"})
    assert third.status_code == 429 and third.get_json()["detail"].startswith("this server runs 2 tunings at once already")
    assert jobs_of(app) == 2
    gate.set()
    for job in list(app.extensions["ludolog-tunings"]._jobs.values()):
        assert finished(client, f"/tunings/{job.id}")["state"] == "done"
    assert client.post("/tunings", json=SMALL, headers=mine).status_code == 202  # a finished tuning counts no more


def test_one_address_runs_one_tuning_by_default(app, gate):
    client = app.test_client()
    assert client.post("/tunings", json=SMALL).status_code == 202
    assert gate.waiting.acquire(timeout=30)
    again = client.post("/tunings", json=SMALL, headers={"Authorization": "Bearer another"})
    assert again.status_code == 429 and again.get_json()["detail"].startswith("this address may run 1 tuning")


def test_a_tuning_past_its_time_fails_saying_so(make_app):
    app = make_app(LUDOLOG_TUNING_SECONDS=1e-9)
    client = app.test_client()
    started = client.post("/tunings", json=SMALL)
    failed = finished(client, started.headers["Location"])
    assert failed["state"] == "failed" and "ran out of time" in failed["error"] and "report" not in failed
    report = client.get(f"{started.headers['Location']}/report")
    assert report.status_code == 409 and "the tuning failed, so it has no report: the tune ran out of time" in report.get_json()["detail"]


def test_the_oldest_finished_tunings_are_forgotten_past_the_cap(make_app):
    app = make_app(LUDOLOG_TUNINGS_KEPT=1)
    client = app.test_client()
    tiny = {**SMALL, "vary": ["head_start=0,2"], "most_games": 10}
    first = client.post("/tunings", json=tiny).headers["Location"]
    assert finished(client, first)["state"] == "done"
    second = client.post("/tunings", json=tiny).headers["Location"]
    assert finished(client, second)["state"] == "done"
    gone = client.get(first)
    assert gone.status_code == 404 and gone.get_json()["type"] == PROBLEM + "unknown-tuning"
    assert client.get(second).status_code == 200


def test_an_unknown_tuning_and_an_unknown_format(app):
    client = app.test_client()
    unknown = client.get("/tunings/0b6e4a52-7c0e-4a8f-9a43-6f1c2d3e4b5a")
    assert unknown.status_code == 404 and "no tuning '0b6e4a52" in unknown.get_json()["detail"]
    assert client.get("/tunings/0b6e4a52-7c0e-4a8f-9a43-6f1c2d3e4b5a/report").status_code == 404
    started = client.post("/tunings", json={**SMALL, "vary": ["head_start=0,2"], "most_games": 10}).headers["Location"]
    finished(client, started)
    assert client.get(f"{started}/report?format=pdf").status_code == 400


def test_the_tunings_settings_are_read_from_the_environment():
    settings = settings_from({"LUDOLOG_TUNINGS_MAX": "3", "LUDOLOG_TUNINGS_PER_ADDRESS": "off", "LUDOLOG_TUNING_SECONDS": "90"})
    assert (settings["LUDOLOG_TUNINGS_MAX"], settings["LUDOLOG_TUNINGS_PER_ADDRESS"], settings["LUDOLOG_TUNING_SECONDS"]) == (3, None, 90.0)
    with pytest.raises(ValueError, match="LUDOLOG_TUNINGS_PER_TOKEN"):
        settings_from({"LUDOLOG_TUNINGS_PER_TOKEN": "many"})


@pytest.mark.slow
def test_a_full_tuning_in_the_worker_processes_finds_the_fair_head_start_and_confirms_it(make_app):
    app = make_app(LUDOLOG_BOT_PROCESSES=1)
    client = app.test_client()
    started = client.post("/tunings", json={**SMALL, "vary": ["head_start=0..10"], "block": 100, "most_games": 600, "confirm": 1000})
    done = finished(client, started.headers["Location"], seconds=600)
    assert done["state"] == "done", done.get("error")
    report = done["report"]
    assert report["recommended"]["values"] == {"head_start": 2}
    standing = {row["values"]["head_start"]: row["standing"] for row in report["candidates"]}
    assert all(standing[far] == "dropped" for far in (0, 5, 6, 7, 8, 9, 10))
    assert report["confirmation"]["verdict"] == "better" and done["progress"]["stage"] == "confirm"


def test_the_web_app_links_the_tune_page_whose_module_imports_what_the_others_export(client):
    """The page itself is tried in a browser (tests/browser/test_tune_web.py, slow); here, what it is made of."""
    import re

    assert '<a href="#/tune">Tune a rule</a>' in client.get("/").get_data(as_text=True)
    assert 'showTune } from "./tune.js"' in client.get("/web/app.js").get_data(as_text=True)
    tune = client.get("/web/tune.js").get_data(as_text=True)
    assert '"/tunings"' in tune and "/tunings/${job.id}/report?format=html" in tune
    for names, module in re.findall(r'import \{([^}]+)\} from "\./([a-z_]+\.js)"', tune):
        exported = client.get(f"/web/{module}").get_data(as_text=True)
        for name in (n.strip() for n in names.split(",")):
            assert re.search(rf"export (?:async )?function {name}\b", exported), f"{module} exports no {name}"
