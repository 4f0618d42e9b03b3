"""Live tables: one small TinyDB file per table, ``<data_dir>/tables/<CODE>.json``.

Each save keeps the file it replaces as ``<CODE>.json.prev`` (a hard link: no copy is written). A table file that
is damaged later (cut short, overwritten with garbage, an unreadable record) is kept aside as
``<CODE>.json.corrupt-<time>`` and the table comes back from ``<CODE>.json.prev``: one move behind. (Each move is
saved as a version; when the writer skips versions of a busy table, the one just before the newest becomes the
copy: storage/writer.py.) The host console lists the tables brought back that way.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB

from storage.atomic_json import (
    AtomicJSONStorage,
    atomic_write_text,
    fsync_dir,
    open_db,
    previous_path,
    quarantine,
)
from storage.health import HEALTH, TABLE_PREFIX

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
        self._retired: list[Path] = []  # old .prev copies set aside by saves that are not durable yet (make_durable)
        self.restored: dict[str, str] = {}  # code -> why its file was replaced by the previous copy (this run)

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

    def save_json(self, code: str, record_json: str, *, durable: bool = True, previous_json: str | None = None) -> None:
        """Store an already serialised record (checked by :meth:`save` or the caller) as the table's file.

        The file keeps TinyDB's layout (``{"table": {"1": record}}``) and is replaced atomically; the next
        :meth:`load` opens it afresh. Safe to call from a writer thread. With ``durable=False`` the new file
        is in place for any process (a crash of ours cannot lose it) but not yet flushed to the disk: call
        :meth:`make_durable` next.

        The file replaced stays as the ``.prev`` copy; ``previous_json`` (the record of the version just before,
        when that was never written: the writer skipped it) becomes the copy instead.
        """
        path = self.path(code)
        with self._lock:
            db = self._dbs.pop(code, None)
            if db is not None:
                db.close()
            sync = self._fsync and durable
            if previous_json is not None:
                atomic_write_text(previous_path(path), _file_text(previous_json), fsync=sync,
                                  health_key=TABLE_PREFIX + code)
            atomic_write_text(path, _file_text(record_json), fsync=sync, health_key=TABLE_PREFIX + code,
                              keep_previous=previous_json is None, retire=None if durable else self._retired.append)

    def make_durable(self, codes: list[str]) -> None:
        """Flush the files of ``codes`` (written with ``durable=False``) and the directory to the disk; delete the
        old ``.prev`` copies those writes set aside (storage/atomic_json.py, ``retire``)."""
        while self._retired:
            self._retired.pop().unlink(missing_ok=True)
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
        """Return a copy of the table's record, or None if there is none (or nothing of it could be read).

        A damaged file is kept aside and the table comes back from its previous copy when that one is whole."""
        check_code(code)
        with self._lock:
            path, previous = self.path(code), previous_path(self.path(code))
            if code not in self._dbs and not path.exists():
                if not previous.exists():
                    return None
                return self._restore(code, "its file is missing (a save was cut off)")
            problem = self._problem_of(path, code)
            if problem is None:
                record = self._read_record(path, code)
                if record is not None:
                    return record
                problem = "unreadable"
            if previous.exists() and self._problem_of(previous, code) is None:
                quarantine(path, f"{problem}; brought back from {previous.name}")
                return self._restore(code, problem)
            db = self._db(code)  # nothing better: salvage what the damaged file still holds
            raw = db.storage.read() or {}
            docs = list(raw.get(TABLE, {}).values())
            record = docs[0] if len(docs) == 1 else None
            problem = _valid_record(record, code) if len(docs) == 1 else f"{len(docs)} documents instead of 1"
            if problem is None:
                return cast(dict[str, Any], json.loads(json.dumps(record)))
            storage: AtomicJSONStorage = db.storage  # type: ignore[assignment]
            if storage.corrupt_copy is None:  # the storage layer has not kept a copy yet
                quarantine(self.path(code), problem)
            else:
                log.warning("Table %s: nothing usable left after salvage (%s)", code, problem)
            self._drop(code)
            return None

    @staticmethod
    def _read_record(path: Path, code: str) -> dict[str, Any] | None:
        try:
            data = json.loads(path.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        docs = list(data.get(TABLE, {}).values()) if isinstance(data, dict) and isinstance(data.get(TABLE), dict) \
            else []
        if len(docs) != 1 or _valid_record(docs[0], code) is not None:
            return None
        return cast(dict[str, Any], docs[0])

    def _problem_of(self, path: Path, code: str) -> str | None:
        """Why the file at ``path`` is not a whole record of table ``code`` (None when it is one)."""
        try:
            raw = path.read_bytes()
        except OSError as exc:
            return f"unreadable ({exc.strerror or exc})"
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            return f"unreadable JSON: {exc}"
        if not isinstance(data, dict) or not isinstance(data.get(TABLE), dict):
            return "not a table file"
        docs = list(data[TABLE].values())
        if len(docs) != 1:
            return f"{len(docs)} documents instead of 1"
        return _valid_record(docs[0], code)

    def _restore(self, code: str, problem: str) -> dict[str, Any] | None:
        """Bring table ``code`` back from its previous copy (checked by the caller): it becomes the table's file."""
        previous = previous_path(self.path(code))
        record = self._read_record(previous, code)
        if record is None:
            return None
        db = self._dbs.pop(code, None)
        if db is not None:
            db.close()
        try:
            atomic_write_text(self.path(code), previous.read_text(encoding="utf-8"), fsync=self._fsync,
                              health_key=TABLE_PREFIX + code)
        except OSError:
            log.exception("Table %s: could not write back its previous copy; it plays on from memory", code)
        why = f"{problem}" if len(problem) < 200 else problem[:200] + "…"
        self.restored[code] = why
        log.warning("Table %s: its file was damaged (%s); brought it back from the previous copy (one save behind, "
                    "at version %s)", code, why, record.get("version"))
        HEALTH.notice("restored", f"Table {code} was brought back from its previous copy (one save behind): its "
                                  f"file was damaged ({why}).", subject=code)
        return record

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
        previous_path(self.path(code)).unlink(missing_ok=True)
        HEALTH.forget(TABLE_PREFIX + code)  # a removed table no longer waits to be saved
        if self._fsync:
            fsync_dir(self.dir)

    def codes(self) -> list[str]:
        """Codes of the table files on disk, sorted."""
        names = {p.stem for p in self.dir.glob("*.json")}
        names |= {p.name.removesuffix(".json.prev") for p in self.dir.glob("*.json.prev")}  # a cut-off save
        return sorted(n for n in names if is_valid_code(n))

    def close(self) -> None:
        """Close every open table database."""
        with self._lock:
            for db in self._dbs.values():
                db.close()
            self._dbs.clear()


def _file_text(record_json: str) -> str:
    """A table file in TinyDB's layout (``{"table": {"1": record}}``) around an already serialised record."""
    return f'{{"{TABLE}":{{"{DOC_ID}":{record_json}}}}}'
