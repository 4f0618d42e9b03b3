"""A browser that leaves mid-request writes no traceback (ui/nicegui_internals/http.py ``quiet_when_gone``), with
Starlette's own ``BaseHTTPMiddleware`` (NiceGUI stacks three): if Starlette stops raising "No response returned."
for a client gone, or raises it differently, these fail."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.routing import Mount

from ui.nicegui_internals import quiet_when_gone


async def passthrough(request: Any, call_next: Any) -> Any:
    return await call_next(request)


async def gives_up_when_gone(scope: Any, receive: Any, send: Any) -> None:
    """An endpoint that waits for the client and, finding it gone, answers nothing (as a page whose client left)."""
    while (await receive())["type"] != "http.disconnect":
        pass


async def never_answers(scope: Any, receive: Any, send: Any) -> None:
    """A broken endpoint: the client is still there and gets nothing."""


def app_with(endpoint: Any) -> Starlette:
    return Starlette(routes=[Mount("/", app=endpoint)],
                     middleware=[Middleware(BaseHTTPMiddleware, dispatch=passthrough)])


def call(app: Any, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Run one GET through ``app``; the client's messages in order, then it waits for ever."""
    sent: list[dict[str, Any]] = []
    queue = list(messages)

    async def receive() -> dict[str, Any]:
        if queue:
            return queue.pop(0)
        await asyncio.Event().wait()
        return {}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/", "raw_path": b"/", "query_string": b"", "headers": [],
             "http_version": "1.1", "scheme": "http", "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1234),
             "root_path": ""}
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 5))
    return sent


LEFT = [{"type": "http.request", "body": b"", "more_body": False}, {"type": "http.disconnect"}]


def test_starlette_still_raises_for_a_client_gone() -> None:
    """What the hook is for: without it Starlette raises (and uvicorn logs a traceback)."""
    with pytest.raises(RuntimeError, match="No response returned."):
        call(app_with(gives_up_when_gone), LEFT)


def test_a_client_gone_ends_quietly() -> None:
    """No error leaves the app (Starlette's error layer may still have sent a 500 that nobody reads)."""
    sent = call(quiet_when_gone(app_with(gives_up_when_gone)), LEFT)
    assert [m.get("status") for m in sent if m["type"] == "http.response.start"] in ([], [500])


def test_no_answer_to_a_client_still_there_is_still_an_error() -> None:
    with pytest.raises(RuntimeError, match="No response returned."):
        call(quiet_when_gone(app_with(never_answers)), [{"type": "http.request", "body": b"", "more_body": False}])


def test_the_layer_shows_the_next_one() -> None:
    """The session signer's walk (``pages.sign_session_cookies_with``) goes through every layer's ``.app``: a layer
    hiding the rest of the stack left session cookies with a clock-bound signer (a step back of the clock signed
    browsers out: tests/e2e/test_clock_step.py)."""
    inner = app_with(never_answers)
    assert quiet_when_gone(inner).app is inner
