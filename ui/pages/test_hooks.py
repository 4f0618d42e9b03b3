"""Routes for tests only, served when the server runs with ``CARDNIGHT_TEST_HOOKS=1`` (never in normal use).

``POST /test/redraw/<CODE>``: every page at that table redraws its hand, action bar and middle at once, replacing
their elements on the server — what another seat's move does to a page, on demand, so a test can land a tap in
that moment (tests/e2e/test_tap_during_redraw.py).

``POST /test/autoplay/<CODE>``: the computer plays every person's seat at that table from now on, so a test (or a
bench) gets a game to its end through the running server in seconds (tests/e2e/test_review_browser.py).

``POST /test/stand-in/<CODE>``: the computer makes every person's moves at that table as that person would (their own
moves, at the computer players' pace, reading a hand's summary for a few paces before Next hand), so their pages
show what a person sees: no "You ran out of time", no "the computer is playing for you" (tools/gallery.py).

``GET /test/status/<CODE>``: the table's status (lobby, playing, over) and version, so a bench can see that a table
it keeps busy has ended and start another without keeping a page open on it (tests/bench/bench_review.py).

``GET /test/loop-lag``: how late the event loop woke since the last ``?reset=1`` (p50/p95/p99/max ms,
ui/server/loop_lag.py), so the abuse bench sees the stalls a flood causes inside the server (tests/bench/abuse.py).
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any

from fastapi.responses import JSONResponse
from nicegui import app, background_tasks

from logic.bot_worker import choose_bot_action
from logic.game import PHASE_HAND_OVER, IllegalMove
from logic.table import STATUS_PLAYING, Table, turns
from ui.server.bots import bot_inputs
from ui.server.loop_lag import LoopLag
from ui.server.runtime import runtime

log = logging.getLogger("cardnight.test_hooks")
STAND_IN_LIMIT_S = 600.0  # a stand-in ends by itself after this long (a table left to itself)
SUMMARY_READ_PACES = 4  # between hands the stand-in waits this many paces before pressing Next hand


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

    @app.post("/test/stand-in/{code}", include_in_schema=False)
    async def stand_in(code: str) -> JSONResponse:
        """The computer moves for each person, as that person (``turns.act``), until the game ends."""
        table = runtime().hub.registry.get(code)
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        background_tasks.create(_stand_in(table.code), name=f"stand-in {table.code}")
        return JSONResponse({"seats": [i for i, s in enumerate(table.seats) if s.is_human]})

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


def _as_person(player_id: str, action: Any, t: Table, now: float) -> None:
    turns.act(t, player_id, action, now)


async def _stand_in(code: str) -> None:
    """Every pace (the table's computer delay, at least 50 ms): one move for a person whose turn it is, chosen by a
    computer player of the table's computer players' level and made as that person."""
    hub = runtime().hub
    loop = asyncio.get_running_loop()
    end = loop.time() + STAND_IN_LIMIT_S
    read = False  # this hand's summary has been read
    while loop.time() < end:
        table = hub.registry.get(code)
        if table is None or table.status not in ("lobby", STATUS_PLAYING):
            return
        await asyncio.sleep(max(0.05, table.settings.bot_delay))
        if table.status != STATUS_PLAYING or table.state is None or table.paused:
            continue
        between = table.phase() == PHASE_HAND_OVER
        if between and not read:  # a person reads the hand's summary before pressing Next hand (the gallery's shot)
            read = True
            await asyncio.sleep(SUMMARY_READ_PACES * max(0.05, table.settings.bot_delay))
            continue
        read = read and between
        for seat in table.to_move():
            person = table.seats[seat]
            if not person.is_human or table.computer_controls(seat) or person.player_id is None:
                continue
            game_key, _level, view, legal, rng_key = bot_inputs(table, seat)
            # the level of the table's computer players (a light one where there are none): it thinks on the loop
            level = next((s.bot for s in table.seats if s.bot), table.game.bot_levels[0])
            move = partial(_as_person, person.player_id, choose_bot_action(game_key, level, view, legal, rng_key))
            try:
                hub.run(table, move)
            except IllegalMove as exc:  # the table moved on meanwhile: look again at the next pace
                log.debug("stand-in at %s: %s", code, exc)
            break
