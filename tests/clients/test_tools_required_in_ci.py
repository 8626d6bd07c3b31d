"""A green CI run cannot hide an untested client: without node and npm (or with too old a node), the npm
tests skip on a developer's machine, saying why, but fail under ``CI=true``."""

from __future__ import annotations

import shutil

import pytest
from client_tools import needed, node_missing


def test_a_missing_tool_fails_the_client_tests_under_ci_and_skips_them_elsewhere(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true: the generated-client tests must run"):
        needed("node and npm are not on the PATH")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="node and npm are not on the PATH"):
        needed("node and npm are not on the PATH")


def test_node_and_npm_missing_or_too_old_is_said(tmp_path):
    assert node_missing(lambda name: None) == "node and npm are not on the PATH: the TypeScript client and the spec lint need them"
    assert "not on the PATH" in (node_missing(lambda name: shutil.which("node") if name == "node" else None) or "")
    old_node = tmp_path / "node"
    old_node.write_text("#!/bin/sh\necho v18.20.4\n", encoding="utf-8")
    old_node.chmod(0o755)
    assert node_missing(lambda name: str(old_node)) == "node v18.20.4 is older than the npm tools need (20.19 or later)"
