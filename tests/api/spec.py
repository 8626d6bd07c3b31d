"""``openapi.yaml`` as a test oracle: ``validate_response(method, path, response)`` checks that a real
response is one the spec documents for that request (status code, content type, headers, body).

The spec is loaded once. Bodies are checked with JSON Schema Draft 2020-12 (formats included), the
``#/components/...`` references resolved in a ``referencing`` registry that holds the whole spec.
"""

from __future__ import annotations

import functools
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
SPEC_URI = "urn:ludolog:openapi"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
PROBLEM = "application/problem+json"


@functools.cache
def spec() -> dict[str, Any]:
    with SPEC_PATH.open(encoding="utf-8") as file:
        loaded: dict[str, Any] = yaml.safe_load(file)
    return loaded


@functools.cache
def _registry() -> Registry:
    resource = Resource.from_contents(spec(), default_specification=DRAFT202012)
    return Registry().with_resource(SPEC_URI, resource)


def operations() -> set[tuple[str, str]]:
    """Every (METHOD, path template) the spec documents."""
    return {(method.upper(), path) for path, item in spec()["paths"].items() for method in item if method in METHODS}


@functools.cache
def _templates() -> list[tuple[re.Pattern[str], str]]:
    """The spec's paths as regexes, literal ones first (``/a/b`` wins over ``/a/{x}``)."""
    found = []
    for path, item in spec()["paths"].items():
        # a parameter whose pattern takes a slash (a file's path in the guide's site) spans segments
        spanning = {parameter["name"] for parameter in item.get("parameters", [])
                    if "/" in parameter.get("schema", {}).get("pattern", "")}
        pattern = "".join(
            (".+" if part[1:-1] in spanning else "[^/]+") if part.startswith("{") else re.escape(part)
            for part in re.split(r"(\{[^}/]+\})", path)
        )
        found.append((re.compile(f"^{pattern}$"), path))
    return sorted(found, key=lambda item: (item[1].count("{"), item[1]))


def find_operation(method: str, path: str) -> tuple[str, dict[str, Any]] | None:
    """The (path template, operation) the spec has for a request, or None."""
    path = path.split("?", 1)[0]
    for pattern, template in _templates():
        if pattern.match(path):
            operation = spec()["paths"][template].get(method.lower())
            if operation is not None:
                return template, operation
    return None


def resolve(node: Any) -> Any:
    """A ``$ref`` object of the spec as what it names (one level at a time until no ``$ref``)."""
    while isinstance(node, dict) and "$ref" in node:
        node = _registry().resolver(SPEC_URI).lookup(node["$ref"]).contents
    return node


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


