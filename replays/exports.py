"""Every export of a game by the name of its format, as the CLI's ``export`` and the API's
``/export`` offer them, with each one's media type and file name."""

from __future__ import annotations

import pathlib
import uuid
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the writers are imported when an export is made: the CLI's help stays quick
    from domain.engine.viewing import Viewer
    from domain.keeping.service import GameService

MEDIA_TYPES = {
    "ndjson": "application/x-ndjson",
    "json": "application/json",
    "csv": "text/csv",
    "md": "text/markdown",
    "html": "text/html",
    "diary": "text/html",
}
"""The formats: the lossless log (importable), JSON, CSV, the design diary (Markdown), the HTML replay
page, and the design diary as an HTML document to read."""


def file_name(game_id: uuid.UUID, form: str) -> str:
    return f"game-{game_id}.{'diary.html' if form == 'diary' else form}"


REVIEWED = ("md", "diary")
"""The formats that can hold the game's review (the design diary's)."""


def export(service: GameService, game_id: uuid.UUID, viewer: Viewer, form: str, images: pathlib.Path | None = None,
           review_budget: int | None = None) -> str:
    """The game in ``form`` as ``viewer`` may see it; a Markdown diary's charts go to the folder
    ``images`` (linked by its name) when given, else are embedded. ``review_budget``: the diary holds
    the game's review (``replays.reviews``) made at that budget."""
    review = None
    if review_budget is not None:
        from domain.engine.errors import InvalidSetup
        from replays.reviews import review_game

        if form not in REVIEWED:
            raise InvalidSetup(f"a review goes in the design diary (md or diary), not in {form}")
        review = review_game(service, game_id, viewer, review_budget)
    if form == "md":
        from replays.diary import to_markdown

        if images is None:
            return to_markdown(service, game_id, viewer, review=review)
        return to_markdown(service, game_id, viewer, images_dir=images, image_prefix=f"{images.name}/", review=review)
    if form == "html":
        from replays.page import to_html

        return to_html(service, game_id, viewer)
    if form == "diary":
        from replays.diary_html import to_html as diary_html

        return diary_html(service, game_id, viewer, review)
    from replays import records

    writers = {"ndjson": records.to_ndjson, "json": records.to_json, "csv": records.to_csv}
    return writers[form](service, game_id, viewer)
