"""``/rulesets``: the games this service plays, their seats, options and command shapes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import schemas
from domain import registry
from domain.ruleset import Ruleset

blueprint = Blueprint("rulesets", __name__)


def describe(rules: Ruleset) -> dict[str, Any]:
    return {
        "name": rules.name,
        "title": rules.title,
        "summary": rules.summary,
        "min_seats": rules.min_seats,
        "max_seats": rules.max_seats,
        "version": rules.version,
        "options": rules.describe_options(),
        "commands": [{"type": s.type, "summary": s.summary, "schema": s.json_schema()} for s in rules.command_shapes],
    }


@blueprint.get("/rulesets")
def list_rulesets() -> Any:
    return schemas.RULESETS.dump({"rulesets": [describe(rules) for rules in registry.all_rulesets()]})


@blueprint.get("/rulesets/<name>")
def get_ruleset(name: str) -> Any:
    return schemas.RULESET.dump(describe(registry.get(name)))
