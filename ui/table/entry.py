"""Opening a table by its code: the table page's route (``/table/<CODE>``: the page function, which hands the page
what it uses of the server), who may open it without the guessing slowdown, the wait a wrong code earns, and the
answer when there is no such table (used by the table page and the TV view)."""

from __future__ import annotations

import asyncio
import time

from nicegui import ui

from logic.table import STATUS_LOBBY, STATUS_PLAYING, Table
from ui.guards.code_guard import MISS_QUEUE_LIMIT, TOO_MANY, guard_key
from ui.i18n.names import game_name
from ui.i18n.viewer import _
from ui.server.presence import KEEP_ASLEEP_PAGE_S
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.http_status import NOT_FOUND, TOO_MANY_REQUESTS, answer
from ui.shell.identity import me
from ui.table import same_deals
from ui.table.page import TablePage


def known_to_viewer(table: Table) -> bool:
    """A table this browser may open without the guessing slowdown: it has a seat there, or the table is listed
    on the home page (open to join, or running: to watch). (Anyone else waits whether or not the code exists, so
    the wait tells a guesser nothing.)"""
    if table.seat_of(me().player_id) is not None:
        return True
    if table.status == STATUS_PLAYING and table.settings.public:
        return True
    return table.status == STATUS_LOBBY and table.settings.public and bool(table.open_seats())


def not_found(code: str, too_many: bool = False) -> None:
    ui.label(_(TOO_MANY) if too_many else _("No table with code {code} — check the code or ask the host for the link.",
                                            code=code[:12].upper())).classes("text-lg").props("data-testid=error")
    ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=primary")


async def guarded_table(code: str) -> Table | str | None:
    """The table with ``code`` for this browser, after the wait a wrong code earns (ui/guards/code_guard.py):
    None when there is none, ``TOO_MANY`` when this address has queued too many tries."""
    key = guard_key()
    table = runtime().hub.registry.get(code)
    guard = runtime().code_guard
    known = table is not None and (guard.take_pass(key, code) or known_to_viewer(table))
    wait = 0.0 if known else guard.miss_wait(key, time.monotonic())  # wrong codes from this address slow down tries
    if wait is None:  # refused outright: too many tries queued from this address
        return TOO_MANY
    if wait:  # the answer (page or 404) comes after the wait, whether or not the code exists
        await asyncio.sleep(wait)  # (a restart cuts waits short: main.py's timeout_graceful_shutdown)
        table = runtime().hub.registry.get(code)
    if table is None:
        guard.record_miss(key, time.monotonic())
    return table


def register() -> None:
    # a wrong code's answer waits its turn in line (ui/guards/code_guard.py): up to MISS_QUEUE_LIMIT seconds.
    # A page whose socket dropped is kept for minutes, so a phone that slept comes back to it without a reload
    # (NiceGUI resends what it missed); while it is down it draws nothing (TablePage.on_change)
    @ui.page("/table/{code}", response_timeout=MISS_QUEUE_LIMIT + 10, reconnect_timeout=KEEP_ASLEEP_PAGE_S)
    async def table_page(code: str) -> None:
        code = code.strip().upper()
        table = await guarded_table(code)
        if isinstance(table, Table):
            services = runtime().table_services()
            # someone who plays the same deals at another table sees nothing of this one's play until they finish
            if table.seat_of(me().player_id) is None and same_deals.held_back(
                    services.duplicates, table.code, me().player_id, game_name(table.game_key)):
                return
            TablePage(table, services).build()
            return
        answer(TOO_MANY_REQUESTS if table == TOO_MANY else NOT_FOUND)
        with frame(_("Table not found")):
            not_found(code, too_many=table == TOO_MANY)
