"""``/rulesets``: the games this service plays, their seats, options and command shapes; a kit on the
shelf (``/kits``) is answered by its name too, as the ruleset ``table-kit`` playing that kit."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import answers
from api.context import service
from domain.engine import registry
from domain.keeping.kit_shelf import KitShelf

blueprint = Blueprint("rulesets", __name__)


@blueprint.get("/rulesets")
def list_rulesets() -> Any:
    return answers.RULESETS.dump({"rulesets": [rules.to_data() for rules in registry.all_rulesets()]})


@blueprint.get("/rulesets/<name>")
def get_ruleset(name: str) -> Any:
    data = KitShelf(service()).ruleset_data(name)
    return (answers.KIT_RULESET if "kit" in data else answers.RULESET).dump(data)
