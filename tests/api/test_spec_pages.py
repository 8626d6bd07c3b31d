"""The API serves its own description (``api/spec_pages.py``): ``/openapi.yaml`` as shipped, ``/openapi.json``
the same document, ``/docs`` a reference page made from it that runs no script and loads nothing from
elsewhere; the package holds the spec, so an installed server finds it."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import spec as oas
import yaml

from api import spec_pages

ROOT = Path(__file__).resolve().parents[2]


def test_the_yaml_is_the_projects_file_as_shipped(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200 and response.mimetype == "application/yaml"
    assert response.get_data() == (ROOT / "openapi.yaml").read_bytes()


def test_the_json_is_the_same_document(client):
    response = client.get("/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert json.loads(response.get_data()) == oas.spec()


def test_the_reference_page_shows_every_operation_and_schema_and_runs_no_script(client):
    response = client.get("/docs")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    for path, item in oas.spec()["paths"].items():
        for method, operation in item.items():
            if method in oas.METHODS:
                assert f'id="{operation["operationId"].lower()}"' in page, operation["operationId"]
                assert f"<code>{path}</code>" in page, path
    for name in oas.spec()["components"]["schemas"]:
        assert f'id="schema-{name.lower()}"' in page, name
    assert "<script" not in page.lower()
    assert not re.search(r'(?:src|href)="(?:https?:)?//', page)  # nothing loaded from elsewhere
    assert "script-src" not in response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]


def test_the_pages_markdown_cannot_inject_html(monkeypatch):
    document = {**oas.spec(), "info": {**oas.spec()["info"], "description": "<script>alert(1)</script> **bold**"}}
    monkeypatch.setattr(spec_pages, "spec", lambda: document)
    spec_pages.page.cache_clear()
    try:
        page = spec_pages.page()
    finally:
        spec_pages.page.cache_clear()
    assert "<script>" not in page and "&lt;script&gt;" in page and "<strong>bold</strong>" in page


def test_each_is_revalidated_by_its_etag(client):
    for path in ("/openapi.yaml", "/openapi.json", "/docs"):
        first = client.get(path)
        assert first.headers["ETag"] and "max-age=300" in first.headers["Cache-Control"]
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and again.get_data() == b""
        other = client.get(path, headers={"If-None-Match": '"not-it"'})
        assert other.status_code == 200 and other.get_data() == first.get_data()


def test_the_package_holds_the_spec():
    packaged = ROOT / "api" / "openapi.yaml"
    assert packaged.read_bytes() == (ROOT / "openapi.yaml").read_bytes()  # the link to the top's file
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert any(pattern in ("*.yaml", "openapi.yaml") for pattern in data.get("api", []) + data.get("*", []))
    assert spec_pages.PLACES[0] == packaged


def test_a_checkout_without_links_reads_the_tops_copy(tmp_path, monkeypatch):
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "openapi.yaml").write_text("../openapi.yaml")  # git's stand-in for a link
    (tmp_path / "openapi.yaml").write_bytes((ROOT / "openapi.yaml").read_bytes())
    monkeypatch.setattr(spec_pages, "PLACES", (tmp_path / "api" / "openapi.yaml", tmp_path / "openapi.yaml"))
    spec_pages.spec_bytes.cache_clear()
    try:
        assert yaml.safe_load(spec_pages.spec_bytes())["openapi"].startswith("3.1")
    finally:
        spec_pages.spec_bytes.cache_clear()
