"""Where tables that did not begin with a new deal began: ``<data_dir>/starts/<CODE>.json``, one file each.

A practice table started from a step of a finished game ("play from here") begins from a position, not from
``new_game(config, seed)``. Its own saved form (config, seed, action log, snapshot) restores the live table as it
is, but replaying its log — the replay page, the round-by-round scores, the review — needs the position it began
from. That position is kept here, under the new table's code, written once (atomically) before the table's first
save and never changed; it stays after the table finishes, beside the finished game's log (``storage/game_logs``).
A damaged file is set aside and reported, and the game then simply has no replay.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from storage.atomic_json import atomic_write_text, quarantine
from storage.tables import check_code

SCHEMA = 1


class StartSource(BaseModel):
    """The finished game a practice table was started from: its code, the step, the seat played and whether the
    unseen cards were dealt again (``exact`` False) or kept."""

    model_config = ConfigDict(frozen=True)

    code: str
    step: int
    seat: int
    exact: bool


class StartRecord(BaseModel):
    """A table's starting position: the game, the game's snapshot of the state, and where it came from."""

    model_config = ConfigDict(populate_by_name=True, frozen=True)

    schema_: int = Field(SCHEMA, alias="schema")
    code: str
    game: str
    snapshot: dict[str, Any]
    source: StartSource | None = None


class StartStore:
    """Starting positions by table code (a small cache in front: they never change)."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.dir = Path(data_dir) / "starts"
        self._fsync = fsync
        self._cache: dict[str, StartRecord | None] = {}

    def path(self, code: str) -> Path:
        return self.dir / f"{check_code(code)}.json"

    def put(self, code: str, game: str, snapshot: dict[str, Any], source: StartSource | None = None) -> StartRecord:
        """Keep where table ``code`` begins (atomically; a later put replaces it)."""
        record = StartRecord(schema=SCHEMA, code=check_code(code), game=game, snapshot=snapshot, source=source)
        text = json.dumps(record.model_dump(mode="json", by_alias=True), separators=(",", ":"))
        atomic_write_text(self.path(code), text, fsync=self._fsync)
        self._cache[code] = record
        return record

    def get(self, code: str) -> StartRecord | None:
        """Where table ``code`` began, or None if it began with a new deal (or its file is damaged: logged)."""
        if code in self._cache:
            return self._cache[code]
        try:
            path = self.path(code)
        except ValueError:
            return None
        found: StartRecord | None = None
        try:
            found = StartRecord.model_validate(json.loads(path.read_text(encoding="utf-8")))
            if found.code != code or found.schema_ != SCHEMA:
                raise ValueError("not the starting position of this table")
        except FileNotFoundError:
            found = None
        except (OSError, ValueError, ValidationError) as exc:
            quarantine(path, f"unreadable starting position: {exc}")
            found = None
        self._cache[code] = found
        for old in list(self._cache)[:-256]:
            del self._cache[old]
        return found

    def delete(self, code: str) -> None:
        self._cache.pop(code, None)
        try:
            self.path(code).unlink()
        except (FileNotFoundError, ValueError):
            pass
