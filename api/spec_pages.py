"""The API describes itself: ``GET /openapi.yaml`` (the spec as shipped), ``GET /openapi.json`` (the same
document as JSON) and ``GET /docs`` (a reference page made from it), all from the package, nothing
loaded from elsewhere.

**Where the spec is.** ``openapi.yaml`` lives at the top of the project; ``api/openapi.yaml`` links to it,
so the package holds it (``pyproject.toml``'s package data takes ``*.yaml``, and a built wheel or sdist
holds the file itself). A checkout without symbolic links (one on Windows) holds the link as a one-line
file: the top's copy is read then.

**YAML's media type.** ``application/yaml``, the type IANA registered for YAML in RFC 9512 (2024);
``application/x-yaml`` and ``text/yaml`` were only ever used unregistered.

**The reference page is made here, not vendored.** A renderer such as Redoc's standalone bundle, Scalar or
Swagger UI would be a megabyte or more of third-party JavaScript in the package, to keep up to date for
its security fixes, and it needs inline styles, workers or ``eval`` that the app's Content Security
Policy forbids (``api.web``). The spec is the API's one reference, and its descriptions are Markdown:
this module lays it out as one static HTML page (each operation with its parameters, bodies, statuses,
headers and examples; each schema with its properties), the Markdown rendered by markdown-it-py (already
a dependency, raw HTML off), everything else escaped. The page runs no script (its policy allows none),
so it works offline, in any browser and in a text one. Trying requests is the README's curl examples'
job, not the page's.
"""

from __future__ import annotations

import functools
import hashlib
import json
import pathlib
from typing import Any

import yaml
from flask import Blueprint, Response, request
from markdown_it import MarkdownIt
from markupsafe import Markup

HERE = pathlib.Path(__file__).parent
PLACES = (HERE / "openapi.yaml", HERE.parent / "openapi.yaml")
"""Where the spec is looked for: the package's copy (a link to the top's in a checkout), then the top's."""

YAML_TYPE = "application/yaml"
POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; "
          "frame-ancestors 'none'")
"""The reference page's Content Security Policy: no script at all, its one inline style sheet."""

METHODS = ("get", "put", "post", "patch", "delete")
STYLE = """body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1d2733}
code,pre{font:13px ui-monospace,monospace;background:#f3f5f8}pre{padding:.6rem;overflow:auto}
table{border-collapse:collapse}td,th{border:1px solid #ccd3dc;padding:.2rem .5rem;vertical-align:top;text-align:left}
h3{border-top:1px solid #ccd3dc;padding-top:.8rem}.m{display:inline-block;min-width:4rem;font-weight:bold;color:#2f6fb3}
nav li{list-style:none}"""

blueprint = Blueprint("spec_pages", __name__)


@functools.cache
def spec_bytes() -> bytes:
    """The spec as shipped (``FileNotFoundError`` names the places looked in when there is none)."""
    for place in PLACES:
        if place.is_file():
            text = place.read_bytes()
            if text.startswith(b"openapi:"):
                return text
    raise FileNotFoundError(f"no openapi.yaml in {', '.join(str(place) for place in PLACES)}")


@functools.cache
def spec() -> dict[str, Any]:
    """The spec as a document (read once; libyaml's loader when installed, ten times faster)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    document: dict[str, Any] = yaml.load(spec_bytes(), Loader=loader)  # noqa: S506 (a safe loader)
    return document


@functools.cache
def spec_json() -> bytes:
    return json.dumps(spec(), ensure_ascii=False, indent=1).encode("utf-8")


@blueprint.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return _unchanging(spec_bytes(), YAML_TYPE)


@blueprint.get("/openapi.json")
def openapi_json() -> Response:
    return _unchanging(spec_json(), "application/json")


@blueprint.get("/docs")
def reference_page() -> Response:
    response = _unchanging(page().encode("utf-8"), "text/html")
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _unchanging(body: bytes, mimetype: str) -> Response:
    """A file that changes only with the server's version: a strong ETag from its content, kept five
    minutes, then revalidated (304 while unchanged)."""
    response = Response(body, mimetype=mimetype)
    response.set_etag(hashlib.sha256(body).hexdigest()[:32])
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response.make_conditional(request)


# -- the reference page ---------------------------------------------------------------------------

_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def _md(text: str | None) -> Markup:
    return Markup(_markdown.render(text or ""))  # noqa: S704 (raw HTML is off: the text is escaped)


def _anchor(*parts: str) -> str:
    return "-".join("".join(c if c.isalnum() else "-" for c in part.lower()).strip("-") for part in parts)


def _resolve(node: Any) -> Any:
    """A ``$ref`` of the spec as what it names."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        target: Any = spec()
        for key in node["$ref"].removeprefix("#/").split("/"):
            target = target[key.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def _type(schema: Any) -> Markup:
    """A schema in a few words: its type, or a link to the named schema it refers to."""
    if not isinstance(schema, dict):
        return Markup("")
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return Markup('<a href="#{}">{}</a>').format(_anchor("schema", name), name)
    for combined in ("oneOf", "anyOf", "allOf"):
        if combined in schema:
            joiner = " and " if combined == "allOf" else " or "
            return Markup(joiner).join(_type(part) for part in schema[combined])
    kind = schema.get("type", "any")
    kind = " or ".join(kind) if isinstance(kind, list) else str(kind)
    if kind == "array":
        return Markup("array of ") + _type(schema.get("items", {}))
    if "enum" in schema:
        return Markup("{}: {}").format(kind, ", ".join(json.dumps(value) for value in schema["enum"]))
    return Markup("{}").format(kind + (f" ({schema['format']})" if "format" in schema else ""))


def _example(value: Any) -> Markup:
    text = value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False, default=str)
    return Markup("<pre>{}</pre>").format(text)


