"""The save pipeline: one path from a changed table to its durable file, and back to the pages.

:meth:`SavePipeline.persist` serialises the table on the event loop (a consistent snapshot) and hands the record to
:class:`storage.writer.TableWriter`. When the record has replaced the table's file (written at once on the loop
while someone watches the table; by the writer's thread otherwise) or could not be written because of the disk
(then the table plays on in memory and the writer retries), the version counts as *landed*: :meth:`_landed` wakes
whoever waits for it (:meth:`until_saved`: the computer players, the seat API) and, if nothing newer is pending,
has the table's pages told (``tell``, the registry's). Success and failure take that one path.

While saving fails (a full, read-only or broken disk: :data:`storage.health.HEALTH`) each change lands at once, the
writer keeps the newest record of every table and tries again every few seconds, and new tables are refused
(:class:`SavesFailing`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from logic.messages import Refused
from logic.table import Table
from logic.table import record as table_record
from storage.health import HEALTH, RETRY_SECONDS, is_disk_fault
from storage.tables import TableStore
from storage.writer import TableWriter
from ui.server.save_timing import SaveTiming


class SavesFailing(Refused):
    """A new table is refused while saving fails; the message is for players."""


def refuse_new_tables_while_failing() -> None:
    """Raise :class:`SavesFailing` while saving fails: a table nobody could save is not opened."""
    if HEALTH.failing:
        raise SavesFailing(HEALTH.failing_notice)


class SavePipeline:
    def __init__(self, store: TableStore, clock: Callable[[], float], wall: Callable[[], float],
                 watched: Callable[[str], bool], tell: Callable[[str, int], bool]) -> None:
        """``watched(code)``: a page follows the table (its change is written at once); ``tell(code, version)``:
        show the pages version ``version`` (returns whether they were told)."""
        self.store = store
        self.clock, self.wall = clock, wall
        self._watched, self._tell = watched, tell
        self.writer = TableWriter(store, self._written_in_thread, self._failed_in_thread)
        self.saved_versions: dict[str, int] = {}
        self._waiters: dict[str, list[tuple[int, asyncio.Future[None]]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.timing = SaveTiming.from_env()

    def started(self, code: str) -> None:
        """A change of ``code`` begins (for the opt-in timing, ui/server/save_timing.py)."""
        if self.timing:
            self.timing.started(code)

    def persist(self, table: Table) -> None:
        """Send the table's current version on its way to the disk; its pages are told once it has landed."""
        code, version = table.code, table.version
        record = json.dumps(table_record.to_record(table, self.clock(), self.wall()), separators=(",", ":"))
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (scripts, start-up): write at once
            self._loop = None
        if self._loop is None:
            try:
                self.store.save_json(code, record)
            except OSError as exc:
                if not is_disk_fault(exc):
                    raise
                self.writer.save(code, record, version)  # retried by the writer's thread
            self._landed(code, version)
        elif HEALTH.failing:  # the writer retries every few seconds; the table plays on in memory meanwhile
            self.writer.save(code, record, version)
            self._landed(code, version)
        elif self._watched(code):  # people are watching: write now, tell them at once
            if self.writer.write_now(code, record, version):
                if self.timing:
                    self.timing.written(code)
                self._landed(code, version)
            elif HEALTH.failing:  # this very write found the disk full: play on in memory (queued for retries)
                self._landed(code, version)
        else:  # computer players only: the writer thread keeps the loop free
            self.writer.save(code, record, version)

    def _written_in_thread(self, code: str, version: int) -> None:
        if self.timing:
            self.timing.written(code)
        self._land_from_thread(code, version)

    def _failed_in_thread(self, code: str, version: int) -> None:
        """The writer could not write ``version`` of ``code`` (the disk): go on in memory, as if it were saved."""
        self._land_from_thread(code, version)

    def _land_from_thread(self, code: str, version: int) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._landed, code, version)
            except RuntimeError:  # the loop closed meanwhile (shutdown)
                pass

    def _landed(self, code: str, version: int) -> None:
        """Version ``version`` of ``code`` is saved (or kept in memory while the disk fails): wake who waits for it
        and, if nothing newer is pending, tell the table's pages."""
        if version > self.saved_versions.get(code, -1):
            self.saved_versions[code] = version
        saved = self.saved_versions[code]
        waiters = self._waiters.get(code)
        if waiters:
            still = []
            for wanted, future in waiters:
                if wanted <= saved:
                    if not future.done():
                        future.set_result(None)
                else:
                    still.append((wanted, future))
            if still:
                self._waiters[code] = still
            else:
                del self._waiters[code]
        if self._tell(code, saved) and self.timing:
            self.timing.told(code, version)

    def mark_saved(self, table: Table) -> None:
        """A table loaded from its file: it is on disk as it is (computer players may move on)."""
        self.saved_versions[table.code] = table.version

    def saved(self, code: str) -> int:
        """The newest version of ``code`` that has landed (-1: none)."""
        return self.saved_versions.get(code, -1)

    async def until_saved(self, table: Table) -> None:
        """Wait until the table's current version is saved (its file replaced)."""
        wanted = table.version
        if self.saved_versions.get(table.code, -1) >= wanted:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(table.code, []).append((wanted, future))
        await future

    def forget(self, code: str) -> None:
        """A removed table: delete its file; anything waiting for its saves is let go."""
        self.saved_versions.pop(code, None)
        for _, future in self._waiters.pop(code, []):
            if not future.done():
                future.set_result(None)
        self.writer.delete(code)

    def save_all(self, tables: list[Table]) -> None:
        """Save every table now (on shutdown: the time each timer has left is what a restart resumes with).
        While saving fails, one last try is made and what could not be written is logged (the server cannot wait
        for space)."""
        for table in tables:
            self.persist(table)
        if HEALTH.failing:
            self.writer.close(RETRY_SECONDS + 1)
        else:
            self.flush_writes()

    def flush_writes(self, timeout: float = 30.0) -> bool:
        """Block until every queued table record is on disk."""
        return self.writer.flush(timeout)

    def stop(self) -> None:
        """Shutting down: nobody waits for a save any more."""
        for code in list(self._waiters):
            for _, future in self._waiters.pop(code):
                if not future.done():
                    future.cancel()
