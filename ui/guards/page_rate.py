"""Page views per address: a token bucket in front of every page.

Each page view builds the whole page on the server's one event loop (tens of ms), the loop that also answers every
move: one address asking for pages eight at a time held every table's moves for seconds. Pages (any GET that is not
a file, the socket, the seat API or NiceGUI's own assets) are counted per address (behind a trusted proxy, the
address it forwards); past ``burst`` pages and then ``rate`` a second, the answer is a short ``429`` page with
``Retry-After``, which costs next to nothing: the cap runs outside every other layer of the app, NiceGUI's too
(ui/server/upkeep.py puts it there at startup), so a refused view deals no browser and writes nothing. People load
a page every few seconds at most. (A page costs the server some 18 ms of CPU on the event loop, the home page with
its 80-odd elements; a refused one 1.4 ms, connection included; a burst of 20 at once held moves for a few hundred
ms.)

Settings (environment): ``CARDNIGHT_PAGES_PER_SECOND`` (1), ``CARDNIGHT_PAGES_BURST`` (10).
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any

from ui.guards.connection_guard import RateLog
from ui.guards.frame_guard import HEADERS as NO_FRAMING
from ui.seat_api.auth import RateLimiter

log = logging.getLogger("cardnight.pages")

NOT_PAGES = ("/_nicegui", "/assets/", "/api/", "/cards/", "/share/", "/favicon", "/host/backup.zip", "/docs",
             "/redoc", "/openapi.json", "/test/")
BODY = (b"<!doctype html><meta charset=utf-8><title>Too many pages</title><p>Too many pages from your address "
        b"just now. Wait a few seconds, then reload.</p>")


def _env(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


class PageRate:
    """ASGI middleware: at most ``rate`` page views a second per address, in bursts of ``burst``."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.limiter = RateLimiter(rate=_env("CARDNIGHT_PAGES_PER_SECOND", 1.0),
                                   burst=int(_env("CARDNIGHT_PAGES_BURST", 10)))
        self.rate_log = RateLog()
        self.refused = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or scope.get("method") != "GET" or \
                str(scope.get("path", "")).startswith(NOT_PAGES):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "?"
        wait = self.limiter.take(address)
        if not wait:
            await self.app(scope, receive, send)
            return
        self.refused += 1
        self.rate_log.note("pages", "Refused page views from %s: too many in a row", address)
        if len(self.limiter.buckets) > 10_000:  # forget addresses whose bucket is full again
            now = time.monotonic()
            for key in [k for k, b in self.limiter.buckets.items()
                        if b.tokens + (now - b.at) * self.limiter.rate >= self.limiter.burst]:
                del self.limiter.buckets[key]
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                (b"retry-after", self.limiter.retry_after(wait).encode()),
                                (b"content-length", str(len(BODY)).encode()), *NO_FRAMING]})
        await send({"type": "http.response.body", "body": BODY})
