"""``ludolog serve``: the REST API on waitress, a production WSGI server that runs everywhere, over
the same game store as the rest of the CLI. For several worker processes on Linux, run the app
factory under gunicorn instead (see the README)."""

from __future__ import annotations

import click

from cli.terminal import db_option


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port (0: any free one).")
@click.option("--threads", default=16, show_default=True, type=click.IntRange(1, 256), help="Requests served at once (event streams hold one each).")
@db_option
def serve(host: str, port: int, threads: int, db: str) -> None:
    """Serve the REST API (openapi.yaml) until interrupted."""
    import waitress

    from api import create_app

    app = create_app({"LUDOLOG_DB": db})
    server = waitress.create_server(app, host=host, port=port, threads=threads, ident="ludolog")
    click.echo(f"ludolog serving {db} on http://{server.effective_host}:{server.effective_port}", err=True)  # type: ignore[union-attr]
    try:
        server.run()
    except KeyboardInterrupt:
        pass