def _operation(path: str, method: str, operation: dict[str, Any], shared: list[Any]) -> list[Markup]:
    out = [Markup('<h3 id="{}"><span class="m">{}</span> <code>{}</code></h3><p><b>{}</b></p>').format(
        _anchor(operation.get("operationId", f"{method} {path}")), method.upper(), path, operation.get("summary", "")),
        _md(operation.get("description"))]
    parameters = [_resolve(p) for p in [*shared, *operation.get("parameters", [])]]
    if parameters:
        out.append(Markup("<table><tr><th>parameter</th><th>in</th><th>type</th><th>about</th></tr>"))
        out += [Markup("<tr><td><code>{}</code>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>").format(
            p["name"], " (required)" if p.get("required") else "", p["in"], _type(p.get("schema")),
            _md(p.get("description"))) for p in parameters]
        out.append(Markup("</table>"))
    body = _resolve(operation.get("requestBody"))
    if body:
        for media, content in body.get("content", {}).items():
            out.append(Markup("<p>Body, <code>{}</code>: {}</p>").format(media, _type(content.get("schema"))))
            if "example" in content:
                out.append(_example(content["example"]))
    for status, answer in operation.get("responses", {}).items():
        answer = _resolve(answer)
        out.append(Markup("<h4>{}</h4>").format(status))
        out.append(_md(answer.get("description")))
        for name, header in answer.get("headers", {}).items():
            out.append(Markup("<p>Header <code>{}</code>: {}</p>").format(name, _md(_resolve(header).get("description"))))
        for media, content in answer.get("content", {}).items():
            out.append(Markup("<p><code>{}</code>: {}</p>").format(media, _type(content.get("schema"))))
            if "example" in content:
                out.append(_example(content["example"]))
    return out


def _schema(name: str, schema: dict[str, Any]) -> list[Markup]:
    out = [Markup('<h3 id="{}">{}</h3>').format(_anchor("schema", name), name), _md(schema.get("description")),
           Markup("<p>{}</p>").format(_type({k: v for k, v in schema.items() if k != "properties"}))]
    properties = schema.get("properties", {})
    if properties:
        required = set(schema.get("required", []))
        out.append(Markup("<table><tr><th>property</th><th>type</th><th>about</th></tr>"))
        out += [Markup("<tr><td><code>{}</code>{}</td><td>{}</td><td>{}</td></tr>").format(
            key, " (required)" if key in required else "", _type(value), _md(value.get("description") if isinstance(value, dict) else ""))
            for key, value in properties.items()]
        out.append(Markup("</table>"))
    return out


@functools.cache
def page() -> str:
    """The reference page: the spec's introduction, a contents list, every operation by tag, every schema."""
    document = spec()
    info = document.get("info", {})
    tags = [tag["name"] for tag in document.get("tags", [])]
    by_tag: dict[str, list[tuple[str, str, dict[str, Any], list[Any]]]] = {tag: [] for tag in tags}
    for path, item in document.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                tag = (item[method].get("tags") or ["other"])[0]
                by_tag.setdefault(tag, []).append((path, method, item[method], item.get("parameters", [])))
    descriptions = {tag["name"]: tag.get("description", "") for tag in document.get("tags", [])}
    contents, sections = [], []
    for tag, operations in by_tag.items():
        contents.append(Markup("<li><b>{}</b><ul>").format(tag))
        contents += [Markup('<li><a href="#{}">{} {}</a></li>').format(
            _anchor(op.get("operationId", f"{method} {path}")), method.upper(), path) for path, method, op, _ in operations]
        contents.append(Markup("</ul></li>"))
        sections.append(Markup('<h2 id="{}">{}</h2><p>{}</p>').format(_anchor("tag", tag), tag, descriptions.get(tag, "")))
        for path, method, operation, shared in operations:
            sections += _operation(path, method, operation, shared)
    sections.append(Markup('<h2 id="schemas">Schemas</h2>'))
    for name, schema in document.get("components", {}).get("schemas", {}).items():
        sections += _schema(name, schema)
    title = f"{info.get('title', 'API')} {info.get('version', '')}".strip()
    return str(Markup(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, '
        'initial-scale=1"><title>{} API reference</title><style>{}</style></head><body><h1>{} API reference</h1>'
        '<p>{} The same document: <a href="openapi.yaml">openapi.yaml</a>, <a href="openapi.json">openapi.json</a>.</p>'
        '{}<nav><h2>Contents</h2><ul>{}</ul></nav>{}</body></html>\n').format(
        title, Markup(STYLE), title, info.get("summary", ""), _md(info.get("description")),
        Markup("").join(contents), Markup("").join(sections)))

