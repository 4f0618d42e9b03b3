"""Reviews of finished games: ``<data_dir>/reviews.json``, one record per (finished game code, seat).

A review is slow to make (sampled deals for every decision), so it is made once and kept beside the finished
game's record (same code). Its own small TinyDB file, crash-safe like the rest (``atomic_json``): it changes
once per review, and never touches the main database. Records are validated with pydantic on load; a record
that does not validate is logged once and skipped (the review is then simply made again). A review made by an
older judge (``REVIEW_VERSION``) counts as missing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import MutableMapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from tinydb import Query

from logic.review.model import REVIEW_VERSION, SeatReview, SeatSummary
from storage.atomic_json import open_db
from storage.tables import check_code

log = logging.getLogger("cardnight.storage")

SCHEMA = 1
TABLE = "reviews"


class ReviewRecord(BaseModel):
    """A stored review: which game and seat, when it was made, and the review itself."""

    model_config = ConfigDict(populate_by_name=True)

    schema_: int = Field(SCHEMA, alias="schema")
    code: str
    seat: int
    made_at: datetime
    review: SeatReview

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


class ReviewStore:
    """Repository over ``reviews.json``; a damaged file is quarantined and salvaged by ``open_db``, never fatal."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.path = Path(data_dir) / "reviews.json"
        self.db = open_db(self.path, fsync=fsync)
        self._lock = threading.RLock()
        self._reported: set[int] = set()

    def _valid(self) -> list[ReviewRecord]:
        out = []
        for doc in self.db.table(TABLE).all():
            try:
                if doc.get("schema") != SCHEMA:
                    raise ValueError(f"unsupported schema version {doc.get('schema')!r}")
                out.append(ReviewRecord.model_validate(dict(doc)))
            except (ValidationError, ValueError, TypeError) as exc:
                if doc.doc_id not in self._reported:
                    self._reported.add(doc.doc_id)
                    log.warning("Skipping invalid review record %s in %s: %s", doc.doc_id, self.path, exc)
        return out

    def get(self, code: str, seat: int) -> SeatReview | None:
        """The stored review of ``seat`` in finished game ``code`` (None if missing, invalid or outdated)."""
        with self._lock:
            found = [r for r in self._valid() if r.code == code and r.seat == seat]
        if not found or found[-1].review.version != REVIEW_VERSION:
            return None
        return found[-1].review

    def for_game(self, code: str) -> dict[int, SeatReview]:
        """Every current review of game ``code``, by seat."""
        with self._lock:
            found = [r for r in self._valid() if r.code == code and r.review.version == REVIEW_VERSION]
        return {r.seat: r.review for r in found}

    def summaries(self) -> dict[tuple[str, int], SeatSummary]:
        """The summary of every current review by (game code, seat), in one pass over the file (for stats and for
        finding the finished games still to review)."""
        with self._lock:
            found = [r for r in self._valid() if r.review.version == REVIEW_VERSION]
        return {(r.code, r.seat): r.review.summary for r in found}

    def put(self, code: str, review: SeatReview, *, now: datetime | None = None) -> None:
        """Store (or replace) the review of ``review.seat`` in game ``code``."""
        record = ReviewRecord(schema=SCHEMA, code=check_code(code), seat=review.seat,
                              made_at=now or datetime.now(UTC), review=review).dump()
        cond = (Query().code == code) & (Query().seat == review.seat)

        def replace(doc: MutableMapping[str, Any]) -> None:
            doc.clear()
            doc.update(record)

        with self._lock:
            table = self.db.table(TABLE)
            if table.contains(cond):
                table.update(replace, cond)
            else:
                table.insert(record)

    def delete(self, code: str) -> int:
        """Forget every review of game ``code``; the number removed."""
        with self._lock:
            return len(self.db.table(TABLE).remove(Query().code == code))

    def close(self) -> None:
        with self._lock:
            self.db.close()
