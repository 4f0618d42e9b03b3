"""The seat API: a program plays one seat over HTTP, under ``/api/v1/``.

Every call goes through the hub like a browser's click (``hub.run``: the same checks in ``turns.act``, saved
before anyone is told) and answers only the seat's own view. Auth is ``Authorization: Bearer <token>``; the
token's hash is compared in constant time with the program seats' hashes (see ``logic/table/program.py``).
"""

from __future__ import annotations

import asyncio
import functools
import json
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from logic.game import IllegalMove
from logic.table import STATUS_CLOSED, STATUS_OVER, Table, turns
from logic.table import program as table_program
from storage.health import HEALTH, RETRY_SECONDS
from ui.seat_api.auth import RateLimiter, bearer_token, hash_token
from ui.seat_api.rules_route import TableRules, table_rules
from ui.seat_api.schemas import Problem, SeatView, legal_actions, seat_view
from ui.server.runtime import runtime

MAX_BODY = 4096  # bytes: an action is a few hundred at most
DRAIN_LIMIT = 16 * 1024 * 1024  # bytes of a too-large body read and dropped so the client hears the 413
DRAIN_SECONDS = 10.0
LONG_POLL_SECONDS = 25.0
TOO_LARGE = f"The body is too large: an action is at most {MAX_BODY} bytes."

router = APIRouter(prefix="/api/v1", tags=["Seat API"])
limiter = RateLimiter()
strangers = RateLimiter(rate=2.0, burst=20)  # calls without a working token, per client address

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "a bad query value (`after`, `wait`) or body"},
    401: {"model": Problem, "description": "no `Authorization: Bearer <token>` header"},
    403: {"model": Problem, "description": "the token does not act for this table (or for any)"},
    404: {"model": Problem, "description": "no table with this code (answered only to a working token)"},
    410: {"model": Problem, "description": "the table has ended (`status`: over or closed): its tokens no longer work"},
    429: {"model": Problem, "description": "too many requests: wait `Retry-After` seconds"},
    503: {"model": Problem, "description": "the server cannot save now (a full or read-only disk): nothing was "
                                           "changed; try again after `Retry-After` seconds"},
}
ACTION_BODY = {"requestBody": {"required": True, "description": "one action, exactly as listed by `/legal` "
                               f"(at most {MAX_BODY} bytes)",
                               "content": {"application/json": {"schema": {"type": "object"}}}}}


