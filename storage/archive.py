"""The main database ``<data_dir>/cardnight.json``: finished games, profiles, link codes, meta.

It changes about once per finished game. A finished game's action log lives in its own file
(``storage/game_logs.py``); the record here is the summary that stats and history need.
Every record carries a ``schema`` version and is validated on load; a record that does not validate
is logged once and skipped.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, MutableMapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from tinydb import Query

from storage.atomic_json import open_db
from storage.game_logs import GameLogStore

log = logging.getLogger("cardnight.storage")

SCHEMA = 1
# Migrations by the schema version they upgrade from: MIGRATIONS[1] turns a v1 record into v2.
MIGRATIONS: dict[str, dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}


class Record(BaseModel):
    """Base of stored records: a ``schema`` version; unknown fields are kept."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    schema_: int = Field(SCHEMA, alias="schema")

    def dump(self) -> dict[str, Any]:
        """JSON-ready dict with the ``schema`` key."""
        return self.model_dump(mode="json", by_alias=True)


class FinishedSeat(BaseModel):
    """A seat of a finished game: who played it (``player_id``; a computer player's ``bot`` is its level)."""

    model_config = ConfigDict(extra="allow")
    player_id: str | None = None
    name: str = ""
    emoji: str = ""
    bot: str | None = None

    @field_validator("name", "emoji", mode="before")
    @classmethod
    def _text(cls, value: object) -> object:
        return "" if value is None else value


class FinishedGame(Record):
    """A finished game: who sat where, the result (``scores``, ``places``: 1 = best, ``winners``), and what replays
    it (``options``, ``seed`` and the action ``log``, which only :meth:`MainStore.finished_game` fills in: the main
    database keeps it in a file of its own)."""

    code: str
    game: str
    finished_at: datetime
    practice: bool = False
    players: list[FinishedSeat] = []
    scores: list[int] = []
    places: list[int] = []
    winners: list[int] = []
    options: dict[str, Any] = {}
    seed: int | None = None
    log: list[Any] | None = None
    result: dict[str, Any] | None = None  # (records of the first version)
    same_deals_as: str | None = None  # duplicate deals: the code of the table whose deals it played (its group's)

    def seat_of(self, player_id: str) -> int | None:
        """The seat ``player_id`` played as a person (not a computer seat), or None."""
        return next((i for i, p in enumerate(self.players) if p.player_id == player_id and p.bot is None), None)

    @field_validator("finished_at")
    @classmethod
    def _utc(cls, value: datetime) -> datetime:
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Profile(Record):
    player_id: str
    data: dict[str, Any] = {}


class LinkCode(Record):
    """A one-time code that makes another device the player ``player_id`` until ``expires_at`` (UTC)."""

    code: str
    player_id: str
    expires_at: datetime

    @field_validator("expires_at")
    @classmethod
    def _utc(cls, value: datetime) -> datetime:
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Meta(Record):
    key: str
    value: Any = None


R = TypeVar("R", bound=Record)


