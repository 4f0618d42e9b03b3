"""Action logs of finished games, one file each: ``<data_dir>/games/<CODE>.json``.

The main database keeps a short summary per finished game (players, scores, places); the full log, which a
long match makes large, is read only when someone opens that game's chart or scorecard. So memory and the
main file stay small however many games have been played.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, cast

from storage.atomic_json import atomic_write_text, quarantine
from storage.tables import check_code

log = logging.getLogger("cardnight.storage")

SCHEMA = 1


class GameLogStore:
    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.dir = Path(data_dir) / "games"
        self._fsync = fsync

    def path(self, code: str) -> Path:
        return self.dir / f"{check_code(code)}.json"

    def save(self, code: str, actions: list[Any]) -> None:
        """Store the log of finished game ``code`` (atomically; a later save replaces it)."""
        text = json.dumps({"schema": SCHEMA, "code": code, "log": actions}, separators=(",", ":"))
        atomic_write_text(self.path(code), text, fsync=self._fsync)

    def load(self, code: str) -> list[Any] | None:
        """The log of ``code``, or None if there is none; a damaged file is kept aside and reported."""
        path = self.path(code)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            quarantine(path, f"unreadable game log: {exc}")
            return None
        if not isinstance(data, dict) or data.get("code") != code or not isinstance(data.get("log"), list):
            quarantine(path, "not a game log")
            return None
        return cast(list[Any], data["log"])
