"""A server stop ends every NiceGUI background task, even one that carries on after a cancel, before NiceGUI's own
teardown (which cancels once and logs an ERROR for a task still running 2 s later: a CI failure in session 14)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest
from nicegui import background_tasks, core

from ui.nicegui_internals import cancel_background_tasks


@pytest.fixture(autouse=True)
def _nicegui_loop() -> Iterator[None]:
    """``background_tasks.create`` runs tasks on ``core.loop``, the server's loop: here the test's."""
    before = core.loop
    yield
    core.loop = before


async def _carries_on_after_one_cancel(started: asyncio.Event) -> None:
    """What a task awaiting ``run.io_bound`` does when cancelled: it gets None back and goes on to its next wait."""
    started.set()
    try:
        await asyncio.sleep(60)
    except asyncio.CancelledError:
        pass  # (run.cpu_bound / run.io_bound return None instead of raising)
    await asyncio.sleep(60)


async def _well_behaved(started: asyncio.Event) -> None:
    started.set()
    await asyncio.sleep(60)


async def _start(*coros: object) -> list[asyncio.Task]:
    core.loop = asyncio.get_running_loop()
    tasks = []
    for name, make in coros:  # type: ignore[misc]
        started = asyncio.Event()
        tasks.append(background_tasks.create(make(started), name=name))
        await started.wait()
    return tasks


async def test_a_task_that_carries_on_after_a_cancel_is_ended_before_nicegui_teardown(
        caplog: pytest.LogCaptureFixture) -> None:
    stubborn, polite = await _start(("stubborn", _carries_on_after_one_cancel), ("polite", _well_behaved))

    carried_on = await cancel_background_tasks(timeout=5.0, every=0.05)

    assert carried_on == ["stubborn"]
    assert stubborn.done() and polite.done()
    with caplog.at_level(logging.ERROR, logger="nicegui"):
        await background_tasks.teardown()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_without_it_nicegui_teardown_reports_the_task(caplog: pytest.LogCaptureFixture) -> None:
    """The failure the step prevents (this fails if an upgraded NiceGUI cancels until done: then the step can go)."""
    (stubborn,) = await _start(("stubborn", _carries_on_after_one_cancel))
    with caplog.at_level(logging.ERROR, logger="nicegui"):
        await background_tasks.teardown()
    assert stubborn.done()
    assert any("Could not cancel" in r.getMessage() for r in caplog.records)


async def test_a_task_that_never_ends_is_named_and_left_after_the_timeout(caplog: pytest.LogCaptureFixture) -> None:
    release = asyncio.Event()

    async def refuses_every_cancel(started: asyncio.Event) -> None:
        started.set()
        while not release.is_set():
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                continue

    (task,) = await _start(("refuses", refuses_every_cancel))
    with caplog.at_level(logging.WARNING, logger="ui.nicegui_internals"):
        await cancel_background_tasks(timeout=0.3, every=0.05)
    assert not task.done()
    assert any("still running" in r.getMessage() and "refuses" in r.getMessage() for r in caplog.records)
    release.set()
    task.cancel()
    await asyncio.wait([task], timeout=5)
    assert task.done()
