"""Reviews of finished games, one file per game: ``<data_dir>/reviews/<CODE>.json`` holds that game's seat records.

A review is slow to make (sampled deals for every decision), so it is made once and kept beside the finished
game's record (same code). A game's file is read only when that game's reviews are asked for, and written whole,
crash-safe (``atomic_json.atomic_write_text``: temp file, fsync, rename), when one of its seats is stored; no other
file is touched. So memory and the cost of a write stay the same however many games have been reviewed (the old
layout, one TinyDB file ``reviews.json`` for every review, kept all of them parsed in memory and rewrote them all
on every write; :mod:`storage.reviews_migrate` splits such a file at the first start).

Records are validated with pydantic on load; a record that does not validate is logged once and skipped, and a file
that cannot be read is copied aside (``<CODE>.json.corrupt-<time>``) with one log line (the review is then simply
made again). A review made by an older judge (``REVIEW_VERSION``) counts as missing.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from logic.review.model import REVIEW_VERSION, SeatReview, SeatSummary
from storage.atomic_json import atomic_write_text, fsync_dir, quarantine
from storage.reviews_migrate import migrate
from storage.tables import check_code, is_valid_code

log = logging.getLogger("cardnight.storage")

SCHEMA = 1  # a seat's record
FILE_SCHEMA = 1  # a game's file: {"schema": 1, "code": CODE, "seats": {"<seat>": record}}
DIR_NAME = "reviews"

Signature = tuple[int, int, int]  # a file's (inode, size, mtime in ns): another value means the file was replaced


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
    """Repository over ``<data_dir>/reviews/``; a damaged file is set aside and skipped, never fatal.

    In memory: the whole reviews of the last games looked at (at most :data:`KEEP_REVIEWS` reviews, whole games; a
    game's entry is used while its file is unchanged), and, once :meth:`summaries` has been asked for, every current
    review's summary by game (built by reading each file once, then kept up to date by this store's writes: ten
    numbers per seat, about 2.5 objects the cycle collector tracks). Nothing is read or migrated before the first
    call (the runner makes its calls off the event loop)."""

    KEEP_REVIEWS = 16  # validated whole reviews kept in memory (4 games of 4 seats; about 900 tracked objects each)

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self.dir = self.data_dir / DIR_NAME
        self._fsync = fsync
        self._lock = threading.RLock()
        self._ready = False  # stale temp files removed and an old reviews.json migrated (first call)
        self._reported: set[tuple[str, str]] = set()  # (code, seat) of invalid records logged already
        self._games: OrderedDict[str, tuple[Signature, dict[int, SeatReview]]] = OrderedDict()  # the last looked at
        self._index: dict[str, dict[int, SeatSummary]] | None = None  # code -> seat -> summary (None: not built)
        self.validations = 0  # records validated so far (tests: a lookup does not validate every file)

    def path(self, code: str) -> Path:
        return self.dir / f"{check_code(code)}.json"

    # ----------------------------------------------------------------------------- reading
    def _prepare(self) -> None:
        """Once, at the first call: temp files of writes a killed process left, and an old ``reviews.json``."""
        if self._ready:
            return
        self._ready = True
        try:
            if self.dir.is_dir():
                for stale in self.dir.glob(".*.tmp"):
                    stale.unlink(missing_ok=True)
            migrate(self.data_dir, self._merge)
        except OSError as exc:  # (the disk: reported to HEALTH by the write) the old file stays for the next start
            log.warning("Reviews: could not move reviews.json to one file per game (tried again at the next start): "
                        "%s", exc)

    @staticmethod
    def _signature(path: Path) -> Signature | None:
        try:
            st = path.stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def _read(self, code: str) -> dict[str, Any]:
        """The records in game ``code``'s file by seat (as stored, not validated); a file that cannot be read is
        copied aside, logged once and removed, and counts as empty."""
        path = self.path(code)
        try:
            data = json.loads(path.read_bytes().decode("utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            self._set_aside(path, f"unreadable reviews file: {exc}")
            return {}
        seats = data.get("seats") if isinstance(data, dict) and data.get("code") == code else None
        if not isinstance(seats, dict) or data.get("schema") != FILE_SCHEMA:
            self._set_aside(path, "not a reviews file of this game")
            return {}
        return seats

    def _set_aside(self, path: Path, reason: str) -> None:
        if quarantine(path, reason) is not None:
            path.unlink(missing_ok=True)  # the copy keeps it: the review is made again, and not reported again

    def _valid(self, code: str, key: str, doc: Any) -> ReviewRecord | None:
        """The record of seat ``key`` validated (None if it does not validate, logged once)."""
        self.validations += 1
        try:
            if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
                raise ValueError(f"unsupported schema version {doc.get('schema') if isinstance(doc, dict) else doc!r}")
            record = ReviewRecord.model_validate(doc)
            if record.code != code or str(record.seat) != key:
                raise ValueError(f"a record of {record.code} seat {record.seat} under seat {key}")
            return record
        except (ValidationError, ValueError, TypeError) as exc:
            if (code, key) not in self._reported:
                self._reported.add((code, key))
                log.warning("Skipping invalid review record of seat %s in %s: %s", key, self.path(code), exc)
            return None

    def _current(self, code: str, seats: dict[str, Any]) -> dict[int, SeatReview]:
        """The valid reviews by the current judge, by seat."""
        out: dict[int, SeatReview] = {}
        for key, doc in seats.items():
            record = self._valid(code, key, doc)
            if record is not None and record.review.version == REVIEW_VERSION:
                out[record.seat] = record.review
        return out

    def _keep(self, code: str, signature: Signature, reviews: dict[int, SeatReview]) -> None:
        self._games[code] = (signature, reviews)
        self._games.move_to_end(code)
        while len(self._games) > 1 and self.cached_reviews() > self.KEEP_REVIEWS:
            self._games.popitem(last=False)

    def cached_reviews(self) -> int:
        """How many whole reviews are kept in memory (at most :data:`KEEP_REVIEWS`, unless one game has more)."""
        with self._lock:
            return sum(len(reviews) for _, reviews in self._games.values())

    def for_game(self, code: str) -> dict[int, SeatReview]:
        """Every current review of game ``code``, by seat (its file is read unless it is unchanged since the last
        look)."""
        if not is_valid_code(code):
            return {}
        with self._lock:
            self._prepare()
            signature = self._signature(self.path(code))
            if signature is None:
                self._games.pop(code, None)
                return {}
            kept = self._games.get(code)
            if kept is not None and kept[0] == signature:
                self._games.move_to_end(code)
                return dict(kept[1])
            reviews = self._current(code, self._read(code))
            signature = self._signature(self.path(code))
            if signature is not None:
                self._keep(code, signature, reviews)
            return dict(reviews)

    def get(self, code: str, seat: int) -> SeatReview | None:
        """The stored review of ``seat`` in finished game ``code`` (None if missing, invalid or outdated)."""
        return self.for_game(code).get(seat)

    def summaries(self) -> dict[tuple[str, int], SeatSummary]:
        """The summary of every current review by (game code, seat), for stats and for finding the finished games
        still to review. The first call reads every game's file once; later ones answer from memory."""
        with self._lock:
            self._prepare()
            if self._index is None:
                index: dict[str, dict[int, SeatSummary]] = {}
                for path in sorted(self.dir.glob("*.json")) if self.dir.is_dir() else []:
                    code = path.stem
                    if is_valid_code(code):
                        found = {seat: r.summary for seat, r in self._current(code, self._read(code)).items()}
                        if found:
                            index[code] = found
                self._index = index
            return {(code, seat): summary for code, seats in self._index.items() for seat, summary in seats.items()}

    # ----------------------------------------------------------------------------- writing
    def _write(self, code: str, seats: dict[str, Any]) -> None:
        text = json.dumps({"schema": FILE_SCHEMA, "code": code, "seats": seats}, separators=(",", ":"))
        atomic_write_text(self.path(code), text, fsync=self._fsync, health_key=f"file:{self.dir}")

    def _merge(self, code: str, records: dict[int, dict[str, Any]]) -> bool:
        """(Migration) add ``records`` to game ``code``'s file, keeping the seats it holds; True if it wrote."""
        seats = self._read(code)
        missing = {str(seat): doc for seat, doc in records.items() if str(seat) not in seats}
        if not missing:
            return False
        self._write(code, {**seats, **missing})
        return True

    def put(self, code: str, review: SeatReview, *, now: datetime | None = None) -> None:
        """Store (or replace) the review of ``review.seat`` in game ``code``: that game's file is rewritten, no
        other. A failed write (OSError, raised) changes nothing, on disk or in memory."""
        record = ReviewRecord(schema=SCHEMA, code=check_code(code), seat=review.seat,
                              made_at=now or datetime.now(UTC), review=review).dump()
        with self._lock:
            self._prepare()
            seats = self._read(code)
            seats[str(review.seat)] = record
            self._write(code, seats)
            current = review.version == REVIEW_VERSION
            kept = self._games.get(code)
            signature = self._signature(self.path(code))
            if kept is not None and signature is not None:
                reviews = dict(kept[1])
                if current:
                    reviews[review.seat] = review
                else:
                    reviews.pop(review.seat, None)
                self._keep(code, signature, reviews)
            if self._index is not None:
                if current:
                    self._index.setdefault(code, {})[review.seat] = review.summary
                elif review.seat in self._index.get(code, {}):
                    del self._index[code][review.seat]

    def delete(self, code: str) -> int:
        """Forget every review of game ``code`` (its file is removed); the number of records removed."""
        with self._lock:
            self._prepare()
            path = self.path(code)
            count = len(self._read(code))
            path.unlink(missing_ok=True)
            if self._fsync:
                fsync_dir(self.dir)
            self._games.pop(code, None)
            if self._index is not None:
                self._index.pop(code, None)
            return count

    def close(self) -> None:
        """Nothing to release: a file is only open while it is read or replaced."""
