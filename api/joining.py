"""``/games/{id}/joining`` and ``/join/{code}``: a game joined from one link (``domain.keeping.joining``).

The game's owner (the owner token; a seat's token is refused 403) opens the game for joining and gets
one join link, ``<public address>/#/join/<code>``, with its QR code as SVG (drawn by segno, nothing
fetched from elsewhere); reads which seats are open and the name that joined each other seat; closes
joining; frees a seat (its token stops working). A device sends the code with a name to
``POST /join/{code}`` and gets one open seat's new token and its play link: a code nobody issued is
404, a closed or replaced one 410, a game with every seat taken 409. Before it joins, the join page reads
which game the code opens and how many seats are open (``GET /join/{code}``, for anyone holding the code:
``domain.keeping.join_invitation``), with the same 404 and 410.

The links begin with ``LUDOLOG_PUBLIC_URL`` (``ludolog serve --class`` sets it to the address students
open), else with the address the request came to.

**Who may take how many seats.** Two guards, for two settings of a class:

- *A budget of joins per address* (``LUDOLOG_JOIN_RATE_LIMIT``, default ``60/minute;180/hour``), on top
  of the app's limits, counted before any store read, a join refused or not. A class of thirty behind
  one school address (NAT) shares one address: all thirty join at once, and each device may join twice
  (a second press of Join), within the minute; three such classes (or a class joining three games in a lesson) fit in
  the hour. A script from one address gets at most 60 seats a minute and 180 an hour, across every game
  of the service: however many games are open, it cannot take every seat of every one. (The budget of
  ``10/second;60/minute`` before it turned 15 of 25 students joining at once away, and let a script take
  60 seats a minute without end.) Fixed windows, as the app's: across a window's end an address may get up
  to twice a limit. It is off when the app's per-address limit is (behind a proxy every request comes from
  one address), and counts in each worker process unless ``LUDOLOG_RATE_LIMIT_STORAGE`` is shared.
- *A cap of seats per address in one game*, the owner's choice when opening joining
  (``{"seats_per_address": 1}``, ``ludolog join-link --seats-per-address 1``). None by default: behind
  one school address any cap below the game's seats would turn students away, so the default lets a
  class fill the game. On a classroom network, where each device has its own address, a cap of 1 keeps
  one device (or a script) from taking the whole table. It is kept and counted in the game's joining
  record, in the claim's own transaction (``domain.keeping.joining``), so it holds across worker
  processes and on SQLite and PostgreSQL alike; a join over it is 409 ``seats-per-address-reached``,
  naming the cap, and claims nothing. Not 429: waiting does not help, only the owner freeing a seat.
  The owner reads the cap back (``GET``); a joining device learns it only from that refusal. No answer
  shows an address, and the store keeps none (``domain.keeping.joining_records``).
"""

from __future__ import annotations

import io
import uuid
from typing import Any

import segno
from flask import Blueprint, Response, current_app, json, request, url_for
from marshmallow import RAISE, Schema, fields, validate

from api import join_budgets
from api.auth import viewer
from api.context import service
from api.games import game_id_of, json_body
from api.problems import InvalidRequest, problem
from api.schemas import WholeNumber
from domain.engine.errors import Forbidden, Unauthorized
from domain.keeping.access import OWNER
from domain.keeping.join_invitation import invitation
from domain.keeping.joining import (
    MOST_SEATS_PER_ADDRESS,
    Joiners,
    Joining,
    JoiningClosed,
    NoOpenSeat,
    SeatsPerAddressReached,
    UnknownJoinCode,
)

blueprint = Blueprint("joining", __name__)

PUBLIC_URL = "LUDOLOG_PUBLIC_URL"
JOIN_RATE_LIMIT = "LUDOLOG_JOIN_RATE_LIMIT"
DEFAULTS = {PUBLIC_URL: None, JOIN_RATE_LIMIT: "60/minute;180/hour"}

STATUS = {"unknown-join-code": 404, "joining-closed": 410, "no-open-seat": 409, "seats-per-address-reached": 409}
"""The problem kinds joining adds, and their statuses."""
TITLES = {"unknown-join-code": "No game is open under this join code", "joining-closed": "Joining this game is closed",
          "no-open-seat": "Every seat is taken",
          "seats-per-address-reached": "This address holds as many seats as the game allows one address"}


class NewJoiner(Schema):
    """``POST /join/{code}``'s body: the name the device joins under."""

    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=40))


NEW_JOINER = NewJoiner()


class JoiningOptions(Schema):
    """``POST /games/{id}/joining``'s body, which may be left out: the cap of seats one address may hold."""

    class Meta:
        unknown = RAISE

    seats_per_address = WholeNumber(allow_none=True, load_default=None,
                                    validate=validate.Range(min=1, max=MOST_SEATS_PER_ADDRESS))