class ApiError(Exception):
    def __init__(self, http_status: int, detail: str, headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.http_status, self.detail, self.headers, self.extra = http_status, detail, headers or {}, extra

    def response(self) -> JSONResponse:
        return JSONResponse({"detail": self.detail, **self.extra}, status_code=self.http_status,
                            headers=self.headers)


def _limit(rl: RateLimiter, key: str) -> None:
    wait = rl.take(key)
    if wait:
        raise ApiError(429, "Too many requests for this token: slow down.", {"Retry-After": rl.retry_after(wait)})


def authorize(request: Request, code: str) -> tuple[Table, int]:
    """The table and seat the request's token acts for, or an :class:`ApiError` (401/403/404/410/429)."""
    header = request.headers.get("authorization")
    token = bearer_token(header)
    client = request.client.host if request.client else "?"
    if token is None:
        _limit(strangers, client)
        if header and header.lower().startswith("bearer"):
            raise ApiError(401, "The Authorization header is not 'Bearer <token>' exactly: send the token as it was "
                                "shown, with nothing after it.", {"WWW-Authenticate": "Bearer"})
        raise ApiError(401, "Send the seat's token as 'Authorization: Bearer <token>'.",
                       {"WWW-Authenticate": "Bearer"})
    token_hash = hash_token(token)
    hub = runtime().hub
    home = hub.registry.program_home(token_hash)  # by the token's hash: no scan of every table
    if home is None:
        _limit(strangers, client)
        raise ApiError(403, "This token does not play at any table (it may have been removed).")
    _limit(limiter, token_hash)
    table, seat = home
    hub.registry.visited(table.code)  # its program came: the table is not idle
    if table.code != code.strip().upper():
        if hub.registry.get(code) is None:
            raise ApiError(404, f"No table with code {code[:12].upper()}.")
        raise ApiError(403, "This token plays at another table.")
    if table.status in (STATUS_OVER, STATUS_CLOSED):
        raise ApiError(410, "This table has ended: its tokens no longer work.", status=table.status)
    if HEALTH.failing:  # every answer is saved before it is given: say so at once instead of waiting for the disk
        raise ApiError(503, HEALTH.message, {"Retry-After": str(int(RETRY_SECONDS))})
    return table, seat


async def answer(table: Table, seat: int) -> JSONResponse:
    """The seat's view once the table's current version is saved (nobody is told of a move a crash could lose)."""
    hub = runtime().hub
    await hub.saves.until_saved(table)
    return JSONResponse(seat_view(table, seat, hub.clock(), hub.wall()))


async def read_body(request: Request) -> bytes:
    """The body, at most ``MAX_BODY`` bytes; a larger one is a 413, decided from ``Content-Length`` before anything
    is read, and while reading a body sent without a length.

    Nothing past ``MAX_BODY`` is kept. The rest of a too-large body (up to ``DRAIN_LIMIT`` bytes, for at most
    ``DRAIN_SECONDS``) is read and dropped before the answer: a client that sends its whole body before it reads
    (Python's urllib, requests) otherwise gets a connection reset instead of the 413, because closing a connection
    with unread data resets it. A client that asked ``Expect: 100-continue`` sends nothing more: it is told at
    once."""
    declared = request.headers.get("content-length", "").strip()
    if declared.isdigit() and int(declared) > MAX_BODY:
        if int(declared) <= DRAIN_LIMIT and "100-continue" not in request.headers.get("expect", "").lower():
            await _drain(request, 0)
        raise ApiError(413, TOO_LARGE)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            await _drain(request, len(body))
            raise ApiError(413, TOO_LARGE)
    return body


async def _drain(request: Request, already: int) -> None:
    """Read and drop what is left of the body, within ``DRAIN_LIMIT`` bytes and ``DRAIN_SECONDS``."""
    seen = already

    async def read() -> None:
        nonlocal seen
        async for chunk in request.stream():
            seen += len(chunk)
            if seen > DRAIN_LIMIT:
                return

    try:
        await asyncio.wait_for(read(), DRAIN_SECONDS)
    except (TimeoutError, RuntimeError, OSError):  # too slow, or the stream is gone: the connection is closed
        pass


def parse_action(table: Table, body: bytes) -> Any:
    """The game's action from the request body; 400 for anything that is not one."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ApiError(400, f"The body is not JSON ({exc}).") from None
    if not isinstance(data, dict):
        raise ApiError(400, "An action is a JSON object, as listed by /legal.")
    try:
        action = table.game.decode_action(data)
    except IllegalMove as exc:
        raise ApiError(400, str(exc)) from None
    unknown = sorted(set(data) - set(table.game.encode_action(action)))  # the action's own fields, all of them
    if unknown:
        names = ", ".join(repr(k) for k in unknown)
        raise ApiError(400, f"Unknown field{'s' if len(unknown) > 1 else ''} {names} in a "
                            f"{data.get('kind', 'this')!r} action: send it exactly as listed by /legal.")
    return action



def guarded(fn: Any) -> Any:
    """Turn :class:`ApiError` into its JSON answer (FastAPI keeps the endpoint's signature for the docs)."""

    @functools.wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return await fn(*args, **kwargs)
        except ApiError as exc:
            return exc.response()

    return wrapper


@router.get("/tables/{code}", response_model=SeatView, responses=ERRORS, summary="The seat's view of the table")
@guarded
async def get_table(code: str, request: Request) -> Any:
    table, seat = authorize(request, code)
    return await answer(table, seat)


@router.get("/tables/{code}/legal", response_model=list[dict[str, Any]], responses=ERRORS,
            summary="The seat's legal actions now (empty when it is not its turn)",
            description="After a timeout the computer plays for the seat; asking for the legal actions (or making a "
                        "move) takes the seat back.")
@guarded
async def get_legal(code: str, request: Request) -> Any:
    table, seat = authorize(request, code)
    hub = runtime().hub
    if table.seats[seat].autoplay:  # it timed out once; asking what it may do means it is playing again
        hub.run(table, lambda t, now: table_program.program_back(t, seat, now))
    await hub.saves.until_saved(table)
    return JSONResponse(legal_actions(table, seat))


@router.post("/tables/{code}/actions", response_model=SeatView, openapi_extra=ACTION_BODY,
             responses={**ERRORS, 400: {"model": Problem, "description": "the body is not an action of this game"},
                        409: {"model": Problem, "description": "the rules refuse the move now (readable reason)"},
                        413: {"model": Problem, "description": f"the body is over {MAX_BODY} bytes"}},
             summary="Make one move; answers the new view")
@guarded
async def post_action(code: str, request: Request) -> Any:
    table, seat = authorize(request, code)
    action = parse_action(table, await read_body(request))
    player_id = table.seats[seat].player_id or ""

    def move(t: Table, now: float) -> None:  # exactly a browser's click, then the program is present again
        turns.act(t, player_id, action, now)
        table_program.program_back(t, seat, now)

    try:
        runtime().hub.run(table, move)
    except IllegalMove as exc:
        raise ApiError(409, str(exc)) from None
    return await answer(table, seat)


@router.get("/tables/{code}/events", response_model=SeatView, responses=ERRORS,
            summary="Wait (long poll) until the table is past `after`, then answer the new view")
@guarded
async def get_events(code: str, request: Request,
                     after: str | None = Query(None, description="required: the last version you have seen (an "
                                                                "integer, -1 or more)",
                                        json_schema_extra={"type": "integer", "minimum": -1}),
                     wait: str = Query(str(LONG_POLL_SECONDS),
                                       description=f"seconds to wait at most (over 0, up to {LONG_POLL_SECONDS:g}); on "
                                                   "a timeout the same view comes back",
                                       json_schema_extra={"type": "number", "exclusiveMinimum": 0,
                                                          "maximum": LONG_POLL_SECONDS})) -> Any:
    table, seat = authorize(request, code)
    version, seconds = events_query(after, wait)
    hub = runtime().hub
    if hub.saves.saved_versions.get(table.code, -1) <= version:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        changed = asyncio.Event()
        unsubscribe = hub.registry.subscribe(table.code, lambda _t: changed.set())  # the hub's save-then-notify
        try:
            # pages are also told of changes that are not a new version (who is connected): wait on past those
            while hub.saves.saved_versions.get(table.code, -1) <= version and (left := deadline - loop.time()) > 0:
                changed.clear()
                try:
                    await asyncio.wait_for(changed.wait(), left)
                except TimeoutError:
                    break
        finally:
            unsubscribe()
    return await answer(table, seat)


def events_query(after: str | None, wait: str) -> tuple[int, float]:
    """``after`` and ``wait`` of ``/events``, checked here so a bad one gets the API's own ``{"detail": ...}``
    answer (400), like every other error, instead of FastAPI's list of validation errors (422)."""
    if after is None:
        raise ApiError(400, "Say which version you have seen: /events?after=<version> (-1 for the view at once).")
    try:
        version = int(after.strip())
    except ValueError:
        raise ApiError(400, f"'after' must be a whole number (a version, or -1), not {after[:20]!r}.") from None
    if version < -1:
        raise ApiError(400, "'after' must be -1 or more.")
    try:
        seconds = float(wait.strip())
    except ValueError:
        raise ApiError(400, f"'wait' must be a number of seconds, not {wait[:20]!r}.") from None
    if not 0 < seconds <= LONG_POLL_SECONDS:  # (also refuses nan)
        raise ApiError(400, f"'wait' must be over 0 and at most {LONG_POLL_SECONDS:g} seconds.")
    return version, seconds


@router.get("/tables/{code}/rules", response_model=TableRules, responses=ERRORS,
            summary="The rules this table plays by (its options and the ones differing from the standard)")
@guarded
async def get_rules(code: str, request: Request) -> Any:  # issue 52 (the answer is built in rules_route.py)
    table, _seat = authorize(request, code)
    return table_rules(table)


def register() -> None:
    from nicegui import app

    app.include_router(router)
