"""``/rulesets``: the games this service plays, their seats, options and command shapes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import answers
from domain import registry

blueprint = Blueprint("rulesets", __name__)


@blueprint.get("/rulesets")
def list_rulesets() -> Any:
    return answers.RULESETS.dump({"rulesets": [rules.to_data() for rules in registry.all_rulesets()]})


@blueprint.get("/rulesets/<name>")
def get_ruleset(name: str) -> Any:
    return answers.RULESET.dump(registry.get(name).to_data())
