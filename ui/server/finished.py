"""Finished games as the pages need them: the archived record (cached: it never changes) and the position it began
from. Pages and the table screen look them up here and hand them to the components (which know no server)."""

from __future__ import annotations

import re
from typing import Any

from storage.archive import FinishedGame, MainStore
from storage.practice_starts import StartStore
from ui.server.practice import start_snapshot

CODE_RE = re.compile(r"^[A-Z0-9]{4,12}$")
KEEP = 500  # archived records kept in memory


class FinishedGames:
    """The finished games of one server (``Runtime.finished``): records read from the main store once, then kept."""

    def __init__(self, main: MainStore, starts: StartStore) -> None:
        self.main = main
        self.starts = starts
        self.records: dict[str, FinishedGame] = {}

    def find(self, code: str) -> FinishedGame | None:
        """The archived record of a finished table, or None (finished records never change, so they are cached)."""
        code = (code or "").strip().upper()
        if not CODE_RE.match(code):
            return None
        records = self.records
        if code not in records:
            found = self.main.finished_game(code)
            if found is None:
                return None
            records[code] = found
            for old in list(records)[:-KEEP]:
                del records[old]
        return records[code]

    def start(self, record: FinishedGame) -> dict[str, Any] | None:
        """The snapshot finished game ``record`` began from (a practice table started from a position), or None for
        a game that began with a new deal."""
        return start_snapshot(self.starts, record.code)
