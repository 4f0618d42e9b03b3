"""How the server compresses its HTTP answers: lightly.

Starlette's gzip defaults to the strongest level (9), which on a Raspberry-Pi-class host costs more than it saves on
a home network: measured on this machine (2026-12-05), the home page (32 KB) takes 1.6 ms at level 9 and 0.7 ms at
level 1 for 12% more bytes, the President rules page (200 KB) 18.5 ms against 2.7 ms for 32% more (a Pi is about
four times slower; 10 KB more is 4 ms on a slow Wi-Fi). Every page, asset and seat API answer goes through it.
"""

from __future__ import annotations

from fastapi.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp

LEVEL = 1
MINIMUM_BYTES = 500  # (Starlette's default: a smaller answer is sent as it is)


def light_gzip(app: ASGIApp) -> GZipMiddleware:
    """For ``ui.run(gzip_middleware_factory=...)``."""
    return GZipMiddleware(app, minimum_size=MINIMUM_BYTES, compresslevel=LEVEL)
