"""Housekeeping that keeps a server bounded whoever visits: pages that never connect, storage files of visitors who
never came back (ui/guards/page_guard.py) and tables nobody visits any more (ui/server/idle_tables.py).

One loop every second, and a sweep after page requests while many arrive (so a flood never piles up pages for a
whole second). Not installed in NiceGUI's simulated ``user`` tests, whose pages have no socket.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
from typing import Any

from nicegui import Client, app, background_tasks

from ui.guards.page_guard import PageGuard
from ui.guards.page_rate import PageRate
from ui.nicegui_internals import quiet_when_gone, session_store, storage_dir, wrap_outermost
from ui.server.hub import Hub
from ui.server.idle_tables import end_idle_tables, idle_check_seconds

log = logging.getLogger("cardnight.upkeep")

FINISHED_CACHE_SECONDS = 60.0
COLLECT_AFTER_PAGES = 50  # dropped pages that make a full garbage collection due (at most every COLLECT_EVERY s)
COLLECT_EVERY = 30.0


class KnownPlayers:
    """Player ids nothing may forget: at a table (seated or hosting), in a finished game, with a profile."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._archived: set[str] = set()
        self._archived_at = -FINISHED_CACHE_SECONDS

    def __call__(self) -> set[str]:
        ids: set[str] = set()
        for table in list(self.hub.registry.tables.values()):
            ids.add(table.host_id)
            ids.update(s.player_id for s in table.seats if s.player_id)
        if time.monotonic() - self._archived_at >= FINISHED_CACHE_SECONDS:
            archived: set[str] = set()
            for game in self.hub.main.finished_games():
                archived.update(p.player_id for p in game.players if p.player_id)
            archived.update(str(doc.get("player_id")) for doc in self.hub.main.db.table("profiles").all())
            self._archived, self._archived_at = archived, time.monotonic()
        return ids | self._archived


class SweepAfterPages:
    """ASGI middleware: after an HTTP request, drop waiting pages over a cap (at most four times a second)."""

    def __init__(self, app: Any, guard: PageGuard) -> None:
        self.app, self.guard = app, guard

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.app(scope, receive, send)
        if scope.get("type") == "http" and self.guard.sweep_due():
            _sweep(self.guard)


def _open_sessions() -> set[str]:
    found = set()
    for client in list(Client.instances.values()):
        try:
            found.add(str(client.request.session.get("id") or ""))
        except (AssertionError, AttributeError):
            continue
    return found


def _sweep(guard: PageGuard) -> None:
    guard.sweep(list(Client.instances.values()))


class Collector:
    """A dropped page is a web of cycles (elements, slots, their client) that only a full collection frees, and
    main.py makes those rare (``settle_memory``): without one, 200 dropped pages held 50 MB. A full collection runs
    once ``COLLECT_AFTER_PAGES`` pages were dropped (or any, after a minute), at most every ``COLLECT_EVERY`` s."""

    def __init__(self) -> None:
        self.counted = 0
        self.at = time.monotonic()

    def maybe(self, dropped: int) -> bool:
        waiting, since = dropped - self.counted, time.monotonic() - self.at
        if not waiting or since < COLLECT_EVERY or (waiting < COLLECT_AFTER_PAGES and since < 60.0):
            return False
        gc.collect()
        self.counted, self.at = dropped, time.monotonic()
        return True


async def run_upkeep(hub: Hub, guard: PageGuard, every: float = 1.0) -> None:
    """The loop: waiting pages, dropped visitors' files, the hourly storage prune, idle tables (each minute)."""
    next_idle = 0.0
    collector = Collector()
    while not hub.stopping:
        try:
            _sweep(guard)
            collector.maybe(guard.dropped_pages)
            guard.forget_dropped_visitors(_open_sessions())
            if guard.prune_due():
                guard.prune_old()
            if time.monotonic() >= next_idle:
                next_idle = time.monotonic() + idle_check_seconds()
                end_idle_tables(hub)
        except Exception:  # the loop must outlive any one failure
            log.exception("upkeep failed")
        await asyncio.sleep(every)


def install(hub: Hub) -> None:
    """Wire the page guard and the upkeep loop into the app (before ``ui.run``)."""
    if os.environ.get("NICEGUI_USER_SIMULATION") == "true":
        return
    guard = PageGuard(storage_dir=storage_dir(), known_players=KnownPlayers(hub),
                      in_memory=lambda session: session_store(session) is not None)
    app.on_connect(lambda client: guard.page_connected(client.id))
    app.add_middleware(SweepAfterPages, guard=guard)

    def start() -> None:
        # outside every other layer, NiceGUI's too: a refused page view costs next to nothing (a quarter of the CPU
        # it cost inside NiceGUI's session and request-tracking layers)
        wrap_outermost(quiet_when_gone)  # a browser that left mid-request writes no traceback
        wrap_outermost(PageRate)
        background_tasks.create(run_upkeep(hub, guard), name="upkeep")

    app.on_startup(start)
