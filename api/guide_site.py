"""The guide, served beside the API: ``GET /guide`` and ``GET /guide/{page}``.

The guide's pages live in ``api/guide/`` (``mkdocs.yml``, ``docs/``, ``hooks.py``); MkDocs with the Material
theme makes them a site. The site is built the first time a page is asked for, in a process of its own (a
few seconds; the server's other requests go on meanwhile), into a folder named by a hash of what it is made
from (the pages, the spec, the rulings, the shipped kits, the commands' help), so a server started from the
same sources reuses it, and a changed page makes a new one. ``LUDOLOG_GUIDE_DIR`` names where those folders
go (default: the system's temporary folder). A site is written whole, then renamed into place: two workers
building at once both finish, and one of them wins. A build that fails answers 503 ``guide-unavailable``.

The site loads nothing from elsewhere (no font, script or style from another host). Its pages carry a few
inline scripts of the theme's; each page's Content Security Policy allows exactly those, by their hashes."""

from __future__ import annotations

import base64
import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from flask import Blueprint, Response, current_app, send_from_directory

from api.problems import problem

blueprint = Blueprint("guide", __name__)

HERE = Path(__file__).resolve().parent
GUIDE = HERE / "guide"
SOURCES = (GUIDE, HERE / "openapi.yaml", HERE.parent / "domain" / "games", HERE.parent / "cli")
"""What the site is made from: a change to any of these files makes a new site."""

POLICY = ("default-src 'none'; script-src 'self'{hashes}; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SERVED = (".html", ".css", ".js", ".json", ".jpg", ".png", ".svg")
"""The kinds of file of the site that are served (not its sitemap, nor its scripts' source maps)."""
INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)
BUILD_SECONDS = 300
_building = threading.Lock()


@functools.cache
def fingerprint() -> str:
    """A hash of every source file of the site, and of the versions of the packages that build it."""
    digest = hashlib.sha256()
    for source in SOURCES:
        files = sorted(source.rglob("*")) if source.is_dir() else [source]
        for path in files:
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".md", ".yml", ".yaml", ".py", ".json", ".jpg", ".png", ".svg", ".css"):
                digest.update(path.relative_to(source).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for package in ("mkdocs", "mkdocs-material", "mkdocs-click"):
        digest.update(_version(package).encode())
    return digest.hexdigest()[:16]


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "absent"


def site_folder(root: str | None) -> Path:
    """Where this server's site is (or will be) built."""
    return Path(root or tempfile.gettempdir()) / f"ludolog-guide-{fingerprint()}"


class GuideUnavailable(Exception):
    """The site could not be built: the reason, in one line."""


def built(root: str | None) -> Path:
    """The site's folder, built first if it is not there yet."""
    site = site_folder(root)
    if (site / "index.html").is_file():
        return site
    with _building:
        if not (site / "index.html").is_file():
            build(site)
    return site


def build(site: Path) -> None:
    """MkDocs builds the site in a process of its own, into a new folder renamed to ``site`` when whole."""
    site.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=site.name + ".", dir=site.parent))
    try:
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--config-file", str(GUIDE / "mkdocs.yml"),
                               "--site-dir", str(partial)], capture_output=True, text=True, timeout=BUILD_SECONDS,
                              env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, stdin=subprocess.DEVNULL)
        if done.returncode != 0 or not (partial / "index.html").is_file():
            sys.stderr.write(done.stderr)
            raise GuideUnavailable(f"mkdocs exited {done.returncode}; the server's log says why")
        try:
            os.replace(partial, site)
        except OSError:
            if not (site / "index.html").is_file():  # another worker's site took the name first: it serves
                raise
    except subprocess.TimeoutExpired as error:
        raise GuideUnavailable(f"building the guide took more than {BUILD_SECONDS} seconds") from error
    finally:
        shutil.rmtree(partial, ignore_errors=True)


@functools.lru_cache(maxsize=256)
def policy_of(page: Path, size: int, modified: float) -> str:
    """The page's Content Security Policy: its own inline scripts allowed by hash, nothing else inline."""
    hashes = "".join(f" 'sha256-{base64.b64encode(hashlib.sha256(script).digest()).decode()}'"
                     for script in INLINE_SCRIPT.findall(page.read_bytes()))
    return POLICY.format(hashes=hashes)


@blueprint.get("/guide")
def guide() -> Response:
    return Response(status=302, headers={"Location": "/guide/index.html"})


@blueprint.get("/guide/<path:page>")
def guide_page(page: str) -> Response:
    try:
        site = built(current_app.config.get("LUDOLOG_GUIDE_DIR") or os.environ.get("LUDOLOG_GUIDE_DIR"))
    except GuideUnavailable as error:
        response = problem("guide-unavailable", f"the guide could not be built: {error}")
        response.headers["Retry-After"] = "60"
        return response
    target = (site / page).resolve()
    if not target.is_relative_to(site.resolve()) or not target.is_file() or target.suffix not in SERVED:
        return problem("not-found", f"the guide has no page {page!r}", status=404, title="Not Found")
    response = send_from_directory(site, page, max_age=300)
    response.headers["Content-Security-Policy"] = (
        policy_of(target, target.stat().st_size, target.stat().st_mtime) if target.suffix == ".html" else POLICY.format(hashes=""))
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    return response
