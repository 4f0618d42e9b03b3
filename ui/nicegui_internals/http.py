"""Uvicorn's HTTP protocol with the connection guard and request timeouts (ui/guards/connection_guard.py), and a
layer outside all of the app's middleware (the page-view cap, ui/guards/page_rate.py).
Breaks on upgrade: tests/e2e/test_abuse_limits.py, with httptools and with h11.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any


def guarded_http_protocol(guard: Any, parser: str = "auto") -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol, told to ``guard`` (ui/guards/connection_guard.py) when a connection is made and lost,
    and timing each request's headers and body: passed to ``ui.run(http=...)``, which hands it to uvicorn's
    ``Config``. Uvicorn has no timeout for a request still arriving (``timeout_keep_alive`` runs only between
    requests). ``parser``: ``auto`` (httptools when installed, else h11, as uvicorn picks), ``httptools`` or ``h11``.

    Relies on uvicorn's ``HttpToolsProtocol`` (its parser callbacks ``on_message_begin``, ``on_headers_complete``,
    ``on_message_complete``) and ``H11Protocol`` (``handle_events`` and ``conn.their_state``), both with
    ``handle_websocket_upgrade``, ``transport``, ``client``, ``cycle`` and ``loop`` (tests/e2e/test_abuse_limits.py
    runs a server with each)."""
    if parser == "auto":
        try:
            import httptools  # noqa: F401
        except ImportError:
            parser = "h11"
        else:
            parser = "httptools"
    limits = guard.limits
    base: Any  # uvicorn's protocol class: its methods are called on ``self`` below
    if parser == "httptools":
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base = HttpToolsProtocol
    else:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    # (methods of a class made below from ``base``: ``self`` is uvicorn's protocol, whose fields mypy cannot see)

    def connection_made(self: Any, transport: asyncio.Transport) -> None:
        base.connection_made(self, transport)
        self._guard_timer = self._guard_what = None
        self._guard_peer = self.client[0] if self.client else None
        if not guard.admit(transport, self._guard_peer):
            transport.write(b"HTTP/1.1 503 Service Unavailable\r\nretry-after: 10\r\nconnection: close\r\n"
                            b"content-type: text/plain\r\ncontent-length: 39\r\n\r\n"
                            b"Too many connections from this address.")
            transport.close()
            return
        arm(self, "headers")

    def connection_lost(self: Any, exc: Exception | None) -> None:
        disarm(self)
        guard.release(self.transport, getattr(self, "_guard_peer", None))
        base.connection_lost(self, exc)

    def arm(self: Any, what: str) -> None:
        disarm(self)
        if getattr(self, "_guard_upgraded", False):
            return
        seconds = limits.header_seconds if what == "headers" else limits.body_seconds
        self._guard_timer = self.loop.call_later(seconds, too_slow, self, what)
        self._guard_what = what

    def disarm(self: Any) -> None:
        timer = getattr(self, "_guard_timer", None)
        if timer is not None:
            timer.cancel()
        self._guard_timer = self._guard_what = None

    def too_slow(self: Any, what: str) -> None:
        self._guard_timer = self._guard_what = None
        if self.transport.is_closing():
            return
        guard.timed_out_request(self._guard_peer, what)
        if what == "headers" and (self.cycle is None or self.cycle.response_complete):
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
        self.transport.close()

    def handle_websocket_upgrade(self: Any, *args: Any) -> None:
        disarm(self)
        self._guard_upgraded = True  # the connection is a websocket's now: never timed here again
        base.handle_websocket_upgrade(self, *args)

    methods: dict[str, Any] = {"connection_made": connection_made, "connection_lost": connection_lost,
                               "handle_websocket_upgrade": handle_websocket_upgrade}
    if parser == "httptools":  # the parser says where the request is
        def on_message_begin(self: Any) -> None:
            base.on_message_begin(self)
            if self._guard_timer is None:  # a further request on a kept-alive connection: its headers are timed
                arm(self, "headers")

        def on_headers_complete(self: Any) -> None:
            disarm(self)
            base.on_headers_complete(self)
            if not (self.parser.should_upgrade() and self._should_upgrade()):
                arm(self, "body")  # cancelled at once for a request without a body

        def on_message_complete(self: Any) -> None:
            disarm(self)
            base.on_message_complete(self)

        methods.update(on_message_begin=on_message_begin, on_headers_complete=on_headers_complete,
                       on_message_complete=on_message_complete)
    else:  # h11: where the request is, read from the connection's state after each piece
        import h11

        def handle_events(self: Any) -> None:
            base.handle_events(self)
            if self.transport.is_closing():
                return
            state = self.conn.their_state
            if state is h11.IDLE:
                if self._guard_what != "headers" and (self.cycle is None or self.cycle.response_complete):
                    arm(self, "headers")  # (a kept-alive connection waiting in between is closed by uvicorn first)
            elif state is h11.SEND_BODY:
                if self._guard_what != "body":
                    arm(self, "body")
            else:
                disarm(self)

        methods["handle_events"] = handle_events
    return type("GuardedProtocol", (base,), methods)


def wrap_outermost(wrapper: Callable[[Any], Any]) -> None:
    """Put ``wrapper(the app's built middleware stack)`` outside every middleware of the app: NiceGUI's own (its
    session, storage and request-tracking layers, several of them Starlette ``BaseHTTPMiddleware``, which runs each
    request in a task group of its own) and Starlette's error layer. ``app.add_middleware`` can only put a layer
    among those added after NiceGUI's, inside the ones ``ui.run`` adds. Call at startup: Starlette builds
    ``app.middleware_stack`` on its first call (the lifespan's), before the startup handlers run, and keeps it.
    (tests/e2e/test_abuse_limits.py: a refused page view answers before any other layer.)"""
    from nicegui import app

    if app.middleware_stack is None:
        app.middleware_stack = app.build_middleware_stack()
    app.middleware_stack = wrapper(app.middleware_stack)


class quiet_when_gone:  # noqa: N801 (an ASGI layer named for what it does, like the functions beside it)
    """``app`` (the app's whole middleware stack), with a request whose client left before any answer ending
    quietly. Starlette's ``BaseHTTPMiddleware`` (NiceGUI stacks three) raises ``RuntimeError("No response returned.")``
    when the app under it gives up on a disconnected client without answering, and uvicorn writes the traceback as an
    error: a browser that navigated away mid-request is not a fault. Any other error, or this one while the client is
    still there, goes on as before. A layer keeps the next one as ``.app``, as Starlette's do: the session signer's
    walk (``pages.sign_session_cookies_with``) goes through it. (tests/ui/test_quiet_when_gone.py, with Starlette's
    own middleware.)"""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Any], send: Callable[[Any], Any]) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        gone = False

        async def watched() -> Any:
            nonlocal gone
            message = await receive()
            gone = gone or message.get("type") == "http.disconnect"
            return message

        try:
            await self.app(scope, watched, send)
        except RuntimeError as exc:
            if not (gone and str(exc) == "No response returned."):
                raise