class MainStore:
    """Repository over the main database; a damaged file is quarantined and salvaged, never fatal."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.path = Path(data_dir) / "cardnight.json"
        self.db = open_db(self.path, fsync=fsync)
        self.logs = GameLogStore(data_dir, fsync=fsync)
        self._lock = threading.RLock()
        self._reported: set[tuple[str, int]] = set()

    def _valid(self, table: str, model: type[R]) -> list[tuple[int, R]]:
        """Validated (doc_id, record) pairs of ``table``; bad records are logged once and skipped."""
        out = []
        for doc in self.db.table(table).all():
            data = dict(doc)
            try:
                version = data.get("schema", SCHEMA)
                while isinstance(version, int) and version < SCHEMA:
                    data = MIGRATIONS[table][version](data)
                    version = data["schema"]
                if version != SCHEMA:
                    raise ValueError(f"unsupported schema version {version!r}")
                out.append((doc.doc_id, model.model_validate(data)))
            except (ValidationError, ValueError, KeyError, TypeError) as exc:
                if (table, doc.doc_id) not in self._reported:
                    self._reported.add((table, doc.doc_id))
                    log.warning("Skipping invalid %s record %s in %s: %s", table, doc.doc_id, self.path, exc)
        return out

    # finished games
    def add_finished(self, record: dict[str, Any]) -> None:
        """Validate and append a finished game (``ValueError`` if it is not valid); its ``log`` goes to its own
        file first, so a summary never points at a log that is not there."""
        clean = FinishedGame.model_validate(record).dump()
        actions = clean.pop("log", None)
        with self._lock:
            if actions is not None:
                self.logs.save(clean["code"], actions)
                clean["log_file"] = True
            self.db.table("finished").insert(clean)

    def finished_game(self, code: str) -> FinishedGame | None:
        """One finished game with its full action log, or None."""
        found = [g for g in self.finished_games() if g.code == code]
        if not found:
            return None
        record = found[0]
        extra = record.model_extra or {}
        if extra.pop("log_file", False):
            record.log = self.logs.load(code) or []
        return record

    def finished_games(self, player_id: str | None = None, game: str | None = None) -> list[FinishedGame]:
        """Finished games, newest first, optionally only those of one player and/or one game."""
        with self._lock:
            pairs = self._valid("finished", FinishedGame)
        if game is not None:
            pairs = [(i, g) for i, g in pairs if g.game == game]
        if player_id is not None:
            pairs = [(i, g) for i, g in pairs if any(p.player_id == player_id for p in g.players)]
        pairs.sort(key=lambda pair: (pair[1].finished_at, pair[0]), reverse=True)  # ties: last added first
        return [g for _, g in pairs]

    # profiles
    def get_profile(self, player_id: str) -> dict[str, Any] | None:
        """The profile data stored for ``player_id``, or None."""
        with self._lock:
            found = [r for _, r in self._valid("profiles", Profile) if r.player_id == player_id]
        return found[-1].dump()["data"] if found else None

    def put_profile(self, player_id: str, data: dict[str, Any]) -> None:
        """Create or replace the profile of ``player_id``."""
        self._put("profiles", Query().player_id == player_id, Profile(player_id=player_id, data=data))

    # link codes (for claiming a profile on another device; expiry is the caller's decision)
    def put_link_code(self, code: str, player_id: str, expires_at: datetime) -> None:
        """Store a link code pointing at ``player_id``."""
        self._put("link_codes", Query().code == code, LinkCode(code=code, player_id=player_id, expires_at=expires_at))

    def pop_link_code(self, code: str) -> LinkCode | None:
        """Remove and return the link code ``code``, or None."""
        with self._lock:
            found = [r for _, r in self._valid("link_codes", LinkCode) if r.code == code]
            if found:
                self.db.table("link_codes").remove(Query().code == code)
        return found[-1] if found else None

    # meta
    def get_meta(self, key: str, default: Any = None) -> Any:
        """The value stored under ``key``, or ``default``."""
        with self._lock:
            found = [r for _, r in self._valid("meta", Meta) if r.key == key]
        return found[-1].dump()["value"] if found else default

    def set_meta(self, key: str, value: Any) -> None:
        """Store a JSON-able ``value`` under ``key``."""
        self._put("meta", Query().key == key, Meta(key=key, value=value))

    def _put(self, table: str, cond: Any, record: Record) -> None:
        """Replace the documents matching ``cond`` by ``record`` (or insert it) in one write."""
        clean = record.dump()

        def replace(doc: MutableMapping[str, Any]) -> None:
            doc.clear()
            doc.update(clean)

        with self._lock:
            tbl = self.db.table(table)
            if tbl.contains(cond):
                tbl.update(replace, cond)
            else:
                tbl.insert(clean)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self.db.close()
