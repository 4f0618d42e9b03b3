"""Checks of the data folder: can the server write there at all (at start, and while saving fails), and removing
the temporary files a failed or killed write left behind (ours and NiceGUI's)."""

from __future__ import annotations

import errno
import logging
import os
import tempfile
from pathlib import Path

from storage.health import REASONS

log = logging.getLogger("cardnight.storage")

PROBE_PREFIX = ".cardnight-write-test-"
SUBFOLDERS = ("tables", "games", "reports", "nicegui")
PROBE_BYTES = b"Card Night checks that it can write here.\n" * 8


def write_test(folder: Path) -> OSError | None:
    """Write, flush and remove a small file in ``folder``; the error if any step fails, else None."""
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=PROBE_PREFIX, suffix=".tmp")
    except OSError as exc:
        return exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(PROBE_BYTES)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        return exc
    finally:
        try:
            os.unlink(name)
        except OSError:
            pass
    return None


def folder_problem(data_dir: Path) -> str | None:
    """Why the server cannot keep its data in ``data_dir`` (one sentence: which folder, why, what to do), or None
    when it can create the folder and write in it and in each of its subfolders that exist."""
    data_dir = Path(data_dir)
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _sentence(data_dir, exc, "cannot be created")
    if not data_dir.is_dir():
        return (f"Card Night cannot keep its data in {data_dir.resolve()}: it is not a folder. Choose another one "
                "with --data-dir.")
    for folder in (data_dir, *(data_dir / name for name in SUBFOLDERS)):
        if folder.is_dir():
            error = write_test(folder)
            if error is not None:
                return _sentence(folder, error, "cannot be written")
    return None


def _sentence(folder: Path, exc: OSError, what: str) -> str:
    why = REASONS.get(exc.errno or 0, (exc.strerror or str(exc), ""))[0]
    todo = {
        errno.ENOSPC: "free some space there",
        errno.EDQUOT: "free some space there",
        errno.EROFS: "make that disk writable (or choose another folder with --data-dir)",
        errno.EACCES: f"let the user running Card Night ({_user()}) write there, or choose another folder with "
                      "--data-dir",
        errno.EPERM: f"let the user running Card Night ({_user()}) write there, or choose another folder with "
                     "--data-dir",
    }.get(exc.errno or 0, "check the disk, or choose another folder with --data-dir")
    return f"Card Night cannot start: its data folder {folder.resolve()} {what} ({why}). To fix it, {todo}, then " \
           "start it again."


def _user() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_name
    except (ImportError, KeyError, AttributeError):
        return "this user"


def remove_leftovers(data_dir: Path) -> int:
    """Remove the temporary files of writes that never finished, anywhere in ``data_dir``: ours
    (``.<name>.<random>.tmp`` beside each file), NiceGUI's storage (``storage-*.json.tmp``) and write tests. Returns
    how many were removed (and logs it once)."""
    removed = 0
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        return 0
    candidates = [p for p in data_dir.rglob(".*.tmp") if p.is_file()]
    nicegui = data_dir / "nicegui"
    if nicegui.is_dir():
        candidates += [p for p in nicegui.glob("*.tmp") if p.is_file()]
    for path in set(candidates):
        try:
            path.unlink()
            removed += 1
        except OSError:
            pass
    if removed:
        log.info("Removed %d temporary file(s) left by writes that did not finish", removed)
    return removed
