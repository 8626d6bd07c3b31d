"""openapi.yaml's ``TableKitCommand`` is the table kit's generic commands exactly, as the ruleset checks them."""

from __future__ import annotations

from pathlib import Path

import yaml

from domain.engine import registry

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8"))


def test_the_specs_table_kit_command_is_every_generic_command_shape():
    published = SPEC["components"]["schemas"]["TableKitCommand"]["oneOf"]
    assert published == [shape.json_schema() for shape in registry.get("table-kit").command_shapes]
