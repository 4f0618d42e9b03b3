"""Routes for tests only, served when the server runs with ``CARDNIGHT_TEST_HOOKS=1`` (never in normal use).

``POST /test/redraw/<CODE>``: every page at that table redraws its hand, action bar and middle at once, replacing
their elements on the server — what another seat's move does to a page, on demand, so a test can land a tap in
that moment (tests/e2e/test_tap_during_redraw.py).
"""

from __future__ import annotations

from fastapi.responses import JSONResponse
from nicegui import app

from ui.server.runtime import runtime


def register() -> None:
    if not runtime().test_hooks:
        return

    @app.post("/test/redraw/{code}", include_in_schema=False)
    async def redraw(code: str) -> JSONResponse:  # on the event loop: a sync route would run in a thread
        hooks = list(runtime().redraw_hooks.get(code.upper(), []))
        for hook in hooks:
            hook()
        return JSONResponse({"pages": len(hooks)})
