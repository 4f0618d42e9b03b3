"""Start and end of the server: our shutdown steps before NiceGUI's, its background tasks ended for sure, and the
event loop NiceGUI runs on (for threads that hand work to it).
Breaks on upgrade: tests/ui/test_shutdown_tasks.py, tests/test_main_memory.py, tests/ui/test_save_faults_pages.py.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from nicegui import app, background_tasks, core

log = logging.getLogger("ui.nicegui_internals")


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop NiceGUI serves on (``nicegui.core.loop``; None before it starts), for a thread that must hand
    work to it (ui/shell/save_notice.py). (tests/ui/test_save_faults_pages.py)"""
    return core.loop


def run_first_at_shutdown(handler: Callable[[], Any]) -> None:
    """``handler`` runs before NiceGUI's own shutdown steps (which cancel tasks): ``app.on_shutdown`` appends."""
    app._shutdown_handlers.insert(0, handler)  # noqa: SLF001


async def cancel_background_tasks(timeout: float = 10.0, every: float = 0.1) -> list[str]:
    """Cancel NiceGUI's running background tasks, again and again until each has ended (at most ``timeout``
    seconds); the names of those that carried on after a cancel.

    NiceGUI's own teardown cancels each task once and logs an ERROR if any is still running 2 s later. Some carry on
    after one cancel: ``run.cpu_bound`` / ``run.io_bound`` swallow it and return None, and Python 3.11's
    ``asyncio.wait_for`` drops a cancel that arrives as its awaitable completes (NiceGUI's outbox waits on one).
    Reads ``background_tasks.running_tasks``, ``lazy_tasks_running`` and ``_await_tasks_on_shutdown`` (tasks NiceGUI
    lets finish). (tests/ui/test_shutdown_tasks.py)"""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    carried_on: set[asyncio.Task[Any]] = set()
    cancelled: set[asyncio.Task[Any]] = set()
    while True:
        tasks = {task for task in (*background_tasks.running_tasks, *background_tasks.lazy_tasks_running.values())
                 if not task.done() and task not in background_tasks._await_tasks_on_shutdown  # noqa: SLF001
                 and task is not asyncio.current_task()}
        if not tasks or loop.time() >= deadline:
            break
        carried_on |= tasks & cancelled
        for task in tasks:
            task.cancel()
        cancelled |= tasks
        await asyncio.wait(tasks, timeout=every)
    names = sorted(task.get_name() for task in carried_on)
    if names:
        log.info("shutdown: %d task(s) carried on after a cancel: %s", len(names), ", ".join(names))
    if tasks:
        log.warning("shutdown: %d task(s) still running after %.0f s: %s", len(tasks), timeout,
                    ", ".join(sorted(t.get_name() for t in tasks)))
    return names
