"""Routes for tests only, served when the server runs with ``CARDNIGHT_TEST_HOOKS=1`` (never in normal use).

``POST /test/redraw/<CODE>``: every page at that table redraws its hand, action bar and middle at once, replacing
their elements on the server — what another seat's move does to a page, on demand, so a test can land a tap in
that moment (tests/e2e/test_tap_during_redraw.py).

``POST /test/autoplay/<CODE>``: the computer plays every person's seat at that table from now on, so a test (or a
bench) gets a game to its end through the running server in seconds (tests/e2e/test_review_browser.py).

``GET /test/status/<CODE>``: the table's status (lobby, playing, over) and version, so a bench can see that a table
it keeps busy has ended and start another without keeping a page open on it (tests/bench/bench_review.py).

``GET /test/loop-lag``: how late the event loop woke since the last ``?reset=1`` (p50/p95/p99/max ms,
ui/server/loop_lag.py), so the abuse bench sees the stalls a flood causes inside the server (tests/bench/abuse.py).
"""

from __future__ import annotations

from fastapi.responses import JSONResponse
from nicegui import app, background_tasks

from logic.table import Table
from ui.server.loop_lag import LoopLag
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

    @app.post("/test/autoplay/{code}", include_in_schema=False)
    async def autoplay(code: str, programs: str = "1") -> JSONResponse:  # (async: on the event loop)
        """Every person's seat is played by the computer (``programs=0``: not the program seats)."""
        hub = runtime().hub
        table = hub.registry.get(code)
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)

        def computers_play(t: Table, _now: float) -> None:
            for seat in t.seats:
                if seat.bot is None and not seat.empty and (programs != "0" or not seat.is_program):
                    seat.autoplay = True
            t.touch()

        hub.run(table, computers_play)
        return JSONResponse({"seats": len(table.seats)})

    @app.get("/test/status/{code}", include_in_schema=False)
    async def status(code: str) -> JSONResponse:
        table = runtime().hub.registry.get(code)
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        return JSONResponse({"status": table.status, "version": table.version})

    lag = LoopLag()

    def start_lag() -> None:  # (returns nothing: NiceGUI awaits what a startup handler returns)
        background_tasks.create(lag.run(), name="loop-lag")

    app.on_startup(start_lag)

    @app.get("/test/loop-lag", include_in_schema=False)
    async def loop_lag(reset: int = 0) -> JSONResponse:
        return JSONResponse(lag.figures(reset=bool(reset)))
