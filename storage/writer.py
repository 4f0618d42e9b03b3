"""Table records written by one background thread, so the event loop never waits for the disk.

The caller serialises a record on its own thread (a consistent snapshot) and hands over the JSON text.
Only the newest pending record of a table is written: a table that changed three times while the disk was
busy is written once. The record it replaced in the queue (the version just before) becomes the table's
``.prev`` copy instead of the file on the disk, so a damaged table file still comes back one move behind,
never several (storage/tables.py). After each write ``on_saved(code, version)`` is called from the writer thread, so the
caller can show a change only once it is saved.

"Saved" means the new file has replaced the old one (atomically): from then on no crash of the server can lose
it, because the data is the kernel's. Flushing it to the disk itself (fsync, against a power cut) is done at
once by a second thread: under load an fsync can wait 100 ms or more for the disk's journal, and neither the
players nor the next table's write should wait for that.

A write that fails because the disk is full, read-only or broken is kept (the newest record of the table) and
tried again every ``RETRY_SECONDS``; ``on_failed(code, version)`` tells the caller at once, so it can go on in
memory meanwhile. :data:`storage.health.HEALTH` says whether anything waits, and logs it (no traceback per try).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from storage import health
from storage.health import is_disk_fault
from storage.tables import TableStore

log = logging.getLogger("cardnight.storage")

SavedCallback = Callable[[str, int], None]
_DELETE = None
RETRY_SECONDS = health.RETRY_SECONDS


class TableWriter:
    """A queue of "newest record per table" drained by one daemon thread."""

    def __init__(self, store: TableStore, on_saved: SavedCallback | None = None,
                 on_failed: SavedCallback | None = None) -> None:
        self.store = store
        self.on_saved = on_saved
        self.on_failed = on_failed
        self._retry_at = 0.0  # monotonic time of the next try after a failed write (0: no wait)
        self._pending: dict[str, tuple[str | None, int]] = {}  # code -> (record JSON or _DELETE, version)
        self._skipped: dict[str, str] = {}  # code -> the queued record a newer one replaced (its version before)
        # one lock, three conditions: the writer thread's work, the flush thread's, and "all done" for flush();
        # each change wakes only the thread it is for (on a one-core host every needless wake-up is a context switch
        # the event loop pays for)
        lock = threading.RLock()
        self._cond = threading.Condition(lock)
        self._sync_cond = threading.Condition(lock)
        self._idle = threading.Condition(lock)
        self._busy = False
        self._closed = False
        self._to_sync: set[str] = set()  # written, not yet flushed to the disk
        self._syncing = False
        self._io = threading.Lock()  # one file write at a time (thread or caller), so versions land in order
        self._latest: dict[str, int] = {}  # code -> newest version written
        self.writes = 0
        self.failures = 0
        self.lost: set[str] = set()  # tables that could not be written before the writer stopped
        self._thread = threading.Thread(target=self._run, name="table-writer", daemon=True)
        self._thread.start()
        self._sync_thread = threading.Thread(target=self._run_sync, name="table-fsync", daemon=True)
        self._sync_thread.start()

    def save(self, code: str, record_json: str, version: int) -> None:
        """Queue ``record_json`` as table ``code``'s next content (replacing any queued one)."""
        with self._cond:
            self._skip(code, version)
            self._pending[code] = (record_json, version)
            self._cond.notify()

    def _skip(self, code: str, version: int) -> str | None:
        """A newer ``version`` of ``code`` replaces the queued record: keep that one as the table's previous copy
        (call with ``_cond`` held). Returns it."""
        queued = self._pending.get(code)
        if queued is None or queued[0] is _DELETE or queued[1] >= version:
            return None
        self._skipped[code] = queued[0]
        return queued[0]

    def write_now(self, code: str, record_json: str, version: int) -> bool:
        """Write on the caller's thread instead of queueing (a table people are watching: the thread switch cost
        them milliseconds, under load tens). Flushing to the disk still happens on the flush thread, and
        ``on_saved`` is not called: the caller knows. An older record of the table that is queued is dropped;
        one the thread is writing now lands first. False if the write failed (then it is queued for retries)."""
        with self._cond:
            queued = self._pending.get(code)
            if queued is not None and queued[0] is not _DELETE and queued[1] <= version:
                self._skip(code, version)
                del self._pending[code]
            previous = self._skipped.pop(code, None)
        with self._io:
            if version < self._latest.get(code, -1):
                return True  # a newer record is already in the file
            try:
                self.store.save_json(code, record_json, durable=False, previous_json=previous)
            except Exception as exc:
                if not is_disk_fault(exc):
                    log.exception("Could not save table %s now; queued for another try", code)
                self.failures += 1
                self._retry_at = time.monotonic() + RETRY_SECONDS
                self.save(code, record_json, version)
                return False
            self._latest[code] = version
            self.writes += 1
        with self._cond:
            self._to_sync.add(code)
            self._sync_cond.notify()
        return True

    @contextmanager
    def hold(self) -> Iterator[None]:
        """No table file is written (by the thread or :meth:`write_now`) until the block ends, so what is on the
        disk meanwhile is one whole record per table: for taking a backup (storage/backup.py). Keep it short:
        a watched table's next save waits for it."""
        with self._io:
            yield

    def delete(self, code: str) -> None:
        """Queue the removal of table ``code``'s file, after (and instead of) any queued save."""
        with self._cond:
            self._pending[code] = (_DELETE, -1)
            self._cond.notify()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until everything queued so far is on disk; False if that took longer than ``timeout``."""
        with self._cond:
            return self._idle.wait_for(lambda: not (self._pending or self._busy or self._to_sync or self._syncing),
                                       timeout)

    def waiting(self) -> list[str]:
        """Codes of the tables whose newest record is not written yet."""
        with self._cond:
            return sorted(code for code, (text, _) in self._pending.items() if text is not _DELETE)

    def retry_now(self) -> None:
        """Try the waiting records at once (e.g. the host freed space and said so)."""
        with self._cond:
            self._retry_at = 0.0
            self._cond.notify()

    def close(self, timeout: float = 30.0) -> None:
        """Write what is queued, then stop the thread. While saving fails, one last try is made at once (the
        server is stopping: it cannot wait for space), and what still cannot be written is logged."""
        if not self._retry_at:
            self.flush(timeout)
        with self._cond:
            self._closed = True
            for cond in (self._cond, self._sync_cond, self._idle):
                cond.notify_all()
        self._thread.join(timeout)
        self._sync_thread.join(timeout)
        if self.lost:
            log.warning("Stopped without saving %d table(s) (%s): the disk took no writes; they are as they were "
                        "at their last save.", len(self.lost), ", ".join(sorted(self.lost)))

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if self._closed and not self._pending:
                    return
                wait = self._retry_at - time.monotonic()
                if wait > 0 and not self._closed:  # saving failed: try again when it is time, not at every move
                    self._cond.wait(wait)
                    continue
                self._retry_at = 0.0
                batch, self._pending = self._pending, {}
                skipped, self._skipped = self._skipped, {}
                self._busy = True
            written: list[str] = []
            try:
                written = [code for code, (text, version) in batch.items()
                           if self._write(code, text, version, skipped.get(code))]
            finally:
                with self._cond:
                    self._to_sync.update(written)
                    self._busy = False
                    self._sync_cond.notify()  # (also when nothing was written: at close it waits for this batch)
                    self._idle.notify_all()

    def _run_sync(self) -> None:
        while True:
            with self._cond:
                self._sync_cond.wait_for(lambda: self._to_sync or (self._closed and not self._pending
                                                                   and not self._busy))
                if not self._to_sync:
                    return
                codes, self._to_sync = sorted(self._to_sync), set()
                self._syncing = True
            try:
                self._make_durable(codes)
            finally:
                with self._cond:
                    self._syncing = False
                    self._idle.notify_all()

    def _make_durable(self, codes: list[str]) -> None:
        try:
            self.store.make_durable(codes)
        except OSError:
            log.exception("Could not flush tables %s to the disk", ", ".join(codes))

    def _write(self, code: str, text: str | None, version: int, previous: str | None = None) -> bool:
        """Write one record (or delete the file); True if a record was written. ``previous``: the record of the
        version before, when it was never written (it becomes the ``.prev`` copy)."""
        try:
            with self._io:
                if text is _DELETE:
                    self.store.delete(code)
                    self._latest.pop(code, None)
                    return False
                if version < self._latest.get(code, -1):
                    return False  # the caller wrote a newer record meanwhile (write_now)
                self.store.save_json(code, text, durable=False, previous_json=previous)
                self._latest[code] = version
                self.writes += 1
        except Exception as exc:  # a full disk must not kill the writer: the table stays in memory and is retried
            self.failures += 1
            if not is_disk_fault(exc):  # (a disk fault is logged once by storage.health, not at every try)
                log.exception("Could not save table %s; trying again in %.0f s", code, RETRY_SECONDS)
            with self._cond:
                self._pending.setdefault(code, (text, version))  # unless a newer record is already queued
                self._retry_at = time.monotonic() + RETRY_SECONDS
                closed = self._closed
            if self.on_failed is not None and text is not _DELETE:
                try:
                    self.on_failed(code, version)
                except Exception:
                    log.exception("on_failed failed for table %s", code)
            if closed:  # stopping: one last try was made; what could not be written stays lost with the process
                with self._cond:
                    self._pending.pop(code, None)
                    self.lost.add(code)
            return False
        if self.on_saved is not None:
            try:
                self.on_saved(code, version)
            except Exception:
                log.exception("on_saved failed for table %s", code)
        return True
