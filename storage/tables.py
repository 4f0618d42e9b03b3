"""Live tables: one small TinyDB file per table, ``<data_dir>/tables/<CODE>.json``."""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from storage.atomic_json import AtomicJSONStorage, atomic_write_text, fsync_dir, open_db, quarantine

log = logging.getLogger("cardnight.storage")

CODE_RE = re.compile(r"[A-Z0-9]{4,12}")
RESERVED = re.compile(r"(COM|LPT)[0-9]")  # device names on Windows, whatever the extension
TABLE = "table"
DOC_ID = 1


def is_valid_code(code: object) -> bool:
    """True for a table code that is safe as a file name: 4-12 of A-Z, 0-9."""
    return isinstance(code, str) and CODE_RE.fullmatch(code) is not None and not RESERVED.fullmatch(code)


def check_code(code: object) -> str:
    """Return ``code`` or raise ``ValueError`` if it could name anything but a table file."""
    if not is_valid_code(code):
        raise ValueError(f"invalid table code: {code!r}")
    return code  # type: ignore[return-value]


def _valid_record(record: Any, code: str) -> str | None:
    """Return why ``record`` is not a table record for ``code``, or None if it is one."""
    if not isinstance(record, dict):
        return "record is not an object"
    if not isinstance(record.get("schema"), int) or isinstance(record.get("schema"), bool):
        return "record has no integer 'schema'"
    if record.get("code") != code:
        return f"record code {record.get('code')!r} does not match file"
    return None


class TableStore:
    """Saves and loads live table records; a damaged file is quarantined and skipped, never fatal."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.dir = Path(data_dir) / "tables"
        self.dir.mkdir(parents=True, exist_ok=True)
        for stale in self.dir.glob(".*.json.*.tmp"):  # left by a killed process; we own this directory
            stale.unlink(missing_ok=True)
        self._fsync = fsync
        self._dbs: dict[str, TinyDB] = {}
        self._lock = threading.RLock()

    def path(self, code: str) -> Path:
        """The file of table ``code`` (validated)."""
        return self.dir / f"{check_code(code)}.json"

    def _db(self, code: str) -> TinyDB:
        db = self._dbs.get(code)
        if db is None:
            db = self._dbs[code] = open_db(self.path(code), fsync=self._fsync)
        return db

    def save(self, code: str, record: dict[str, Any]) -> None:
        """Store ``record`` as the only document of the table's file, replacing the previous one.

        Raises ``ValueError`` for a bad code, a record without ``schema``/matching ``code``, or
        data that is not JSON. One atomic file write per call.
        """
        check_code(code)
        problem = _valid_record(record, code)
        if problem:
            raise ValueError(f"cannot save table {code}: {problem}")
        self.save_json(code, json.dumps(record, separators=(",", ":")))

    def save_json(self, code: str, record_json: str, *, durable: bool = True) -> None:
        """Store an already serialised record (checked by :meth:`save` or the caller) as the table's file.

        The file keeps TinyDB's layout (``{"table": {"1": record}}``) and is replaced atomically; the next
        :meth:`load` opens it afresh. Safe to call from a writer thread. With ``durable=False`` the new file
        is in place for any process (a crash of ours cannot lose it) but not yet flushed to the disk: call
        :meth:`make_durable` next.
        """
        path = self.path(code)
        text = f'{{"{TABLE}":{{"{DOC_ID}":{record_json}}}}}'
        with self._lock:
            db = self._dbs.pop(code, None)
            if db is not None:
                db.close()
            atomic_write_text(path, text, fsync=self._fsync and durable)

    def make_durable(self, codes: list[str]) -> None:
        """Flush the files of ``codes`` (written with ``durable=False``) and the directory to the disk."""
        if not self._fsync:
            return
        for code in codes:
            try:
                fd = os.open(self.path(code), os.O_RDONLY)
            except OSError:  # deleted meanwhile
                continue
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        fsync_dir(self.dir)

    def load(self, code: str) -> dict[str, Any] | None:
        """Return a copy of the table's record, or None if there is none (or it was unreadable)."""
        check_code(code)
        with self._lock:
            if code not in self._dbs and not self.path(code).exists():
                return None
            db = self._db(code)
            raw = db.storage.read() or {}
            docs = list(raw.get(TABLE, {}).values())
            record = docs[0] if len(docs) == 1 else None
            problem = _valid_record(record, code) if len(docs) == 1 else f"{len(docs)} documents instead of 1"
            if problem is None:
                return json.loads(json.dumps(record))
            storage: AtomicJSONStorage = db.storage  # type: ignore[assignment]
            if storage.corrupt_copy is None:  # the storage layer has not kept a copy yet
                quarantine(self.path(code), problem)
            else:
                log.warning("Table %s: nothing usable left after salvage (%s)", code, problem)
            self._drop(code)
            return None

    def load_all(self) -> list[dict[str, Any]]:
        """Records of every readable table, sorted by code; bad files are logged and skipped."""
        records = []
        for code in self.codes():
            try:
                record = self.load(code)
            except Exception:  # a disk error on one table must not stop the others from loading
                log.exception("Could not load table %s from %s", code, self.dir)
                continue
            if record is not None:
                records.append(record)
        return records

    def delete(self, code: str) -> None:
        """Forget table ``code`` and remove its file (no error if it does not exist)."""
        check_code(code)
        with self._lock:
            self._drop(code)

    def _drop(self, code: str) -> None:
        db = self._dbs.pop(code, None)
        if db is not None:
            db.close()
        self.path(code).unlink(missing_ok=True)
        if self._fsync:
            fsync_dir(self.dir)

    def codes(self) -> list[str]:
        """Codes of the table files on disk, sorted."""
        return sorted(p.stem for p in self.dir.glob("*.json") if is_valid_code(p.stem))

    def close(self) -> None:
        """Close every open table database."""
        with self._lock:
            for db in self._dbs.values():
                db.close()
            self._dbs.clear()
