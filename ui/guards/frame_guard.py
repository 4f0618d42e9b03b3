"""No page of Card Night may be shown inside another site's frame.

A page on another port of this machine framed the host console, and two clicks ended a table (clickjacking). No
page is meant to be framed (the TV view is opened on the TV's own browser, the replays and scorecards are shared as
links and images), so every answer says so twice: ``X-Frame-Options: DENY`` for older browsers and the
Content-Security-Policy ``frame-ancestors 'none'`` for current ones. Images, files and the seat API carry the
headers too: they change nothing for an ``<img>`` or a program, and one rule for all leaves no page out.
"""

from __future__ import annotations

from typing import Any

from nicegui import app

Scope = dict[str, Any]
HEADERS = ((b"x-frame-options", b"DENY"), (b"content-security-policy", b"frame-ancestors 'none'"))


class NoFraming:
    """ASGI middleware: adds :data:`HEADERS` to every HTTP answer (not to the socket's WebSocket)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {bytes(name).lower() for name, _ in headers}
                # (a second Content-Security-Policy is enforced as well as the first: ours is always added)
                extra = [(name, value) for name, value in HEADERS if name not in have or name != HEADERS[0][0]]
                message = {**message, "headers": headers + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def install() -> None:
    """Add the middleware to NiceGUI's app (before it starts: Starlette builds the stack at startup)."""
    app.add_middleware(NoFraming)