@functools.cache
def _validator(pointer: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(
        {"$ref": f"{SPEC_URI}#{pointer}"},
        registry=_registry(),
        format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
    )


def validate_instance(instance: Any, pointer: str, what: str) -> None:
    """Validate ``instance`` against the schema at JSON pointer ``pointer`` in the spec."""
    errors = sorted(_validator(pointer).iter_errors(instance), key=lambda error: list(error.absolute_path))
    if errors:
        listing = "\n".join(
            f"  - at {'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message}" for error in errors[:10]
        )
        shown = json.dumps(instance)
        raise AssertionError(
            f"{what} does not match the spec's schema ({pointer}):\n{listing}\n"
            f"body: {shown[:2000]}{'...' if len(shown) > 2000 else ''}"
        )


def _documented_response(responses: dict[str, Any], status: int) -> tuple[str, dict[str, Any]] | None:
    """The response the spec documents for exactly this status. A range (``4XX``) or ``default``
    would let any status through unnoticed, so they count for nothing (the spec has none)."""
    key = str(status)
    return (key, responses[key]) if key in responses else None


def _path_exists(path: str) -> bool:
    return any(pattern.match(path) for pattern, _ in _templates())


def _check_headers(what: str, documented: dict[str, Any], headers: Any, pointer: str) -> None:
    for name, header in documented.items():
        header = resolve(header)
        value = headers.get(name)
        if value is None:
            if header.get("required"):
                raise AssertionError(f"{what}: the spec requires the header {name}, the response has none")
            continue
        header_pointer = f"{pointer}/{_escape(name)}"
        if "$ref" in documented[name]:
            header_pointer = documented[name]["$ref"].removeprefix("#")
        validate_instance(value, f"{header_pointer}/schema", f"{what}: header {name}: {value!r}")


def validate_response(method: str, path: str, response: Any) -> None:
    """Assert that ``response`` (a werkzeug/Flask test response) to ``method path`` is as the spec says.

    Checks that the status code is documented for the operation, the Content-Type is one documented
    for that status, every required response header is there and every documented one matches its
    schema, and the JSON body validates against the documented schema (a problem's ``status`` must
    also be the HTTP status). A ``text/event-stream`` body is not read (it may go on for minutes).
    A request the spec has no operation for must get a 404 or 405 problem, but ``OPTIONS`` of a
    route (a CORS preflight, answered for every route): 200 with ``Allow``. Raises AssertionError.
    """
    method = method.upper()
    path = path.split("?", 1)[0]
    status = response.status_code
    what = f"{method} {path} -> {status}"
    if status >= 500 and status != 503:
        raise AssertionError(f"{what}: a server error: {response.get_data()[:500]!r}")
    if method == "OPTIONS" and _path_exists(path):  # Flask answers it for every route, with Allow
        if status != 200 or "Allow" not in response.headers or response.get_data():
            raise AssertionError(f"{what}: an OPTIONS of a route is 200 with Allow and no body")
        return
    found = find_operation("GET" if method == "HEAD" else method, path)
    if found is None:
        if status not in (404, 405):
            raise AssertionError(f"{what}: the spec has no operation {method} {path}, so only 404 or 405 fit")
        if method != "HEAD":
            _check_problem(what, response, "/components/schemas/Problem", status)
        if status == 405 and "Allow" not in response.headers:
            raise AssertionError(f"{what}: a 405 without an Allow header")
        return
    template, operation = found
    what = f"{method} {path} ({template}) -> {status}"
    responses = operation["responses"]
    documented = _documented_response(responses, status)
    if documented is None:
        raise AssertionError(
            f"{what}: status {status} is not documented (documented: {', '.join(sorted(responses))}); "
            f"body: {response.get_data()[:500]!r}"
        )
    key, answer = documented
    pointer = f"/paths/{_escape(template)}/{'get' if method == 'HEAD' else method.lower()}/responses/{key}"
    if "$ref" in answer:
        pointer = answer["$ref"].removeprefix("#")
    answer = resolve(answer)
    _check_headers(what, answer.get("headers", {}), response.headers, f"{pointer}/headers")
    content = answer.get("content", {})
    mimetype = response.mimetype
    if not content:
        if response.get_data():
            raise AssertionError(f"{what}: the spec documents no body, the response has one")
        return
    if mimetype not in content:
        raise AssertionError(
            f"{what}: Content-Type {response.content_type!r} is not documented (documented: {', '.join(content)})"
        )
    if method == "HEAD" or mimetype == "text/event-stream":
        return
    schema_pointer = f"{pointer}/content/{_escape(mimetype)}/schema"
    if mimetype == PROBLEM:
        _check_problem(what, response, schema_pointer, status)
        return
    if mimetype == "application/x-ndjson":
        for line in response.get_data(as_text=True).splitlines():
            json.loads(line)
        return
    if mimetype == "application/zip":  # a room's games in one download: a zip archive that opens
        zipfile.ZipFile(io.BytesIO(response.get_data())).testzip()
        return
    if not mimetype.endswith("json"):  # text exports (CSV, Markdown, HTML): a string, as documented
        response.get_data(as_text=True)
        return
    validate_instance(_json(what, response), schema_pointer, what)


def _json(what: str, response: Any) -> Any:
    try:
        return json.loads(response.get_data())
    except ValueError as error:
        raise AssertionError(f"{what}: the body is not JSON ({error}): {response.get_data()[:500]!r}") from None


def _check_problem(what: str, response: Any, pointer: str, status: int) -> None:
    if response.mimetype != PROBLEM:
        raise AssertionError(f"{what}: an error must be {PROBLEM}, not {response.content_type!r}")
    body = _json(what, response)
    validate_instance(body, pointer, what)
    known = resolve({"$ref": "#/components/schemas/Problem"})["properties"]["type"]["x-extensible-enum"]
    if body["type"] not in known:  # open to clients, but every kind this version gives is listed
        raise AssertionError(f"{what}: the problem type {body['type']!r} is not among the documented kinds")
    if body["status"] != status:
        raise AssertionError(f"{what}: the problem says status {body['status']}, the response is {status}")
