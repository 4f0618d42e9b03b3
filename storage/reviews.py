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
from collections import OrderedDict
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
    """Repository over ``reviews.json``; a damaged file is quarantined and salvaged by ``open_db``, never fatal.

    Lookups use an index kept in memory: the records' ids by game code (built in one pass over the documents without
    validating them), each record validated once (its summary kept; whole reviews of the last :data:`KEEP_REVIEWS`
    records looked at kept too). This store's own writes update the index; any other write to the database (the
    storage counts them) makes it rebuild at the next lookup, so a lookup never answers from stale data."""

    KEEP_REVIEWS = 256  # validated whole reviews kept in memory (summaries of all are kept: they are small)

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.path = Path(data_dir) / "reviews.json"
        self.db = open_db(self.path, fsync=fsync)
        self._lock = threading.RLock()
        self._reported: set[int] = set()
        self._seen: int | None = None  # the storage's write count the index reflects (None: no index yet)
        self._by_code: dict[str, list[int]] = {}  # game code -> record ids, in insertion order
        self._meta: dict[int, tuple[str, int, int, SeatSummary] | None] = {}  # id -> (code, seat, version, summary)
        self._reviews: OrderedDict[int, SeatReview] = OrderedDict()  # id -> review, the last ones looked at
        self.validations = 0  # records validated so far (tests: a lookup does not validate the whole file)

    def _generation(self) -> int:
        return int(getattr(self.db.storage, "generation", -1))

    def _index(self) -> None:
        """(Re)build the index if the database changed behind it: which record ids belong to which game."""
        generation = self._generation()
        if self._seen == generation and generation >= 0:
            return
        self._by_code, self._meta, self._reviews = {}, {}, OrderedDict()
        for doc in self.db.table(TABLE).all():
            code = doc.get("code")
            self._by_code.setdefault(code if isinstance(code, str) else "", []).append(doc.doc_id)
        self._seen = generation

    def _record(self, doc_id: int) -> ReviewRecord | None:
        """Record ``doc_id`` validated (None if it does not validate, reported once)."""
        doc = self.db.table(TABLE).get(doc_id=doc_id)
        if doc is None or isinstance(doc, list):
            return None
        self.validations += 1
        try:
            if doc.get("schema") != SCHEMA:
                raise ValueError(f"unsupported schema version {doc.get('schema')!r}")
            return ReviewRecord.model_validate(dict(doc))
        except (ValidationError, ValueError, TypeError) as exc:
            if doc_id not in self._reported:
                self._reported.add(doc_id)
                log.warning("Skipping invalid review record %s in %s: %s", doc_id, self.path, exc)
            return None

    def _look(self, doc_id: int, *, whole: bool) -> tuple[tuple[str, int, int, SeatSummary] | None, SeatReview | None]:
        """(code, seat, version, summary) of record ``doc_id`` and, with ``whole``, its review (validated once)."""
        if doc_id in self._meta and (not whole or self._meta[doc_id] is None or doc_id in self._reviews):
            if whole and doc_id in self._reviews:
                self._reviews.move_to_end(doc_id)
            return self._meta[doc_id], self._reviews.get(doc_id) if whole else None
        record = self._record(doc_id)
        meta = None if record is None else (record.code, record.seat, record.review.version, record.review.summary)
        self._meta[doc_id] = meta
        if record is None:
            return meta, None
        self._reviews[doc_id] = record.review  # (validated anyway: kept for a lookup that follows)
        while len(self._reviews) > self.KEEP_REVIEWS:
            self._reviews.popitem(last=False)
        return meta, record.review if whole else None

    def for_game(self, code: str) -> dict[int, SeatReview]:
        """Every current review of game ``code``, by seat (of two records for a seat, the later one)."""
        with self._lock:
            self._index()
            out: dict[int, SeatReview] = {}
            for doc_id in self._by_code.get(code, []):
                meta, review = self._look(doc_id, whole=True)
                if meta is not None and review is not None and meta[0] == code:
                    if meta[2] == REVIEW_VERSION:
                        out[meta[1]] = review
                    else:
                        out.pop(meta[1], None)
            return out

    def get(self, code: str, seat: int) -> SeatReview | None:
        """The stored review of ``seat`` in finished game ``code`` (None if missing, invalid or outdated)."""
        return self.for_game(code).get(seat)

    def summaries(self) -> dict[tuple[str, int], SeatSummary]:
        """The summary of every current review by (game code, seat) (each record validated once, then kept; for
        stats and for finding the finished games still to review)."""
        with self._lock:
            self._index()
            out: dict[tuple[str, int], SeatSummary] = {}
            for ids in self._by_code.values():
                for doc_id in ids:
                    meta, _ = self._look(doc_id, whole=False)
                    if meta is None:
                        continue
                    if meta[2] == REVIEW_VERSION:
                        out[(meta[0], meta[1])] = meta[3]
                    else:
                        out.pop((meta[0], meta[1]), None)
            return out

    def put(self, code: str, review: SeatReview, *, now: datetime | None = None) -> None:
        """Store (or replace) the review of ``review.seat`` in game ``code``."""
        record = ReviewRecord(schema=SCHEMA, code=check_code(code), seat=review.seat,
                              made_at=now or datetime.now(UTC), review=review).dump()
        cond = (Query().code == code) & (Query().seat == review.seat)

        def replace(doc: MutableMapping[str, Any]) -> None:
            doc.clear()
            doc.update(record)

        with self._lock:
            self._index()  # current before the write, so the write alone is what changes below
            table = self.db.table(TABLE)
            try:
                if table.contains(cond):
                    ids = table.update(replace, cond)
                else:
                    ids = [table.insert(record)]
            finally:
                self._seen = None  # a failed write restores the data: rebuild at the next lookup
            for doc_id in ids:
                self._meta.pop(doc_id, None)
                self._reviews.pop(doc_id, None)
                if doc_id not in self._by_code.setdefault(code, []):
                    self._by_code[code].append(doc_id)
            self._seen = self._generation()

    def delete(self, code: str) -> int:
        """Forget every review of game ``code``; the number removed."""
        with self._lock:
            self._seen = None  # rebuilt at the next lookup
            return len(self.db.table(TABLE).remove(Query().code == code))

    def close(self) -> None:
        with self._lock:
            self.db.close()
