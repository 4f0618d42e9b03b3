"""Crash-safe JSON storage for TinyDB: temp file + fsync + os.replace, with an in-memory cache.

A file that cannot be read is copied to ``<name>.corrupt-<UTC timestamp>``, logged, and replaced by
whatever could be salvaged from it (complete documents before the damage), or by an empty database.

Every write reports to :data:`storage.health.HEALTH` (a full, read-only or broken disk, and its end). With
``keep_previous`` the file being replaced stays beside the new one as ``<name>.prev`` (a hard link, so it costs
no copy), for bringing a damaged file back from its last good version.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB
from tinydb.storages import Storage

from storage.health import HEALTH

log = logging.getLogger("cardnight.storage")

PREVIOUS_SUFFIX = ".prev"

Data = dict[str, dict[str, Any]]


def fsync_dir(directory: Path) -> None:
    """Make a rename or unlink in ``directory`` durable (no-op where directories cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str, *, fsync: bool = True, health_key: str | None = None,
                      keep_previous: bool = False, retire: Callable[[Path], None] | None = None) -> None:
    """Replace ``path`` with ``text`` so a crash leaves either the old or the new file, never a mix.

    The new file is created with mode 0600 (mkstemp's default). A failure is reported to
    :data:`~storage.health.HEALTH` under ``health_key`` (default: the path) and raised; a success clears the key.
    With ``keep_previous`` the old file stays as ``<name>.prev``; with ``retire`` too, the ``.prev`` it replaces is
    set aside under a temporary name and handed to ``retire`` to delete later: freeing a file's blocks is the slow
    part of a save on an SD card (4 ms of a Pi-class host's event loop where the rest of the save takes 1), and
    another thread can do it. A temporary name left by a crash is removed at the next start.
    """
    key = health_key or f"file:{path}"
    try:
        _atomic_write_text(path, text, fsync=fsync, keep_previous=keep_previous, retire=retire)
    except OSError as exc:
        HEALTH.failed(key, exc, str(path))
        raise
    HEALTH.succeeded(key)


def previous_path(path: Path) -> Path:
    return path.with_name(path.name + PREVIOUS_SUFFIX)


