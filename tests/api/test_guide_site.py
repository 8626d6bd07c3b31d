"""The guide is served beside the API: built by MkDocs from ``api/guide`` with no warning (``--strict``), its
generated reference pages made from what they describe (every operation of ``openapi.yaml``, every command
of the CLI, every game's rulings, every shipped kit), every page and file it loads served by the app with
nothing from elsewhere and a policy that allows only the page's own inline scripts; a site that cannot be
built is a clear 503, with nothing half-written left behind."""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest
from spec import operations, validate_response

from api import create_app, guide_site
from cli.main import cli
from tests.documentation import GUIDE

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The guide built once for this module, strictly: a warning (a broken link, an anchor no page has, a page
    left out of the navigation) fails the build."""
    site = tmp_path_factory.mktemp("guide") / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(GUIDE / "mkdocs.yml"),
                           "--site-dir", str(site)], capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": ""})
    assert done.returncode == 0, done.stderr
    return site


@pytest.fixture(scope="module")
def client(site, tmp_path_factory):
    """The app, its guide folder holding the strictly built site under the name the server looks for."""
    root = tmp_path_factory.mktemp("guides")
    guide_site.site_folder(str(root)).symlink_to(site, target_is_directory=True)
    app = create_app({"LUDOLOG_DATABASE_URL": ":memory:", "LUDOLOG_GUIDE_DIR": str(root),
                      "LUDOLOG_RATE_LIMIT_PER_TOKEN": "off", "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off"})
    return app.test_client()


def fetched(client, path: str):
    response = client.get(path)
    validate_response("GET", path, response)
    return response


def test_the_guide_opens_at_its_first_page(client):
    response = fetched(client, "/guide")
    assert response.status_code == 302 and response.headers["Location"] == "/guide/index.html"
    page = fetched(client, "/guide/index.html")
    assert page.status_code == 200 and page.mimetype == "text/html" and b"ludolog" in page.data


def test_each_page_allows_exactly_its_own_inline_scripts_and_loads_nothing_from_elsewhere(client, site):
    for html in sorted(site.rglob("*.html")):
        path = "/guide/" + html.relative_to(site).as_posix()
        response = fetched(client, path)
        scripts = re.findall(rb"<script>(.*?)</script>", response.data, re.S)
        allowed = re.findall(r"'sha256-([^']+)'", response.headers["Content-Security-Policy"])
        assert allowed == [base64.b64encode(hashlib.sha256(script).digest()).decode() for script in scripts], path
        assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]
        assert not re.search(rb"<(?:script|link|img)[^>]+(?:src|href)=\"(?:https?:)?//", response.data), path
    for asset in ("assets/stylesheets", "assets/javascripts", "search/search_index.json"):
        found = sorted((site / asset).rglob("*.*")) if (site / asset).is_dir() else [site / asset]
        response = fetched(client, "/guide/" + found[0].relative_to(site).as_posix())
        assert response.status_code == 200 and response.data == found[0].read_bytes()


def test_the_rest_reference_names_every_operation_of_the_spec(client):
    page = fetched(client, "/guide/reference/rest-operations.html").get_data(as_text=True)
    for method, path in operations():
        assert f"{method} {path}" in page.replace("&#123;", "{").replace("&#125;", "}"), (method, path)


def test_the_cli_reference_shows_every_command_and_its_help(client):
    page = fetched(client, "/guide/reference/cli.html").get_data(as_text=True)
    for name, command in cli.commands.items():
        assert f"ludolog {name}" in page, name
        first_line = (command.help or "").strip().splitlines()[0]
        assert first_line.split(".")[0][:40] in page.replace("&#39;", "'").replace("&quot;", '"'), name


def test_every_game_s_rulings_and_every_shipped_kit_have_a_page(client):
    for rulings in sorted((ROOT / "domain" / "games").glob("*/RULINGS.md")):
        page = fetched(client, f"/guide/reference/rulings/{rulings.parent.name.replace('_', '-')}.html")
        assert page.status_code == 200
        first_ruling = next(line for line in rulings.read_text("utf-8").splitlines() if line.startswith("## "))
        assert re.sub(r"[`*]", "", first_ruling[3:]).split(":")[0][:30] in re.sub(r"<[^>]+>", "", page.get_data(as_text=True))
    for kit in sorted((ROOT / "domain" / "games" / "table_kit" / "kits").glob("*.yaml")):
        page = fetched(client, f"/guide/reference/kits/{kit.stem}.html")
        assert page.status_code == 200 and kit.name.encode() in page.data


@pytest.mark.parametrize("path", ["/guide/nope.html", "/guide/../openapi.yaml", "/guide/%2e%2e/%2e%2e/pyproject.toml"])
def test_a_file_the_guide_lacks_is_not_found(client, path):
    response = client.get(path)
    assert response.status_code == 404 and response.json["type"].endswith(":not-found")


def test_too_many_requests_for_the_guide_are_refused_as_for_any_route(site, tmp_path):
    guide_site.site_folder(str(tmp_path)).symlink_to(site, target_is_directory=True)
    app = create_app({"LUDOLOG_DATABASE_URL": ":memory:", "LUDOLOG_GUIDE_DIR": str(tmp_path),
                      "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "2/minute", "LUDOLOG_RATE_LIMIT_PER_TOKEN": "off"})
    client = app.test_client()
    answers = [client.get(path) for path in ("/guide", "/guide/index.html", "/guide", "/guide/index.html")]
    assert [answer.status_code for answer in answers] == [302, 200, 429, 429]
    for path, answer in zip(("/guide", "/guide/index.html", "/guide", "/guide/index.html"), answers):
        validate_response("GET", path, answer)


def test_a_guide_that_cannot_be_built_is_a_clear_503_and_leaves_nothing_behind(tmp_path, monkeypatch):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "mkdocs.yml").write_text("site_name: broken\nnav:\n  - missing.md\ntheme: {name: no-such-theme}\n")
    monkeypatch.setattr(guide_site, "GUIDE", broken)
    guide_site.fingerprint.cache_clear()
    monkeypatch.setattr(guide_site, "SOURCES", (broken,))
    try:
        app = create_app({"LUDOLOG_DATABASE_URL": ":memory:", "LUDOLOG_GUIDE_DIR": str(tmp_path / "sites")})
        response = app.test_client().get("/guide/index.html")
        validate_response("GET", "/guide/index.html", response)
        assert response.status_code == 503 and response.json["type"].endswith(":guide-unavailable")
        assert response.headers["Retry-After"] == "60" and str(tmp_path) not in response.json["detail"]
        assert list((tmp_path / "sites").iterdir()) == []
    finally:
        guide_site.fingerprint.cache_clear()
