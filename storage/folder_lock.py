"""One server per data folder.

Two servers writing one folder overwrite each other's tables and finished games, so a running server holds an OS
lock (``flock``) on ``server.lock`` in its data folder. The kernel drops the lock when the process ends in any way
(a crash, ``kill -9``), so a stale lock never blocks a start; the file's text (who holds it) is only read to say so.
Readers of the folder (the backup) take no lock and are never stopped by it.
"""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from pathlib import Path

LOCK_NAME = "server.lock"

_held: dict[Path, int] = {}  # folder -> the open descriptor holding its lock, for this process's lifetime


@dataclass(frozen=True)
class Holder:
    """Who holds a folder's lock, as that server wrote it: missing fields are None."""

    pid: int | None
    port: int | None
    host: str | None

    def describe(self) -> str:
        parts = [f"process {self.pid}" if self.pid else "another process"]
        if self.port:
            parts.append(f"port {self.port}")
        return ", ".join(parts)


class FolderInUse(RuntimeError):
    """Another process holds the data folder's lock."""

    def __init__(self, folder: Path, holder: Holder) -> None:
        self.folder = folder
        self.holder = holder
        super().__init__(
            f"Card Night cannot start: its data folder {folder} is in use by another Card Night server "
            f"({holder.describe()}). Stop that server first, or give this one its own folder with --data-dir.")


def read_holder(folder: Path) -> Holder:
    """What the lock file says about its holder (it may be stale: only the lock itself is proof)."""
    try:
        data = json.loads((folder / LOCK_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Holder(None, None, None)
    if not isinstance(data, dict):
        return Holder(None, None, None)
    pid, port, host = data.get("pid"), data.get("port"), data.get("host")
    return Holder(pid if isinstance(pid, int) else None, port if isinstance(port, int) else None,
                  host if isinstance(host, str) else None)


def lock_folder(folder: Path, *, port: int | None = None, host: str | None = None) -> None:
    """Hold ``folder``'s lock until this process ends, or raise :class:`FolderInUse`. A process serves one folder:
    taking it again (a test process that starts the app many times) only updates who holds it, and taking another
    lets go of the one before."""
    folder = Path(folder).resolve()
    fd = _held.get(folder)
    if fd is None:
        for other in list(_held):
            os.close(_held.pop(other))
        fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise FolderInUse(folder, read_holder(folder)) from None
        except OSError:
            os.close(fd)
            raise
        _held[folder] = fd
    record = json.dumps({"pid": os.getpid(), "port": port, "host": host}).encode()
    os.ftruncate(fd, 0)
    os.pwrite(fd, record + b"\n", 0)


def close_inherited_locks() -> None:
    """In a forked child: close the descriptors it inherited without unlocking (``flock``'s lock belongs to the
    open file, shared with the parent: unlocking here would unlock the server). The parent keeps its lock."""
    for fd in _held.values():
        try:
            os.close(fd)
        except OSError:
            pass
    _held.clear()


def is_locked(folder: Path) -> bool:
    """Whether some process holds ``folder``'s lock now (this one included)."""
    folder = Path(folder).resolve()
    if folder in _held:
        return True
    try:
        fd = os.open(folder / LOCK_NAME, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
