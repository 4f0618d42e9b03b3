"""Whether Card Night can save right now, in words for players and the host, plus what the host should know about
the data folder since the server started (tables restored from an older copy, a damaged secret kept aside).

Every write of the app goes through :func:`storage.atomic_json.atomic_write_text`, which reports here: a write
that fails because the disk is full, read-only or broken marks its key (a table's code, or a file) as waiting;
a later successful write of the same key clears it. While anything waits, ``failing`` is true: pages show a
notice, new tables are refused, the seat API answers 503, and the writers retry every few seconds. The log gets
one line when saving starts to fail, one a minute while it lasts and one when it works again — no tracebacks.

Thread-safe: the table writer reports from its thread. Listeners are called on the reporting thread; a UI
listener must hop to its event loop itself.
"""

from __future__ import annotations

import errno
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from logic.messages import Message, t_msg

log = logging.getLogger("cardnight.storage")

REMIND_SECONDS = 60.0
RETRY_SECONDS = 5.0  # how often the writers try again while saving fails
TABLE_PREFIX = "table:"

# errno -> (short reason for the log, what players and the host read: NOTICES has it as whole sentences)
REASONS: dict[int, tuple[str, str]] = {
    errno.ENOSPC: ("the disk is full", "the disk is full. Free some space"),
    errno.EDQUOT: ("the disk quota is used up", "the disk is full. Free some space"),
    errno.EFBIG: ("a file is too large for the disk", "the disk is full. Free some space"),
    errno.EROFS: ("the disk is read-only", "the disk holding its data folder is read-only. Make it writable again"),
    errno.EACCES: ("the data folder is not writable", "it may not write to its data folder. Give it back the right "
                                                      "to write there"),
    errno.EPERM: ("the data folder is not writable", "it may not write to its data folder. Give it back the right "
                                                     "to write there"),
    errno.EIO: ("the disk reports errors", "the disk reports errors. Check the disk"),
}
_FULL = t_msg("Card Night cannot save — the disk is full. Free some space; nothing is lost while this server keeps "
              "running.")
_NOT_WRITABLE = t_msg("Card Night cannot save — it may not write to its data folder. Give it back the right to write "
                      "there; nothing is lost while this server keeps running.")
NOTICES: dict[int, Message] = {  # errno -> what players and the host read (REASONS' words, whole sentences)
    errno.ENOSPC: _FULL, errno.EDQUOT: _FULL, errno.EFBIG: _FULL,
    errno.EROFS: t_msg("Card Night cannot save — the disk holding its data folder is read-only. Make it writable "
                       "again; nothing is lost while this server keeps running."),
    errno.EACCES: _NOT_WRITABLE, errno.EPERM: _NOT_WRITABLE,
    errno.EIO: t_msg("Card Night cannot save — the disk reports errors. Check the disk; nothing is lost while this "
                     "server keeps running."),
}


def is_disk_fault(exc: BaseException) -> bool:
    """A write failed because of the disk or its folder (full, read-only, broken), not because of a bug."""
    return isinstance(exc, OSError) and exc.errno in REASONS


def notice_for(code: int | None) -> Message:
    """The sentence players and the host read while saving fails for ``errno`` ``code``, rendered in each reader's
    language where it is shown (each reason one whole sentence for the catalogues)."""
    kind = code if code in NOTICES else errno.EIO
    return NOTICES[kind]


def message_for(code: int | None) -> str:
    """:func:`notice_for` in English (the log, the seat API's ``detail``)."""
    return notice_for(code).english()


@dataclass
class Notice:
    """Something the host should know about the data folder (shown in the host console)."""

    kind: str  # "restored" (a table from its previous copy), "secret" (a damaged secret kept aside), ...
    text: str
    at: float
    subject: str = ""  # e.g. the table's code


class SaveHealth:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.RLock()
        self._waiting: dict[str, int] = {}  # key -> errno of its last failed write
        self._since: float | None = None
        self._last_line = 0.0
        self._last_errno: int | None = None
        self._listeners: list[Callable[[], None]] = []
        self.notices: list[Notice] = []
        self.failures = 0

    # ----------------------------------------------------------------------------- reports from writers
    def failed(self, key: str, exc: BaseException, where: str | None = None) -> bool:
        """A write of ``key`` (the file ``where``) failed; True if it was a disk fault (then it waits)."""
        if not is_disk_fault(exc):
            return False
        code = exc.errno  # type: ignore[attr-defined]
        with self._lock:
            self.failures += 1
            started = not self._waiting
            self._waiting[key] = code
            self._last_errno = code
            if started:
                self._since = self._last_line = self.clock()
                reason = REASONS[code][0]
                log.warning("Card Night cannot save: %s (writing %s). Tables play on in memory and saving is retried "
                            "every %.0f s; nothing is lost while this server keeps running.", reason,
                            where or getattr(exc, "filename", None) or key, RETRY_SECONDS)
        if started:
            self._tell()
        return True

    def succeeded(self, key: str) -> None:
        """A write of ``key`` landed."""
        self.forget(key, written=True)

    def forget(self, key: str, written: bool = False) -> None:
        """``key`` no longer waits (written, or its table was removed)."""
        with self._lock:
            if self._waiting.pop(key, None) is None or self._waiting:
                return
            lasted = self.clock() - (self._since or self.clock())
            self._since = None
        log.info("Saving works again after %.0f s: everything waiting has been written.", lasted)
        self._tell()

    def forget_files(self) -> None:
        """Let go of one-off files (not tables) that failed: their callers were told then; a test write has just
        shown that the folder takes writes again."""
        with self._lock:
            keys = [k for k in self._waiting if not k.startswith(TABLE_PREFIX)]
        for key in keys:
            self.forget(key)

    # ----------------------------------------------------------------------------- what pages and the log show
    @property
    def failing(self) -> bool:
        return bool(self._waiting)

    @property
    def message(self) -> str:
        return message_for(self._last_errno)

    @property
    def failing_notice(self) -> Message:
        """:attr:`message` as a message, for each reader's language."""
        return notice_for(self._last_errno)

    @property
    def since(self) -> float | None:
        return self._since

    def waiting_tables(self) -> list[str]:
        with self._lock:
            return sorted(k[len(TABLE_PREFIX):] for k in self._waiting if k.startswith(TABLE_PREFIX))

    def remind(self) -> None:
        """One log line a minute while saving fails (call it often; it logs only when a minute has passed)."""
        now = self.clock()
        with self._lock:
            if not self._waiting or now - self._last_line < REMIND_SECONDS:
                return
            self._last_line = now
            tables = sum(1 for k in self._waiting if k.startswith(TABLE_PREFIX))
            reason = REASONS.get(self._last_errno or errno.EIO, REASONS[errno.EIO])[0]
            lasted = now - (self._since or now)
        log.warning("Still cannot save (%s) for %.0f min: %d table(s) wait in memory and are retried.", reason,
                    lasted / 60, tables)

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` whenever saving starts or stops failing; returns the unsubscribe function."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _tell(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener()
            except Exception:  # a broken listener must not break saving
                log.exception("save health listener failed")

    # ----------------------------------------------------------------------------- notices for the host console
    def notice(self, kind: str, text: str, subject: str = "") -> None:
        with self._lock:
            self.notices.append(Notice(kind, text, time.time(), subject))

    def reset(self) -> None:
        """Forget everything (a new server in the same process: tests)."""
        with self._lock:
            self._waiting.clear()
            self._since = None
            self._last_errno = None
            self.notices.clear()
            self.failures = 0


HEALTH = SaveHealth()
