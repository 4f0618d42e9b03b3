"""Game nights, kept in ``nights.json`` in the data folder (so the backup of the folder keeps them), one record per
night, each replaced whole when the night changes (the file is written crash-safe: ``storage/atomic_json.py``).

Records are checked with the night's model on load. A damaged or unreadable record is set aside with a clear reason
(:class:`Damaged`, logged once) and everything else loads; it stays in the file untouched, so nothing is lost.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from tinydb import Query

from logic.night.model import SCHEMA, Night
from storage.atomic_json import open_db

log = logging.getLogger("cardnight.storage")

FILE_NAME = "nights.json"


@dataclass(frozen=True)
class Damaged:
    """A night whose record could not be read: its code (or ``?``) and why."""

    code: str
    reason: str


def night_of(doc: dict[str, Any]) -> Night:
    """A stored record as a night (``ValueError`` when it is not one this version reads)."""
    data = dict(doc)
    version = data.pop("schema", None)
    if version != SCHEMA:
        raise ValueError(f"unsupported schema version {version!r}")
    try:
        return Night.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "record"
        raise ValueError(f"{where}: {first.get('msg')}") from None


class NightStore:
    """The nights' file: load every night, save one."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.path = Path(data_dir) / FILE_NAME
        self.db = open_db(self.path, fsync=fsync)
        self._lock = threading.RLock()
        self._reported: set[int] = set()

    def load_all(self) -> tuple[list[Night], list[Damaged]]:
        """Every night that reads (oldest first), and the ones that do not, each with its reason."""
        nights: list[Night] = []
        damaged: list[Damaged] = []
        with self._lock:
            docs = list(self.db.all())
        for doc in docs:
            try:
                nights.append(night_of(dict(doc)))
            except (ValueError, TypeError, KeyError) as exc:
                code = str(doc.get("code", "?")) if isinstance(doc, dict) else "?"
                damaged.append(Damaged(code[:12], str(exc)))
                if doc.doc_id not in self._reported:
                    self._reported.add(doc.doc_id)
                    log.warning("Night %s in %s cannot be read and is left as it is: %s", code[:12], self.path, exc)
        nights.sort(key=lambda n: n.created_at)
        return nights, damaged

    def save(self, night: Night) -> None:
        """Keep ``night`` (replacing its earlier record)."""
        record = {"schema": SCHEMA, **night.model_dump(mode="json")}
        with self._lock:
            self.db.upsert(record, Query().code == night.code)