JOINING_OPTIONS = JoiningOptions()


def public_base() -> str:
    """Where the links point: the public address configured, else the address the request came to."""
    return (current_app.config.get(PUBLIC_URL) or request.host_url).rstrip("/") + "/"


def join_link(base: str, code: str) -> str:
    return f"{base}#/join/{code}"


def play_link(base: str, game_id: uuid.UUID, token: str) -> str:
    return f"{base}#/play/{game_id}/{token}"


def qr_svg(link: str) -> str:
    """The link's QR code as an SVG document (segno; error correction M, 4 pixels a module)."""
    drawn = io.BytesIO()
    segno.make(link, error="m").save(drawn, kind="svg", scale=4, xmldecl=False, title="Join link")
    return drawn.getvalue().decode("utf-8")


join_budgets.budget(blueprint, JOIN_RATE_LIMIT, DEFAULTS[JOIN_RATE_LIMIT])


@blueprint.errorhandler(UnknownJoinCode)
@blueprint.errorhandler(JoiningClosed)
@blueprint.errorhandler(NoOpenSeat)
@blueprint.errorhandler(SeatsPerAddressReached)
def _refused(error: UnknownJoinCode | JoiningClosed | NoOpenSeat | SeatsPerAddressReached) -> Response:
    return problem(error.kind, str(error), status=STATUS[error.kind], title=TITLES[error.kind])


@blueprint.post("/games/<game_id>/joining")
def open_joining(game_id: str) -> Response:
    found = _as_owner(game_id)
    options = JOINING_OPTIONS.load(json_body() if request.get_data(cache=True) else {})  # the body may be left out
    code = _joining().open(found, options["seats_per_address"])
    link = join_link(public_base(), code)
    body = {"code": code, "link": link, "qr_svg": qr_svg(link), **_listing(found, _joining().joiners(found))}
    response = _answer(body, 201)
    response.headers["Location"] = url_for("joining.show_joining", game_id=str(found))
    return response


@blueprint.get("/games/<game_id>/joining")
def show_joining(game_id: str) -> Response:
    found = _as_owner(game_id)
    return _answer(_listing(found, _joining().joiners(found)), 200)


@blueprint.delete("/games/<game_id>/joining")
def close_joining(game_id: str) -> Response:
    _joining().close(_as_owner(game_id))
    return Response(status=204)


@blueprint.delete("/games/<game_id>/joining/seats/<seat>")
def free_seat(game_id: str, seat: str) -> Response:
    found = _as_owner(game_id)
    if not (seat.isascii() and seat.isdigit()):
        raise InvalidRequest(f"seat: {seat!r} is not a seat number")
    _joining().free(found, int(seat))
    return Response(status=204)


@blueprint.get("/join/<code>")
def show_invitation(code: str) -> Response:
    """What a device may know before it joins: the game, its ruleset's title, its seats and how many are open."""
    found = invitation(service(), code)
    return _answer({"game_id": str(found.game_id), "name": found.name, "ruleset": found.ruleset, "title": found.title,
                    "seats": found.seats, "open_seats": found.open_seats}, 200)


@blueprint.post("/join/<code>")
def join(code: str) -> Response:
    given = NEW_JOINER.load(json_body())
    join_budgets.count(JOIN_RATE_LIMIT)
    claim = _joining().claim(code, given["name"], address=request.remote_addr or "")
    seats = service().game(claim.game_id).seats
    body = {"game_id": str(claim.game_id), "seat": claim.seat, "seat_name": seats[claim.seat - 1], "name": claim.name,
            "token": claim.token, "link": play_link(public_base(), claim.game_id, claim.token)}
    return _answer(body, 201)


def _as_owner(game_id: str) -> uuid.UUID:
    """The game's id, when the request holds its owner token (401 without a token, 403 with a seat's)."""
    found = game_id_of(game_id)
    holder = viewer(found)
    if holder is None:
        raise Unauthorized("joining is the game owner's to open, read and close: send the owner token")
    if holder != OWNER:
        raise Forbidden("a seat's token does not open, read or close joining: the owner token does")
    return found


def _listing(game_id: uuid.UUID, joiners: Joiners) -> dict[str, Any]:
    return {"game_id": str(game_id), "open": joiners.is_open, "open_seats": joiners.open_seats, "joined": joiners.joined,
            "seats_per_address": joiners.seats_per_address}


def _answer(body: dict[str, Any], status: int) -> Response:
    response = Response(json.dumps(body, ensure_ascii=False), status=status, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def _joining() -> Joining:
    return Joining(service())
