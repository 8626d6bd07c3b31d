"""What the browser tests share: the API called as a second client (not the page), and a page that records
its requests, dialogs and script errors."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request


def call(base: str, path: str, token: str | None = None, body: dict | None = None, method: str | None = None) -> dict:
    """The API, as a second client (not the page): the JSON answer; a 429 (too many costly requests at once
    from this address, the pages' included) is tried again after its ``Retry-After``, as the page does."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base.rstrip("/") + path, data=data, headers=headers, method=method)
    for attempt in range(5):
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            # a costly request (a bot move, a board) while the pages hold the process's share: wait as told
            if error.code != 429 or attempt == 4:
                raise
            time.sleep(float(error.headers.get("Retry-After", "1")))
    raise AssertionError("unreachable")


def tab(context, url: str):
    """A page on ``url`` that records its requests, dialogs and script errors."""
    page = context.new_page()
    page.seen, page.dialogs, page.errors = [], [], []
    page.on("request", lambda request: page.seen.append((request.url, request.headers.get("referer"))))
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    return page
