"""``/tunings``: ``ludolog tune`` over HTTP, as a job. ``POST /tunings`` checks everything the command checks
(the game, each value to vary against its option's limits, each goal against what the game can measure, the
sizes against the API's caps) and, only then, starts the tune in the background (``api.tuning_jobs``): 202,
``Location: /tunings/{id}``. ``GET /tunings/{id}`` is the job: its state, its progress (the race's round, the
candidates tried and still in it, the games played) and, once done, its report's figures;
``GET /tunings/{id}/report?format=html|markdown|json`` the report written out (``replays.tune_report``).

A job needs no token, and its id is its only key: a tune holds no secret (bots' games of a rule set and
the figures they give), and its id, a random UUID given only to whoever started it, is not listed anywhere,
so only those told it read the job. A token sent is counted (hashed) for the per-token limit only.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Flask, Response, current_app, json, request, url_for

from api import schemas
from api.auth import bearer, token_key
from api.context import service
from api.costly import costly_now
from api.games import json_body
from api.problems import problem
from api.tuning_jobs import (
    DEFAULTS,
    DONE,
    KEPT,
    RETRY_SECONDS,
    SECONDS,
    SETTINGS,
    Jobs,
    TooManyTunings,
    TuningNotDone,
)
from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.keeping.kit_shelf import KitShelf, checked
from domain.thinking.bots import parse_budget

if TYPE_CHECKING:
    from domain.thinking.tuning.race import Tune

__all__ = ["DEFAULTS", "SECONDS", "SETTINGS", "blueprint", "install"]

blueprint = Blueprint("tunings", __name__)

MEDIA_TYPES = {"json": "application/json", "html": "text/html", "markdown": "text/markdown"}
REPORT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
"""A report written as HTML holds its style and its charts inline and runs nothing: it may load nothing else."""


def install(app: Flask) -> None:
    per_token, per_address, most = (app.config[name] for name in SETTINGS)
    app.extensions["ludolog-tunings"] = Jobs(per_token, per_address, most, float(app.config[SECONDS]), int(app.config[KEPT]),
                                             int(app.config["LUDOLOG_BOT_PROCESSES"]))

    @app.errorhandler(TooManyTunings)
    def too_many(error: TooManyTunings) -> Response:
        response = problem(error.kind, str(error))
        response.headers["Retry-After"] = str(RETRY_SECONDS)
        return response


def jobs() -> Jobs:
    found: Jobs = current_app.extensions["ludolog-tunings"]
    return found


@blueprint.post("/tunings")
def start_tuning() -> Response:
    given = schemas.NEW_TUNING.load(json_body())
    checks_a_kit = isinstance(given["options"].get("kit"), dict)
    with costly_now() if checks_a_kit else contextlib.nullcontext():
        plan, asked = planned(given)
    job = jobs().start(plan, given["confirm"], asked, token_key(bearer(), "tunings"), request.remote_addr or "")
    response = Response(json.dumps(job.to_json()), status=202, mimetype="application/json")
    response.headers["Location"] = url_for("tunings.get_tuning", tuning_id=job.id)
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/tunings/<tuning_id>")
def get_tuning(tuning_id: str) -> Response:
    response = Response(json.dumps(jobs().get(tuning_id).to_json()), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/tunings/<tuning_id>/report")
def tuning_report(tuning_id: str) -> Response:
    from replays import tune_report as written

    form = schemas.TUNING_REPORT_QUERY.load(request.args.to_dict())["format"]
    job = jobs().get(tuning_id)
    if job.state != DONE or job.report is None:
        if job.error is not None:
            raise TuningNotDone(f"the tuning failed, so it has no report: {job.error}")
        raise TuningNotDone(f"the tuning is {job.state}, so it has no report yet: its progress is at /tunings/{job.id}")
    if form not in job.written:
        job.written[form] = {"json": written.to_json, "html": written.to_html, "markdown": written.to_markdown}[form](job.report)
    response = Response(job.written[form], mimetype=MEDIA_TYPES[form])
    response.headers["Cache-Control"] = "no-store"
    if form == "html":
        response.headers["Content-Security-Policy"] = REPORT_POLICY
    return response


def planned(given: dict[str, Any]) -> tuple[Tune, dict[str, Any]]:
    """The tune the body asks for, checked as ``ludolog tune`` checks it before a game is played, and what was asked
    (to show beside its progress); ``InvalidSetup``, ``InvalidKit`` or ``UnknownRuleset`` naming what is wrong."""
    # the search (Optuna) is loaded by the first tune, not by every server that starts
    from domain.thinking.tuning.run import planned as tune_planned

    ruleset, options, _ = KitShelf(service()).game_setup(given["game"], given["options"], None)
    kit = options.get("kit")
    if kit is not None:
        if not isinstance(kit, dict):
            raise InvalidSetup("options.kit is a kit document: a JSON object, with its rules in 'play'")
        if ruleset != "table-kit":
            raise InvalidSetup(f"options.kit is a table kit's: give it with the game 'table-kit', not {ruleset!r}")
        options["kit"] = checked(kit)
    elif ruleset == "table-kit":
        raise InvalidSetup("a table kit's tune needs the kit, with its rules, in options.kit (or a kit's name on the shelf as the game)")
    parse_budget(given["budget"])
    plan = tune_planned(ruleset, options, given["players"], lambda players: (given["bot"],) * players, given["vary"], given["goals"],
                        budget=given["budget"], seed=given["seed"], block=given["block"], most_games=given["most_games"],
                        candidates=given["candidates"])
    title, players = registry.get(ruleset).game_title(plan.study.options), plan.study.players
    fixed = {key: value for key, value in given["options"].items() if key != "kit"}
    asked = {"game": given["game"], "title": title, "ruleset": ruleset, "players": players, "options": fixed,
             **{key: given[key] for key in ("vary", "goals", "bot", "budget", "seed", "block", "most_games", "candidates", "confirm")}}
    return plan, asked