def _atomic_write_text(path: Path, text: str, *, fsync: bool, keep_previous: bool,
                       retire: Callable[[Path], None] | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if fsync:
                os.fsync(handle.fileno())
        if keep_previous:
            _keep_previous(path, retire)
        for attempt in range(5):
            try:
                os.replace(tmp, path)
                break
            except PermissionError:  # Windows: target briefly held open by a scanner or indexer
                if attempt == 4:
                    raise
                time.sleep(0.05 * (attempt + 1))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if fsync:
        fsync_dir(path.parent)


def _keep_previous(path: Path, retire: Callable[[Path], None] | None = None) -> None:
    """Make ``<name>.prev`` the file ``path`` holds now (if any): a second name for it, or a copy where the file
    system has no hard links. ``path`` itself stays in place throughout. ``retire``: see :func:`atomic_write_text`."""
    target = previous_path(path)
    old: Path | None = None
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    try:
        os.unlink(tmp)
        try:
            os.link(path, tmp)
        except FileNotFoundError:
            return  # nothing saved yet
        except OSError:
            shutil.copyfile(path, tmp)  # no hard links here (some network or FAT file systems)
        if retire is not None:
            old = _set_aside(target)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if old is not None and retire is not None:
        retire(old)


def _set_aside(path: Path) -> Path | None:
    """Rename ``path`` to a temporary name beside it (a rename frees nothing, so it is quick); None if it is not
    there."""
    aside = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        os.rename(path, aside)
    except FileNotFoundError:
        return None
    return aside


def remove_stale_temp_files(path: Path) -> None:
    """Delete temp files a killed process left behind for ``path``."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        stale.unlink(missing_ok=True)


def quarantine(path: Path, reason: str) -> Path | None:
    """Copy a bad file to ``<name>.corrupt-<UTC timestamp>`` beside it and log both paths."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        shutil.copy2(path, target)
    except OSError:
        try:  # no room for a copy: move the file aside instead
            os.replace(path, target)
        except OSError:
            log.exception("Could not copy corrupt file %s to %s", path, target)
            return None
    log.warning("Corrupt data file %s (%s): kept a copy at %s, continuing without the damage", path, reason, target)
    return target


def salvage(text: str) -> Data:
    """Recover the complete documents of a damaged TinyDB JSON text, stopping at the first damage."""
    decoder = json.JSONDecoder()
    result: Data = {}
    pos = 0

    def skip(p: int) -> int:
        while p < len(text) and text[p] in " \t\r\n":
            p += 1
        return p

    def expect(p: int, char: str) -> int:
        p = skip(p)
        if text[p : p + 1] != char:
            raise ValueError(char)
        return p + 1

    try:
        pos = expect(pos, "{")
        while skip(pos) < len(text) and text[skip(pos)] != "}":
            table_name, pos = decoder.raw_decode(text, skip(pos))
            pos = expect(pos, ":")
            pos = expect(pos, "{")
            table = result.setdefault(str(table_name), {})
            while text[skip(pos)] != "}":
                doc_id, pos = decoder.raw_decode(text, skip(pos))
                pos = expect(pos, ":")
                doc, pos = decoder.raw_decode(text, skip(pos))
                if isinstance(doc, dict):
                    table[str(doc_id)] = doc
                pos = skip(pos)
                if text[pos : pos + 1] == ",":
                    pos += 1
            pos = expect(pos, "}")
            pos = skip(pos)
            if text[pos : pos + 1] == ",":
                pos += 1
    except (ValueError, IndexError):
        pass
    return result


def _valid_shape(data: Any) -> bool:
    return isinstance(data, dict) and all(
        isinstance(t, dict) and all(isinstance(d, dict) for d in t.values()) for t in data.values()
    )


class AtomicJSONStorage(Storage):
    """TinyDB storage writing via temp file + fsync + ``os.replace`` and caching the data in memory.

    ``read()`` returns the cached dict itself (TinyDB mutates it, then calls ``write``); callers of
    the repositories get copies. The file is read once, at construction, where damage is handled.
    """

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = True, salvage_damaged: bool = True) -> None:
        super().__init__()
        self.path = Path(path)
        self.fsync = fsync
        self.corrupt_copy: Path | None = None
        self._last_text: str | None = None  # what the file holds; restores the cache after a failed write
        self.generation = 0  # counts the writes (tried): a reader's index of the data is current while it is unchanged
        self.path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temp_files(self.path)
        self._cache: Data | None = self._load(salvage_damaged)

    def _load(self, salvage_damaged: bool) -> Data | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        if not raw.strip():
            return None
        text = raw.decode("utf-8", errors="replace")
        try:
            data = json.loads(raw.decode("utf-8"))
            if _valid_shape(data):
                self._last_text = text
                return cast(dict[str, dict[str, Any]], data)
            reason = "not a TinyDB document tree"
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            data, reason = None, f"unreadable JSON: {exc}"
        if isinstance(data, dict):  # parsed but partly malformed: keep the well-formed documents
            tables = {k: t for k, t in data.items() if isinstance(t, dict)}
            kept = {k: {i: d for i, d in t.items() if isinstance(d, dict)} for k, t in tables.items()}
        else:
            kept = salvage(text) if salvage_damaged else {}
        count = sum(len(t) for t in kept.values())
        self.corrupt_copy = quarantine(self.path, f"{reason}; salvaged {count} document(s)")
        if self.corrupt_copy is not None:  # never overwrite the only copy of the damaged data
            try:
                self.write(kept)
            except OSError:
                log.exception("Could not rewrite %s; continuing in memory", self.path)
        return kept

    def read(self) -> Data | None:
        """Return the cached database (no disk access)."""
        return self._cache

    def write(self, data: Data) -> None:
        """Serialise compactly and replace the file atomically; on failure the cache reverts to the file."""
        self.generation += 1  # the data changed in place already (TinyDB), whether or not the write succeeds
        try:
            text = json.dumps(data, separators=(",", ":"))
            atomic_write_text(self.path, text, fsync=self.fsync)
        except BaseException:  # TinyDB already changed the cached dict in place: undo that
            self._cache = None if self._last_text is None else json.loads(self._last_text)
            raise
        self._cache, self._last_text = data, text

    def close(self) -> None:
        """Nothing to release: the file is only open while it is read or replaced."""


def open_db(path: str | os.PathLike[str], *, salvage_damaged: bool = True, fsync: bool = True) -> TinyDB:
    """Open a TinyDB on :class:`AtomicJSONStorage`; a damaged file is quarantined, never fatal."""
    return TinyDB(path, storage=AtomicJSONStorage, salvage_damaged=salvage_damaged, fsync=fsync)
