"""Every way a viewer can read a game, gathered as one text, for the tests that check a secret never
gets out: through the API (the state, the legal commands, the event log, the event stream, the notes
and every export format) and through the CLI (``show``, ``show --json``, ``log``, ``replay``, ``notes``
and every export format, with the diary's charts)."""

from __future__ import annotations

from click.testing import CliRunner

from cli.main import cli
from replays.exports import MEDIA_TYPES

FORMATS = tuple(MEDIA_TYPES)
"""Every export format there is (the design diary as HTML among them)."""
SETTINGS = {"STREAM_POLL_SECONDS": 0.01, "STREAM_MAX_SECONDS": 2.0, "LUDOLOG_RATE_LIMIT_PER_TOKEN": "off",
            "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off"}
"""An app's settings for these tests: a stream that closes soon, no rate limits."""


def api_outputs(client, url: str, headers: dict, version: int) -> str:
    """All the API tells the token's holder (no token: a spectator) of the game at ``version``."""
    texts = [client.get(url, headers=headers).get_data(as_text=True)]
    if headers:
        texts.append(client.get(f"{url}/legal-commands", headers=headers).get_data(as_text=True))
    texts.append(client.get(f"{url}/events?limit=1000", headers=headers).get_data(as_text=True))
    texts.append(client.get(f"{url}/notes", headers=headers).get_data(as_text=True))
    stream = client.get(f"{url}/events/stream", headers=headers, buffered=False)
    chunks = []
    for chunk in stream.response:
        chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        if f"id: {version}\n" in "".join(chunks):
            break
    stream.close()
    texts.append("".join(chunks))
    texts += [client.get(f"{url}/export?format={kind}", headers=headers).get_data(as_text=True) for kind in FORMATS]
    return "\n".join(texts)


def cli_outputs(db: str, game_id: str, viewer: str, tmp_path) -> str:
    """All the CLI tells the viewer (a seat's number or name) of the game."""
    runner = CliRunner()
    seat = ["--as", viewer]
    texts = [runner.invoke(cli, ["show", game_id, *seat, "--db", db]).output,
             runner.invoke(cli, ["show", game_id, *seat, "--json", "--db", db]).output,
             runner.invoke(cli, ["log", game_id, *seat, "--db", db]).output,
             runner.invoke(cli, ["replay", game_id, *seat, "--db", db]).output,
             runner.invoke(cli, ["notes", game_id, *seat, "--json", "--db", db]).output]
    for kind in FORMATS:
        out = tmp_path / f"export-{viewer}.{kind}"
        result = runner.invoke(cli, ["export", game_id, "--format", kind, *seat, "-o", str(out), "--db", db])
        assert result.exit_code == 0, result.output
        texts.append(out.read_text(encoding="utf-8"))
        for chart in (tmp_path / f"export-{viewer}-charts").glob("*.svg") if kind == "md" else ():
            texts.append(chart.read_text(encoding="utf-8"))
    return "\n".join(texts)
